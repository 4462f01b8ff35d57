package io.kifudb.fuzz;

import com.code_intelligence.jazzer.Jazzer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The fuzz command ({@code tools/fuzz}): writes the seed inputs and the dictionary, then runs Jazzer
 * (coverage-guided, libFuzzer's mutations) on {@link RecordInputFuzzer} for the given number of
 * generated and mutated inputs. A finding (an unexpected exception, or an input running longer than the
 * timeout) stops the run with a non-zero exit and leaves the input under {@code target/fuzz/findings/};
 * copy it to {@code src/test/resources/fuzz/regressions/} once fixed, and the test suite replays it.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Fuzzes every record reader, the bulk-import path and SFEN/USI input with Jazzer.")
public final class FuzzCommand implements Callable<Integer> {
    @Option(names = "--runs", description = "generated and mutated inputs, after the seeds (default ${DEFAULT-VALUE})")
    long runs = 1_000_000;

    @Option(names = "--max-seconds", description = "stop after this long even if the runs are not done (0: no limit)")
    int maxSeconds = 0;

    @Option(names = "--timeout", description = "seconds one input may take before it counts as a hang (default ${DEFAULT-VALUE})")
    int timeoutSeconds = 10;

    @Option(names = "--max-len", description = "longest input in bytes (default ${DEFAULT-VALUE})")
    int maxLen = 4096;

    @Option(names = "--seed", description = "libFuzzer's random seed (0: a new one each run)")
    long seed = 0;

    @Option(names = "--work", description = "working directory (default ${DEFAULT-VALUE})")
    Path work = Path.of("target/fuzz");

    public static void main(String[] args) {
        System.exit(new CommandLine(new FuzzCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path seeds = work.resolve("seeds");
        Path corpus = work.resolve("corpus");
        Path findings = work.resolve("findings");
        for (Path dir : List.of(seeds, corpus, findings)) Files.createDirectories(dir);
        List<byte[]> inputs = FuzzSeeds.build(Path.of("."));
        MessageDigest sha = MessageDigest.getInstance("SHA-1");
        for (byte[] in : inputs) Files.write(seeds.resolve(HexFormat.of().formatHex(sha.digest(in))), in);
        Path dictionary = work.resolve("records.dict");
        FuzzSeeds.writeDictionary(dictionary);
        Path regressions = Path.of("src/test/resources/fuzz/regressions");

        List<String> args = new ArrayList<>(List.of(
                "--target_class=" + RecordInputFuzzer.class.getName(),
                // Coverage of the readers guides the fuzzer; the rules engine runs uninstrumented (and so
                // several times faster) except for its text parts, SFEN and USI moves.
                "--instrumentation_includes=io.kifudb.notation.**:io.kifudb.importer.**:io.kifudb.rules.Sfen:io.kifudb.rules.UsiMoves",
                // libFuzzer counts the seeds it loads among the runs
                "-runs=" + (runs + inputs.size()),
                "-timeout=" + timeoutSeconds,
                "-max_len=" + maxLen,
                "-rss_limit_mb=3072",
                "-dict=" + dictionary,
                "-seed=" + seed,
                "-print_final_stats=1",
                "-artifact_prefix=" + findings + "/"));
        if (maxSeconds > 0) args.add("-max_total_time=" + maxSeconds);
        // The first folder collects the inputs that reached new code; the others are only read.
        args.add(corpus.toString());
        args.add(seeds.toString());
        if (Files.isDirectory(regressions)) args.add(regressions.toString());
        System.err.printf("fuzz: %d seeds, %d runs, timeout %d s, inputs up to %d bytes%n", inputs.size(), runs, timeoutSeconds, maxLen);
        Jazzer.main(args.toArray(String[]::new));
        return 0;
    }
}

package io.kifudb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kifudb.engine.EvalParams;
import io.kifudb.engine.Tuner;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Records;
import io.kifudb.rules.IllegalMoveException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tune}: fits the evaluation's parameters to the results of finished games (Texel's method, see
 * {@link Tuner}) and writes a parameter file, which {@code sprt --a self:FILE} can test and which ships
 * as {@code src/main/resources/io/kifudb/engine/params/<variant>.txt}.
 */
@Command(name = "tune", mixinStandardHelpOptions = true,
        description = "tune the evaluation on finished games (Texel's method) and write a parameter file",
        footer = {"Game files: NDJSON records (selfplay's, lishogi exports, the referee's and sprt's game lines), KIF or CSG; a"
                + " folder is read recursively; .gz files are read decompressed. Games without a result are skipped, and"
                + " games cut at a ply limit unless --keep-cut.",
                "The same files, options and seed give the same parameter file."})
public final class TuneCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(arity = "1..*", description = "game files or folders")
    List<Path> inputs;

    @Option(names = "--rules", defaultValue = "chu-lishogi", converter = RuleSetConverter.class,
            description = "rule set the games are replayed and the positions judged under (default ${DEFAULT-VALUE})")
    RuleSet rules;

    @Option(names = "--start", description = "parameters to start from: a parameter file, 'derived' (computed from how the"
            + " pieces move, as when no file ships) or 'shipped' (default: the variant's shipped parameters)")
    String start = "shipped";

    @Option(names = "--out", required = true, description = "the parameter file to write")
    Path out;

    @Option(names = "--skip-plies", defaultValue = "16", description = "positions before this ply are not used (default ${DEFAULT-VALUE})")
    int skipPlies;

    @Option(names = "--stride", defaultValue = "3", description = "use every n-th position of a game (default ${DEFAULT-VALUE})")
    int stride;

    @Option(names = "--validation", defaultValue = "0.1", description = "share of the games held out for validation (default ${DEFAULT-VALUE})")
    double validation;

    @Option(names = "--iterations", defaultValue = "1500", description = "gradient steps (default ${DEFAULT-VALUE})")
    int iterations;

    @Option(names = "--learning-rate", defaultValue = "1.0", description = "Adam step size, centipawns (default ${DEFAULT-VALUE})")
    double learningRate;

    @Option(names = "--regularisation", defaultValue = "1e-7", description = "L2 pull towards the start parameters (default ${DEFAULT-VALUE})")
    double regularisation;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the validation split and the position sampling (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--keep-cut", description = "also use games cut at a ply limit, as draws")
    boolean keepCut;

    @Option(names = "--half-life", defaultValue = "0", description = "discount a result by the plies left to the game's end,"
            + " halving it (towards a draw) every n plies, so that a quicker win counts more; 0: no discount (default ${DEFAULT-VALUE})")
    int halfLife;

    @Option(names = "--groups", split = ",", description = "parameter groups to tune, the others kept (default: all): value, rank, file, danger, endgame, shelter, lion-alone, few, hunt, cornered, tempo")
    List<String> groups;

    @Override
    public Integer call() throws Exception {
        List<Tuner.Game> games = new ArrayList<>();
        int skipped = 0;
        List<Path> files = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> s = Files.walk(in)) {
                    s.filter(Files::isRegularFile).sorted().forEach(files::add);
                }
            } else if (Files.isRegularFile(in)) {
                files.add(in);
            } else {
                System.err.println("tune: no such file: " + in);
                return 2;
            }
        }
        for (Path f : files) {
            int before = games.size();
            skipped += read(f, games);
            System.err.printf("tune: %s: %d games%n", f, games.size() - before);
        }
        System.err.printf("tune: %d games with a result (%d records skipped: no result, cut, another game or not replayable)%n",
                games.size(), skipped);
        EvalParams startParams;
        try {
            startParams = switch (start) {
                case "shipped" -> Tuner.shipped(rules);
                // What a variant has without a shipped file: a shipped file is then made again from the same start.
                case "derived" -> EvalParams.derived(rules);
                default -> EvalParams.read(rules, Path.of(start));
            };
        } catch (IllegalArgumentException | NoSuchFileException e) {
            System.err.println("tune: --start " + start + ": " + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()));
            return 2;
        }
        if (groups == null) groups = Tuner.GROUPS;
        for (String g : groups)
            if (!Tuner.GROUPS.contains(g)) {
                System.err.println("tune: unknown group " + g + " (groups: " + String.join(", ", Tuner.GROUPS) + ")");
                return 2;
            }
        if (halfLife < 0) {
            System.err.println("tune: --half-life " + halfLife + ": plies cannot be negative");
            return 2;
        }
        Tuner.Settings settings = new Tuner.Settings(skipPlies, stride, validation, iterations, learningRate, regularisation, seed,
                java.util.Set.copyOf(groups), halfLife);
        Tuner.Report r = new Tuner(rules, startParams, settings, line -> System.err.println("tune: " + line)).tune(games);
        // The header's command line names the start as given, a file by its name only (no machine path).
        String startOption = switch (start) {
            case "shipped" -> "";
            case "derived" -> " --start derived";
            default -> " --start " + Path.of(start).getFileName();
        };
        List<String> header = new ArrayList<>();
        header.add("kifudb evaluation parameters for " + rules.variant.id + ", tuned by the 'tune' command (Texel's method):");
        header.add("tune --rules " + rules.id + " --skip-plies " + skipPlies + " --stride " + stride + " --validation " + validation
                + " --iterations " + iterations + " --learning-rate " + learningRate + " --regularisation " + regularisation
                + " --seed " + seed + (keepCut ? " --keep-cut" : "") + (halfLife > 0 ? " --half-life " + halfLife : "") + " --groups " + String.join(",", groups) + startOption
                + " " + String.join(" ", inputs.stream().map(Path::toString).toList()));
        header.add(r.summary());
        Files.writeString(out, r.params().format(header), StandardCharsets.UTF_8);
        System.out.println(r.summary());
        System.out.println("written to " + out);
        return 0;
    }

    /** Adds the file's games with a result; returns how many records it skipped. */
    private int read(Path file, List<Tuner.Game> games) throws IOException {
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = file.toString().endsWith(".gz") ? new GZIPInputStream(in).readAllBytes() : in.readAllBytes();
            text = new String(bytes, StandardCharsets.UTF_8);
        }
        String first = text.strip();
        int skipped = 0;
        if (first.startsWith("{")) {
            for (String line : text.split("\r?\n")) {
                line = line.strip();
                if (line.isEmpty()) continue;
                Tuner.Game g = jsonGame(JSON.readTree(line));
                if (g == null) skipped++;
                else games.add(g);
            }
            return skipped;
        }
        List<GameRecord> records;
        try {
            records = Records.read(file.toString(), text, rules);
        } catch (RecordFormatException e) {
            System.err.println("tune: " + file + ": not read: " + e.getMessage());
            return 1;
        }
        for (GameRecord rec : records) {
            Double result = result(rec.recordedWinner(), rec.recordedStatus());
            Tuner.Game g = result == null ? null : replayable(rec.initialSfen(), rec.moves(), result);
            if (g == null) skipped++;
            else games.add(g);
        }
        return skipped;
    }

    /**
     * One JSON line: a selfplay or lishogi record ({@code initial_sfen}, {@code moves}, {@code winner},
     * {@code status}) or a referee / sprt game line ({@code startSfen}, {@code moves}, {@code result},
     * {@code reason}); null when it is no finished game of this rule set's board.
     */
    private Tuner.Game jsonGame(JsonNode o) {
        if (!o.hasNonNull("moves")) return null;
        String sfen = o.hasNonNull("initial_sfen") ? o.get("initial_sfen").asText() : o.hasNonNull("startSfen") ? o.get("startSfen").asText() : null;
        List<String> moves = o.get("moves").isArray() ? toList(o.get("moves"))
                : o.get("moves").asText().isBlank() ? List.of() : Arrays.asList(o.get("moves").asText().strip().split("\\s+"));
        Double result;
        if (o.hasNonNull("result")) {
            String reason = o.path("reason").asText("");
            if (!keepCut && (reason.equals("max-plies") || reason.equals("move-limit"))) return null;
            result = switch (o.get("result").asText()) {
                case "1-0" -> 1.0;
                case "0-1" -> 0.0;
                case "1/2-1/2" -> 0.5;
                default -> null;
            };
            if (reason.equals("rules-mismatch") || reason.equals("engine-failure")) result = null;
        } else {
            result = result(o.hasNonNull("winner") ? o.get("winner").asText() : null, o.hasNonNull("status") ? o.get("status").asText() : null);
        }
        if (result == null) return null;
        return replayable(sfen, moves, result);
    }

    private static List<String> toList(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode n : array) out.add(n.asText());
        return out;
    }

    /** sente / gote / a draw from a winner and a status; null when the record gives no result. */
    private Double result(String winner, String status) {
        if ("sente".equals(winner)) return 1.0;
        if ("gote".equals(winner)) return 0.0;
        if (status == null) return null;
        String s = status.toLowerCase(Locale.ROOT);
        if (s.equals("move-limit") || s.equals("max-plies")) return keepCut ? 0.5 : null;
        if (s.equals("started") || s.equals("ongoing") || s.equals("unknown") || s.equals("aborted")) return null;
        return 0.5;
    }

    /** The game if its moves replay under the rules, else null. */
    private Tuner.Game replayable(String sfen, List<String> moves, double result) {
        try {
            Position p = sfen == null ? Position.start(rules) : Sfen.parse(rules, sfen);
            List<String> canonical = new ArrayList<>(moves.size());
            for (String m : moves) {
                int mv = p.parseMove(m);
                canonical.add(p.usi(mv));
                p.make(mv);
            }
            return new Tuner.Game(sfen == null ? Position.start(rules).sfen() : sfen, canonical, result);
        } catch (SfenException | IllegalMoveException e) {
            return null;
        }
    }
}

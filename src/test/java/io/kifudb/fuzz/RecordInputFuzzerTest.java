package io.kifudb.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The fuzz target in the ordinary test run: every seed and every input the fuzzer once found
 * ({@code src/test/resources/fuzz/regressions/}, each fixed since) goes through it without a throwable
 * escaping. The fuzzing itself is {@code tools/fuzz} (a short run of it is part of CI).
 */
class RecordInputFuzzerTest {
    private static final Path REGRESSIONS = Path.of("src/test/resources/fuzz/regressions");

    @Test
    void everyFormerFindingIsNowAnsweredAsBadInput() throws IOException {
        List<Path> findings;
        try (Stream<Path> files = Files.list(REGRESSIONS)) {
            findings = files.sorted().toList();
        }
        assertThat(findings).isNotEmpty();
        for (Path f : findings) {
            byte[] input = Files.readAllBytes(f);
            assertThatCode(() -> RecordInputFuzzer.fuzzerTestOneInput(input)).as(f.getFileName().toString()).doesNotThrowAnyException();
        }
    }

    @Test
    void everySeedGoesThroughTheTarget() {
        List<byte[]> seeds = FuzzSeeds.build(Path.of("."));
        // every target has seeds of its own
        assertThat(seeds.stream().map(s -> s[0]).distinct().count()).isEqualTo(RecordInputFuzzer.Target.values().length);
        for (byte[] seed : seeds) RecordInputFuzzer.fuzzerTestOneInput(seed);
    }
}

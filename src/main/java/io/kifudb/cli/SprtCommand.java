package io.kifudb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.engine.EvalParams;
import io.kifudb.engine.SearchLimits;
import io.kifudb.engine.SprtMatch;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sprt}: two engines (this build with its own or other evaluation parameters, or another build
 * over USI) play pairs of games until a sequential probability ratio test decides between
 * "A is not better by elo1" and "A is better than by elo0".
 */
@Command(name = "sprt", mixinStandardHelpOptions = true,
        description = "engine A against engine B in pairs of games (each opening with both colours) until an SPRT decides",
        footer = {"Engine specs: 'self' (this build, its shipped evaluation parameters), 'self:FILE' (this build with the parameter"
                + " file FILE, as 'tune' writes it), 'usi:COMMAND' (a USI engine run with /bin/sh -c, e.g. another build's"
                + " 'java -jar OLD/quarkus-run.jar usi').",
                "With --nodes or --depth every game is decided by the openings and the engines alone: the same command gives the"
                + " same games on any machine and under any load.",
                "Prints one line per pair to stderr and the final tally to stdout; --out writes every game and the summary as NDJSON."})
public final class SprtCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--a", required = true, description = "engine A (the candidate)")
    String a;

    @Option(names = "--b", required = true, description = "engine B (the reference)")
    String b;

    @Option(names = "--a-name", description = "A's name in the report (default: from the spec)")
    String aName;

    @Option(names = "--b-name", description = "B's name in the report")
    String bName;

    @Option(names = "--a-opt", description = "USI option K=V for a 'usi:' engine A (repeatable)")
    List<String> aOptions = new ArrayList<>();

    @Option(names = "--b-opt", description = "USI option K=V for a 'usi:' engine B (repeatable)")
    List<String> bOptions = new ArrayList<>();

    @Option(names = "--nodes", description = "nodes per move (default 20000 when no limit is given)")
    Long nodes;

    @Option(names = "--movetime", description = "ms per move")
    Long movetime;

    @Option(names = "--depth", description = "depth per move")
    Integer depth;

    @Option(names = "--rules", defaultValue = "chu-lishogi", converter = RuleSetConverter.class, description = "rule set (default ${DEFAULT-VALUE})")
    RuleSet rules;

    @Option(names = "--openings", description = "opening file: one opening per line, USI moves from the start position, '#' comments")
    Path openingsFile;

    @Option(names = "--random-openings", defaultValue = "500", description = "without --openings: this many random openings (default ${DEFAULT-VALUE})")
    int randomOpenings;

    @Option(names = "--opening-plies", defaultValue = "8", description = "plies of a random opening (default ${DEFAULT-VALUE})")
    int openingPlies;

    @Option(names = "--opening-max-score", defaultValue = "150", description = "a random opening is kept when depth 4 scores it within this many cp (default ${DEFAULT-VALUE})")
    int openingMaxScore;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the random openings (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--elo0", defaultValue = "0", description = "H0: A is better by at most this (default ${DEFAULT-VALUE})")
    double elo0;

    @Option(names = "--elo1", defaultValue = "15", description = "H1: A is better by at least this (default ${DEFAULT-VALUE})")
    double elo1;

    @Option(names = "--alpha", defaultValue = "0.05", description = "false positive rate (default ${DEFAULT-VALUE})")
    double alpha;

    @Option(names = "--beta", defaultValue = "0.05", description = "false negative rate (default ${DEFAULT-VALUE})")
    double beta;

    @Option(names = "--max-games", defaultValue = "2000", description = "stop undecided after this many games (default ${DEFAULT-VALUE})")
    int maxGames;

    @Option(names = "--max-plies", defaultValue = "400", description = "a game still going after this many plies is a draw (default ${DEFAULT-VALUE})")
    int maxPlies;

    @Option(names = "--concurrency", defaultValue = "1", description = "pairs played at once (default ${DEFAULT-VALUE})")
    int concurrency;

    @Option(names = "--hash", defaultValue = "16", description = "table MB of a 'self' engine (default ${DEFAULT-VALUE})")
    int hashMb;

    @Option(names = "--max-move-ms", defaultValue = "60000", description = "with --nodes/--depth: a 'usi:' engine that takes longer loses (default ${DEFAULT-VALUE})")
    long maxMoveMs;

    @Option(names = "--out", description = "NDJSON file: one line per game, then the summary")
    Path out;

    @Option(names = "--resume", description = "go on from the games of this earlier --out file of the same match (its whole pairs from the first, in any order in the file, count and are not played again)")
    Path resume;

    @Option(names = "--save-openings", description = "write the openings (one per line, as --openings reads them) to this file and exit")
    Path saveOpenings;

    @Override
    public Integer call() throws Exception {
        if (concurrency < 1 || maxGames < 2 || maxPlies < 1 || !(alpha > 0 && alpha < 1) || !(beta > 0 && beta < 1) || elo1 <= elo0) {
            System.err.println("sprt: need --concurrency >= 1, --max-games >= 2, --max-plies >= 1, 0 < alpha, beta < 1 and elo1 > elo0");
            return 2;
        }
        SearchLimits limits = new SearchLimits(depth == null ? 0 : depth, movetime == null ? 0 : movetime,
                nodes == null && depth == null && movetime == null ? 20_000 : nodes == null ? 0 : nodes, null, false);
        List<List<String>> openings;
        String openingSource;
        try {
            if (openingsFile != null) {
                openings = readOpenings(openingsFile);
                openingSource = openingsFile.toString();
            } else {
                openings = SprtMatch.randomOpenings(rules, randomOpenings, openingPlies, openingMaxScore, seed);
                openingSource = randomOpenings + " random openings of " + openingPlies + " plies, |depth-4 score| <= "
                        + openingMaxScore + ", seed " + seed;
            }
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sprt: openings: " + e.getMessage());
            return 2;
        }
        if (openings.isEmpty()) {
            System.err.println("sprt: no openings");
            return 2;
        }
        if (saveOpenings != null) {
            List<String> lines = new ArrayList<>();
            lines.add("# sprt openings: " + openingSource);
            for (List<String> o : openings) lines.add(String.join(" ", o));
            Files.write(saveOpenings, lines, StandardCharsets.UTF_8);
            System.out.println(openings.size() + " openings written to " + saveOpenings);
            return 0;
        }
        Supplier<SprtMatch.Player> pa, pb;
        try {
            pa = player(a, aName, aOptions, limits);
            pb = player(b, bName, bOptions, limits);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("sprt: " + e.getMessage());
            return 2;
        }
        List<SprtMatch.Game> earlier = new ArrayList<>();
        if (resume != null) {
            try {
                List<SprtMatch.Game> written = readGames(resume);
                earlier = SprtMatch.wholePairs(written);
                System.err.printf("sprt: --resume: %d of the %d games written go on (whole pairs from the first)%n",
                        earlier.size(), written.size());
            } catch (IOException | RuntimeException e) {
                System.err.println("sprt: --resume " + resume + ": " + e.getMessage());
                return 2;
            }
        }
        SprtMatch.Hypotheses h = new SprtMatch.Hypotheses(elo0, elo1, alpha, beta);
        SprtMatch.Settings settings = new SprtMatch.Settings(rules, openings, maxPlies, maxGames, concurrency, h);
        PrintStream file = out == null ? null : new PrintStream(Files.newOutputStream(out), true, StandardCharsets.UTF_8);
        String limit = limits.nodes() > 0 ? limits.nodes() + " nodes/move" : limits.movetimeMs() > 0 ? limits.movetimeMs() + " ms/move"
                : "depth " + limits.depth();
        System.err.printf("sprt: %s vs %s, %s, %s, openings: %s (%d)%n", a, b, rules.id, limit, openingSource, openings.size());
        try {
            SprtMatch.Outcome o;
            try {
                o = SprtMatch.run(settings, earlier, pa, pb, g -> {
                    if (file != null) file.println(gameJson(g));
                }, t -> System.err.println("sprt: " + t.line(h)));
            } catch (IllegalArgumentException e) {
                System.err.println("sprt: " + e.getMessage());
                return 2;
            }
            String summary = o.summary(h);
            System.out.println(summary);
            if (file != null) {
                ObjectNode s = JSON.createObjectNode();
                s.put("summary", summary);
                s.put("a", a);
                s.put("b", b);
                // The options too, so that the file says how each engine was set up.
                putOptions(s, "aOptions", aOptions);
                putOptions(s, "bOptions", bOptions);
                s.put("rules", rules.id);
                s.put("limit", limit);
                s.put("openings", openingSource);
                s.put("maxPlies", maxPlies);
                s.put("verdict", o.verdict());
                if (o.decidedAtGames() > 0) s.put("decidedAtGames", o.decidedAtGames());
                file.println(s);
            }
        } finally {
            if (file != null) file.close();
        }
        return 0;
    }

    private static void putOptions(ObjectNode summary, String field, List<String> options) {
        if (!options.isEmpty()) summary.set(field, JSON.valueToTree(engineOptions(options)));
    }

    /** --a-opt/--b-opt values as option name to value, in their order. */
    private static Map<String, String> engineOptions(List<String> options) {
        Map<String, String> opts = new LinkedHashMap<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("engine option " + o + ": expected K=V");
            opts.put(o.substring(0, eq), o.substring(eq + 1));
        }
        return opts;
    }

    private Supplier<SprtMatch.Player> player(String spec, String name, List<String> options, SearchLimits limits) throws IOException {
        if (spec.equals("self") || spec.startsWith("self:")) {
            EvalParams params = spec.equals("self") ? null : EvalParams.read(rules, Path.of(spec.substring(5)));
            String n = name != null ? name : spec;
            if (!options.isEmpty()) throw new IllegalArgumentException("--a-opt/--b-opt are for 'usi:' engines; a 'self' engine takes --hash");
            return () -> SprtMatch.local(n, params, limits, hashMb);
        }
        if (spec.startsWith("usi:")) {
            String command = spec.substring(4);
            Map<String, String> opts = engineOptions(options);
            opts.putIfAbsent("Rules", rules.id);
            String n = name != null ? name : command;
            return () -> SprtMatch.usi(n, command, opts, limits, maxMoveMs);
        }
        throw new IllegalArgumentException("engine spec " + spec + ": expected self, self:FILE or usi:COMMAND");
    }

    /** The whole pairs of game lines of an --out file (a last, unfinished pair is dropped). */
    static List<SprtMatch.Game> readGames(Path file) throws IOException {
        List<SprtMatch.Game> games = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            com.fasterxml.jackson.databind.JsonNode o = JSON.readTree(line);
            if (!o.has("game")) continue;
            String moves = o.path("moves").asText("");
            games.add(new SprtMatch.Game(o.get("game").asInt(), o.get("pair").asInt(), o.get("opening").asInt(),
                    o.get("sente").asText(), o.get("gote").asText(), o.get("aColor").asText().equals("sente"),
                    o.get("startSfen").asText(), moves.isBlank() ? List.of() : Arrays.asList(moves.split(" ")),
                    o.get("result").asText(), o.get("reason").asText(), o.hasNonNull("detail") ? o.get("detail").asText() : null,
                    o.get("scoreA").asDouble()));
        }
        if (games.size() % 2 != 0) games.remove(games.size() - 1);
        return games;
    }

    static List<List<String>> readOpenings(Path file) throws IOException {
        List<List<String>> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            line = line.strip();
            if (!line.isEmpty()) out.add(Arrays.asList(line.split("\\s+")));
        }
        return out;
    }

    private static String gameJson(SprtMatch.Game g) {
        ObjectNode o = JSON.createObjectNode();
        o.put("game", g.game());
        o.put("pair", g.pair());
        o.put("opening", g.opening());
        o.put("sente", g.sente());
        o.put("gote", g.gote());
        o.put("aColor", g.aSente() ? "sente" : "gote");
        o.put("result", g.result());
        o.put("reason", g.reason());
        if (g.detail() != null) o.put("detail", g.detail());
        o.put("plies", g.moves().size());
        o.put("scoreA", g.scoreA());
        o.put("startSfen", g.startSfen());
        o.put("moves", String.join(" ", g.moves()));
        return o.toString();
    }
}

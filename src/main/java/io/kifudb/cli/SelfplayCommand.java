package io.kifudb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kifudb.engine.Engine;
import io.kifudb.engine.SelfPlay;
import io.kifudb.rules.RuleSet;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code selfplay}: engine games under a rule set, one JSON record per line in the shape {@code check}
 * and {@code import} read, labelled as engine games with the engine settings.
 */
@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = "engine self-play games, one JSON record per line (initial_sfen, moves, status, winner, engine settings)",
        footer = {"Games differ by their random opening plies, chosen with the seed (game n uses seed+n): the same command gives the same games"
                + " when the limit is --nodes or --depth (--movetime depends on the machine).",
                "A game still going at --max-plies is cut: status move-limit, a draw."})
public final class SelfplayCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--rules", required = true, converter = RuleSetConverter.class, description = "rule set id")
    RuleSet rules;

    @Option(names = "--games", defaultValue = "10", description = "games to play (default ${DEFAULT-VALUE})")
    int games;

    @Mixin
    SelfPlayOptions engine;

    @Option(names = "--compare-with", converter = RuleSetConverter.class,
            description = "also count the moves whose outcome differs under this rule set (same board and pieces)")
    RuleSet compareWith;

    private final PrintStream out;

    public SelfplayCommand() {
        this(System.out);
    }

    SelfplayCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        if (compareWith != null && compareWith.variant != rules.variant) {
            System.err.println("selfplay: --compare-with needs a rule set of the same game (" + rules.variant.id + "), got " + compareWith.id);
            return 2;
        }
        SelfPlay.Settings settings = engine.settings();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, engine.threads));
        ThreadLocal<Engine> engines = ThreadLocal.withInitial(() -> new Engine().hashMegabytes(settings.hashMb()));
        try {
            List<Future<SelfPlay.Game>> results = new ArrayList<>();
            for (int g = 0; g < games; g++) {
                long gameSeed = engine.seed + g;
                results.add(pool.submit(() -> SelfPlay.play(rules, engines.get(), settings, gameSeed, compareWith)));
            }
            // printed in game order as they finish, so a long run shows progress
            for (int g = 0; g < games; g++) {
                out.println(record(results.get(g).get(), engine.seed + g, g, settings));
                out.flush();
            }
        } finally {
            pool.shutdownNow();
        }
        return 0;
    }

    String record(SelfPlay.Game game, long gameSeed, int n, SelfPlay.Settings settings) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", "selfplay-" + rules.id + "-" + engine.seed + "-" + n);
        o.put("rules", rules.id);
        o.put("event", "kifudb engine self-play (" + settings.describe() + ")");
        o.put("sente", "kifudb engine");
        o.put("gote", "kifudb engine");
        o.put("initial_sfen", game.startSfen());
        o.put("moves", String.join(" ", game.moves()));
        o.put("status", game.reason());
        if (!"draw".equals(game.result())) o.put("winner", game.result());
        ObjectNode settingsJson = o.putObject("engine");
        settingsJson.put("name", "kifudb");
        if (settings.limits().depth() > 0) settingsJson.put("depth", settings.limits().depth());
        if (settings.limits().nodes() > 0) settingsJson.put("nodes", settings.limits().nodes());
        if (settings.limits().movetimeMs() > 0) settingsJson.put("movetime", settings.limits().movetimeMs());
        settingsJson.put("openingPlies", settings.openingPlies());
        settingsJson.put("maxPlies", settings.maxPlies());
        settingsJson.put("seed", gameSeed);
        if (compareWith != null) {
            settingsJson.put("comparedWith", compareWith.id);
            settingsJson.put("fired", game.fired());
        }
        return o.toString();
    }
}

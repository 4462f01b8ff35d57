package io.kifudb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.kifudb.engine.Experiment;
import io.kifudb.engine.SelfPlay;
import io.kifudb.rules.RuleSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code experiment}: engine self-play under two or more rule sets, and how the games went under each. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "compare rule sets by engine self-play: results, endings, length and how often the differing rules fire, with 95% intervals",
        footer = {"Every rule set plays the same openings (game n: seed+n random opening plies). A move 'fires' when it comes out"
                + " differently under the compared rule set (illegal there, or another resulting position).",
                "Prints a table, then (with --json) the report as JSON, the shape POST /api/experiments returns."})
public final class ExperimentCommand implements Callable<Integer> {
    @Option(names = "--rules", required = true, split = ",", converter = RuleSetConverter.class, description = "two or more rule set ids, comma-separated")
    List<RuleSet> rules;

    @Option(names = "--games", defaultValue = "200", description = "games per rule set (default ${DEFAULT-VALUE})")
    int games;

    @Mixin
    SelfPlayOptions engine;

    @Option(names = "--json", description = "print the report as JSON after the table")
    boolean json;

    @Override
    public Integer call() throws Exception {
        SelfPlay.Settings settings = engine.settings();
        int total = games * rules.size();
        Experiment.Report r;
        try {
            r = Experiment.run(new Experiment.Spec(rules, games, settings, engine.seed, engine.threads), done -> {
                if (done % 10 == 0 || done == total) System.err.printf("experiment: %d/%d games%n", done, total);
            }, () -> false);
        } catch (IllegalArgumentException e) {
            System.err.println("experiment: " + e.getMessage());
            return 2;
        }
        System.out.println(table(r));
        if (json) System.out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(r));
        return 0;
    }

    /** The report as a Markdown table (it goes into the README as it is). */
    static String table(Experiment.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append("Engine: ").append(r.settings()).append("; seed ").append(r.seed()).append("; ").append(r.gamesPerRuleSet()).append(" games per rule set.\n\n");
        sb.append("| rule set | games | sente wins | gote wins | draws | average plies | games where the difference fired | firings per game |\n");
        sb.append("|---|---|---|---|---|---|---|---|\n");
        for (Experiment.RuleSetReport x : r.ruleSets()) {
            sb.append("| ").append(x.rules()).append(" | ").append(x.games()).append(" | ").append(share(x.senteWins())).append(" | ")
                    .append(share(x.goteWins())).append(" | ").append(share(x.draws())).append(" | ").append(mean(x.plies())).append(" | ")
                    .append(share(x.gamesWhereFired())).append(" (vs ").append(x.comparedWith()).append(") | ").append(mean(x.firedPerGame())).append(" |\n");
        }
        sb.append("\nHow the games ended:\n\n| rule set | ");
        List<String> reasons = new ArrayList<>();
        for (Experiment.RuleSetReport x : r.ruleSets()) for (String k : x.endings().keySet()) if (!reasons.contains(k)) reasons.add(k);
        sb.append(String.join(" | ", reasons)).append(" |\n|---|").append("---|".repeat(reasons.size())).append('\n');
        for (Experiment.RuleSetReport x : r.ruleSets()) {
            sb.append("| ").append(x.rules()).append(" | ");
            for (String k : reasons) {
                Map<String, Experiment.Share> e = x.endings();
                sb.append(e.containsKey(k) ? share(e.get(k)) : "0").append(" | ");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String share(Experiment.Share s) {
        return String.format(java.util.Locale.ROOT, "%d (%.0f%%, %.0f-%.0f%%)", s.count(), s.rate() * 100, s.low() * 100, s.high() * 100);
    }

    private static String mean(Experiment.Mean m) {
        return String.format(java.util.Locale.ROOT, "%.1f (%.1f-%.1f)", m.mean(), m.low(), m.high());
    }
}

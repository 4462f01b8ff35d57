package io.kifudb.cli;

import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Sfen;
import io.kifudb.rules.SfenException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code moves}: the legal moves of SFENs, in the same line format as the shogiops oracle's
 * {@code moves --unique} batch mode, so the two outputs can be diffed line by line.
 */
@Command(name = "moves", mixinStandardHelpOptions = true,
        description = "list the legal moves of an SFEN, or of one SFEN per stdin line",
        footer = "Prints per SFEN: SFEN<TAB>COUNT<TAB>moves sorted, space-separated. A position whose game is over lists no moves;"
                + " an unreadable SFEN prints SFEN<TAB>ERROR<TAB>reason (exit code 1).")
public final class MovesCommand implements Callable<Integer> {
    @Option(names = "--rules", required = true, converter = RuleSetConverter.class, description = "rule set id, e.g. chu")
    RuleSet rules;

    @Parameters(arity = "0..*", paramLabel = "SFEN", description = "an SFEN (its fields may be separate arguments); none: read stdin")
    List<String> sfen;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
        int errors = 0;
        if (sfen != null && !sfen.isEmpty()) {
            errors += list(String.join(" ", sfen).trim(), out);
        } else {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                line = line.trim();
                if (!line.isEmpty()) errors += list(line, out);
            }
        }
        out.flush();
        return errors == 0 ? 0 : 1;
    }

    private int list(String sfenText, PrintWriter out) {
        Position pos;
        try {
            pos = Sfen.parse(rules, sfenText);
        } catch (SfenException e) {
            out.println(sfenText + "\tERROR\t" + e.getMessage());
            return 1;
        }
        int[] moves = pos.legalMoves();
        String[] usi = new String[moves.length];
        for (int i = 0; i < moves.length; i++) usi[i] = pos.usi(moves[i]);
        Arrays.sort(usi);
        out.println(sfenText + "\t" + usi.length + "\t" + String.join(" ", usi));
        return 0;
    }
}

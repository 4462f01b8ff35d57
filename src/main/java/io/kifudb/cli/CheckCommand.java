package io.kifudb.cli;

import io.kifudb.notation.GameRecord;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.RecordFormatException;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check}: replays every record of the files under the rules, storing nothing. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "replay every record in the files (lishogi USI move lists, lishogi NDJSON exports) and check each move",
        footer = "Prints one line per record: OK <plies> <result> or ERROR <ply> <reason>. '-' reads stdin."
                + " The rule set is --rules, else the record's own, else chu-lishogi for lishogi formats.")
public final class CheckCommand implements Callable<Integer> {
    @Option(names = "--rules", converter = RuleSetConverter.class, description = "rule set id (default: the record's, else chu-lishogi)")
    RuleSet rules;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<String> files;

    @Override
    public Integer call() throws IOException {
        int failures = 0;
        for (String file : files) {
            String text;
            if (file.equals("-")) {
                InputStream in = System.in;
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } else {
                Path path = Path.of(file);
                if (!Files.isRegularFile(path)) {
                    System.out.println("ERROR 0 " + file + ": no such file");
                    failures++;
                    continue;
                }
                text = Files.readString(path, StandardCharsets.UTF_8);
            }
            List<String> lines = text.lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) continue;
                if (!check(file, i + 1, line)) failures++;
            }
        }
        System.out.flush();
        return failures == 0 ? 0 : 1;
    }

    private boolean check(String file, int lineNo, String line) {
        GameRecord record;
        try {
            record = line.startsWith("{") ? LishogiRecords.readJson(file, lineNo, line) : LishogiRecords.readUsiLine(file, lineNo, line);
        } catch (RecordFormatException e) {
            System.out.println("ERROR 0 line " + lineNo + ": " + e.getMessage());
            return false;
        }
        RuleSet r = rules;
        if (r == null && record.rules() != null) {
            r = RuleSet.byId(record.rules());
            if (r == null) {
                System.out.println("ERROR 0 line " + lineNo + ": unknown rule set '" + record.rules() + "'");
                return false;
            }
        }
        if (r == null) r = RuleSet.CHU_LISHOGI;
        Replay.Result res = Replay.replay(r, record);
        if (res.ok()) {
            System.out.println("OK " + res.plies() + " " + res.status());
            return true;
        }
        System.out.println("ERROR " + res.errorPly() + " " + res.error());
        return false;
    }
}

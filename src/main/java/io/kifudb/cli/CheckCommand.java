package io.kifudb.cli;

import io.kifudb.importer.GameImporter;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check}: replays every record of the files under the rules, storing nothing. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "replay every record in the files (any supported format, detected per file) and check each move",
        footer = {"Formats: lishogi USI move lists and NDJSON exports (one record per line), JSON, KIF/KI2 (UTF-8 or Shift_JIS),"
                + " Colin Adams' CSG, and zip archives of these. Folders are walked for files with a known ending.",
                "Prints one line per record, after its file (and its number in a file of several records, e.g. 'games.ndjson record 3:'):",
                "  OK <plies> <result>              every move is legal; the result as the rules judge the final position",
                "  ERROR <ply> line <L>: <reason>   ply <ply>, written on line <L>, is not a legal move (the first one)",
                "  UNREADABLE line <L>: <reason>    the record cannot be read (reading failed at line <L>)",
                "  REFUSED line <L>: <reason>       readable, but import refuses it (no moves, and no position of its own)",
                "'-' reads stdin. The rule set is --rules, else the record's own, else the format's default (lishogi formats:"
                + " chu-lishogi; KIF, CSG: chu).",
                "Exit code: 0 when every record is legal, 1 otherwise."})
public final class CheckCommand implements Callable<Integer> {
    @Option(names = "--rules", converter = RuleSetConverter.class, description = "rule set id (default: the record's, else the format's)")
    RuleSet rules;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<String> files;

    @Override
    public Integer call() throws IOException {
        int failures = 0;
        List<String> names = new ArrayList<>();
        List<byte[]> contents = new ArrayList<>();
        for (String file : files) {
            if (file.equals("-")) {
                names.add("stdin");
                contents.add(System.in.readAllBytes());
                continue;
            }
            List<Path> paths;
            try {
                paths = RecordFiles.walk(List.of(Path.of(file)));
            } catch (IllegalArgumentException e) {
                System.out.println(file + ": UNREADABLE: no such file or folder");
                failures++;
                continue;
            }
            for (Path p : paths) {
                names.add(p.toString());
                contents.add(Files.readAllBytes(p));
            }
        }
        for (int i = 0; i < names.size(); i++) {
            List<RecordFiles.Item> items = RecordFiles.read(names.get(i), contents.get(i), rules);
            // A record number is only worth printing in a file that holds several (an archive's entries are files).
            Map<String, Integer> perFile = new HashMap<>();
            for (RecordFiles.Item item : items) perFile.merge(item.source(), 1, Integer::sum);
            for (RecordFiles.Item item : items) {
                String where = item.source() + (perFile.get(item.source()) > 1 ? " record " + item.number() : "") + ": ";
                String verdict = verdict(item);
                if (!verdict.startsWith("OK ")) failures++;
                System.out.println(where + verdict);
            }
        }
        System.out.flush();
        return failures == 0 ? 0 : 1;
    }

    /** What a strict import would make of the record, in the words of the footer. */
    private static String verdict(RecordFiles.Item item) {
        if (!item.readable()) return "UNREADABLE" + at(item.line()) + ": " + item.error();
        Replay.Result res = Replay.replay(item.rules(), item.record());
        GameImporter.Refusal refusal = GameImporter.refusal(res, false);
        if (refusal == null) return "OK " + res.plies() + " " + res.status();
        return switch (refusal.type()) {
            case ILLEGAL_MOVE -> "ERROR " + refusal.ply() + at(refusal.line()) + ": " + refusal.reason();
            case INVALID_START -> "UNREADABLE" + at(refusal.line()) + ": " + refusal.reason();
            case NO_MOVES, TOO_LONG -> "REFUSED" + at(refusal.line()) + ": " + refusal.reason();
        };
    }

    private static String at(int line) {
        return line > 0 ? " line " + line : "";
    }
}

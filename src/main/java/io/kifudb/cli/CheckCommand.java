package io.kifudb.cli;

import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Replay;
import io.kifudb.rules.RuleSet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check}: replays every record of the files under the rules, storing nothing. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "replay every record in the files (any supported format, detected per file) and check each move",
        footer = {"Formats: lishogi USI move lists and NDJSON exports (one record per line), JSON, KIF/KI2 (UTF-8 or Shift_JIS),"
                + " Colin Adams' CSG, and zip archives of these. Folders are walked for files with a known ending.",
                "Prints one line per record: OK <plies> <result> or ERROR <ply> <reason> (ply 0: the record could not be read)."
                + " With several files (or an archive), ERROR lines name their file. '-' reads stdin.",
                "The rule set is --rules, else the record's own, else the format's default (lishogi formats: chu-lishogi; KIF, CSG: chu).",
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
                System.out.println("ERROR 0 " + e.getMessage());
                failures++;
                continue;
            }
            for (Path p : paths) {
                names.add(p.toString());
                contents.add(Files.readAllBytes(p));
            }
        }
        for (int i = 0; i < names.size(); i++) {
            for (RecordFiles.Item item : RecordFiles.read(names.get(i), contents.get(i), rules)) {
                // Say which file a line is about when there are several (files named, a folder, an archive).
                boolean nameFiles = names.size() > 1 || !item.source().equals(names.get(i));
                String where = (nameFiles ? item.source() + " " : "") + "line " + item.line() + ": ";
                if (!item.readable()) {
                    System.out.println("ERROR 0 " + where + item.error());
                    failures++;
                    continue;
                }
                Replay.Result res = Replay.replay(item.rules(), item.record());
                if (res.ok()) {
                    System.out.println("OK " + res.plies() + " " + res.status());
                } else {
                    System.out.println("ERROR " + res.errorPly() + " " + (nameFiles ? where : "") + res.error());
                    failures++;
                }
            }
        }
        System.out.flush();
        return failures == 0 ? 0 : 1;
    }
}

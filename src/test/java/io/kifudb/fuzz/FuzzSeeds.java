package io.kifudb.fuzz;

import io.kifudb.fuzz.RecordInputFuzzer.Target;
import io.kifudb.notation.GameRecord;
import io.kifudb.notation.Kif;
import io.kifudb.notation.LishogiRecords;
import io.kifudb.notation.RecordFiles;
import io.kifudb.notation.Records;
import io.kifudb.notation.UnwritableRecordException;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Starting inputs for the fuzzer, built from real records: every file of {@code kifu-corpus/} and the KIF/KI2
 * test files, each record again in its own format (KIF, CSG, lishogi lines, our JSON), a zip archive, and
 * positions of every rule set (start, mid-game, with moves to play) for the SFEN target. Also the tokens
 * the readers key on, as a libFuzzer dictionary.
 */
public final class FuzzSeeds {
    private FuzzSeeds() {}

    /** Record files the seeds come from, relative to the repository root. */
    static final List<Path> SOURCES = List.of(Path.of("kifu-corpus/chu"), Path.of("src/test/resources/kif"));

    public static List<byte[]> build(Path root) {
        List<byte[]> seeds = new ArrayList<>();
        RuleSet chu = RuleSet.byId("chu");
        List<Path> files = new ArrayList<>();
        for (Path source : SOURCES) files.addAll(RecordFiles.walk(List.of(root.resolve(source))));
        for (Path file : files) {
            byte[] bytes = read(file);
            seeds.add(RecordInputFuzzer.input(Target.FILE, chu, bytes));
            seeds.add(RecordInputFuzzer.input(Target.DETECTED_TEXT, chu, bytes));
            String name = file.getFileName().toString();
            if (name.endsWith(".kif") || name.endsWith(".ki2")) seeds.add(RecordInputFuzzer.input(Target.KIF, chu, bytes));
            if (name.endsWith(".csg")) seeds.add(RecordInputFuzzer.input(Target.CSG, chu, bytes));
            if (name.endsWith(".ndjson")) seeds.add(RecordInputFuzzer.input(Target.LISHOGI, chu, bytes));
        }
        // Each record also as our JSON, as a lishogi USI line and as KIF, each on its own (short inputs mutate well).
        for (Path file : files) {
            for (RecordFiles.Item item : RecordFiles.read(file.toString(), read(file), null)) {
                if (!item.readable() || item.rules() == null) continue;
                GameRecord r = item.record();
                seeds.add(RecordInputFuzzer.input(Target.DETECTED_TEXT, item.rules(), utf8(Records.toJson(r, item.rules()))));
                try {
                    seeds.add(RecordInputFuzzer.input(Target.LISHOGI, item.rules(), utf8(LishogiRecords.writeUsiLine(r, item.rules()))));
                } catch (UnwritableRecordException notFromTheStart) {
                    // USI lines start from the start position: the other seeds cover this record
                }
                seeds.add(RecordInputFuzzer.input(Target.KIF, item.rules(), utf8(Kif.write(r, item.rules()))));
            }
        }
        seeds.add(RecordInputFuzzer.input(Target.FILE, chu, zip(files)));
        Random random = new Random(7);
        for (RuleSet rules : RuleSet.all()) {
            Position pos = Position.start(rules);
            seeds.add(RecordInputFuzzer.input(Target.SFEN, rules, utf8(pos.sfen())));
            StringBuilder moves = new StringBuilder();
            for (int ply = 0; ply < 40 && pos.status().isOngoing(); ply++) {
                int[] legal = pos.legalMoves();
                int m = legal[random.nextInt(legal.length)];
                moves.append(pos.usi(m)).append(' ');
                pos.make(m);
                if (ply % 10 == 9) seeds.add(RecordInputFuzzer.input(Target.SFEN, rules, utf8(pos.sfen())));
            }
            seeds.add(RecordInputFuzzer.input(Target.SFEN, rules, utf8(Position.start(rules).sfen() + "\n" + moves.toString().trim())));
        }
        return seeds;
    }

    /** Tokens the readers look for; libFuzzer splices them into inputs. */
    static final List<String> DICTIONARY = List.of(
            "手数----指手---------消費時間--", "手目", "▲", "△", "☗", "☖", "同", "仝", "成", "不成", "生", "打", "居食い", "じっと",
            "一歩目", "二歩目", "（←", "(", ")", "：", "開始日時：", "先手：", "後手：", "手合割：", "平手", "棋戦：", "まで", "投了",
            "*", "&", "#KIF version=2.0", "#KI2", "+", "-", "=",
            "獅子", "奔王", "龍王", "龍馬", "玉将", "酔象", "麒麟", "鳳凰", "盲虎", "猛豹", "銅将", "金将", "銀将", "仲人", "歩兵", "香車",
            "一", "二", "三", "十", "十一", "十二", "１", "２", "３", "１０", "１２",
            "{\"", "\"}", "\"initialSfen\":", "\"initial_sfen\":", "\"moves\":", "\"rules\":", "\"status\":", "\"winner\":",
            "\"players\":", "\"tags\":", "\"comments\":", "\"variant\":", "\"chushogi\"", "\"sente\"", "\"gote\"", "\"mate\"",
            "\"royalsLost\"", "[", "]", "null", "true", "1e999", "-0",
            "chushogi", "chu", "chu-lishogi", "shodoshu2017", "dai13-kumazawa", "uniform", "kingslost:sente",
            "EVEN.data", "FK.data", "custom.fsy", "1\n", "\n",
            " b - 1", " w - 1", "/12/", "/13/", "12", "13", "+A", "+D", "+P", "N", "n", "K", "k", "d", "D",
            "7i7h", "7i7h+", "7g6f5e", "7g6f7g", "off", "try", "!", "a", "l", "m");

    public static void writeDictionary(Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String token : DICTIONARY) {
            sb.append('"');
            for (byte b : utf8(token)) {
                int c = b & 0xff;
                if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') sb.append((char) c);
                else sb.append(String.format("\\x%02X", c));
            }
            sb.append("\"\n");
        }
        Files.writeString(file, sb.toString(), StandardCharsets.US_ASCII);
    }

    private static byte[] zip(List<Path> files) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Path f : files.subList(0, Math.min(3, files.size()))) {
                zip.putNextEntry(new ZipEntry(f.getFileName().toString()));
                zip.write(read(f));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}

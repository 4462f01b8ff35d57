package io.kifudb.engine;

import io.kifudb.rules.PieceKind;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Variant;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The evaluation's parameters for one variant: every number the static evaluation uses, as one flat
 * vector of weights of a linear model (so a tuner can fit them to game results, see {@link Tuner}).
 *
 * <p>The evaluation is, from sente's point of view (gote's terms subtracted),
 * <ul>
 *   <li>per piece of kind k: {@code value[k] + rank[k][r] + file[k][f]}, r the ranks it stands from its
 *       owner's back rank, f its distance from the nearer side edge (material and a separable
 *       piece-square table);</li>
 *   <li>king safety, for a side with exactly one royal: {@code shelter} per own piece next to it (at
 *       most {@value #MAX_SHELTER}), minus {@code danger[k]} per enemy piece of kind k within two
 *       squares;</li>
 *   <li>{@code lionAlone} for a side with a Lion facing none;</li>
 *   <li>endgame terms against a side with one royal and at most {@value #FEW} non-royal pieces left, or
 *       at most {@value #HUNT_MAX} against one and a half times as many, or whose non-royal pieces are
 *       worth at most two thirds of the other side's ({@link #hunted}; the bare-king rule and the
 *       lone-royal mates decide those endgames): {@code few[n]} for its n pieces (n at most
 *       {@value #FEW}), {@code hunt} per unit of closeness of the other side's pieces to that royal (summed over
 *       them: {@code size - 1 - distance}), {@code cornered} per rank or file that royal stands from the
 *       board's centre; and, against a side whose pieces are worth a quarter of a side's at the start or less
 *       ({@link #toothless}), each of the other side's pieces counts the best {@code rank} entry of its kind
 *       from its back rank up to its own instead of its own (the tables, fitted on whole games, charge a
 *       small piece for leaving home, which a side hunting one with so little left need not pay);</li>
 *   <li>{@code tempo} for the side to move.</li>
 * </ul>
 *
 * <p>Defaults ({@link #derived}) come from the pieces' mobility ({@link PieceValues}); a variant may ship
 * tuned parameters as a resource {@code params/<variant>.txt} beside this class, written by the tuner.
 * The text format is one parameter group per line: {@code name [token] numbers...}, {@code #} comments.
 */
public final class EvalParams {
    /** Own pieces next to the royal counted for shelter. */
    static final int MAX_SHELTER = 4;
    /** The {@code few} terms apply against a side with at most this many non-royal pieces. */
    static final int FEW = 4;
    /**
     * The hunt terms also apply against a side with more pieces than {@link #FEW}, up to this many, when
     * the other side has at least half as many again: far ahead, its pieces go for the royal.
     */
    static final int HUNT_MAX = 12;

    /**
     * Whether a side with one royal and {@code left} other pieces, worth {@code worth} (the sum of their
     * {@code value}s), is hunted by a side with {@code attackerLeft} non-royal pieces worth
     * {@code attackerWorth}: it is down to its last {@link #FEW}, or to {@link #HUNT_MAX} against at least
     * one and a half times as many, or its pieces are worth at most two thirds of the attacker's, however
     * many they are. The last catches the lead in value that a count misses: a royal walled in by a dozen
     * small pieces against a few strong ones, which without the hunt terms are never brought to it.
     * Public for the tools that find such positions in games.
     */
    public static boolean hunted(int left, int attackerLeft, int worth, int attackerWorth) {
        return huntedByCount(left, attackerLeft) || 2L * attackerWorth >= 3L * worth;
    }

    /** The part of {@link #hunted} that counts the pieces alone (all of it before 0.12.0); public for the tools. */
    public static boolean huntedByCount(int left, int attackerLeft) {
        return left <= FEW || (left <= HUNT_MAX && 2 * attackerLeft >= 3 * left);
    }

    /**
     * Whether a hunted side's non-royal pieces, worth {@code worth}, are worth at most a quarter of what a
     * side's are at the start: then nothing of the hunter's is needed at home, and its pieces leave home
     * free ({@link EvalFeatures}, the rank lift).
     */
    boolean toothless(int worth) {
        return toothless(worth, startWorth());
    }

    /** {@link #toothless(int)} with the start's worth given (the search keeps it); public for the tools. */
    public static boolean toothless(int worth, int startWorth) {
        return 4L * worth <= startWorth;
    }

    /** What sente's non-royal pieces are worth in the variant's start position (every rule set of it has the same); public for the tools. */
    public int startWorth() {
        RuleSet rules = RuleSet.all().stream().filter(r -> r.variant == variant).findFirst().orElseThrow();
        return worth(Position.start(rules), 0);
    }

    /** The value of a side's non-royal pieces in the position, as {@link #hunted} weighs them; public for the tools. */
    public int worth(Position pos, int side) {
        int sum = 0;
        for (int sq = 0; sq < variant.geometry.squares; sq++) {
            int code = pos.pieceAt(sq);
            if (code != 0 && (code > 0 ? 0 : 1) == side && !variant.kind(Math.abs(code)).isRoyal()) sum += value[Math.abs(code)];
        }
        return sum;
    }

    final Variant variant;
    final int kinds;
    final int size;
    /** Distances from the side edge: 0 .. (size - 1) / 2. */
    final int files;
    final int[] value;
    final int[][] rank;
    final int[][] file;
    final int[] danger;
    /** Endgame value per kind: added to the value in proportion to the phase (none at the start's material). */
    final int[] eg;
    /** The phase runs from 0 (the start's material) to PHASES (no non-royal piece left). */
    static final int PHASES = 16;
    /** Non-royal pieces of the start position (the phase's scale). */
    final int startPieces;
    /** {@link #phase} by the number of non-royal pieces on the board (a lookup: the search asks at every node). */
    private final int[] phaseByPieces;
    int shelter;
    int lionAlone;
    final int[] few = new int[FEW + 1];
    int hunt;
    int cornered;
    int tempo;
    /** Where the parameters came from (a resource, a file, or "derived"). */
    String source = "derived";

    EvalParams(Variant variant) {
        this.variant = variant;
        this.kinds = variant.kindCount();
        this.size = variant.geometry.size;
        this.files = (size + 1) / 2;
        value = new int[kinds + 1];
        rank = new int[kinds + 1][size];
        file = new int[kinds + 1][files];
        danger = new int[kinds + 1];
        eg = new int[kinds + 1];
        startPieces = startPieces(variant);
        phaseByPieces = new int[variant.geometry.squares + 1];
        for (int left = 0; left < phaseByPieces.length; left++)
            phaseByPieces[left] = Math.max(0, Math.min(PHASES, PHASES * (startPieces - left) / startPieces));
    }

    /** Non-royal pieces in the variant's start position (read from its SFEN: a token is [+]letter). */
    private static int startPieces(Variant v) {
        String board = v.startSfen.split(" ")[0];
        int n = 0;
        for (int i = 0; i < board.length(); i++) {
            char c = board.charAt(i);
            if (!Character.isLetter(c)) continue;
            String token = (i > 0 && board.charAt(i - 1) == '+' ? "+" : "") + Character.toLowerCase(c);
            if (!v.byToken(token).isRoyal()) n++;
        }
        return n;
    }

    /** The phase of a position: 0 with the start's material, {@link #PHASES} with the royals alone. */
    int phase(Position pos) {
        int left = pos.pieceCount(0) + pos.pieceCount(1) - pos.royalCount(0) - pos.royalCount(1);
        return phaseByPieces[left];
    }

    EvalParams copy() {
        EvalParams c = new EvalParams(variant);
        c.fromVector(toVector());
        c.source = source;
        return c;
    }

    // ------------------------------------------------------------------ the weight vector

    /** Number of weights. */
    int dimension() {
        return perKind() * kinds + 1 + 1 + (FEW + 1) + 1 + 1 + 1;
    }

    private int perKind() {
        return 1 + size + files + 2;
    }

    int valueIndex(int k) {
        return (k - 1) * perKind();
    }

    int rankIndex(int k, int r) {
        return valueIndex(k) + 1 + r;
    }

    int fileIndex(int k, int f) {
        return valueIndex(k) + 1 + size + f;
    }

    int dangerIndex(int k) {
        return valueIndex(k) + 1 + size + files;
    }

    int egIndex(int k) {
        return valueIndex(k) + 1 + size + files + 1;
    }

    int shelterIndex() {
        return kinds * perKind();
    }

    int lionAloneIndex() {
        return shelterIndex() + 1;
    }

    int fewIndex(int n) {
        return lionAloneIndex() + 1 + n;
    }

    int huntIndex() {
        return fewIndex(FEW) + 1;
    }

    int corneredIndex() {
        return huntIndex() + 1;
    }

    int tempoIndex() {
        return corneredIndex() + 1;
    }

    double[] toVector() {
        double[] w = new double[dimension()];
        for (int k = 1; k <= kinds; k++) {
            w[valueIndex(k)] = value[k];
            for (int r = 0; r < size; r++) w[rankIndex(k, r)] = rank[k][r];
            for (int f = 0; f < files; f++) w[fileIndex(k, f)] = file[k][f];
            w[dangerIndex(k)] = danger[k];
            w[egIndex(k)] = eg[k];
        }
        w[shelterIndex()] = shelter;
        w[lionAloneIndex()] = lionAlone;
        for (int n = 0; n <= FEW; n++) w[fewIndex(n)] = few[n];
        w[huntIndex()] = hunt;
        w[corneredIndex()] = cornered;
        w[tempoIndex()] = tempo;
        return w;
    }

    void fromVector(double[] w) {
        for (int k = 1; k <= kinds; k++) {
            value[k] = (int) Math.round(w[valueIndex(k)]);
            for (int r = 0; r < size; r++) rank[k][r] = (int) Math.round(w[rankIndex(k, r)]);
            for (int f = 0; f < files; f++) file[k][f] = (int) Math.round(w[fileIndex(k, f)]);
            danger[k] = (int) Math.round(w[dangerIndex(k)]);
            eg[k] = (int) Math.round(w[egIndex(k)]);
        }
        shelter = (int) Math.round(w[shelterIndex()]);
        lionAlone = (int) Math.round(w[lionAloneIndex()]);
        for (int n = 0; n <= FEW; n++) few[n] = (int) Math.round(w[fewIndex(n)]);
        hunt = (int) Math.round(w[huntIndex()]);
        cornered = (int) Math.round(w[corneredIndex()]);
        tempo = (int) Math.round(w[tempoIndex()]);
    }

    /**
     * What each weight's feature is divided by in the evaluation: {@link PieceValues#PHASES} for the endgame
     * values (their feature is the piece count times the phase), 1 for the rest.
     */
    double[] featureScale() {
        double[] scale = new double[dimension()];
        java.util.Arrays.fill(scale, 1.0);
        for (int k = 1; k <= kinds; k++) scale[egIndex(k)] = 1.0 / PHASES;
        return scale;
    }

    /** A readable name of weight i (for the tuner's report). */
    String weightName(int i) {
        int per = perKind();
        if (i < kinds * per) {
            String t = variant.kind(i / per + 1).token;
            int j = i % per;
            if (j == 0) return "value " + t;
            if (j <= size) return "rank " + t + " " + (j - 1);
            if (j <= size + files) return "file " + t + " " + (j - 1 - size);
            return j == size + files + 1 ? "danger " + t : "endgame " + t;
        }
        if (i == shelterIndex()) return "shelter";
        if (i == lionAloneIndex()) return "lion-alone";
        if (i >= fewIndex(0) && i <= fewIndex(FEW)) return "few " + (i - fewIndex(0));
        if (i == huntIndex()) return "hunt";
        if (i == corneredIndex()) return "cornered";
        return "tempo";
    }

    // ------------------------------------------------------------------ defaults

    /**
     * The parameters derived from mobility alone (no data): values and piece-square terms as
     * {@link PieceValues#derive} computes them, fitted to the separable rank + file form, and
     * hand-set king safety, Lion, endgame and tempo terms (the tuner's starting point).
     */
    public static EvalParams derived(io.kifudb.rules.RuleSet rules) {
        EvalParams p = new EvalParams(rules.variant);
        PieceValues.Derived d = PieceValues.derive(rules);
        int size = p.size, squares = size * size;
        for (int k = 1; k <= p.kinds; k++) {
            p.value[k] = d.value()[k];
            // Sente's residual psq - value per square, split into a rank mean and a file-distance mean.
            double[][] res = new double[size][size];
            for (int sq = 0; sq < squares; sq++) {
                int r = size - 1 - sq / size, f = sq % size;
                res[r][f] = d.psq()[k][sq] - d.value()[k];
            }
            double[] rankMean = new double[size];
            for (int r = 0; r < size; r++) {
                double s = 0;
                for (int f = 0; f < size; f++) s += res[r][f];
                rankMean[r] = s / size;
                p.rank[k][r] = (int) Math.round(rankMean[r]);
            }
            for (int fd = 0; fd < p.files; fd++) {
                double s = 0;
                int n = 0;
                for (int r = 0; r < size; r++)
                    for (int f = 0; f < size; f++)
                        if (Math.min(f, size - 1 - f) == fd) {
                            s += res[r][f] - rankMean[r];
                            n++;
                        }
                p.file[k][fd] = (int) Math.round(s / n);
            }
            p.danger[k] = d.royal()[k] ? 2 : Math.max(1, Math.min(d.value()[k], 1500) * 4 / 100);
        }
        p.shelter = 8;
        int maxLion = 0;
        for (int k = 1; k <= p.kinds; k++) if (d.lion()[k]) maxLion = Math.max(maxLion, d.value()[k]);
        p.lionAlone = maxLion * 15 / 100;
        // Against a side down to its last few pieces: each piece fewer is worth more than its value (the
        // bare-king rule and the mates need them gone), and the royal is hunted.
        int[] few = {400, 250, 150, 80, 40};
        System.arraycopy(few, 0, p.few, 0, FEW + 1);
        p.hunt = 4;
        p.cornered = 10;
        p.tempo = 10;
        return p;
    }

    // ------------------------------------------------------------------ text form

    /** The shipped parameters of a variant, or the derived ones when none ship. */
    static EvalParams forVariant(io.kifudb.rules.RuleSet rules) {
        String resource = "params/" + rules.variant.id + ".txt";
        try (InputStream in = EvalParams.class.getResourceAsStream(resource)) {
            if (in == null) return derived(rules);
            EvalParams p = parse(rules, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            p.source = "tuned (" + resource + ")";
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static EvalParams read(io.kifudb.rules.RuleSet rules, Path file) throws IOException {
        EvalParams p = parse(rules, Files.readString(file, StandardCharsets.UTF_8));
        p.source = file.getFileName().toString();
        return p;
    }

    /**
     * Reads the text form. Starts from the derived parameters, so a file may set only some groups; an
     * unknown name, an unknown piece token, a wrong count of numbers or a variant other than the rule
     * set's is refused with the line number.
     */
    static EvalParams parse(io.kifudb.rules.RuleSet rules, String text) {
        EvalParams p = derived(rules);
        String[] lines = text.split("\r?\n");
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln];
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            line = line.trim();
            if (line.isEmpty()) continue;
            String[] t = line.split("\\s+");
            try {
                p.set(t);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (ln + 1) + ": " + e.getMessage(), e);
            }
        }
        return p;
    }

    private void set(String[] t) {
        switch (t[0]) {
            case "variant" -> {
                if (t.length != 2 || !t[1].equals(variant.id))
                    throw new IllegalArgumentException("parameters for variant " + (t.length > 1 ? t[1] : "?") + ", not " + variant.id);
            }
            case "value" -> value[kind(t)] = numbers(t, 2, 1)[0];
            case "danger" -> danger[kind(t)] = numbers(t, 2, 1)[0];
            case "endgame" -> eg[kind(t)] = numbers(t, 2, 1)[0];
            case "rank" -> System.arraycopy(numbers(t, 2, size), 0, rank[kind(t)], 0, size);
            case "file" -> System.arraycopy(numbers(t, 2, files), 0, file[kind(t)], 0, files);
            case "shelter" -> shelter = numbers(t, 1, 1)[0];
            case "lion-alone" -> lionAlone = numbers(t, 1, 1)[0];
            case "few" -> System.arraycopy(numbers(t, 1, FEW + 1), 0, few, 0, FEW + 1);
            case "hunt" -> hunt = numbers(t, 1, 1)[0];
            case "cornered" -> cornered = numbers(t, 1, 1)[0];
            case "tempo" -> tempo = numbers(t, 1, 1)[0];
            default -> throw new IllegalArgumentException("unknown parameter " + t[0]);
        }
    }

    private int kind(String[] t) {
        if (t.length < 2) throw new IllegalArgumentException(t[0] + " needs a piece token");
        PieceKind k = variant.byToken(t[1]);
        if (k == null) throw new IllegalArgumentException("unknown piece " + t[1] + " in " + variant.id);
        return k.id;
    }

    private static int[] numbers(String[] t, int from, int count) {
        if (t.length - from != count)
            throw new IllegalArgumentException(t[0] + " takes " + count + " number(s), got " + (t.length - from));
        int[] out = new int[count];
        for (int i = 0; i < count; i++) {
            try {
                out[i] = Integer.parseInt(t[from + i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(t[0] + ": not an integer: " + t[from + i]);
            }
        }
        return out;
    }

    /** The text form, with the given comment lines first. */
    public String format(List<String> header) {
        StringBuilder sb = new StringBuilder();
        for (String h : header) sb.append("# ").append(h).append('\n');
        sb.append("variant ").append(variant.id).append('\n');
        for (int k = 1; k <= kinds; k++) {
            String t = variant.kind(k).token;
            sb.append(String.format(Locale.ROOT, "%-6s %-3s %d%n", "value", t, value[k]));
            sb.append(String.format(Locale.ROOT, "%-6s %-3s %s%n", "rank", t, join(rank[k])));
            sb.append(String.format(Locale.ROOT, "%-6s %-3s %s%n", "file", t, join(file[k])));
            sb.append(String.format(Locale.ROOT, "%-6s %-3s %d%n", "danger", t, danger[k]));
            sb.append(String.format(Locale.ROOT, "%-6s %-3s %d%n", "endgame", t, eg[k]));
        }
        sb.append("shelter ").append(shelter).append('\n');
        sb.append("lion-alone ").append(lionAlone).append('\n');
        sb.append("few ").append(join(few)).append('\n');
        sb.append("hunt ").append(hunt).append('\n');
        sb.append("cornered ").append(cornered).append('\n');
        sb.append("tempo ").append(tempo).append('\n');
        return sb.toString();
    }

    private static String join(int[] a) {
        List<String> s = new ArrayList<>(a.length);
        for (int v : a) s.add(Integer.toString(v));
        return String.join(" ", s);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EvalParams p && p.variant == variant && Arrays.equals(p.toVector(), toVector());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toVector());
    }
}

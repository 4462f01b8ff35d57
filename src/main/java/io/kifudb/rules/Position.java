package io.kifudb.rules;

import java.util.Arrays;

/**
 * A position under one rule set, with make/unmake, incremental keys and the history since the position
 * it was set up from (for repetition and for "which royal was just captured").
 *
 * <p>Pieces are bytes: {@code +id} for sente, {@code -id} for gote, 0 for an empty square.
 */
public final class Position {
    public static final int SENTE = 0, GOTE = 1;
    /** Room a move buffer needs: no position has more legal moves than this. */
    public static final int MAX_MOVES = MoveGen.MAX_MOVES;
    /** The history entry of a null move (never a real move: origin and destination are both square 0). */
    private static final int NULL_MOVE = Move.of(0, 0);

    public final RuleSet rules;
    final Variant variant;
    final Geometry geo;
    final PieceKind[] kinds;
    final byte[] board;
    /**
     * The squares each side occupies, as bits: square sq of side s is bit {@code sq & 63} of
     * {@code occupied[s * words + (sq >>> 6)]}. Kept with the board by make and unmake, so the move generator
     * visits a side's pieces in square order without reading every empty or enemy square. LionRules lifts
     * pieces off the board for a moment to test an attack and does not touch these bits, so the attack test
     * may use them only as a filter: a bit can stand for a square emptied for the moment, but no piece on the
     * board lacks its bit.
     */
    final long[] occupied;
    /** Longs per side in {@link #occupied} ({@link Geometry#words}). */
    final int words;
    int side;
    /**
     * SFEN field 3 ({@link RuleSet#thirdField()}): the counter-strike square where a non-Lion just captured a
     * Lion (Chu), or the square of the enemy 酔象 that captured normally on the previous move (shodoshu2017*),
     * or -1.
     */
    int marker = -1;
    int moveNumber = 1;
    long key;
    final int[] royals = new int[2];
    final int[] pieceCount = new int[2];
    /** Whether each side had a royal in the position this one was set up from (rule-sets.md §1). */
    final boolean[] hadRoyal = new boolean[2];

    // History since set-up: index i holds what is needed to undo the move made at ply i.
    private int ply;
    private long[] keyHistory = new long[256];
    private int[] moveHistory = new int[256];
    /** Packed undo data: captured-at-mid, captured-at-to, moved piece, previous marker (bytes). */
    private int[] undoHistory = new int[256];
    /** First ply of the current run of reversible moves, per ply (repetitions can only reach back so far). */
    private int[] reversibleFrom = new int[256];

    final MoveGen moveGen;
    private final int[] scratch = new int[MoveGen.MAX_MOVES];
    /** Move list for reading a USI move (made on first use: most positions never read one). */
    private int[] parseBuffer;
    /** Exits, exchanges or a non-Chu field 3: make/unmake take {@link #makeGeneral}. */
    private final boolean general;

    Position(RuleSet rules) {
        this.rules = rules;
        this.variant = rules.variant;
        this.geo = variant.geometry;
        this.kinds = variant.kinds;
        this.board = new byte[geo.squares];
        this.words = geo.words;
        this.occupied = new long[2 * words];
        this.moveGen = new MoveGen(this);
        this.general = rules.needsGeneralMake();
    }

    /** The rule set's start position. */
    public static Position start(RuleSet rules) {
        return Sfen.parse(rules, rules.variant.startSfen);
    }

    /** Recomputes key and counts from the board; called once after set-up. */
    void initialise() {
        royals[0] = royals[1] = pieceCount[0] = pieceCount[1] = 0;
        Arrays.fill(occupied, 0);
        key = rules.keySalt;
        for (int sq = 0; sq < geo.squares; sq++) {
            int p = board[sq];
            if (p == 0) continue;
            int owner = p > 0 ? SENTE : GOTE;
            occupy(sq, p);
            pieceCount[owner]++;
            if (kinds[Math.abs(p)].royal) royals[owner]++;
            key ^= pieceKey(sq, p);
        }
        if (side == GOTE) key ^= variant.sideKey;
        if (marker >= 0) key ^= variant.markerKeys[marker];
        hadRoyal[0] = royals[0] > 0;
        hadRoyal[1] = royals[1] > 0;
        ply = 0;
        reversibleFrom[0] = 0;
    }

    /**
     * Toggles sq in the occupancy of the side whose words start at {@code sideBits} (side * words): make and
     * unmake know which side's piece comes or goes, and a piece that leaves and comes back (igui, the pass)
     * flips its square twice.
     */
    private void flip(int sideBits, int sq) {
        occupied[sideBits + (sq >>> 6)] ^= 1L << sq;
    }

    /** Moves a side's bit from one square to another (no change when they are the same square). */
    private void shift(int sideBits, int from, int to) {
        int wf = sideBits + (from >>> 6), wt = sideBits + (to >>> 6);
        if (wf == wt) {
            occupied[wf] ^= (1L << from) ^ (1L << to);
        } else {
            occupied[wf] ^= 1L << from;
            occupied[wt] ^= 1L << to;
        }
    }

    /** Marks sq as occupied by the owner of code (not 0). */
    private void occupy(int sq, int code) {
        occupied[owner(code) * words + (sq >>> 6)] |= 1L << sq;
    }

    /** Marks sq as no longer occupied by the owner of code (not 0). */
    private void vacate(int sq, int code) {
        occupied[owner(code) * words + (sq >>> 6)] &= ~(1L << sq);
    }

    private long pieceKey(int sq, int code) {
        return variant.pieceKeys[(code + variant.kindCount()) * geo.squares + sq];
    }

    // ---------------------------------------------------------------- queries

    public Geometry geometry() {
        return geo;
    }

    public int sideToMove() {
        return side;
    }

    /** Piece code on sq: positive sente, negative gote, 0 empty. */
    public int pieceAt(int sq) {
        return board[sq];
    }

    public PieceKind kindAt(int sq) {
        int p = board[sq];
        return p == 0 ? null : kinds[Math.abs(p)];
    }

    /** The counter-strike square (Chu rule sets), or -1. */
    public int counterStrikeSquare() {
        return rules.thirdField() == RuleSet.ThirdField.COUNTER_STRIKE ? marker : -1;
    }

    /**
     * shodoshu2017*: the square of the enemy 酔象 that captured on the previous move, which alone may be
     * captured normally (rule-sets.md §5.2), or -1.
     */
    public int exemptElephantSquare() {
        return rules.thirdField() == RuleSet.ThirdField.CAPTURING_ELEPHANT ? marker : -1;
    }

    public int moveNumber() {
        return moveNumber;
    }

    /** Transposition key: board, side to move and the counter-strike marker, salted per rule set. */
    public long key() {
        return key;
    }

    /** Moves made since this position was set up. */
    public int ply() {
        return ply;
    }

    public int royalCount(int s) {
        return royals[s];
    }

    public int pieceCount(int s) {
        return pieceCount[s];
    }

    public boolean hadRoyalAtSetUp(int s) {
        return hadRoyal[s];
    }

    /** The moves made since set-up, oldest first. */
    public int[] history() {
        return Arrays.copyOf(moveHistory, ply);
    }

    public String sfen() {
        return Sfen.format(this);
    }

    static int owner(int code) {
        return code > 0 ? SENTE : GOTE;
    }

    boolean isEnemy(int code, int s) {
        return s == SENTE ? code < 0 : code > 0;
    }

    boolean isOwn(int code, int s) {
        return s == SENTE ? code > 0 : code < 0;
    }

    // ---------------------------------------------------------------- make / unmake

    public void make(int move) {
        if (general) {
            makeGeneral(move);
            return;
        }
        int from = Move.from(move), to = Move.to(move), mid = Move.mid(move);
        if (ply + 1 >= moveHistory.length) grow();
        keyHistory[ply] = key;
        moveHistory[ply] = move;
        int moved = board[from];
        int mover = owner(moved);
        int enemy = mover ^ 1;
        int moverBits = mover * words, enemyBits = enemy * words;
        board[from] = 0;
        key ^= pieceKey(from, moved);
        int capMid = 0;
        if (mid != Move.NO_SQUARE) {
            capMid = board[mid];
            if (capMid != 0) {
                board[mid] = 0;
                flip(enemyBits, mid);
                key ^= pieceKey(mid, capMid);
                lose(enemy, capMid);
            }
        }
        int capTo = board[to];
        if (capTo != 0) {
            flip(enemyBits, to);
            key ^= pieceKey(to, capTo);
            lose(enemy, capTo);
        }
        int placed = moved;
        PieceKind kind = kinds[Math.abs(moved)];
        if (Move.promotes(move)) {
            placed = moved > 0 ? kind.promotesTo : -kind.promotesTo;
            if (kinds[kind.promotesTo].royal) royals[mover]++;
        }
        board[to] = (byte) placed;
        shift(moverBits, from, to);
        key ^= pieceKey(to, placed);
        int oldMarker = marker;
        int newMarker = -1;
        if (!kind.lionRank) {
            if (capMid != 0 && kinds[Math.abs(capMid)].lionRank) newMarker = mid;
            if (capTo != 0 && kinds[Math.abs(capTo)].lionRank) newMarker = to;
        }
        if (oldMarker >= 0) key ^= variant.markerKeys[oldMarker];
        if (newMarker >= 0) key ^= variant.markerKeys[newMarker];
        marker = newMarker;
        undoHistory[ply] = (capMid & 0xFF) | (capTo & 0xFF) << 8 | (moved & 0xFF) << 16 | (oldMarker & 0xFF) << 24;
        side ^= 1;
        key ^= variant.sideKey;
        moveNumber++;
        boolean irreversible = capMid != 0 || capTo != 0 || placed != moved;
        reversibleFrom[ply + 1] = irreversible ? ply + 1 : reversibleFrom[ply];
        ply++;
    }

    private void lose(int owner, int code) {
        pieceCount[owner]--;
        if (kinds[Math.abs(code)].royal) royals[owner]--;
    }

    private void gain(int owner, int code) {
        pieceCount[owner]++;
        if (kinds[Math.abs(code)].royal) royals[owner]++;
    }

    public void unmake() {
        if (general) {
            unmakeGeneral();
            return;
        }
        ply--;
        int move = moveHistory[ply];
        int undo = undoHistory[ply];
        int from = Move.from(move), to = Move.to(move), mid = Move.mid(move);
        int capMid = (byte) undo, capTo = (byte) (undo >> 8), moved = (byte) (undo >> 16), oldMarker = oldMarker(undo);
        int mover = owner(moved), enemy = mover ^ 1;
        int moverBits = mover * words, enemyBits = enemy * words;
        int placed = board[to];
        if (placed != moved && kinds[Math.abs(placed)].royal) royals[mover]--;
        shift(moverBits, to, from);
        board[to] = (byte) capTo;
        if (capTo != 0) {
            flip(enemyBits, to);
            gain(enemy, capTo);
        }
        if (mid != Move.NO_SQUARE && capMid != 0) {
            board[mid] = (byte) capMid;
            flip(enemyBits, mid);
            gain(enemy, capMid);
        }
        board[from] = (byte) moved;
        marker = oldMarker;
        side ^= 1;
        moveNumber--;
        key = keyHistory[ply];
    }

    /**
     * The marker saved in an undo word's top byte: 0xFF is "none". (Read unsigned: a square above 127, such
     * as Chu's 4k..1l, must not turn into a negative "no marker".)
     */
    private static int oldMarker(int undo) {
        int m = undo >>> 24;
        return m == 0xFF ? -1 : m;
    }

    /**
     * make for every rule set: besides what {@link #make} does, a piece may leave the board (dai13-kumazawa) and
     * taking an enemy unpromoted 酔象 may exchange it (shodoshu2017*, rule-sets.md §5): the elephant turns to the
     * mover's side and the mover is removed. Under {@link RuleSet.ElephantExchange#FINAL} an exchange on the
     * first step ends the move; under {@code PREVIOUS} the mover goes on and survives unless its last square
     * also exchanges. The undo word keeps what stood on each square, so unmake needs no knowledge of the rules.
     */
    private void makeGeneral(int move) {
        int from = Move.from(move), to = Move.to(move), mid = Move.mid(move);
        if (ply + 1 >= moveHistory.length) grow();
        keyHistory[ply] = key;
        moveHistory[ply] = move;
        int moved = board[from];
        PieceKind kind = kinds[Math.abs(moved)];
        int capMid = mid == Move.NO_SQUARE ? 0 : board[mid];
        int capTo = to == from ? 0 : board[to];
        int oldMarker = marker;
        undoHistory[ply] = (capMid & 0xFF) | (capTo & 0xFF) << 8 | (moved & 0xFF) << 16 | (oldMarker & 0xFF) << 24;
        put(from, 0);
        boolean onBoard = !Move.leavesBoard(move), capturedNormally = false;
        int placed = moved;
        if (onBoard && capMid != 0) {
            if (exchanges(capMid, mid, move)) {
                put(mid, -capMid);
                if (rules.elephantExchange == RuleSet.ElephantExchange.FINAL) onBoard = false;
            } else {
                put(mid, 0);
                capturedNormally = true;
            }
        }
        if (onBoard && capTo != 0) {
            if (exchanges(capTo, to, move)) {
                put(to, -capTo);
                onBoard = false;
            } else {
                capturedNormally = true;
            }
        }
        if (onBoard) {
            if (Move.promotes(move)) placed = moved > 0 ? kind.promotesTo : -kind.promotesTo;
            put(to, placed);
        }
        int newMarker = -1;
        switch (rules.thirdField()) {
            case COUNTER_STRIKE -> {
                if (!kind.lionRank) {
                    if (capMid != 0 && kinds[Math.abs(capMid)].lionRank) newMarker = mid;
                    if (capTo != 0 && kinds[Math.abs(capTo)].lionRank) newMarker = to;
                }
            }
            // rule-sets.md §5.5: set only when an unpromoted elephant captured normally and is still one.
            case CAPTURING_ELEPHANT -> {
                if (onBoard && capturedNormally && kind.exchangedWhenTaken && placed == moved) newMarker = to;
            }
            case NONE -> { }
        }
        if (oldMarker >= 0) key ^= variant.markerKeys[oldMarker];
        if (newMarker >= 0) key ^= variant.markerKeys[newMarker];
        marker = newMarker;
        side ^= 1;
        key ^= variant.sideKey;
        moveNumber++;
        boolean irreversible = capMid != 0 || capTo != 0 || !onBoard || placed != moved;
        reversibleFrom[ply + 1] = irreversible ? ply + 1 : reversibleFrom[ply];
        ply++;
    }

    /**
     * Whether taking {@code code} on sq is an exchange (rule-sets.md §5.1): an enemy unpromoted 酔象, unless
     * it is the exempt elephant (field 3) and the move chose the normal capture ({@code !}, §5.2).
     */
    private boolean exchanges(int code, int sq, int move) {
        return rules.elephantExchange != RuleSet.ElephantExchange.NONE && kinds[Math.abs(code)].exchangedWhenTaken
                && !(Move.capturesNormally(move) && sq == marker);
    }

    /** Puts a piece code on sq, keeping key and counts. */
    private void put(int sq, int code) {
        int old = board[sq];
        if (old != 0) {
            key ^= pieceKey(sq, old);
            vacate(sq, old);
            lose(owner(old), old);
        }
        if (code != 0) {
            key ^= pieceKey(sq, code);
            occupy(sq, code);
            gain(owner(code), code);
        }
        board[sq] = (byte) code;
    }

    /** Puts a piece code back on sq, keeping counts (the key is restored from history). */
    private void restore(int sq, int code) {
        int old = board[sq];
        if (old != 0) {
            vacate(sq, old);
            lose(owner(old), old);
        }
        if (code != 0) {
            occupy(sq, code);
            gain(owner(code), code);
        }
        board[sq] = (byte) code;
    }

    private void unmakeGeneral() {
        ply--;
        int move = moveHistory[ply];
        int undo = undoHistory[ply];
        int from = Move.from(move), to = Move.to(move), mid = Move.mid(move);
        if (to != from) restore(to, (byte) (undo >> 8));
        if (mid != Move.NO_SQUARE) restore(mid, (byte) undo);
        restore(from, (byte) (undo >> 16));
        marker = oldMarker(undo);
        side ^= 1;
        moveNumber--;
        key = keyHistory[ply];
    }

    /**
     * Passes the turn without moving (the search's null move; not a move of the game). The counter-strike
     * marker lapses, as it would after any move, and repetition detection does not look back across it.
     */
    public void makeNull() {
        if (ply + 1 >= moveHistory.length) grow();
        keyHistory[ply] = key;
        moveHistory[ply] = NULL_MOVE;
        undoHistory[ply] = (marker & 0xFF) << 24;
        if (marker >= 0) key ^= variant.markerKeys[marker];
        marker = -1;
        side ^= 1;
        key ^= variant.sideKey;
        moveNumber++;
        reversibleFrom[ply + 1] = ply + 1;
        ply++;
    }

    /** Takes back {@link #makeNull()}. */
    public void unmakeNull() {
        ply--;
        marker = oldMarker(undoHistory[ply]);
        side ^= 1;
        moveNumber--;
        key = keyHistory[ply];
    }

    /** The last move made since set-up, or {@link Move#NONE}. */
    int lastMove() {
        return ply == 0 ? Move.NONE : moveHistory[ply - 1];
    }

    /** The piece code that made the last move (0 if none). */
    int lastMover() {
        return ply == 0 ? 0 : (byte) (undoHistory[ply - 1] >> 16);
    }

    private void grow() {
        int n = moveHistory.length * 2;
        keyHistory = Arrays.copyOf(keyHistory, n);
        moveHistory = Arrays.copyOf(moveHistory, n);
        undoHistory = Arrays.copyOf(undoHistory, n);
        reversibleFrom = Arrays.copyOf(reversibleFrom, n);
    }

    /** Piece captured at the destination by the move made at history index i (0 if none). */
    int capturedAt(int i) {
        return (byte) (undoHistory[i] >> 8);
    }

    int capturedMid(int i) {
        return (byte) undoHistory[i];
    }

    /**
     * Whether the side to move has lost by losing its royals (rule-sets.md §1 and §4): the first test of
     * {@link #status()}, answered from counters and the last move alone, without generating moves.
     */
    public boolean lostByRoyalCapture() {
        return royals[side] == 0 && (rules.royallessSideLoses || hadRoyal[side] || lastMoveCapturedRoyal());
    }

    /** Whether the last move took a royal (so its owner had one, even if it had none at set-up). */
    boolean lastMoveCapturedRoyal() {
        if (ply == 0) return false;
        int to = capturedAt(ply - 1), mid = capturedMid(ply - 1);
        return (to != 0 && kinds[Math.abs(to)].royal) || (mid != 0 && kinds[Math.abs(mid)].royal);
    }

    /** How many times the current position has occurred since set-up, this time included. */
    public int occurrences() {
        int n = 1;
        for (int i = ply - 2; i >= reversibleFrom[ply]; i -= 2) if (keyHistory[i] == key) n++;
        return n;
    }

    /**
     * The result the repetition rule would give if the play since the latest earlier occurrence of this
     * position went on repeating until the game ends by repetition; null if the position has not occurred
     * before since the last irreversible move, or the rule set has no repetition rule. For a search that
     * treats the first return to a position as final (the cycle is assumed to go on).
     *
     * <p>The game ends when the first position of the cycle to have recurred (the cycle may have begun
     * before the latest occurrence of this one) occurs the 4th time, so the verdict is the one
     * {@link #status()} gives there: for plain shuffles under {@code chu} the side to move at that
     * position loses, whichever position of the cycle this is.
     */
    public Status projectedRepetition() {
        if (rules.repetition == RuleSet.Repetition.NONE) return null;
        int first = earlierOccurrence(1);
        if (first < 0) return null;
        int length = ply - first;
        int start = first;
        // Positions keep recurring one cycle apart back to where the repetition began.
        while (start - 1 >= reversibleFrom[ply] && keyHistory[start - 1] == keyHistory[start - 1 + length]) start--;
        return Judge.cycleVerdict(this, start, length);
    }

    /** The move made at history index i (for replaying a cycle without copying the history). */
    int moveAt(int i) {
        return moveHistory[i];
    }

    /** History index of the n-th most recent earlier occurrence (1 = latest), or -1. */
    int earlierOccurrence(int n) {
        for (int i = ply - 2; i >= reversibleFrom[ply]; i -= 2) if (keyHistory[i] == key && --n == 0) return i;
        return -1;
    }

    // ---------------------------------------------------------------- attacks

    /** Whether a piece of side {@code by} could move to sq by its movement alone (no capture bans). */
    public boolean isAttacked(int sq, int by) {
        final byte[] b = board;
        final int[] step = geo.step, step2 = geo.step2;
        for (int d = 0; d < 8; d++) {
            int back = (d + 4) & 7;
            int s = sq;
            for (int dist = 1; ; dist++) {
                s = step[s * 8 + d];
                if (s < 0) break;
                int p = b[s];
                if (p == 0) continue;
                if (owner(p) == by) {
                    PieceKind k = kinds[Math.abs(p)];
                    if (dist == 1 ? (k.reach1[by] & (1 << back)) != 0 : k.range[by * 8 + back] >= dist) return true;
                    if (k.special && specialAttack(k, by, back, dist, sq)) return true;
                }
                break;
            }
        }
        // What strikes from two squares away (jumps, Lions, knights) needs a piece of `by` there.
        if (!occupiesRing2(sq, by)) return false;
        for (int d = 0; d < 8; d++) {
            int s2 = step2[sq * 8 + d];
            if (s2 >= 0) {
                int p = b[s2];
                if (p != 0 && owner(p) == by && (kinds[Math.abs(p)].reach2[by] & (1 << ((d + 4) & 7))) != 0) return true;
            }
        }
        final int[] ring = geo.ring2;
        for (int i = 0; i < 16; i++) {
            int s = ring[sq * 16 + i];
            if (s < 0) continue;
            int p = b[s];
            if (p != 0 && owner(p) == by) {
                PieceKind k = kinds[Math.abs(p)];
                if (k.lion || (k.lionStep && lionStepPassage(s, sq, by))) return true;
            }
        }
        // A knight of side `by` attacks sq from the squares a knight of the other side would jump to.
        int base = sq * 4 + (by == SENTE ? 2 : 0);
        for (int i = 0; i < 2; i++) {
            int s = geo.knight[base + i];
            if (s < 0) continue;
            int p = b[s];
            if (p != 0 && owner(p) == by && kinds[Math.abs(p)].knight) return true;
        }
        return false;
    }

    /** Whether side by has a piece at distance exactly 2 from sq. */
    private boolean occupiesRing2(int sq, int by) {
        final long[] ring2Bits = geo.ring2Bits;
        int own = by * words, near = sq * words;
        for (int w = 0; w < words; w++) if ((occupied[own + w] & ring2Bits[near + w]) != 0) return true;
        return false;
    }

    /**
     * The 13×13 atoms' attacks along a ray from sq: a {@code slide>=2} piece at distance 2 or more (the squares
     * between, its adjacent one included, are empty), or a {@code dance2} piece next to sq that can capture
     * there in passing because the square beyond sq is a landing square for it (on the board, not its own).
     */
    private boolean specialAttack(PieceKind k, int by, int back, int dist, int sq) {
        if (dist >= 2) return (k.slideFrom2[by] & (1 << back)) != 0;
        if ((k.dance2[by] & (1 << back)) == 0) return false;
        int beyond = geo.step[sq * 8 + back];
        return beyond >= 0 && !isOwn(board[beyond], by);
    }

    /**
     * Whether a {@code lionstep} piece of side by on {@code from} can reach {@code target} two squares away: some
     * square next to both is empty or holds an enemy (pieces-and-setups.md §1.4: it never jumps).
     */
    boolean lionStepPassage(int from, int target, int by) {
        for (int d = 0; d < 8; d++) {
            int a = geo.step[from * 8 + d];
            if (a >= 0 && geo.distance(a, target) == 1 && !isOwn(board[a], by)) return true;
        }
        return false;
    }

    /** Whether the piece on {@code from} could move to {@code target} by its movement alone. */
    public boolean reaches(int from, int target) {
        int p = board[from];
        if (p == 0 || from == target) return false;
        PieceKind k = kinds[Math.abs(p)];
        int by = owner(p);
        int dist = geo.distance(from, target);
        if (k.lion && dist <= 2) return true;
        if (k.lionStep && dist <= 2) return dist == 1 || lionStepPassage(from, target, by);
        if (k.knight) {
            int base = from * 4 + (by == SENTE ? 0 : 2);
            if (geo.knight[base] == target || geo.knight[base + 1] == target) return true;
        }
        int dir = geo.direction(from, target);
        if (dir < 0) return false;
        if (dist == 1 && (k.reach1[by] & (1 << dir)) != 0) return true;
        if (dist == 2 && (k.reach2[by] & (1 << dir)) != 0) return true;
        if (k.special && dist == 1 && specialAttack(k, by, dir, 1, target)) return true;
        boolean from2 = (k.slideFrom2[by] & (1 << dir)) != 0 && dist >= 2;
        if (k.range[by * 8 + dir] < dist && !from2) return false;
        int s = from;
        for (int i = 1; i < dist; i++) {
            s = geo.step[s * 8 + dir];
            if (board[s] != 0) return false;
        }
        return true;
    }

    /** Whether any royal of side s is attacked. */
    public boolean inCheck(int s) {
        if (royals[s] == 0) return false;
        for (int sq = 0; sq < geo.squares; sq++) {
            int p = board[sq];
            if (p != 0 && owner(p) == s && kinds[Math.abs(p)].royal && isAttacked(sq, s ^ 1)) return true;
        }
        return false;
    }

    /** Square of side s's only royal, or -1 if it has none or several. */
    int singleRoyalSquare(int s) {
        if (royals[s] != 1) return -1;
        for (int sq = 0; sq < geo.squares; sq++) {
            int p = board[sq];
            if (p != 0 && owner(p) == s && kinds[Math.abs(p)].royal) return sq;
        }
        return -1;
    }

    // ---------------------------------------------------------------- moves and status

    /**
     * Generates the legal moves (canonical, one per distinct move) into out, ignoring whether the game
     * has ended. Returns the count.
     */
    public int generate(int[] out) {
        return moveGen.generate(out);
    }

    /**
     * Generates the legal moves that capture at least one piece (lion double captures and igui included),
     * in the order {@link #generate} lists them. Returns the count.
     */
    public int generateCaptures(int[] out) {
        return moveGen.generateCaptures(out);
    }

    /**
     * Whether move is one {@link #generate} lists here, other than the pass: checked against the moves of the
     * piece on its origin alone, which is far cheaper than the whole list. A move remembered from another
     * position (a hash table's key collision) is refused; so is every pass, which only the whole list settles.
     */
    public boolean isPieceMove(int move) {
        int from = Move.from(move);
        if (from >= geo.squares) return false;
        int n = moveGen.generateFromSquare(from, scratch);
        for (int i = 0; i < n; i++) if (scratch[i] == move) return true;
        return false;
    }

    /** The game status of this position (history included). */
    public Status status() {
        int n = moveGen.generate(scratch);
        return Judge.status(this, scratch, n);
    }

    /**
     * The bare-king (and lishogi's royals-only) verdict alone, as {@link #status()} would give it, or null
     * when that rule does not end the game here. {@code moves} must hold the legal moves, or at least all
     * the legal captures (the rule only asks which pieces the side to move can take).
     */
    public Status bareKingStatus(int[] moves, int count) {
        return Judge.bareKing(this, moves, count);
    }

    /** Status given the already generated legal moves of this position. */
    public Status status(int[] moves, int count) {
        return Judge.status(this, moves, count);
    }

    /** The legal moves in generation order; none when the game is over. */
    public int[] legalMoves() {
        int[] buf = new int[MoveGen.MAX_MOVES];
        int n = moveGen.generate(buf);
        if (!Judge.status(this, buf, n).isOngoing()) return new int[0];
        return Arrays.copyOf(buf, n);
    }

    /**
     * The buffer {@link UsiMoves} generates into: replaying a record reads a move per ply, and a fresh
     * 16 KB move list per move cost about as much as generating the moves.
     */
    int[] parseBuffer() {
        if (parseBuffer == null) parseBuffer = new int[MoveGen.MAX_MOVES];
        return parseBuffer;
    }

    public String usi(int move) {
        return Move.usi(geo, move);
    }

    /**
     * Finds the legal move a USI string denotes, accepting every spelling of it (rule-sets.md §1).
     *
     * @throws IllegalMoveException if the string is malformed or the move is not legal here
     */
    public int parseMove(String usi) {
        return UsiMoves.parse(this, usi);
    }

    /** Plays a USI move after checking it is legal and that the game is not over. */
    public int play(String usi) {
        Status st = status();
        if (!st.isOngoing()) throw new IllegalMoveException(usi, "the game is over (" + st + ")");
        int m = parseMove(usi);
        make(m);
        return m;
    }

    @Override
    public String toString() {
        return sfen();
    }
}

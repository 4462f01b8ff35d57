package io.kifudb.mate;

import io.kifudb.rules.Move;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;
import io.kifudb.rules.Status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Depth-first proof-number search (df-pn, Nagai 2002) for a mate by the side to move at the root, with a
 * bound on the mate's length in plies.
 *
 * <p>Proof and disproof numbers are the attacker's throughout: at the attacker's turn (an OR node) a node is
 * proved when one child is, at the defender's turn (an AND node) when all are. A child's first numbers come
 * from one ply of look-ahead: after a forcing move its proof number is the count of the defender's replies
 * that keep the royal safe (none: mate). Thresholds grow by the 1+ε rule (Pawlewicz and Lew 2007) so the
 * search does not thrash between siblings. A position that repeats one on the current path counts as
 * disproved there only (a shortest mate never comes back to where it was, and the attacker who repeats
 * forever loses under every rule set); such a disproof is never stored, since elsewhere the same position
 * may be a mate.
 *
 * <p>Every proved node records its mate length: an OR node one more than its shortest proved child, an AND
 * node one more than its longest. With a bound of B plies, a node whose mate needs more than the plies left
 * counts as disproved under that bound only, so {@link MateSolver} can search again with a smaller bound to
 * find a shorter mate, reusing the table.
 */
final class ProofSearch {
    static final int INF = MateTable.INFINITE;
    /** The stop check runs every this many nodes. */
    private static final int CHECK_INTERVAL = 1024;

    private final Position pos;
    private final MateTable table;
    private final MateMoves filter;
    private final int attacker;
    private final RuleSet rules;
    /** Asked every {@link #CHECK_INTERVAL} nodes: true to stop now. */
    private final BooleanSupplier stopCheck;

    private final int[] generated = new int[Position.MAX_MOVES];
    private final int[] listed = new int[Position.MAX_MOVES];
    private final int[] lookAhead = new int[Position.MAX_MOVES];
    private final List<Frame> frames = new ArrayList<>();
    /** Keys of the positions on the current path, by ply from the root. */
    private long[] pathKeys = new long[256];
    /** Per ply: the first ply after the latest capture or promotion on the path (nothing earlier can recur). */
    private int[] pathStart = new int[256];

    long nodes;
    boolean stopped;

    // The result of the last mid(), classify() or child evaluation.
    private int resPn, resDn, resProof, resDisproof;
    /**
     * Whether the last disproof rests on a repetition of a position on the current path: true only on this
     * path, so it is never stored in the table.
     */
    private boolean resPathDependent;

    ProofSearch(Position pos, MateTable table, BooleanSupplier stopCheck) {
        this.pos = pos;
        this.table = table;
        this.filter = new MateMoves(pos);
        this.attacker = pos.sideToMove();
        this.rules = pos.rules;
        this.stopCheck = stopCheck;
    }

    /** The children of the node last expanded at one ply, and what is known of each. */
    private static final class Frame {
        long key;
        boolean valid, or;
        int n;
        int[] moves = new int[16];
        long[] keys = new long[16];
        boolean[] irreversible = new boolean[16], pathDependent = new boolean[16];
        int[] pn = new int[16], dn = new int[16], proof = new int[16], disproof = new int[16];

        void ensure(int size) {
            if (moves.length >= size) return;
            int c = Math.max(size, moves.length * 2);
            moves = Arrays.copyOf(moves, c);
            keys = Arrays.copyOf(keys, c);
            irreversible = Arrays.copyOf(irreversible, c);
            pathDependent = Arrays.copyOf(pathDependent, c);
            pn = Arrays.copyOf(pn, c);
            dn = Arrays.copyOf(dn, c);
            proof = Arrays.copyOf(proof, c);
            disproof = Arrays.copyOf(disproof, c);
        }
    }

    private Frame frame(int ply) {
        while (frames.size() <= ply) frames.add(new Frame());
        return frames.get(ply);
    }

    private void enterPath(int ply, long key, int start) {
        if (ply >= pathKeys.length) {
            pathKeys = Arrays.copyOf(pathKeys, pathKeys.length * 2);
            pathStart = Arrays.copyOf(pathStart, pathStart.length * 2);
        }
        pathKeys[ply] = key;
        pathStart[ply] = start;
    }

    /** Whether the position with key, reached at childPly by a reversible move, occurred earlier on the path. */
    private boolean repeats(long key, int childPly) {
        for (int i = childPly - 2; i >= pathStart[childPly - 1]; i -= 2) if (pathKeys[i] == key) return true;
        return false;
    }

    private boolean irreversible(int move) {
        int to = Move.to(move), mid = Move.mid(move);
        return Move.promotes(move) || Move.leavesBoard(move) || (to != Move.from(move) && pos.pieceAt(to) != 0)
                || (mid != Move.NO_SQUARE && pos.pieceAt(mid) != 0);
    }

    // ---------------------------------------------------------------- results

    /** Searches the current position (the root) within bound plies until it is solved or the search stops. */
    void run(int bound) {
        stopped = false;
        table.newPass();
        enterPath(0, pos.key(), 0);
        mid(0, bound, INF, INF);
    }

    boolean proved() {
        return resPn == 0;
    }

    boolean disproved() {
        return resDn == 0;
    }

    /** The bound (plies) within which the last search disproved the root. */
    int disproofBound() {
        return resDisproof;
    }

    /** Plies of the mate the last search proved. */
    int proofPlies() {
        return resProof;
    }

    private void setProved(int plies) {
        resPathDependent = false;
        resPn = 0;
        resDn = INF;
        resProof = plies;
        resDisproof = MateTable.NO_DISPROOF;
    }

    private void setDisproved(int bound) {
        resPathDependent = false;
        resPn = INF;
        resDn = 0;
        resProof = MateTable.NO_PROOF;
        resDisproof = bound;
    }

    private void setUnsolved(int pnValue, int dnValue) {
        resPathDependent = false;
        resPn = pnValue;
        resDn = dnValue;
        resProof = MateTable.NO_PROOF;
        resDisproof = MateTable.NO_DISPROOF;
    }

    // ---------------------------------------------------------------- one node

    /** Whether the game-end rules beyond royal capture, no move and checkmate can decide this position. */
    private boolean needsFullStatus() {
        return rules.tryRule != RuleSet.TryRule.NONE || rules.offBoard != RuleSet.OffBoard.NONE || rules.plyLimit > 0
                || rules.royallessSideLoses
                || (rules.bareKing != RuleSet.BareKing.NONE && pos.royalCount(0) == 1 && pos.royalCount(1) == 1);
    }

    /** {@link #classify}'s answer when the position is decided (the result fields say how). */
    private static final int DECIDED = -1;

    /**
     * Decides the current position when the rules or the move filter do at once: then sets the result and
     * returns {@link #DECIDED}. Else copies the moves to search into out and returns their count.
     */
    private int classify(int[] out) {
        boolean attackerToMove = pos.sideToMove() == attacker;
        if (pos.lostByRoyalCapture()) {
            if (attackerToMove) setDisproved(MateTable.ANY_BOUND);
            else setProved(0);
            return DECIDED;
        }
        int n = pos.generate(generated);
        if (needsFullStatus()) {
            Status st = pos.status(generated, n);
            if (!st.isOngoing()) {
                if (st.winner() == attacker) setProved(0);
                else setDisproved(MateTable.ANY_BOUND);
                return DECIDED;
            }
        }
        if (attackerToMove) {
            int c = n == 0 ? 0 : filter.forcingMoves(generated, n, out);
            if (c == 0) {
                // No legal move loses; no forcing move means no mate of the kind searched for.
                setDisproved(MateTable.ANY_BOUND);
                return DECIDED;
            }
            return c;
        }
        int c = n == 0 ? 0 : filter.defences(generated, n, out);
        if (c == MateMoves.DEFENDER_ENDS_GAME) {
            setDisproved(MateTable.ANY_BOUND);
            return DECIDED;
        }
        if (c == 0) {
            Status st = pos.status(generated, n);
            if (!st.isOngoing()) {
                if (st.winner() == attacker) setProved(0);
                else setDisproved(MateTable.ANY_BOUND);
            } else if (!rules.checkmate) {
                // No checkmate rule: every move leaves the royal to be taken on the next ply.
                setProved(2);
            } else {
                // The rules see an escape the filter does not (a repetition the opponent started): search all.
                System.arraycopy(generated, 0, out, 0, n);
                return n;
            }
            return DECIDED;
        }
        return c;
    }

    /** {@link #classify} under a bound: a decided mate longer than remaining is disproved under it. */
    private int classify(int[] out, int remaining) {
        int c = classify(out);
        if (c == DECIDED && resPn == 0 && resProof > remaining) setDisproved(remaining);
        return c;
    }

    /** One ply of look-ahead from the position after move: stores and sets what it finds. */
    private void lookAhead(int move, int childRemaining) {
        pos.make(move);
        try {
            countNode();
            long key = pos.key();
            // A defender whose royal can step to safety is not mated: count those steps as its first proof
            // number and leave the full list of replies to the node's own expansion.
            if (pos.sideToMove() != attacker && !pos.lostByRoyalCapture() && !needsFullStatus()) {
                int steps = filter.safeRoyalSteps();
                if (steps > 0) {
                    setUnsolved(steps, 1);
                    table.storeUnsolved(key, resPn, resDn, 1);
                    return;
                }
            }
            int c = classify(lookAhead, childRemaining);
            if (c == DECIDED) {
                if (resPn == 0) table.storeProof(key, resProof, 1);
                else table.storeDisproof(key, resDisproof, 1);
                return;
            }
            // At the defender's turn each safe reply must be refuted; at the attacker's, one forcing move will do.
            if (pos.sideToMove() == attacker) setUnsolved(1, c);
            else setUnsolved(c, 1);
            table.storeUnsolved(key, resPn, resDn, 1);
        } finally {
            pos.unmake();
        }
    }

    /** Reads a table entry as seen under a bound of remaining plies. */
    private void readSlot(int slot, int remaining) {
        int proof = table.proofPlies(slot);
        if (proof <= remaining) {
            setProved(proof);
            return;
        }
        int disproof = table.disproofPlies(slot);
        if (disproof >= remaining) {
            setDisproved(disproof);
            return;
        }
        setUnsolved(table.pn(slot), table.dn(slot));
    }

    /** What is known of child i of the frame at ply: the path, the table, else one ply of look-ahead. */
    private void evaluateChild(Frame f, int i, int ply, int childRemaining) {
        long key = f.keys[i];
        if (!f.irreversible[i] && repeats(key, ply + 1)) {
            setDisproved(childRemaining);
            resPathDependent = true;
            return;
        }
        int slot = table.find(key);
        if (slot >= 0) {
            readSlot(slot, childRemaining);
            // Numbers of an earlier pass (another bound) are no guide: look again.
            if (resPn != 0 && resDn != 0 && !table.current(slot)) lookAhead(f.moves[i], childRemaining);
        } else {
            lookAhead(f.moves[i], childRemaining);
        }
    }

    private void keep(Frame f, int i) {
        f.pn[i] = resPn;
        f.dn[i] = resDn;
        f.proof[i] = resProof;
        f.disproof[i] = resDisproof;
        f.pathDependent[i] = resPathDependent;
    }

    private void countNode() {
        nodes++;
        if ((nodes & (CHECK_INTERVAL - 1)) == 0 && stopCheck.getAsBoolean()) stopped = true;
    }

    private static int add(int a, int b) {
        return (int) Math.min(INF - 1, (long) a + b);
    }

    /** The 1+ε threshold for the best child from the second best's number (ε = 1/2, best of 1/4 and 1/2 measured). */
    private static int grow(int v) {
        return v >= INF - 1 ? INF : (int) Math.min(INF - 1, v + 1L + v / 2);
    }

    /**
     * df-pn's 'multiple iterative deepening' at ply (whose path entry the caller has set), with the plies
     * remaining under the bound and the two thresholds. Sets the result fields and stores them.
     */
    private void mid(int ply, int remaining, int thPn, int thDn) {
        long startNodes = nodes;
        // Every visit counts, so the node limit and the stop flag end even a search that revisits one node.
        countNode();
        long key = pos.key();
        Frame f = frame(ply);
        if (!f.valid || f.key != key) {
            f.valid = false;
            int n = classify(listed, remaining);
            if (n == DECIDED) {
                store(key, startNodes);
                return;
            }
            f.ensure(n);
            f.n = n;
            f.or = pos.sideToMove() == attacker;
            for (int i = 0; i < n; i++) {
                int m = listed[i];
                f.moves[i] = m;
                f.irreversible[i] = irreversible(m);
                pos.make(m);
                f.keys[i] = pos.key();
                pos.unmake();
            }
            f.key = key;
            f.valid = true;
        }
        boolean or = f.or;
        if (remaining < (or ? 1 : 2)) {
            setDisproved(remaining);
            store(key, startNodes);
            return;
        }
        int n = f.n;
        for (int i = 0; i < n; i++) {
            evaluateChild(f, i, ply, remaining - 1);
            keep(f, i);
            // A mate on the next ply is as short as a mate from here gets.
            if (or && resPn == 0 && resProof == 0) {
                setProved(1);
                store(key, startNodes);
                return;
            }
        }
        while (true) {
            int pnSum = 0, dnSum = 0, pnMin = INF, dnMin = INF, best = -1, second = INF;
            // The children's numbers as last seen (what transpositions taught the table since is read on the
            // node's next visit).
            for (int i = 0; i < n; i++) {
                int cp = f.pn[i], cd = f.dn[i];
                pnSum = add(pnSum, cp);
                dnSum = add(dnSum, cd);
                int v = or ? cp : cd;
                if (best < 0 || v < (or ? pnMin : dnMin)) {
                    second = best < 0 ? INF : (or ? pnMin : dnMin);
                    if (or) pnMin = cp;
                    else dnMin = cd;
                    best = i;
                } else if (v < second) {
                    second = v;
                }
                if (or) dnMin = Math.min(dnMin, cd);
                else pnMin = Math.min(pnMin, cp);
            }
            int pn = or ? pnMin : (dnMin == 0 ? INF : pnSum);
            int dn = or ? (pnMin == 0 ? INF : dnSum) : dnMin;
            if (pn == 0 || dn == 0) {
                finish(f, n, or, pn == 0);
                break;
            }
            if (pn >= thPn || dn >= thDn || stopped) {
                setUnsolved(pn, dn);
                break;
            }
            int childThPn, childThDn;
            if (or) {
                childThPn = Math.min(thPn, grow(second));
                childThDn = thDn >= INF ? INF : add(thDn - dn, f.dn[best]);
            } else {
                childThDn = Math.min(thDn, grow(second));
                childThPn = thPn >= INF ? INF : add(thPn - pn, f.pn[best]);
            }
            int m = f.moves[best];
            int start = f.irreversible[best] ? ply + 1 : pathStart[ply];
            pos.make(m);
            enterPath(ply + 1, f.keys[best], start);
            mid(ply + 1, remaining - 1, childThPn, childThDn);
            pos.unmake();
            keep(f, best);
        }
        store(key, startNodes);
    }

    /** The solved node's mate length or disproof bound from its children. */
    private void finish(Frame f, int n, boolean or, boolean proved) {
        if (proved) {
            int plies = or ? Integer.MAX_VALUE : 0;
            for (int i = 0; i < n; i++) {
                if (f.pn[i] != 0) continue;
                plies = or ? Math.min(plies, f.proof[i]) : Math.max(plies, f.proof[i]);
            }
            setProved(plies + 1);
            return;
        }
        // OR: every child is disproved, so the weakest bound holds and any path-dependence carries over.
        // AND: one disproved child suffices: the strongest bound that does not rest on the path, if any.
        int bound = or ? MateTable.ANY_BOUND : MateTable.NO_DISPROOF;
        boolean pathDependent = !or;
        for (int i = 0; i < n; i++) {
            if (f.dn[i] != 0) continue;
            int b = f.disproof[i] >= MateTable.ANY_BOUND ? MateTable.ANY_BOUND : f.disproof[i] + 1;
            if (or) {
                bound = Math.min(bound, b);
                pathDependent |= f.pathDependent[i];
            } else if ((pathDependent && !f.pathDependent[i]) || (pathDependent == f.pathDependent[i] && b > bound)) {
                bound = b;
                pathDependent = f.pathDependent[i];
            }
        }
        setDisproved(bound);
        resPathDependent = pathDependent;
    }

    private void store(long key, long startNodes) {
        long effort = nodes - startNodes;
        if (resPn == 0) table.storeProof(key, resProof, effort);
        else if (resDn != 0) table.storeUnsolved(key, resPn, resDn, effort);
        else if (!resPathDependent) table.storeDisproof(key, resDisproof, effort);
    }

    // ---------------------------------------------------------------- the main line

    /**
     * The main line of the proof of the current position within bound plies: at the attacker's turns the
     * move to the shortest proved mate, at the defender's the reply with the longest. What the table no
     * longer knows is searched again. Returns null if the line cannot be completed (the search was stopped).
     */
    int[] mainLine(int bound) {
        List<Integer> line = new ArrayList<>();
        int made = 0;
        enterPath(0, pos.key(), 0);
        try {
            int remaining = bound;
            while (true) {
                int[] children = new int[Position.MAX_MOVES];
                int n = classify(children, remaining);
                if (n == DECIDED) break;
                children = Arrays.copyOf(children, n);
                boolean or = pos.sideToMove() == attacker;
                int chosen = -1, chosenPlies = or ? Integer.MAX_VALUE : -1;
                for (int pass = 0; pass < 2 && chosen < 0; pass++) {
                    if (pass == 1) {
                        // The table lost this node's proof: prove it again from here.
                        if (!or || stopped) return null;
                        mid(made, remaining, INF, INF);
                        if (resPn != 0) return null;
                    }
                    boolean chosenTight = false;
                    for (int i = 0; i < n; i++) {
                        int plies = or ? knownProof(children[i], remaining - 1) : provedPlies(children[i], remaining - 1, made);
                        if (plies < 0) {
                            if (or) continue;
                            return null; // a defence the search could not refute again
                        }
                        if (or) {
                            if (plies < chosenPlies) {
                                chosen = i;
                                chosenPlies = plies;
                            }
                            continue;
                        }
                        // The defender's longest resistance: a reply whose mate is known to need all the plies
                        // left (disproved one ply shorter, e.g. by the last pass of the bisection) comes first;
                        // a stored length alone is only an upper bound.
                        boolean tight = disprovedWithin(children[i], plies - 1);
                        if ((tight && !chosenTight) || (tight == chosenTight && plies > chosenPlies)) {
                            chosen = i;
                            chosenPlies = plies;
                            chosenTight = tight;
                        }
                    }
                }
                if (chosen < 0) return null;
                int start = irreversible(children[chosen]) ? made + 1 : pathStart[made];
                pos.make(children[chosen]);
                made++;
                enterPath(made, pos.key(), start);
                line.add(children[chosen]);
                remaining = chosenPlies;
            }
            // No checkmate rule: a defender left with only losing moves plays one, and its royal is taken.
            if (pos.sideToMove() != attacker && resPn == 0 && resProof == 2) {
                pos.generate(generated);
                pos.make(generated[0]);
                made++;
                line.add(generated[0]);
                int c = filter.forcingMoves(generated, pos.generate(generated), lookAhead);
                if (c == 0 || !filter.capturesRoyal(lookAhead[0])) return null;
                pos.make(lookAhead[0]);
                made++;
                line.add(lookAhead[0]);
            }
            return line.stream().mapToInt(Integer::intValue).toArray();
        } finally {
            for (int i = 0; i < made; i++) pos.unmake();
        }
    }

    /** Whether the table knows that the position after move has no mate within bound plies. */
    private boolean disprovedWithin(int move, int bound) {
        if (bound < 0) return true;
        pos.make(move);
        try {
            int slot = table.find(pos.key());
            return slot >= 0 && table.disproofPlies(slot) >= bound;
        } finally {
            pos.unmake();
        }
    }

    /** Plies of the mate after move that the table (or the rules at once) prove within childRemaining, or -1. */
    private int knownProof(int move, int childRemaining) {
        pos.make(move);
        try {
            int slot = table.find(pos.key());
            if (slot >= 0 && table.proofPlies(slot) <= childRemaining) return table.proofPlies(slot);
            if (classify(lookAhead, childRemaining) == DECIDED && resPn == 0) return resProof;
            return -1;
        } finally {
            pos.unmake();
        }
    }

    /** Plies of the proved mate after the defender's move at ply within childRemaining, searching again if needed. */
    private int provedPlies(int move, int childRemaining, int ply) {
        int known = knownProof(move, childRemaining);
        if (known >= 0 || stopped) return known;
        int start = irreversible(move) ? ply + 1 : pathStart[ply];
        pos.make(move);
        enterPath(ply + 1, pos.key(), start);
        mid(ply + 1, childRemaining, INF, INF);
        pos.unmake();
        return resPn == 0 ? resProof : -1;
    }
}

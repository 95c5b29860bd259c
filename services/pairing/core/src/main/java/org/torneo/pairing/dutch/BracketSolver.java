package org.torneo.pairing.dutch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.torneo.pairing.dutch.matching.WeightPool;
import org.torneo.pairing.dutch.matching.WeightedMatcher;
import org.torneo.pairing.dutch.matching.Wide;

/**
 * The matching used while the brackets are decided. The whole field is one matching problem, but the
 * players below the next bracket (the "lower" players) still carry their initial weights, which are
 * additive: w(i, j) = b(i) + b(j) for every compatible pair, b(v) being half the completion unit plus v's
 * own completion (C2, C4, C5) and C9 bits. Whatever the bracket players do, the lower players and the
 * bracket players X left over for them can add at most the sum of b over them (less the least b of all
 * when the field is odd: someone gets the PAB). So solving the bracket players alone, on weights
 * w(i, j) − b(i) − b(j), gives an upper bound of the whole problem; when the lower players and the X of
 * that solution can indeed be completely paired (the PAB going to a lower player of least b), the bound is
 * reached and the bracket-alone solution is an optimum of the whole problem, so every decision read from
 * it is the one the whole problem gives. That pairing is checked after every solve from a pairing of the
 * lower players made once per bracket: each pair of leftover players replaces one lower pair (x1 with l1,
 * l2 with x2). If the check fails, the players not yet paired are solved together for the rest of the
 * bracket (and the next brackets, while the check keeps failing).
 *
 * <p>Weights are not kept in an n × n matrix: a pair's weight is b(i) + b(j) (compatible pairs) until a
 * bracket sets it; only the weights set for players still unpaired are kept.
 */
final class BracketSolver {
    private static final long[] REMOVED = new long[0];
    private final PlayersToPair players;
    private final WeightLayout layout;
    private final CriteriaWeights weights;
    private final boolean shortcuts;
    private final int forcedFallbackPeriod;    // tests: every this many bracket-alone solves fall back (0: never)
    private int bracketAloneSolves;
    // of the layout in force, copied by useLayoutInForce
    private int limbs;
    private long[] maxEdgeWeight;
    private final long[][] unpairedValue;      // b(v) by vertex
    private final int n;
    private final boolean[] paired;            // finalised in an earlier decision
    private final int[] partner;               // the opponent so finalised, or -1
    private final List<Integer> pairedInBracket = new ArrayList<>();
    private boolean alone;                     // the matcher is over the bracket alone (weights less b)
    private WeightedMatcher matcher;           // over solverVertices
    private int[] solverVertices;
    private int[] local;                       // vertex -> index in the matcher, or -1
    // bracket alone: the weights of pairs of bracket players that the matcher cannot hold (not above
    // b(i) + b(j)) and that differ from the initial weight; REMOVED when such a pair has no edge
    private DroppedWeights droppedWeights = new DroppedWeights(0, 1);
    private Map<Long, long[]> carried;         // while a bracket's matcher is built: the saved weights
    // ... whose pairs are those of these vertices (the moved-down players): only they are looked up, a boxed
    // map look-up for every pair of the new matcher was a twentieth of a 5,000-player first round
    private boolean[] carriedVertex;
    private long[] tmp;
    private long[] tmp2;
    private long[] bracketWeightOut;
    // setBase's memo: matcher id + 1 of the solver weight, -1 not above b(a) + b(b), 0 not known yet
    private static final long SOLVER_MEMO_LIMIT = 1L << 22;
    private final int[] unpairedClass;         // by vertex: which distinct b(v) it has
    private int unpairedClasses;
    private int[] memo;
    private BracketWeights memoBase;
    private WeightedMatcher memoMatcher;
    private boolean memoAlone;
    private int memoGeneration;
    private final AddendMemo plusMemo = new AddendMemo();
    private BracketWeights plusMemoBase;
    private WeightedMatcher plusMemoMatcher;
    private boolean plusMemoAlone;
    private int plusMemoGeneration;
    private long[] plusBuf;
    private BigInteger maxWeight;
    private final int byeScore;
    private final boolean initialSingleDownfloaterIsByeAssignee;
    private int[] bracketVertices;
    private int lowerBegin;
    private SimplePairing lower;
    int bracketsAlone;                         // statistics
    int fallbacks;

    BracketSolver(PlayersToPair players, WeightLayout layout, CriteriaWeights weights, boolean shortcuts,
                  int forcedFallbackPeriod, int byeScore, boolean initialSingleDownfloaterIsByeAssignee) {
        this.players = players;
        this.layout = layout;
        this.weights = weights;
        this.shortcuts = shortcuts;
        this.forcedFallbackPeriod = forcedFallbackPeriod;
        this.byeScore = byeScore;
        this.initialSingleDownfloaterIsByeAssignee = initialSingleDownfloaterIsByeAssignee;
        n = players.size();
        paired = new boolean[n];
        partner = new int[n];
        Arrays.fill(partner, -1);
        unpairedValue = new long[n][];
        unpairedClass = new int[n];
        useLayoutInForce();
    }

    /** Sizes the work arrays and computes b(v) for the layout in force. */
    private void useLayoutInForce() {
        limbs = layout.limbs;
        maxEdgeWeight = layout.maxEdgeWeight;
        maxWeight = layout.maxWeightValue.shiftLeft(1);
        tmp = new long[limbs];
        tmp2 = new long[limbs];
        bracketWeightOut = new long[limbs];
        plusBuf = new long[limbs];
        for (int v = 0; v < n; v++) {
            unpairedValue[v] = weights.unpairedValue(players.sorted.get(v), byeScore,
                    initialSingleDownfloaterIsByeAssignee);
        }
        WeightPool values = new WeightPool(limbs);
        for (int v = 0; v < n; v++) {
            unpairedClass[v] = values.intern(unpairedValue[v], 0);
        }
        unpairedClasses = values.size();
        memoBase = null;
        plusMemoBase = null;
    }

    private long key(int a, int b) {
        return a < b ? (long) a * n + b : (long) b * n + a;
    }

    /**
     * The current weight of a pair of unpaired players into out, or false when the pair has no edge. A pair
     * whose weight was ever set has both players in the current matcher; any other has its initial weight.
     */
    private boolean weight(int a, int b, long[] out) {
        if (carried != null && carriedVertex[a] && carriedVertex[b]) {
            long[] c = carried.get(key(a, b));
            if (c == REMOVED) {
                return false;
            }
            if (c != null) {
                System.arraycopy(c, 0, out, 0, limbs);
                return true;
            }
        }
        if (matcher != null && local[a] >= 0 && local[b] >= 0) {
            if (matcher.edgeWeight(local[a], local[b], out)) {
                if (alone) {
                    Wide.add(out, 0, out, 0, unpairedValue[a], 0, limbs);
                    Wide.add(out, 0, out, 0, unpairedValue[b], 0, limbs);
                }
                return true;
            }
            if (!alone) {
                return false;
            }
            int d = droppedWeights.state(local[a], local[b]);
            if (d == DroppedWeights.REMOVED) {
                return false;
            }
            if (d == DroppedWeights.KEPT) {
                droppedWeights.copy(local[a], local[b], out);
                return true;
            }
        }
        if (!players.canMeet(a, b)) {
            return false;
        }
        Wide.add(out, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
        return true;
    }

    /**
     * Starts a bracket whose players (moved-down, resident and next-bracket) are {@code vertices}; the
     * lower players are the vertices from {@code lowerBegin} on; every other vertex is already paired.
     */
    void beginBracket(List<Integer> vertices, int lowerBegin, int movedDown) {
        this.lowerBegin = lowerBegin;
        pairedInBracket.clear();
        bracketVertices = vertices.stream().mapToInt(Integer::intValue).toArray();
        boolean bracketAlone = shortcuts && pairLowerPlayers();
        // Only the pairs of moved-down players keep weights from earlier brackets (every other pair of
        // the bracket is set anew), so they are saved and the previous matcher is let go first.
        Map<Long, long[]> saved = new HashMap<>();
        for (int i = 0; i < movedDown; i++) {
            for (int j = 0; j < i; j++) {
                int a = bracketVertices[i];
                int b = bracketVertices[j];
                saved.put(key(a, b), weight(a, b, tmp2) ? tmp2.clone() : REMOVED);
            }
        }
        // The weights get room for the bracket's score groups only (the lower players' initial weights
        // use none), so the saved ones are rewritten and the matcher is built anew, also when the whole
        // field is solved.
        if (shortcuts) {
            WeightLayout.Layout before = layout.layoutInForce();
            List<Integer> scores = new ArrayList<>();
            for (int v : bracketVertices) {
                scores.add(players.sc(v));
            }
            layout.useScoreGroups(scores);
            useLayoutInForce();
            for (var e : saved.entrySet()) {
                if (e.getValue() != REMOVED) {
                    e.setValue(layout.relayout(e.getValue(), before));
                }
            }
        } else if (!bracketAlone && !alone && matcher != null) {
            return;     // the whole-field matcher of the previous bracket goes on, incrementally
        }
        matcher = null;
        droppedWeights = new DroppedWeights(0, limbs);
        carried = saved;
        carriedVertex = new boolean[n];
        for (int i = 0; i < movedDown; i++) {
            carriedVertex[bracketVertices[i]] = true;
        }
        if (bracketAlone) {
            bracketsAlone++;
            rebuild(bracketVertices, true);
        } else {
            useWholeField();
        }
        carried = null;
        carriedVertex = null;
    }

    /** Solves all unpaired players together, and the pairs already decided in this bracket. */
    private void useWholeField() {
        int[] vertices = new int[n];
        int k = 0;
        for (int v = 0; v < n; v++) {
            if (!paired[v] || pairedInBracket.contains(v)) {
                vertices[k++] = v;
            }
        }
        rebuild(Arrays.copyOf(vertices, k), false);
    }

    /** A new matcher over these vertices with the current weights (read from the one it replaces). */
    private void rebuild(int[] vertices, boolean newAlone) {
        int m = vertices.length;
        WeightedMatcher built = new WeightedMatcher(m, limbs, maxWeight);
        DroppedWeights dropped = new DroppedWeights(m, limbs);
        for (int i = 0; i < m; i++) {
            int a = vertices[i];
            for (int j = 0; j < i; j++) {
                int b = vertices[j];
                if (paired[a] || paired[b]) {
                    // a pair decided in this bracket stays matched, alone, at the maximum weight
                    if (partner[a] == b) {
                        built.setEdgeWeight(i, j, newAlone ? bracketWeight(a, b, maxEdgeWeight, 0)
                                : maxEdgeWeight, 0);
                    }
                    continue;
                }
                if (!weight(a, b, tmp2)) {
                    if (newAlone && players.canMeet(a, b)) {
                        dropped.putRemoved(i, j);
                    }
                    continue;
                }
                long[] w = newAlone ? bracketWeight(a, b, tmp2, 0) : tmp2;
                if (w != null) {
                    built.setEdgeWeight(i, j, w, 0);
                } else if (!isInitialWeight(a, b, tmp2)) {
                    dropped.put(i, j, tmp2);
                }
            }
        }
        matcher = built;
        alone = newAlone;
        droppedWeights = dropped;
        solverVertices = vertices;
        local = new int[n];
        Arrays.fill(local, -1);
        for (int i = 0; i < m; i++) {
            local[vertices[i]] = i;
        }
    }

    private boolean isInitialWeight(int a, int b, long[] w) {
        if (!players.canMeet(a, b)) {
            return false;
        }
        Wide.add(tmp, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
        return Wide.compare(tmp, 0, w, 0, limbs) == 0;
    }

    /** Pairs the lower players (less a PAB candidate of least b when the field is odd); false if it fails. */
    private boolean pairLowerPlayers() {
        int pab = -1;
        if ((n & 1) != 0) {
            for (int v = lowerBegin; v < n; v++) {
                if (pab == -1 || Wide.compare(unpairedValue[v], 0, unpairedValue[pab], 0, limbs) < 0) {
                    pab = v;
                }
            }
            if (pab == -1) {
                return false;
            }
            // every optimum of the whole problem gives the PAB to a lower player; so must this one
            for (int v : bracketVertices) {
                if (Wide.compare(unpairedValue[v], 0, unpairedValue[pab], 0, limbs) <= 0) {
                    return false;
                }
            }
        }
        int[] vertices = new int[n - lowerBegin - (pab == -1 ? 0 : 1)];
        int k = 0;
        for (int v = lowerBegin; v < n; v++) {
            if (v != pab) {
                vertices[k++] = v;
            }
        }
        lower = SimplePairing.of(vertices, players::canMeet);
        return lower != null;
    }

    /** Can the lower players complete a pairing of the bracket players the bracket solution left over? */
    private boolean leftoversFit(int[] m) {
        List<Integer> leftover = new ArrayList<>();
        for (int i = 0; i < m.length; i++) {
            if (m[i] == i) {
                leftover.add(solverVertices[i]);
            }
        }
        return lower.absorbs(leftover, players::canMeet);
    }

    /**
     * w − b(a) − b(b), or null when that is not positive. Into a buffer overwritten by the next call: every
     * caller hands it straight to the matcher, which copies it (an array per pair was garbage by millions).
     */
    private long[] bracketWeight(int a, int b, long[] w, int offset) {
        if (w == null || Wide.isZero(w, offset, limbs)) {
            return null;
        }
        Wide.add(tmp, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
        if (Wide.compare(w, offset, tmp, 0, limbs) <= 0) {
            return null;
        }
        Wide.sub(bracketWeightOut, 0, w, offset, tmp, 0, limbs);
        return bracketWeightOut;
    }

    private long[] solverWeight(int a, int b, long[] w) {
        return alone ? bracketWeight(a, b, w, 0) : w;
    }

    /**
     * set() with the base weight of the bracket's pair (larger, smaller), read in place. What the matcher
     * stores depends only on that weight and, bracket alone, on b(a) and b(b), which take few values: so the
     * matcher's id for it is remembered (set is called for every pair of a bracket, several times, and the
     * pool's look-up of each value was the largest part of a first round).
     */
    void setBase(int a, int b, BracketWeights base, int larger, int smaller) {
        int id = base.id(larger, smaller);
        int[] memo = id == 0 ? null : solverIdMemo(base);
        if (memo == null) {
            set(a, b, id == 0 ? null : base.values(), id * limbs);
            return;
        }
        int slot = alone ? (id * unpairedClasses + unpairedClass[a]) * unpairedClasses + unpairedClass[b] : id;
        int known = memo[slot];
        if (known == 0) {
            long[] weight = alone ? bracketWeight(a, b, base.values(), id * limbs) : base.values();
            if (weight == null) {
                known = -1;
            } else {
                known = matcher.weightIdOf(weight, alone ? 0 : id * limbs) + 1;
                if (matcher.poolGeneration() != memoGeneration) {
                    Arrays.fill(memo, 0);
                    memoGeneration = matcher.poolGeneration();
                }
            }
            memo[slot] = known;
        }
        if (known < 0) {
            set(a, b, base.values(), id * limbs);       // not above b(a) + b(b): kept apart, as set() does
            return;
        }
        matcher.setEdgeWeightId(local[a], local[b], known - 1);
        if (alone) {
            droppedWeights.remove(local[a], local[b]);
        }
    }

    /**
     * set() with the base weight of the bracket's pair (larger, smaller) plus {@code addend} units (an
     * exchange's or an opponent's preference), or no edge when the pair has none. As {@link #setBase}, the
     * matcher's id of the weight is remembered, here per (base weight, b(a), b(b), addend): the remainder's
     * exchange weights are set for every pair of a bracket, and a copy, a sum and the pool's look-up per pair
     * were a fifth of a 5,000-player first round.
     */
    void setBasePlus(int a, int b, BracketWeights base, int larger, int smaller, long addend) {
        int id = base.id(larger, smaller);
        if (id == 0) {
            set(a, b, null, 0);
            return;
        }
        long wideSlot = alone ? ((long) id * unpairedClasses + unpairedClass[a]) * unpairedClasses
                + unpairedClass[b] : id;
        boolean remembered = wideSlot < Integer.MAX_VALUE - 1;
        int slot = (int) wideSlot;
        int known = remembered ? plusMemoFor(base).get(slot, addend) : 0;
        if (known > 0) {
            matcher.setEdgeWeightId(local[a], local[b], known - 1);
            if (alone) {
                droppedWeights.remove(local[a], local[b]);
            }
            return;
        }
        long[] w = plusBuf;
        System.arraycopy(base.values(), id * limbs, w, 0, limbs);
        Wide.addAt(w, 0, limbs, 0, addend);
        long[] weight = alone ? bracketWeight(a, b, w, 0) : w;
        if (known < 0 || !remembered || weight == null || Wide.isZero(w, 0, limbs)) {
            if (remembered && weight == null) {
                plusMemo.put(slot, addend, -1);      // not above b(a) + b(b): kept apart, as set() does
            }
            set(a, b, w, 0);
            return;
        }
        int matcherId = matcher.weightIdOf(weight, 0);
        plusMemoFor(base).put(slot, addend, matcherId + 1);
        matcher.setEdgeWeightId(local[a], local[b], matcherId);
        if (alone) {
            droppedWeights.remove(local[a], local[b]);
        }
    }

    /** setBasePlus's memo, emptied when the base, the matcher, the mode or the pool's generation changes. */
    private AddendMemo plusMemoFor(BracketWeights base) {
        if (plusMemoBase != base || plusMemoMatcher != matcher || plusMemoAlone != alone
                || plusMemoGeneration != matcher.poolGeneration()) {
            plusMemo.clear();
            plusMemoBase = base;
            plusMemoMatcher = matcher;
            plusMemoAlone = alone;
            plusMemoGeneration = matcher.poolGeneration();
        }
        return plusMemo;
    }

    /** The memo of setBase for this base, matcher, mode and pool generation; null when it would be too big. */
    private int[] solverIdMemo(BracketWeights base) {
        if (memoBase != base || memoMatcher != matcher || memoAlone != alone
                || memoGeneration != matcher.poolGeneration()) {
            long size = alone ? (long) base.size() * unpairedClasses * unpairedClasses : base.size();
            memo = size <= SOLVER_MEMO_LIMIT ? new int[(int) size] : null;
            memoBase = base;
            memoMatcher = matcher;
            memoAlone = alone;
            memoGeneration = matcher.poolGeneration();
        }
        return memo;
    }

    void set(int a, int b, long[] w, int offset) {
        boolean none = w == null || Wide.isZero(w, offset, limbs);
        long[] weight = none ? null : alone ? bracketWeight(a, b, w, offset) : w;
        matcher.setEdgeWeight(local[a], local[b], weight, weight == w ? offset : 0);
        if (alone) {
            int i = local[a];
            int j = local[b];
            if (weight != null) {
                droppedWeights.remove(i, j);
            } else if (none) {
                if (players.canMeet(a, b)) {
                    droppedWeights.putRemoved(i, j);
                } else {
                    droppedWeights.remove(i, j);
                }
            } else {
                long[] raw = Arrays.copyOfRange(w, offset, offset + limbs);
                if (isInitialWeight(a, b, raw)) {
                    droppedWeights.remove(i, j);
                } else {
                    droppedWeights.put(i, j, raw);
                }
            }
        }
    }

    /**
     * The opponent of v when its edges to the opponents (the lowest-ranked first) gain the rising addends,
     * proved from the optimum in hand without solving (see {@link WeightedMatcher#partnerByAddends}); the
     * matching is changed to give v that opponent. -1 when only a solve can tell.
     */
    int partnerByAddends(int v, int[] opponents, long[] addends, int count) {
        if (local[v] < 0) {
            return -1;
        }
        int[] localOpponents = new int[count];
        long[] decreasing = new long[count];
        for (int i = 0; i < count; i++) {
            int o = opponents[count - 1 - i];
            if (local[o] < 0) {
                return -1;
            }
            localOpponents[i] = local[o];
            decreasing[i] = addends[count - 1 - i];
        }
        int chosen = matcher.partnerByAddends(local[v], localOpponents, decreasing, count);
        return chosen < 0 ? -1 : solverVertices[chosen];
    }

    /** v0 and v1 are paired for good: they keep only their edge, at the maximum weight. */
    void finalizePair(int v0, int v1) {
        paired[v0] = true;
        paired[v1] = true;
        partner[v0] = v1;
        partner[v1] = v0;
        pairedInBracket.add(v0);
        pairedInBracket.add(v1);
        for (int u : solverVertices) {
            if (u != v0 && u != v1) {
                matcher.setEdgeWeight(local[v0], local[u], null, 0);
                matcher.setEdgeWeight(local[v1], local[u], null, 0);
            }
        }
        matcher.setEdgeWeight(local[v0], local[v1], solverWeight(v0, v1, maxEdgeWeight), 0);
    }

    void solve() {
        matcher.computeMatching();
        boolean forced = alone && forcedFallbackPeriod > 0 && ++bracketAloneSolves % forcedFallbackPeriod == 0;
        if (alone && (forced || !leftoversFit(matcher.matching()))) {
            fallbacks++;
            useWholeField();
            matcher.computeMatching();
        }
    }

    /** Mate by vertex; a bracket player paired with a lower player (bracket-alone solving) gets n. */
    int[] matching() {
        int[] result = new int[n];
        for (int v = 0; v < n; v++) {
            result[v] = v;
        }
        int[] m = matcher.matching();
        for (int i = 0; i < m.length; i++) {
            result[solverVertices[i]] = m[i] != i ? solverVertices[m[i]] : alone ? n : solverVertices[i];
        }
        return result;
    }
}

package org.torneo.pairing.dutch.matching;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual), with incremental
 * updates: changing the weights of the edges of a vertex frees that vertex (and the blossoms around it) and
 * the next {@link #computeMatching()} repairs the matching from the previous optimum instead of starting
 * again. Exposed vertices may carry any non-negative dual; the search lowers them to zero, either by
 * augmenting or by moving the exposed end of an alternating path to the vertex whose dual reached zero.
 *
 * <p>Weights are non-negative integers of any size; 0 means "no edge". Edge ids are {@code i * n + j} with
 * i &lt; j; endpoint ids are {@code 2 * edge + side}, side 0 naming i and side 1 naming j.
 */
public final class WeightedMatcher extends StageSearch {

    private int compactAt = 1 << 16;         // pool size at which the values no edge uses any more are let go
    private int poolGeneration;              // compactions so far (each renumbers the ids)
    private final long[] weightBuf;
    private final long[] freedDual;          // dual given to a vertex whose edges change: ≥ 2 × max weight
    private final boolean[] lowerDual;       // freed since the last solve: its dual is lowered before the search
    private final long[] hintDual;           // a freed vertex's dual when it was freed (limbs)
    private final boolean[] hasHint;
    // edges between a vertex freed since the last solve (lowerDual) and one that was not
    private int crossEdges;
    private boolean solvedOnce;
    private final int[] pathLabel;          // partner search: stamp when labelled
    private final int[] pathParent;
    private final int[] pathQueue;
    private int pathStamp;

    /** @param maxWeight an upper bound on every weight that will be set */
    public WeightedMatcher(int n, BigInteger maxWeight) {
        this(n, Wide.limbsFor(maxWeight.bitLength() + 2), maxWeight);
    }

    /** @param limbs 64-bit limbs per value; must hold 4 × maxWeight */
    public WeightedMatcher(int n, int limbs, BigInteger maxWeight) {
        super(n, limbs);
        this.weightBuf = new long[limbs];
        this.freedDual = Wide.of(maxWeight.shiftLeft(1), limbs);
        for (int i = 0; i < n; i++) {
            System.arraycopy(freedDual, 0, dual, i * limbs, limbs);
        }
        lowerDual = new boolean[n];
        Arrays.fill(lowerDual, true);
        hintDual = new long[n * limbs];
        hasHint = new boolean[n];
        pathLabel = new int[n];
        pathParent = new int[n];
        pathQueue = new int[n];
    }

    public int size() {
        return n;
    }

    /** For tests: let go of unused pooled weights once the pool holds this many (normally 65,536 or more). */
    void compactPoolAt(int poolSize) {
        compactAt = poolSize;
    }

    /**
     * Sets the weight of the edge between {@code modified} and {@code neighbour}; 0 removes the edge.
     * {@code modified} is freed from its mate and its blossoms so that the duals stay feasible.
     */
    public void setEdgeWeight(int modified, int neighbour, BigInteger w) {
        setEdgeWeight(modified, neighbour, Wide.of(w, limbs), 0);
    }

    /** As above with the weight as limbs at {@code w[offset ..]}; null means 0. */
    public void setEdgeWeight(int modified, int neighbour, long[] w, int offset) {
        if (modified == neighbour) {
            throw new IllegalArgumentException("loop");
        }
        freeVertex(modified);
        setWeightId(modified, neighbour, w == null ? 0 : weightIdOf(w, offset));
    }

    /**
     * The id under which the weight at {@code w[offset ..]} is stored, for {@link #setEdgeWeightId}: valid while
     * {@link #poolGeneration()} stays the same (a caller that sets the same weights on many edges keeps it and skips
     * the pool's look-up).
     */
    public int weightIdOf(long[] w, int offset) {
        long carry = 0;
        for (int i = 0; i < limbs; i++) {
            long x = w[offset + i];
            weightBuf[i] = (x << 1) | carry;
            carry = x >>> 63;
        }
        if (pool.size() >= compactAt) {
            compactPool();
        }
        return pool.intern(weightBuf, 0);
    }

    /** Changes when the pool lets go of values and renumbers its ids. */
    public int poolGeneration() {
        return poolGeneration;
    }

    /** As {@link #setEdgeWeight} with an id from {@link #weightIdOf} of the current generation. */
    public void setEdgeWeightId(int modified, int neighbour, int id) {
        if (modified == neighbour) {
            throw new IllegalArgumentException("loop");
        }
        freeVertex(modified);
        setWeightId(modified, neighbour, id);
    }

    private void setWeightId(int modified, int neighbour, int id) {
        int e = modified * n + neighbour;
        int e2 = neighbour * n + modified;
        boolean present = id != 0;
        boolean changes = present != (weightId[e] != 0);
        if (changes && !lowerDual[neighbour]) {
            crossEdges += present ? 1 : -1;
        }
        weightId[e] = id;
        weightId[e2] = id;
        if (changes) {
            // the neighbour bit sets only when an edge comes or goes (a re-weighting mostly keeps them)
            edgeBits[modified * groupWords + (neighbour >>> 6)] ^= 1L << neighbour;
            edgeBits[neighbour * groupWords + (modified >>> 6)] ^= 1L << modified;
        }
    }

    /** Lets go of the pooled values that no edge uses any more (weights replaced by re-weighting). */
    private void compactPool() {
        boolean[] live = new boolean[pool.size()];
        for (int id : weightId) {
            live[id] = true;
        }
        int[] renumber = pool.compact(live);
        for (int k = 0; k < weightId.length; k++) {
            weightId[k] = renumber[weightId[k]];
        }
        compactAt = Math.max(compactAt, 2 * pool.size());
        poolGeneration++;
    }

    /** The weight of the edge between a and b into out (limbs), or false (out untouched) when there is none. */
    public boolean edgeWeight(int a, int b, long[] out) {
        int e = a * n + b;
        if (weightId[e] == 0) {
            return false;
        }
        Wide.halve(out, 0, pool.values(), weightId[e] * limbs, limbs);
        return true;
    }

    public int limbs() {
        return limbs;
    }

    private void freeVertex(int v) {
        if (lowerDual[v] && top(v) == v && mate[v] == -1) {
            // freed since the last solve and alone since (only a solve forms blossoms, matches or moves its dual):
            // its dual is still the freed one, nothing to do (a bracket sets every edge of a vertex in a row)
            return;
        }
        int b = top(v);
        int base = blossomBase[b];
        if (mate[base] != -1) {
            int m = endpoint(mate[base]);
            mate[m] = -1;
            mate[base] = -1;
        }
        if (b >= n) {
            augmentBlossom(b, v);
            mate[v] = -1;
        }
        if (top(v) != v) {
            dissolveAround(v);
        }
        if (!lowerDual[v]) {
            // the dual it had (with the duals of the blossoms just dissolved): a guide for lowering it again
            System.arraycopy(dual, v * limbs, hintDual, v * limbs, limbs);
            hasHint[v] = true;
        }
        System.arraycopy(freedDual, 0, dual, v * limbs, limbs);
        if (!lowerDual[v]) {
            lowerDual[v] = true;
            int row = v * n;
            for (int j = 0; j < n; j++) {
                if (weightId[row + j] != 0) {
                    crossEdges += lowerDual[j] ? -1 : 1;
                }
            }
        }
    }

    /** Mate of each vertex, or the vertex itself when it is unmatched. */
    public int[] matching() {
        int[] result = new int[n];
        for (int v = 0; v < n; v++) {
            result[v] = mate[v] == -1 ? v : endpoint(mate[v]);
        }
        return result;
    }

    /** Makes every exposed vertex's dual even, so that all dual steps stay integral. */
    private void fixParity() {
        for (int x = 0; x < n; x++) {
            if (mate[x] != -1 || (dual[x * limbs] & 1L) == 0) {
                continue;
            }
            while (true) {
                int b = top(x);
                if (b < n) {
                    Wide.addAt(dual, x * limbs, limbs, 0, 1);
                    break;
                }
                if (!dualZero(b)) {
                    int count = leaves(b);
                    for (int i = 0; i < count; i++) {
                        Wide.addAt(dual, leafBuf[i] * limbs, limbs, 0, 1);
                    }
                    Wide.addAt(dual, b * limbs, limbs, 0, -1);
                    break;
                }
                dissolveTop(b, false);
            }
        }
    }

    /**
     * A freed vertex's dual only has to keep its edges' slacks non-negative: lowering it to the least such value
     * (the vertex becomes tight with its best neighbour) spares the search the long descent from 2 × max weight.
     * Freed neighbours not lowered yet count with the dual they had before they were freed (the previous optimum's),
     * so after a change to many vertices' edges (a whole bracket re-weighted) the duals stay balanced near that
     * optimum and the search only repairs what changed; a vertex freed for the first time counts with
     * 2 × max weight, i.e. not at all. Each vertex is lowered against the final duals of those lowered before it.
     */
    private void lowerFreedDuals() {
        long[] best = tmpA;
        long[] diff = tmpB;
        for (int v = 0; v < n; v++) {
            if (!lowerDual[v]) {
                continue;
            }
            lowerDual[v] = false;
            hasHint[v] = false;
            Arrays.fill(best, 0L);
            int bestFree = -1;          // a single exposed vertex on a tight edge of v, if any
            int row = v * n;
            for (int j = 0; j < n; j++) {
                if (j == v || weightId[row + j] == 0) {
                    continue;
                }
                long[] weight2 = pool.values();
                int k = weightId[row + j] * limbs;
                // A neighbour also freed and not lowered yet counts with the dual it had before (not with its
                // 2 × max weight): it is lowered later against v's final dual, so feasibility holds either way,
                // but this way both land near the optimum they had instead of one taking the whole weight.
                long[] other = lowerDual[j] && hasHint[j] ? hintDual : dual;
                if (!Wide.subIfNotBelow(diff, 0, weight2, k, other, j * limbs, limbs)) {
                    continue;       // the weight is below the neighbour's dual: no bound on v's
                }
                int c = Wide.compare(diff, 0, best, 0, limbs);
                if (c > 0) {
                    System.arraycopy(diff, 0, best, 0, limbs);
                    bestFree = -1;
                }
                if (c >= 0 && bestFree == -1 && mate[j] == -1 && top(j) == j && !lowerDual[j]) {
                    bestFree = j;
                }
            }
            System.arraycopy(best, 0, dual, v * limbs, limbs);
            // the edges to the best neighbours are now tight: v and a single exposed one can be matched at once
            if (bestFree != -1 && mate[v] == -1 && top(v) == v) {
                mate[v] = remoteEndpoint(v, bestFree);
                mate[bestFree] = remoteEndpoint(bestFree, v);
            }
        }
        crossEdges = 0;
        dualVersion++;
    }

    public void computeMatching() {
        lowerFreedDuals();
        fixParity();
        while (stage()) {
            // each stage augments once or moves an exposed end
        }
        solvedOnce = true;
    }

    /**
     * The partner vertex {@code v} gets when its edges to the candidates gain the given distinct addends (weight
     * units, the largest first), decided from the last optimum without solving again, or -1 when only a solve can
     * tell. On success the matching gives v that partner and stays optimal for the current weights; the caller
     * then sets v's edges as it would before a solve.
     *
     * <p>Why it is exact: after a solve, the duals u, z are feasible and the matching M meets them with equality
     * (matched edges tight, exposed vertices at dual 0, blossoms full). Vertices freed since (their edges
     * changed) must only touch each other ({@code crossEdges == 0}), so the rest R is a problem of its own, and
     * M on R is still optimal as long as every vertex of R is matched within R or has dual 0. Any matching that
     * pairs v with c weighs at most opt(R) − slack(v, c) / 2, so with the addends it is beaten by M (which pairs
     * v with its mate m at addend a(m), 0 if m is no candidate) when slack(v, c) > 2 (a(c) − a(m)): c is out.
     * If every candidate with a larger addend than m is out, every new optimum keeps m (a(m) > 0 is needed, or
     * leaving v to a non-candidate would tie). If the first candidate c not out has slack 0 and an alternating
     * path of tight edges joins m and c's mate, swapping along it gives an optimal matching with v–c at the
     * largest addend left, and every new optimum pairs v with c. Anything else (blossoms, dual-0 ends, no short
     * path) is left to the solve. The set of exposed vertices never changes.
     */
    public int partnerByAddends(int v, int[] candidates, long[] addends, int count) {
        if (!solvedOnce || crossEdges != 0 || lowerDual[v] || top(v) != v || mate[v] == -1) {
            return -1;
        }
        int m = endpoint(mate[v]);
        if (lowerDual[m]) {
            return -1;
        }
        for (int x = 0; x < n; x++) {
            if (lowerDual[x]) {
                continue;
            }
            if (mate[x] == -1 ? !dualZero(x) : lowerDual[endpoint(mate[x])]) {
                return -1;
            }
        }
        long mateAddend = 0;
        for (int i = 0; i < count; i++) {
            if (candidates[i] == m) {
                mateAddend = addends[i];
            }
        }
        long[] slack2 = tmpA;
        long[] bound = tmpB;
        for (int i = 0; i < count; i++) {
            int c = candidates[i];
            if (i > 0 && addends[i] >= addends[i - 1]) {
                throw new IllegalArgumentException("addends must decrease");
            }
            if (lowerDual[c]) {
                return -1;
            }
            if (c == m) {
                return mateAddend > 0 ? m : -1;
            }
            if (addends[i] <= 0) {
                return -1;
            }
            int e = v * n + c;
            if (weightId[e] != 0) {
                Wide.addSub(slack2, dual, v * limbs, dual, c * limbs, pool.values(), weightId[e] * limbs, limbs);
            } else {
                Wide.add(slack2, 0, dual, v * limbs, dual, c * limbs, limbs);
            }
            Arrays.fill(bound, 0L);
            Wide.addAt(bound, 0, limbs, 1, addends[i] - mateAddend);
            if (Wide.compare(slack2, 0, bound, 0, limbs) > 0) {
                continue;       // pairing v with c costs more than its addend can win
            }
            if (weightId[e] == 0 || !Wide.isZero(slack2, 0, limbs) || top(c) != c || mate[c] == -1) {
                return -1;
            }
            int mc = endpoint(mate[c]);
            if (lowerDual[mc] || top(mc) != mc || top(m) != m || !swapAlongTightPath(v, c, m, mc)) {
                return -1;
            }
            return c;
        }
        return -1;
    }

    private static final int PATH_SEARCH_SCANS = 64;

    /**
     * Looks for an alternating path of tight edges from m to mc between single (non-blossom) vertices of R, not
     * through v or c, with at most {@link #PATH_SEARCH_SCANS} vertex scans; if found, matches v with c and flips
     * the path so that m and mc are matched again.
     */
    private boolean swapAlongTightPath(int v, int c, int m, int mc) {
        if (++pathStamp == Integer.MAX_VALUE) {
            Arrays.fill(pathLabel, 0);
            pathStamp = 1;
        }
        int stampNow = pathStamp;
        pathLabel[v] = stampNow;
        pathLabel[c] = stampNow;
        pathLabel[m] = stampNow;
        pathParent[m] = -1;
        int head = 0;
        int tail = 0;
        pathQueue[tail++] = m;
        int found = -1;
        long[] s = tmpScan;
        while (head < tail && found == -1) {
            if (head >= PATH_SEARCH_SCANS) {
                return false;
            }
            int x = pathQueue[head++];
            // the direct edge to the target first: in big groups of equal players it is usually tight
            int order0 = mc;
            for (int step = -1; step < n && found == -1; step++) {
                int j = step < 0 ? order0 : step;
                if (step >= 0 && j == order0) {
                    continue;
                }
                int e = x * n + j;
                if (j == x || weightId[e] == 0 || lowerDual[j] || top(j) != j) {
                    continue;
                }
                if (j != mc && pathLabel[j] == stampNow) {
                    continue;
                }
                if (!Wide.addSub(s, dual, x * limbs, dual, j * limbs, pool.values(), weightId[e] * limbs, limbs)) {
                    continue;
                }
                if (j == mc) {
                    pathParent[mc] = x;
                    found = mc;
                    break;
                }
                if (mate[j] == -1) {
                    continue;
                }
                int jm = endpoint(mate[j]);
                if (pathLabel[jm] == stampNow || lowerDual[jm] || top(jm) != jm) {
                    continue;
                }
                pathLabel[j] = stampNow;
                pathLabel[jm] = stampNow;
                pathParent[j] = x;
                pathParent[jm] = j;
                pathQueue[tail++] = jm;
            }
        }
        if (found == -1) {
            return false;
        }
        // flip: mc takes its parent; each inner vertex's old mate takes the inner vertex's parent, up to m
        int y = mc;
        while (y != -1) {
            int x = pathParent[y];
            mate[y] = remoteEndpoint(y, x);
            mate[x] = remoteEndpoint(x, y);
            y = x == m ? -1 : pathParent[x];
        }
        mate[v] = remoteEndpoint(v, c);
        mate[c] = remoteEndpoint(c, v);
        return true;
    }
}

package org.torneo.pairing.dutch.matching;

import java.math.BigInteger;
import java.util.ArrayDeque;
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
public final class WeightedMatcher {

    private final int n;
    private final double inverseN;           // 1.0 / n, for rowOf
    private final int limbs;
    // twice the weight of each edge, as an id into the pool of distinct values (0: no edge); both (a, b) and
    // (b, a) are stored so that scanning a vertex's row reads memory in order
    private final int[] weightId;
    private final WeightPool pool;
    private int compactAt = 1 << 16;         // pool size at which the values no edge uses any more are let go
    private int poolGeneration;              // compactions so far (each renumbers the ids)
    private final long[] weightBuf;
    private final long[] freedDual;          // dual given to a vertex whose edges change: ≥ 2 × max weight
    private final boolean[] lowerDual;       // freed since the last solve: its dual is lowered before the search
    private final long[] hintDual;           // a freed vertex's dual when it was freed (limbs)
    private final boolean[] hasHint;
    private final int[] mate;                // remote endpoint id, or -1
    private final int[] label;               // per vertex/blossom: 0 free, 1 S, 2 T (5 = S marked in scan)
    private final int[] labelEnd;            // endpoint id through which the label was given, or -1
    private final int[] inBlossom;
    private final int[] blossomParent;
    private final int[][] blossomChilds;
    private final int[] blossomBase;
    private final int[][] blossomEndps;
    private final int[] bestEdge;
    private final int[][] blossomBestEdges;
    private final ArrayDeque<Integer> unusedBlossoms = new ArrayDeque<>();
    private final long[] dual;               // per vertex/blossom (limbs)
    private final long[] tmpA;
    private final long[] tmpB;
    private final long[] deltaBuf;
    private final long[] tmpScan;
    private final long[] cachedSlack;
    private final int[] cachedEdge;
    private final int[] cachedVersion;
    private int dualVersion = 1;
    // per ordered pair (i * n + j, both orders): stamp of the stage in which the edge became tight; read along a
    // vertex's row, as the weights are, so that a scan does not stride down a column (a cache miss per edge)
    private final short[] allowStamp;
    private final boolean[] zeroBlossom;
    private int stamp = 1;
    private int[] queue = new int[16];        // S-vertices and S-blossoms to scan (a stack)
    private int queueSize;
    private final int[] leafBuf;             // leaves(b) writes here
    // edges between a vertex freed since the last solve (lowerDual) and one that was not
    private int crossEdges;
    private boolean solvedOnce;
    private final int[] pathLabel;          // partner search: stamp when labelled
    private final int[] pathParent;
    private final int[] pathQueue;
    private int pathStamp;
    private final int[] bestEdgeToScratch;   // addBlossom: per other blossom, the least-slack edge, or -1
    private final long[] bestSlackToScratch; // ... and its slack (limbs)
    private final int[] touched;             // ... the other blossoms met
    private final long[] dissolveSum;       // dissolveAround (limbs)
    private final int[] outsideS;            // addBlossom: the S-vertices outside the new blossom, in increasing order
    private int touchedCount;
    // A stage first runs on its tight edges alone (most stages augment without a dual step, and then the least-slack
    // edges were never read); the first dual step it needs undoes its blossoms and runs it again from its start, now
    // keeping the least-slack edges, so that every decision is the one the eager stage makes.
    private boolean eager;
    private final int[] formedThisStage;     // blossoms formed by the tight-edges-only run, in order
    private final boolean[] formedInRun;     // undoStage: which blossoms those are
    private int formedCount;
    private final int[] pathScratch;         // addBlossom, scanBlossom, dissolveAround: blossoms along a path
    // The dual step's candidates, kept between steps of an eager run instead of a pass over every vertex and blossom
    // per step (most steps change nothing: delta 0). Slacks shift uniformly with the duals, so a key is stored as
    // slack + deltaSum (the run's steps so far), which stays valid while its owner keeps its label.
    private final MinTree freeBest;          // free vertex v: slack of bestEdge[v] (+ deltaSum)
    private final MinTree sBest;             // top-level S vertex or blossom b: half the slack of bestEdge[b] (+ ...)
    private final long[] deltaSum;
    private final long[] keyBuf;
    private final int[] dirtyFree;           // vertices whose freeBest entry may be out of date, and a flag each
    private final boolean[] isDirtyFree;
    private int dirtyFreeCount;
    private final int[] dirtyS;              // the same for sBest
    private final boolean[] isDirtyS;
    private int dirtySCount;
    private int leastSVertex;                // the S-vertex of least dual (the lowest such), -1 none scanned yet
    private final int[] tBlossoms;           // blossoms labelled T in this run (some since expanded or absorbed)
    private final boolean[] inTBlossoms;
    private int tBlossomCount;
    private final int[] endpsScratch;        // addBlossom: endpoints along the path

    /** @param maxWeight an upper bound on every weight that will be set */
    public WeightedMatcher(int n, BigInteger maxWeight) {
        this(n, Wide.limbsFor(maxWeight.bitLength() + 2), maxWeight);
    }

    /** @param limbs 64-bit limbs per value; must hold 4 × maxWeight */
    public WeightedMatcher(int n, int limbs, BigInteger maxWeight) {
        this.n = n;
        this.inverseN = 1.0 / n;
        this.limbs = limbs;
        this.weightId = new int[n * n];
        this.pool = new WeightPool(limbs);
        this.weightBuf = new long[limbs];
        this.freedDual = Wide.of(maxWeight.shiftLeft(1), limbs);
        tmpA = new long[limbs];
        tmpB = new long[limbs];
        deltaBuf = new long[limbs];
        tmpScan = new long[limbs];
        cachedSlack = new long[2 * n * limbs];
        cachedEdge = new int[2 * n];
        Arrays.fill(cachedEdge, -1);
        cachedVersion = new int[2 * n];
        mate = new int[n];
        Arrays.fill(mate, -1);
        label = new int[2 * n];
        labelEnd = new int[2 * n];
        Arrays.fill(labelEnd, -1);
        inBlossom = new int[n];
        for (int i = 0; i < n; i++) {
            inBlossom[i] = i;
        }
        blossomParent = new int[2 * n];
        Arrays.fill(blossomParent, -1);
        blossomChilds = new int[2 * n][];
        blossomBase = new int[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            blossomBase[i] = i < n ? i : -1;
        }
        blossomEndps = new int[2 * n][];
        bestEdge = new int[2 * n];
        Arrays.fill(bestEdge, -1);
        blossomBestEdges = new int[2 * n][];
        for (int b = 2 * n - 1; b >= n; b--) {
            unusedBlossoms.push(b);
        }
        dual = new long[2 * n * limbs];
        for (int i = 0; i < n; i++) {
            System.arraycopy(freedDual, 0, dual, i * limbs, limbs);
        }
        allowStamp = new short[n * n];
        zeroBlossom = new boolean[2 * n];
        lowerDual = new boolean[n];
        Arrays.fill(lowerDual, true);
        hintDual = new long[n * limbs];
        hasHint = new boolean[n];
        leafBuf = new int[n];
        pathLabel = new int[n];
        pathParent = new int[n];
        pathQueue = new int[n];
        bestEdgeToScratch = new int[2 * n];
        Arrays.fill(bestEdgeToScratch, -1);
        bestSlackToScratch = new long[2 * n * limbs];
        touched = new int[2 * n];
        outsideS = new int[n];
        dissolveSum = new long[limbs];
        pathScratch = new int[2 * n + 1];
        formedThisStage = new int[n];
        formedInRun = new boolean[2 * n];
        endpsScratch = new int[2 * n + 1];
        freeBest = new MinTree(n, limbs);
        sBest = new MinTree(2 * n, limbs);
        deltaSum = new long[limbs];
        keyBuf = new long[limbs];
        dirtyFree = new int[n];
        isDirtyFree = new boolean[n];
        dirtyS = new int[2 * n];
        isDirtyS = new boolean[2 * n];
        tBlossoms = new int[2 * n];
        inTBlossoms = new boolean[2 * n];
    }

    public int size() {
        return n;
    }

    /** For tests: let go of unused pooled weights once the pool holds this many (normally 65,536 or more). */
    void compactPoolAt(int poolSize) {
        compactAt = poolSize;
    }

    private int edge(int a, int b) {
        return a < b ? a * n + b : b * n + a;
    }

    /**
     * k / n for a pair id k (below n², so below 2^31): by a multiplication with 1 / n and a correction instead of
     * an integer division, which was the latency of every step up an alternating tree (tens of cycles each).
     */
    private int rowOf(int k) {
        int q = (int) (k * inverseN);
        int r = k - q * n;
        if (r < 0) {
            return q - 1;
        }
        return r >= n ? q + 1 : q;
    }

    private int endpoint(int p) {
        int k = p >> 1;
        int i = rowOf(k);
        return (p & 1) == 0 ? i : k - i * n;
    }

    /** Endpoint id of {@code to} on the edge between {@code from} and {@code to}. */
    private int remoteEndpoint(int from, int to) {
        return from < to ? 2 * (from * n + to) + 1 : 2 * (to * n + from);
    }

    /** out = u_i + u_j − 2 w_ij for edge k. */
    private boolean slack(int k, long[] out) {
        int i = rowOf(k);
        int j = k - i * n;
        return Wide.addSub(out, dual, i * limbs, dual, j * limbs, pool.values(), weightId[k] * limbs, limbs);
    }

    private boolean hasEdge(int k) {
        return weightId[k] != 0;
    }

    private boolean slackLess(int k1, int k2) {
        slack(k1, tmpA);
        slack(k2, tmpB);
        return Wide.compare(tmpA, 0, tmpB, 0, limbs) < 0;
    }

    private boolean dualZero(int x) {
        return Wide.isZero(dual, x * limbs, limbs);
    }

    private void addToDual(int x, long[] src, int so) {
        Wide.add(dual, x * limbs, dual, x * limbs, src, so, limbs);
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
        if (!lowerDual[neighbour] && present != (weightId[e] != 0)) {
            crossEdges += present ? 1 : -1;
        }
        weightId[e] = id;
        weightId[e2] = id;
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
        if (lowerDual[v] && inBlossom[v] == v && mate[v] == -1) {
            // freed since the last solve and alone since (only a solve forms blossoms, matches or moves its dual):
            // its dual is still the freed one, nothing to do (a bracket sets every edge of a vertex in a row)
            return;
        }
        int b = inBlossom[v];
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
        if (inBlossom[v] != v) {
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

    /**
     * What {@code while (inBlossom[v] != v) dissolveTop(inBlossom[v], true)} does, in one pass over the top blossom's
     * vertices instead of one per level: each blossom around v is removed (outermost first, as that loop releases
     * them), its dual going to its vertices, and the other children met on the way down become top-level. With
     * blossoms nested hundreds deep (a big score group) the loop visited the same vertices at every level.
     */
    private void dissolveAround(int v) {
        int[] path = pathScratch;       // the blossoms around v, outermost first
        int depth = 0;
        for (int a = blossomParent[v]; a != -1; a = blossomParent[a]) {
            path[depth++] = a;
        }
        reverse(path, 0, depth);
        long[] sum = dissolveSum;       // the duals of the blossoms removed so far, all of which hold the next level
        Arrays.fill(sum, 0L);
        for (int level = 0; level < depth; level++) {
            int b = path[level];
            int inner = level + 1 < depth ? path[level + 1] : v;
            Wide.add(sum, 0, sum, 0, dual, b * limbs, limbs);
            boolean moveDual = !Wide.isZero(sum, 0, limbs);
            for (int s : blossomChilds[b]) {
                blossomParent[s] = -1;
                if (s == inner) {
                    continue;
                }
                if (s < n) {
                    inBlossom[s] = s;
                    if (moveDual) {
                        addToDual(s, sum, 0);
                    }
                } else {
                    int sub = leaves(s);
                    for (int i = 0; i < sub; i++) {
                        inBlossom[leafBuf[i]] = s;
                        if (moveDual) {
                            addToDual(leafBuf[i], sum, 0);
                        }
                    }
                }
            }
            releaseBlossom(b);
        }
        inBlossom[v] = v;
        if (!Wide.isZero(sum, 0, limbs)) {
            addToDual(v, sum, 0);
        }
    }

    /** Removes top-level blossom b; its children become top-level. With moveDual, b's dual goes to its vertices. */
    private void dissolveTop(int b, boolean moveDual) {
        int count = leaves(b);
        if (moveDual && !dualZero(b)) {
            for (int i = 0; i < count; i++) {
                addToDual(leafBuf[i], dual, b * limbs);
            }
        }
        for (int s : blossomChilds[b]) {
            blossomParent[s] = -1;
            if (s < n) {
                inBlossom[s] = s;
            } else {
                int sub = leaves(s);
                for (int i = 0; i < sub; i++) {
                    inBlossom[leafBuf[i]] = s;
                }
            }
        }
        releaseBlossom(b);
    }

    private void releaseBlossom(int b) {
        label[b] = 0;
        labelEnd[b] = -1;
        blossomChilds[b] = null;
        blossomEndps[b] = null;
        blossomBase[b] = -1;
        blossomBestEdges[b] = null;
        bestEdge[b] = -1;
        Arrays.fill(dual, b * limbs, (b + 1) * limbs, 0L);
        unusedBlossoms.push(b);
    }

    /** Writes the vertices of blossom b into leafBuf and returns how many; the next call overwrites them. */
    private int leaves(int b) {
        return collectLeaves(b, 0);
    }

    private int collectLeaves(int b, int pos) {
        if (b < n) {
            leafBuf[pos] = b;
            return pos + 1;
        }
        for (int t : blossomChilds[b]) {
            pos = collectLeaves(t, pos);
        }
        return pos;
    }

    /**
     * Queues the vertices of b to be scanned, lazily: a blossom is queued as itself and replaced by its children
     * when it is popped ({@link #popVertex}), which pops the vertices in the order of pushing them one by one.
     * A stage usually augments after a few scans, while the S-blossoms labelled have hundreds of vertices.
     */
    private void pushLeaves(int b) {
        push(b);
    }

    /** The next S-vertex to scan, or -1; a queued S-blossom's structure does not change within a stage. */
    private int popVertex() {
        while (queueSize > 0) {
            int x = queue[--queueSize];
            if (x < n) {
                return x;
            }
            for (int t : blossomChilds[x]) {
                push(t);
            }
        }
        return -1;
    }

    private void push(int v) {
        if (queueSize == queue.length) {
            queue = Arrays.copyOf(queue, 2 * queueSize);
        }
        queue[queueSize++] = v;
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
                int b = inBlossom[x];
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
                if (c >= 0 && bestFree == -1 && mate[j] == -1 && inBlossom[j] == j && !lowerDual[j]) {
                    bestFree = j;
                }
            }
            System.arraycopy(best, 0, dual, v * limbs, limbs);
            // the edges to the best neighbours are now tight: v and a single exposed one can be matched at once
            if (bestFree != -1 && mate[v] == -1 && inBlossom[v] == v) {
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
        if (!solvedOnce || crossEdges != 0 || lowerDual[v] || inBlossom[v] != v || mate[v] == -1) {
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
            if (weightId[e] == 0 || !Wide.isZero(slack2, 0, limbs) || inBlossom[c] != c || mate[c] == -1) {
                return -1;
            }
            int mc = endpoint(mate[c]);
            if (lowerDual[mc] || inBlossom[mc] != mc || inBlossom[m] != m || !swapAlongTightPath(v, c, m, mc)) {
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
                if (j == x || weightId[e] == 0 || lowerDual[j] || inBlossom[j] != j) {
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
                if (pathLabel[jm] == stampNow || lowerDual[jm] || inBlossom[jm] != jm) {
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

    private void assignLabel(int w, int t, int p) {
        int b = inBlossom[w];
        label[w] = label[b] = t;
        labelEnd[w] = labelEnd[b] = p;
        bestEdge[w] = bestEdge[b] = -1;
        if (t == 1) {
            pushLeaves(b);
        } else {
            if (eager && b >= n) {
                noteTBlossom(b);
            }
            int base = blossomBase[b];
            assignLabel(endpoint(mate[base]), 1, mate[base] ^ 1);
        }
    }

    private int scanBlossom(int v, int w) {
        int[] path = pathScratch;
        int pathSize = 0;
        int base = -1;
        while (v != -1 || w != -1) {
            int b = inBlossom[v];
            if ((label[b] & 4) != 0) {
                base = blossomBase[b];
                break;
            }
            path[pathSize++] = b;
            label[b] = 5;
            if (labelEnd[b] == -1) {
                v = -1;
            } else {
                v = endpoint(labelEnd[b]);
                b = inBlossom[v];
                v = endpoint(labelEnd[b]);
            }
            if (w != -1) {
                int tmp = v;
                v = w;
                w = tmp;
            }
        }
        for (int i = 0; i < pathSize; i++) {
            label[path[i]] = 1;
        }
        return base;
    }

    private void addBlossom(int base, int k) {
        int v = rowOf(k);
        int w = k - v * n;
        int bb = inBlossom[base];
        int bv = inBlossom[v];
        int bw = inBlossom[w];
        int b = unusedBlossoms.pop();
        blossomBase[b] = base;
        blossomParent[b] = -1;
        blossomParent[bb] = b;
        // the children from v's side are met from v down to the base and stored base first (reversed below)
        int[] path = pathScratch;
        int[] endps = endpsScratch;
        int size = 0;
        while (bv != bb) {
            blossomParent[bv] = b;
            path[size] = bv;
            endps[size] = labelEnd[bv];
            size++;
            v = endpoint(labelEnd[bv]);
            bv = inBlossom[v];
        }
        path[size] = bb;
        int vSide = size;       // endps of v's side: [0, vSide); path of v's side with the base: [0, vSide]
        reverse(path, 0, vSide + 1);
        reverse(endps, 0, vSide);
        int pathSize = vSide + 1;
        int endpsSize = vSide;
        endps[endpsSize++] = 2 * k;
        while (bw != bb) {
            blossomParent[bw] = b;
            path[pathSize++] = bw;
            endps[endpsSize++] = labelEnd[bw] ^ 1;
            w = endpoint(labelEnd[bw]);
            bw = inBlossom[w];
        }
        blossomChilds[b] = Arrays.copyOf(path, pathSize);
        blossomEndps[b] = Arrays.copyOf(endps, endpsSize);
        label[b] = 1;
        labelEnd[b] = labelEnd[bb];
        Arrays.fill(dual, b * limbs, (b + 1) * limbs, 0L);
        int leafCount = leaves(b);
        for (int i = 0; i < leafCount; i++) {
            int x = leafBuf[i];
            if (label[inBlossom[x]] == 2) {
                push(x);
            }
            inBlossom[x] = b;
        }
        if (!eager) {
            // tight edges only: the stage is run again from its start, with these, before any dual step
            formedThisStage[formedCount++] = b;
            return;
        }
        // the least-slack edge to each other S-blossom, in scratch space kept between blossoms (a fresh pair of
        // 2n-sized arrays per blossom was most of the run's allocation at 5,000 players)
        int[] bestEdgeTo = bestEdgeToScratch;
        long[] bestSlackTo = bestSlackToScratch;
        touchedCount = 0;
        int outsideCount = -1;
        for (int child : blossomChilds[b]) {
            if (blossomBestEdges[child] == null) {
                if (outsideCount < 0) {
                    outsideCount = collectOutsideS(b);
                }
                int childLeaves = leaves(child);
                for (int ci = 0; ci < childLeaves; ci++) {
                    bestEdgesFrom(leafBuf[ci], b, outsideCount, bestEdgeTo, bestSlackTo);
                }
            } else {
                for (int kk : blossomBestEdges[child]) {
                    considerBest(b, kk, bestEdgeTo, bestSlackTo);
                }
            }
            blossomBestEdges[child] = null;
            bestEdge[child] = -1;
        }
        // in increasing order of the other blossom, as a scan of all 2n would meet them (ties go to the first)
        Arrays.sort(touched, 0, touchedCount);
        int[] list = new int[touchedCount];
        int best = -1;
        bestEdge[b] = -1;
        for (int idx = 0; idx < touchedCount; idx++) {
            int t = touched[idx];
            list[idx] = bestEdgeTo[t];
            if (best == -1 || Wide.compare(bestSlackTo, t * limbs, bestSlackTo, best * limbs, limbs) < 0) {
                best = t;
                bestEdge[b] = bestEdgeTo[t];
            }
        }
        for (int idx = 0; idx < touchedCount; idx++) {
            bestEdgeTo[touched[idx]] = -1;
        }
        blossomBestEdges[b] = list;
        markS(b);
    }

    /**
     * Writes into outsideS the vertices of S-blossoms other than b, in increasing order, and returns how many: the
     * only neighbours that {@link #bestEdgesFrom} keeps. Once per new blossom instead of a pass over all n per leaf
     * (at 10,000 players a stage forms hundreds of blossoms, most S-vertices inside the newest: a tenth of the
     * field is left).
     */
    private int collectOutsideS(int b) {
        int count = 0;
        for (int y = 0; y < n; y++) {
            int by = inBlossom[y];
            if (by != b && label[by] == 1) {
                outsideS[count++] = y;
            }
        }
        return count;
    }

    /**
     * As considerBest on every edge of x (a vertex of the new blossom b), in the same order, without the divisions:
     * the least-slack edge to each other S-blossom; the neighbours are the first {@code outsideCount} of outsideS
     * (increasing, as a pass over the row would meet them). A method of its own so that the JIT compiles this loop
     * early.
     */
    private void bestEdgesFrom(int x, int b, int outsideCount, int[] bestEdgeTo, long[] bestSlackTo) {
        long[] slackXY = tmpA;
        long[] weight2 = pool.values();
        int[] outside = outsideS;
        int row = x * n;
        for (int i = 0; i < outsideCount; i++) {
            int y = outside[i];
            if (y == x || weightId[row + y] == 0) {
                continue;
            }
            int by = inBlossom[y];
            Wide.addSub(slackXY, dual, x * limbs, dual, y * limbs, weight2, weightId[row + y] * limbs, limbs);
            if (bestEdgeTo[by] == -1) {
                touched[touchedCount++] = by;
            }
            if (bestEdgeTo[by] == -1 || Wide.compare(slackXY, 0, bestSlackTo, by * limbs, limbs) < 0) {
                bestEdgeTo[by] = edge(x, y);
                System.arraycopy(slackXY, 0, bestSlackTo, by * limbs, limbs);
            }
        }
    }

    private void considerBest(int b, int kk, int[] bestEdgeTo, long[] bestSlackTo) {
        if (!hasEdge(kk)) {
            return;
        }
        int i = rowOf(kk);
        int j = kk - i * n;
        if (inBlossom[j] == b) {
            int t = i;
            i = j;
            j = t;
        }
        int bj = inBlossom[j];
        if (bj != b && label[bj] == 1) {
            slack(kk, tmpA);
            if (bestEdgeTo[bj] == -1) {
                touched[touchedCount++] = bj;
            }
            if (bestEdgeTo[bj] == -1 || Wide.compare(tmpA, 0, bestSlackTo, bj * limbs, limbs) < 0) {
                bestEdgeTo[bj] = kk;
                System.arraycopy(tmpA, 0, bestSlackTo, bj * limbs, limbs);
            }
        }
    }

    private static void reverse(int[] a, int from, int to) {
        for (int i = from, j = to - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private int indexOf(int[] a, int x) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        throw new IllegalStateException("child not found");
    }

    private void expandBlossom(int b, boolean endStage) {
        int[] children = blossomChilds[b];
        for (int s : blossomChilds[b]) {
            blossomParent[s] = -1;
            if (s < n) {
                inBlossom[s] = s;
            } else if (endStage && dualZero(s)) {
                expandBlossom(s, endStage);
            } else {
                int count = leaves(s);
                for (int i = 0; i < count; i++) {
                    inBlossom[leafBuf[i]] = s;
                }
            }
        }
        if (!endStage && label[b] == 2) {
            int[] childs = blossomChilds[b];
            int[] endps = blossomEndps[b];
            int len = childs.length;
            int entryChild = inBlossom[endpoint(labelEnd[b] ^ 1)];
            int j = indexOf(childs, entryChild);
            int jstep;
            int endptrick;
            if ((j & 1) != 0) {
                j -= len;
                jstep = 1;
                endptrick = 0;
            } else {
                jstep = -1;
                endptrick = 1;
            }
            int p = labelEnd[b];
            while (j != 0) {
                label[endpoint(p ^ 1)] = 0;
                label[endpoint(endps[Math.floorMod(j - endptrick, len)] ^ endptrick ^ 1)] = 0;
                assignLabel(endpoint(p ^ 1), 2, p);
                allow(endps[Math.floorMod(j - endptrick, len)] >> 1);
                j += jstep;
                p = endps[Math.floorMod(j - endptrick, len)] ^ endptrick;
                allow(p >> 1);
                j += jstep;
            }
            int bv = childs[Math.floorMod(j, len)];
            label[endpoint(p ^ 1)] = label[bv] = 2;
            labelEnd[endpoint(p ^ 1)] = labelEnd[bv] = p;
            bestEdge[bv] = -1;
            if (bv >= n) {
                noteTBlossom(bv);
            }
            j += jstep;
            while (childs[Math.floorMod(j, len)] != entryChild) {
                bv = childs[Math.floorMod(j, len)];
                if (label[bv] == 1) {
                    j += jstep;
                    continue;
                }
                int count = leaves(bv);
                int found = -1;
                for (int i = 0; i < count; i++) {
                    if (label[leafBuf[i]] != 0) {
                        found = leafBuf[i];
                        break;
                    }
                }
                if (found != -1) {
                    label[found] = 0;
                    label[endpoint(mate[blossomBase[bv]])] = 0;
                    assignLabel(found, 2, labelEnd[found]);
                }
                j += jstep;
            }
        }
        if (!endStage) {
            // the vertices of the children left free are candidates of the dual step again, with fresh keys
            for (int s : children) {
                if (label[s] == 0) {
                    int count = leaves(s);
                    for (int i = 0; i < count; i++) {
                        markFree(leafBuf[i]);
                    }
                }
            }
        }
        label[b] = 0;
        labelEnd[b] = -1;
        blossomChilds[b] = null;
        blossomEndps[b] = null;
        blossomBase[b] = -1;
        blossomBestEdges[b] = null;
        bestEdge[b] = -1;
        Arrays.fill(dual, b * limbs, (b + 1) * limbs, 0L);
        unusedBlossoms.push(b);
    }

    private void augmentBlossom(int b, int v) {
        int t = v;
        while (blossomParent[t] != b) {
            t = blossomParent[t];
        }
        if (t >= n) {
            augmentBlossom(t, v);
        }
        int[] childs = blossomChilds[b];
        int[] endps = blossomEndps[b];
        int len = childs.length;
        int i = indexOf(childs, t);
        int j = i;
        int jstep;
        int endptrick;
        if ((i & 1) != 0) {
            j -= len;
            jstep = 1;
            endptrick = 0;
        } else {
            jstep = -1;
            endptrick = 1;
        }
        while (j != 0) {
            j += jstep;
            t = childs[Math.floorMod(j, len)];
            int p = endps[Math.floorMod(j - endptrick, len)] ^ endptrick;
            if (t >= n) {
                augmentBlossom(t, endpoint(p));
            }
            j += jstep;
            t = childs[Math.floorMod(j, len)];
            if (t >= n) {
                augmentBlossom(t, endpoint(p ^ 1));
            }
            mate[endpoint(p)] = p ^ 1;
            mate[endpoint(p ^ 1)] = p;
        }
        int[] nc = new int[len];
        int[] ne = new int[len];
        for (int x = 0; x < len; x++) {
            nc[x] = childs[(i + x) % len];
            ne[x] = endps[(i + x) % len];
        }
        blossomChilds[b] = nc;
        blossomEndps[b] = ne;
        blossomBase[b] = blossomBase[nc[0]];
    }

    /** Flips the alternating path from S-vertex s up to its root; s gets mate p (or stays exposed when -1). */
    private void augmentFrom(int s, int p) {
        while (true) {
            int bs = inBlossom[s];
            if (bs >= n) {
                augmentBlossom(bs, s);
            }
            mate[s] = p;
            if (labelEnd[bs] == -1) {
                break;
            }
            int t = endpoint(labelEnd[bs]);
            int bt = inBlossom[t];
            s = endpoint(labelEnd[bt]);
            int j = endpoint(labelEnd[bt] ^ 1);
            if (bt >= n) {
                augmentBlossom(bt, j);
            }
            mate[j] = labelEnd[bt];
            p = labelEnd[bt] ^ 1;
        }
    }

    /** Is value below the slack of bestEdge[owner]? The best slack is cached until the duals change. */
    private boolean lessThanBestSlack(long[] value, int owner) {
        int k = bestEdge[owner];
        if (cachedEdge[owner] != k || cachedVersion[owner] != dualVersion) {
            slack(k, tmpB);
            System.arraycopy(tmpB, 0, cachedSlack, owner * limbs, limbs);
            cachedEdge[owner] = k;
            cachedVersion[owner] = dualVersion;
        }
        return Wide.compare(value, 0, cachedSlack, owner * limbs, limbs) < 0;
    }

    private void setBest(int owner, int k, long[] slackValue) {
        bestEdge[owner] = k;
        // a plain loop: System.arraycopy's call costs more than copying a few limbs
        long[] cache = cachedSlack;
        int at = owner * limbs;
        for (int i = 0; i < limbs; i++) {
            cache[at + i] = slackValue[i];
        }
        cachedEdge[owner] = k;
        cachedVersion[owner] = dualVersion;
    }

    /** Marks edge k (i * n + j) tight in this stage, in both orders. */
    private void allow(int k) {
        int i = rowOf(k);
        int j = k - i * n;
        allowStamp[k] = (short) stamp;
        allowStamp[j * n + i] = (short) stamp;
    }

    private boolean stage() {
        dualVersion++;
        stamp++;
        if (stamp == Short.MAX_VALUE) {
            Arrays.fill(allowStamp, (short) 0);
            stamp = 1;
        }
        eager = false;
        while (true) {
            int run = runStage();
            if (run >= 0) {
                return run == 1;
            }
            // the tight edges did not augment: a dual step is needed, and with it the least-slack edges
            undoStage();
            eager = true;
        }
    }

    /**
     * Undoes the blossoms the tight-edges-only run formed (zero duals, no augmentation yet), last first, as
     * dissolveTop on each would, but the vertices of a blossom formed in the run are relabelled once, when the
     * blossom they end up in (an older one, or none) is reached, not again at every level of the run's nesting.
     */
    private void undoStage() {
        for (int i = 0; i < formedCount; i++) {
            formedInRun[formedThisStage[i]] = true;
        }
        for (int i = formedCount - 1; i >= 0; i--) {
            int b = formedThisStage[i];
            for (int s : blossomChilds[b]) {
                blossomParent[s] = -1;
                if (s < n) {
                    inBlossom[s] = s;
                } else if (!formedInRun[s]) {
                    int sub = leaves(s);
                    for (int j = 0; j < sub; j++) {
                        inBlossom[leafBuf[j]] = s;
                    }
                }
            }
            formedInRun[b] = false;
            releaseBlossom(b);
        }
        formedCount = 0;
    }

    /** One run of the stage: 1 augmented, 0 nothing left to do, -1 a dual step needed before eager. */
    private int runStage() {
        Arrays.fill(label, 0);
        Arrays.fill(bestEdge, -1);
        for (int b = n; b < 2 * n; b++) {
            blossomBestEdges[b] = null;
        }
        Arrays.fill(zeroBlossom, false);
        queueSize = 0;
        formedCount = 0;
        if (eager) {
            resetDualCandidates();
        }
        boolean anyRoot = false;
        for (int v = 0; v < n; v++) {
            if (mate[v] == -1 && label[inBlossom[v]] == 0) {
                if (!dualZero(v)) {
                    assignLabel(v, 1, -1);
                    anyRoot = true;
                } else {
                    zeroBlossom[inBlossom[v]] = true;
                }
            }
        }
        if (!anyRoot) {
            return 0;
        }
        boolean augmented = false;
        while (!augmented) {
            int v;
            while (!augmented && (v = popVertex()) >= 0) {
                augmented = eager ? scanVertex(v) : scanTight(v);
            }
            if (!augmented) {
                if (!eager) {
                    return -1;
                }
                augmented = dualStep();
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (blossomParent[b] == -1 && blossomBase[b] >= 0 && label[b] == 1 && dualZero(b)) {
                expandBlossom(b, true);
            }
        }
        return 1;
    }

    /**
     * As {@link #scanVertex} before the stage's first dual step: the same tight edges met in the same order, hence
     * the same labels, blossoms and augmentation, but no slack is computed for the others (a tight edge has
     * u_v + u_w = 2 w_vw, which the lowest limb nearly always refutes at once) and no least-slack edge is kept.
     */
    private boolean scanTight(int v) {
        long[] weight2 = pool.values();
        int[] ids = weightId;
        int[] inB = inBlossom;
        int[] lab = label;
        short[] allowed = allowStamp;
        short now = (short) stamp;
        int rowBase = v * n;
        int vOffset = v * limbs;
        int bv = inB[v];
        for (int w = 0; w < n; w++) {
            int row = rowBase + w;
            int id = ids[row];
            if (id == 0 || w == v) {
                continue;
            }
            int bw = inB[w];
            if (bw == bv) {
                continue;
            }
            int lw = lab[bw];
            if (lw == 2 && lab[w] != 0) {
                continue;
            }
            if (allowed[row] != now) {
                if (!Wide.sumEquals(dual, vOffset, dual, w * limbs, weight2, id * limbs, limbs)) {
                    continue;
                }
                allowed[row] = now;
                allowed[w * n + v] = now;
            }
            if (tightEdge(v, w, bw, lw)) {
                return true;
            }
            bv = inB[v];
        }
        return false;
    }

    /**
     * Scans the edges of S-vertex v (labels, blossoms, best edges); true when it augmented. A method of its own,
     * like {@link #dualStep}, so that the JIT compiles these hot loops early and apart instead of recompiling the
     * whole stage on stack replacement.
     */
    private boolean scanVertex(int v) {
        long[] kslack = tmpScan;
        long[] weight2 = pool.values();
        int[] ids = weightId;
        int[] inB = inBlossom;
        int[] lab = label;
        short[] allowed = allowStamp;
        short now = (short) stamp;
        int rowBase = v * n;
        int vOffset = v * limbs;
        int bv = inB[v];
        noteSVertex(v);
        // the cheapest tests first (the row's weight ids and the vertices' blossoms are read in order); the
        // slack, a multi-limb sum, only for the edges that can still matter
        for (int w = 0; w < n; w++) {
            int row = rowBase + w;
            int id = ids[row];
            if (id == 0 || w == v) {
                continue;
            }
            int bw = inB[w];
            if (bw == bv) {
                continue;
            }
            int lw = lab[bw];
            if (lw == 2 && lab[w] != 0) {
                // an edge to a vertex already labelled T changes nothing, tight or not
                continue;
            }
            boolean tight = allowed[row] == now;
            if (!tight) {
                tight = Wide.addSub(kslack, dual, vOffset, dual, w * limbs, weight2, id * limbs, limbs);
                if (tight) {
                    allowed[row] = now;
                    allowed[w * n + v] = now;
                }
            }
            if (tight) {
                if (tightEdge(v, w, bw, lw)) {
                    return true;
                }
                bv = inB[v];        // a blossom may have formed around v
            } else if (lw == 1) {
                if (bestEdge[bv] == -1 || lessThanBestSlack(kslack, bv)) {
                    setBest(bv, edge(v, w), kslack);
                    markS(bv);
                }
            } else if (lab[w] == 0) {
                if (bestEdge[w] == -1 || lessThanBestSlack(kslack, w)) {
                    setBest(w, edge(v, w), kslack);
                    markFree(w);
                }
            }
        }
        return false;
    }

    /** Acts on the tight edge v–w found by scanVertex (w's top blossom bw, labelled lw); true when it augmented. */
    private boolean tightEdge(int v, int w, int bw, int lw) {
        int p = remoteEndpoint(v, w);
        if (lw == 0) {
            if (zeroBlossom[bw]) {
                augmentFrom(v, p);
                if (bw >= n) {
                    augmentBlossom(bw, w);
                }
                mate[w] = p ^ 1;
                return true;
            }
            assignLabel(w, 2, p ^ 1);
        } else if (lw == 1) {
            int base = scanBlossom(v, w);
            if (base >= 0) {
                addBlossom(base, edge(v, w));
            } else {
                augmentFrom(v, p);
                augmentFrom(w, p ^ 1);
                return true;
            }
        } else if (label[w] == 0) {
            label[w] = 2;
            labelEnd[w] = p ^ 1;
        }
        return false;
    }

    /** Changes the duals by the largest step that keeps them feasible and acts on what became tight; true when
     * it augmented (an exposed end moved to a vertex whose dual reached 0). */
    private boolean dualStep() {
        int deltaType = 1;
        long[] delta = deltaBuf;
        int deltaVertex = leastSVertex;
        int deltaEdge = -1;
        int deltaBlossom = -1;
        // as a pass over the vertices, then the vertices and blossoms, in increasing order would choose: the least
        // value of each kind (the lowest index among equals), a later kind only when strictly less
        System.arraycopy(dual, deltaVertex * limbs, delta, 0, limbs);
        flushDirty();
        int v2 = leastValid(freeBest, false);
        if (v2 != -1) {
            Wide.sub(tmpA, 0, freeBest.keys(), freeBest.offset(v2), deltaSum, 0, limbs);
            if (Wide.compare(tmpA, 0, delta, 0, limbs) < 0) {
                System.arraycopy(tmpA, 0, delta, 0, limbs);
                deltaType = 2;
                deltaEdge = bestEdge[v2];
            }
        }
        int b3 = leastValid(sBest, true);
        if (b3 != -1) {
            Wide.sub(tmpA, 0, sBest.keys(), sBest.offset(b3), deltaSum, 0, limbs);
            if (Wide.compare(tmpA, 0, delta, 0, limbs) < 0) {
                System.arraycopy(tmpA, 0, delta, 0, limbs);
                deltaType = 3;
                deltaEdge = bestEdge[b3];
            }
        }
        int b4 = leastTBlossom();
        if (b4 != -1 && Wide.compare(dual, b4 * limbs, delta, 0, limbs) < 0) {
            System.arraycopy(dual, b4 * limbs, delta, 0, limbs);
            deltaType = 4;
            deltaBlossom = b4;
        }
        assert sameAsFullPass(deltaType, deltaVertex, deltaEdge, deltaBlossom, delta);
        if (!Wide.isZero(delta, 0, limbs)) {
            dualVersion++;
            Wide.add(deltaSum, 0, deltaSum, 0, delta, 0, limbs);
            for (int v = 0; v < n; v++) {
                int l = label[inBlossom[v]];
                if (l == 1) {
                    Wide.sub(dual, v * limbs, dual, v * limbs, delta, 0, limbs);
                } else if (l == 2) {
                    Wide.add(dual, v * limbs, dual, v * limbs, delta, 0, limbs);
                }
            }
            for (int b = n; b < 2 * n; b++) {
                if (blossomBase[b] >= 0 && blossomParent[b] == -1) {
                    if (label[b] == 1) {
                        Wide.add(dual, b * limbs, dual, b * limbs, delta, 0, limbs);
                    } else if (label[b] == 2) {
                        Wide.sub(dual, b * limbs, dual, b * limbs, delta, 0, limbs);
                    }
                }
            }
        }
        if (deltaType == 1) {
            augmentFrom(deltaVertex, -1);
            return true;
        } else if (deltaType == 2 || deltaType == 3) {
            allow(deltaEdge);
            int i = rowOf(deltaEdge);
            int j = deltaEdge - i * n;
            if (label[inBlossom[i]] != 1) {
                int t = i;
                i = j;
                j = t;
            }
            push(i);
        } else {
            expandBlossom(deltaBlossom, false);
        }
        return false;
    }

    private void resetDualCandidates() {
        freeBest.clear();
        sBest.clear();
        for (int i = 0; i < dirtyFreeCount; i++) {
            isDirtyFree[dirtyFree[i]] = false;
        }
        dirtyFreeCount = 0;
        for (int i = 0; i < dirtySCount; i++) {
            isDirtyS[dirtyS[i]] = false;
        }
        dirtySCount = 0;
        for (int i = 0; i < tBlossomCount; i++) {
            inTBlossoms[tBlossoms[i]] = false;
        }
        tBlossomCount = 0;
        Arrays.fill(deltaSum, 0L);
        leastSVertex = -1;
    }

    /** S-vertex v is scanned: every S-vertex is before a dual step (the queue is empty then). */
    private void noteSVertex(int v) {
        int m = leastSVertex;
        if (m == -1) {
            leastSVertex = v;
            return;
        }
        int c = Wide.compare(dual, v * limbs, dual, m * limbs, limbs);
        if (c < 0 || (c == 0 && v < m)) {
            leastSVertex = v;
        }
    }

    private void noteTBlossom(int b) {
        if (!inTBlossoms[b]) {
            inTBlossoms[b] = true;
            tBlossoms[tBlossomCount++] = b;
        }
    }

    private void markFree(int v) {
        if (!isDirtyFree[v]) {
            isDirtyFree[v] = true;
            dirtyFree[dirtyFreeCount++] = v;
        }
    }

    private void markS(int b) {
        if (!isDirtyS[b]) {
            isDirtyS[b] = true;
            dirtyS[dirtySCount++] = b;
        }
    }

    private boolean validFree(int v) {
        return label[inBlossom[v]] == 0 && bestEdge[v] != -1;
    }

    private boolean validS(int b) {
        return blossomParent[b] == -1 && label[b] == 1 && bestEdge[b] != -1 && (b < n || blossomBase[b] >= 0);
    }

    /** Brings the candidates marked since the last dual step up to date: key = (half) slack + deltaSum. */
    private void flushDirty() {
        for (int i = 0; i < dirtyFreeCount; i++) {
            int v = dirtyFree[i];
            isDirtyFree[v] = false;
            if (validFree(v)) {
                slack(bestEdge[v], keyBuf);
                Wide.add(keyBuf, 0, keyBuf, 0, deltaSum, 0, limbs);
                freeBest.set(v, keyBuf, 0);
            } else {
                freeBest.remove(v);
            }
        }
        dirtyFreeCount = 0;
        for (int i = 0; i < dirtySCount; i++) {
            int b = dirtyS[i];
            isDirtyS[b] = false;
            if (validS(b)) {
                slack(bestEdge[b], keyBuf);
                Wide.halve(keyBuf, 0, keyBuf, 0, limbs);
                Wide.add(keyBuf, 0, keyBuf, 0, deltaSum, 0, limbs);
                sBest.set(b, keyBuf, 0);
            } else {
                sBest.remove(b);
            }
        }
        dirtySCount = 0;
    }

    /** The tree's least entry still a candidate (those no longer one are dropped on the way), or -1. */
    private int leastValid(MinTree tree, boolean sKind) {
        int x;
        while ((x = tree.min()) != -1 && !(sKind ? validS(x) : validFree(x))) {
            tree.remove(x);
        }
        return x;
    }

    /** The top-level T-blossom of least dual (the lowest such), or -1; the others are dropped from the list. */
    private int leastTBlossom() {
        int best = -1;
        int kept = 0;
        for (int i = 0; i < tBlossomCount; i++) {
            int b = tBlossoms[i];
            if (blossomBase[b] < 0 || blossomParent[b] != -1 || label[b] != 2) {
                inTBlossoms[b] = false;     // expanded or inside an S-blossom: not T again in this stage
                continue;
            }
            tBlossoms[kept++] = b;
            if (best == -1) {
                best = b;
            } else {
                int c = Wide.compare(dual, b * limbs, dual, best * limbs, limbs);
                if (c < 0 || (c == 0 && b < best)) {
                    best = b;
                }
            }
        }
        tBlossomCount = kept;
        return best;
    }

    /** Checked with assertions on (the tests): the choice is the one the passes over every vertex and blossom made. */
    private boolean sameAsFullPass(int type, int vertex, int edge, int blossom, long[] chosen) {
        int deltaType = 1;
        long[] delta = new long[limbs];
        long[] s = new long[limbs];
        boolean haveDelta = false;
        int deltaVertex = -1;
        int deltaEdge = -1;
        int deltaBlossom = -1;
        for (int v = 0; v < n; v++) {
            if (label[inBlossom[v]] == 1 && (!haveDelta || Wide.compare(dual, v * limbs, delta, 0, limbs) < 0)) {
                System.arraycopy(dual, v * limbs, delta, 0, limbs);
                haveDelta = true;
                deltaVertex = v;
            }
        }
        for (int v = 0; v < n; v++) {
            if (label[inBlossom[v]] == 0 && bestEdge[v] != -1) {
                slack(bestEdge[v], s);
                if (Wide.compare(s, 0, delta, 0, limbs) < 0) {
                    System.arraycopy(s, 0, delta, 0, limbs);
                    deltaType = 2;
                    deltaEdge = bestEdge[v];
                }
            }
        }
        for (int b = 0; b < 2 * n; b++) {
            if (blossomParent[b] == -1 && label[b] == 1 && bestEdge[b] != -1 && (b < n || blossomBase[b] >= 0)) {
                slack(bestEdge[b], s);
                Wide.halve(s, 0, s, 0, limbs);
                if (Wide.compare(s, 0, delta, 0, limbs) < 0) {
                    System.arraycopy(s, 0, delta, 0, limbs);
                    deltaType = 3;
                    deltaEdge = bestEdge[b];
                }
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (blossomBase[b] >= 0 && blossomParent[b] == -1 && label[b] == 2
                    && Wide.compare(dual, b * limbs, delta, 0, limbs) < 0) {
                System.arraycopy(dual, b * limbs, delta, 0, limbs);
                deltaType = 4;
                deltaBlossom = b;
            }
        }
        if (deltaType != type || (type == 1 && deltaVertex != vertex) || ((type == 2 || type == 3) && deltaEdge != edge)
                || (type == 4 && deltaBlossom != blossom) || Wide.compare(delta, 0, chosen, 0, limbs) != 0) {
            throw new AssertionError("dual step: type " + type + " vertex " + vertex + " edge " + edge + " blossom "
                    + blossom + ", a full pass gives type " + deltaType + " vertex " + deltaVertex + " edge "
                    + deltaEdge + " blossom " + deltaBlossom);
        }
        return true;
    }
}

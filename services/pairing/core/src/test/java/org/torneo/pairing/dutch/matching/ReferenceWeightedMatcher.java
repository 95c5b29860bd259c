package org.torneo.pairing.dutch.matching;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The matcher as it was before issue 24 (dense n x n weights, a fresh scratch array per blossom), kept unchanged
 * as the reference that {@code WeightedMatcherComparisonTest} checks the production {@link WeightedMatcher}
 * against: same operations in, same matching out.
 *
 * <p>Maximum-weight matching on a general graph (Edmonds' blossom algorithm, primal-dual), with incremental
 * updates: changing the weights of the edges of a vertex frees that vertex (and the blossoms around it) and
 * the next {@link #computeMatching()} repairs the matching from the previous optimum instead of starting
 * again. Exposed vertices may carry any non-negative dual; the search lowers them to zero, either by
 * augmenting or by moving the exposed end of an alternating path to the vertex whose dual reached zero.
 *
 * <p>Weights are non-negative integers of any size; 0 means "no edge". Edge ids are {@code i * n + j} with
 * i &lt; j; endpoint ids are {@code 2 * edge + side}, side 0 naming i and side 1 naming j.
 */
public final class ReferenceWeightedMatcher {

    private final int n;
    private final int limbs;
    private final long[] weight2;            // twice the weight, per edge id (limbs)
    private final boolean[] edgePresent;     // weight2 != 0, per edge id
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
    private final int[] allowStamp;
    private final boolean[] zeroBlossom;
    private int stamp = 1;
    private int[] queue = new int[16];        // S-vertices to scan (a stack)
    private int queueSize;
    private final int[] leafBuf;             // leaves(b) writes here
    // edges between a vertex freed since the last solve (lowerDual) and one that was not
    private int crossEdges;
    private boolean solvedOnce;
    private final int[] pathLabel;          // partner search: stamp when labelled
    private final int[] pathParent;
    private final int[] pathQueue;
    private int pathStamp;

    /** @param maxWeight an upper bound on every weight that will be set */
    public ReferenceWeightedMatcher(int n, BigInteger maxWeight) {
        this(n, Wide.limbsFor(maxWeight.bitLength() + 2), maxWeight);
    }

    /** @param limbs 64-bit limbs per value; must hold 4 × maxWeight */
    public ReferenceWeightedMatcher(int n, int limbs, BigInteger maxWeight) {
        this.n = n;
        this.limbs = limbs;
        this.weight2 = new long[n * n * limbs];
        this.edgePresent = new boolean[n * n];
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
        allowStamp = new int[n * n];
        zeroBlossom = new boolean[2 * n];
        lowerDual = new boolean[n];
        Arrays.fill(lowerDual, true);
        hintDual = new long[n * limbs];
        hasHint = new boolean[n];
        leafBuf = new int[n];
        pathLabel = new int[n];
        pathParent = new int[n];
        pathQueue = new int[n];
    }

    public int size() {
        return n;
    }

    private int edge(int a, int b) {
        return a < b ? a * n + b : b * n + a;
    }

    private int endpoint(int p) {
        int k = p >> 1;
        return (p & 1) == 0 ? k / n : k % n;
    }

    /** Endpoint id of {@code to} on the edge between {@code from} and {@code to}. */
    private int remoteEndpoint(int from, int to) {
        return from < to ? 2 * (from * n + to) + 1 : 2 * (to * n + from);
    }

    /** out = u_i + u_j − 2 w_ij for edge k. */
    private boolean slack(int k, long[] out) {
        int i = k / n;
        int j = k % n;
        return Wide.addSub(out, dual, i * limbs, dual, j * limbs, weight2, k * limbs, limbs);
    }

    private boolean hasEdge(int k) {
        return edgePresent[k];
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
        // both (a, b) and (b, a) are stored so that scanning a vertex's row reads memory in order
        int e = modified * n + neighbour;
        int e2 = neighbour * n + modified;
        int k = e * limbs;
        int k2 = e2 * limbs;
        boolean present = w != null && !Wide.isZero(w, offset, limbs);
        if (!lowerDual[neighbour] && present != edgePresent[e]) {
            crossEdges += present ? 1 : -1;
        }
        if (!present) {
            Arrays.fill(weight2, k, k + limbs, 0L);
            Arrays.fill(weight2, k2, k2 + limbs, 0L);
            edgePresent[e] = false;
            edgePresent[e2] = false;
            return;
        }
        edgePresent[e] = true;
        edgePresent[e2] = true;
        long carry = 0;
        for (int i = 0; i < limbs; i++) {
            long x = w[offset + i];
            long y = (x << 1) | carry;
            weight2[k + i] = y;
            weight2[k2 + i] = y;
            carry = x >>> 63;
        }
    }

    /** The weight of the edge between a and b into out (limbs), or false (out untouched) when there is none. */
    public boolean edgeWeight(int a, int b, long[] out) {
        int e = a * n + b;
        if (!edgePresent[e]) {
            return false;
        }
        Wide.halve(out, 0, weight2, e * limbs, limbs);
        return true;
    }

    public int limbs() {
        return limbs;
    }

    private void freeVertex(int v) {
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
        while (inBlossom[v] != v) {
            dissolveTop(inBlossom[v], true);
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
                if (edgePresent[row + j]) {
                    crossEdges += lowerDual[j] ? -1 : 1;
                }
            }
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

    private void pushLeaves(int b) {
        if (b < n) {
            push(b);
            return;
        }
        for (int t : blossomChilds[b]) {
            pushLeaves(t);
        }
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
                if (j == v || !edgePresent[row + j]) {
                    continue;
                }
                int k = (row + j) * limbs;
                // A neighbour also freed and not lowered yet counts with the dual it had before (not with its
                // 2 × max weight): it is lowered later against v's final dual, so feasibility holds either way,
                // but this way both land near the optimum they had instead of one taking the whole weight.
                long[] other = lowerDual[j] && hasHint[j] ? hintDual : dual;
                if (Wide.compare(weight2, k, other, j * limbs, limbs) < 0) {
                    continue;
                }
                Wide.sub(diff, 0, weight2, k, other, j * limbs, limbs);
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
            if (edgePresent[e]) {
                Wide.addSub(slack2, dual, v * limbs, dual, c * limbs, weight2, e * limbs, limbs);
            } else {
                Wide.add(slack2, 0, dual, v * limbs, dual, c * limbs, limbs);
            }
            Arrays.fill(bound, 0L);
            Wide.addAt(bound, 0, limbs, 1, addends[i] - mateAddend);
            if (Wide.compare(slack2, 0, bound, 0, limbs) > 0) {
                continue;       // pairing v with c costs more than its addend can win
            }
            if (!edgePresent[e] || !Wide.isZero(slack2, 0, limbs) || inBlossom[c] != c || mate[c] == -1) {
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
                if (j == x || !edgePresent[e] || lowerDual[j] || inBlossom[j] != j) {
                    continue;
                }
                if (j != mc && pathLabel[j] == stampNow) {
                    continue;
                }
                if (!Wide.addSub(s, dual, x * limbs, dual, j * limbs, weight2, e * limbs, limbs)) {
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
            int base = blossomBase[b];
            assignLabel(endpoint(mate[base]), 1, mate[base] ^ 1);
        }
    }

    private int scanBlossom(int v, int w) {
        List<Integer> path = new ArrayList<>();
        int base = -1;
        while (v != -1 || w != -1) {
            int b = inBlossom[v];
            if ((label[b] & 4) != 0) {
                base = blossomBase[b];
                break;
            }
            path.add(b);
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
        for (int b : path) {
            label[b] = 1;
        }
        return base;
    }

    private void addBlossom(int base, int k) {
        int v = k / n;
        int w = k % n;
        int bb = inBlossom[base];
        int bv = inBlossom[v];
        int bw = inBlossom[w];
        int b = unusedBlossoms.pop();
        blossomBase[b] = base;
        blossomParent[b] = -1;
        blossomParent[bb] = b;
        ArrayList<Integer> path = new ArrayList<>();
        ArrayList<Integer> endps = new ArrayList<>();
        while (bv != bb) {
            blossomParent[bv] = b;
            path.add(bv);
            endps.add(labelEnd[bv]);
            v = endpoint(labelEnd[bv]);
            bv = inBlossom[v];
        }
        path.add(bb);
        java.util.Collections.reverse(path);
        java.util.Collections.reverse(endps);
        endps.add(2 * k);
        while (bw != bb) {
            blossomParent[bw] = b;
            path.add(bw);
            endps.add(labelEnd[bw] ^ 1);
            w = endpoint(labelEnd[bw]);
            bw = inBlossom[w];
        }
        blossomChilds[b] = path.stream().mapToInt(Integer::intValue).toArray();
        blossomEndps[b] = endps.stream().mapToInt(Integer::intValue).toArray();
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
        int[] bestEdgeTo = new int[2 * n];
        Arrays.fill(bestEdgeTo, -1);
        long[] bestSlackTo = new long[2 * n * limbs];
        for (int child : blossomChilds[b]) {
            if (blossomBestEdges[child] == null) {
                int childLeaves = leaves(child);
                for (int ci = 0; ci < childLeaves; ci++) {
                    bestEdgesFrom(leafBuf[ci], b, bestEdgeTo, bestSlackTo);
                }
            } else {
                for (int kk : blossomBestEdges[child]) {
                    considerBest(b, kk, bestEdgeTo, bestSlackTo);
                }
            }
            blossomBestEdges[child] = null;
            bestEdge[child] = -1;
        }
        int count = 0;
        for (int x : bestEdgeTo) {
            if (x != -1) {
                count++;
            }
        }
        int[] list = new int[count];
        int idx = 0;
        int best = -1;
        bestEdge[b] = -1;
        for (int t = 0; t < 2 * n; t++) {
            if (bestEdgeTo[t] != -1) {
                list[idx++] = bestEdgeTo[t];
                if (best == -1 || Wide.compare(bestSlackTo, t * limbs, bestSlackTo, best * limbs, limbs) < 0) {
                    best = t;
                    bestEdge[b] = bestEdgeTo[t];
                }
            }
        }
        blossomBestEdges[b] = list;
    }

    /**
     * As considerBest on every edge of x (a vertex of the new blossom b), in the same order, without the divisions:
     * the least-slack edge to each other S-blossom. A method of its own so that the JIT compiles this loop early.
     */
    private void bestEdgesFrom(int x, int b, int[] bestEdgeTo, long[] bestSlackTo) {
        long[] slackXY = tmpA;
        int row = x * n;
        for (int y = 0; y < n; y++) {
            if (y == x || !edgePresent[row + y]) {
                continue;
            }
            int by = inBlossom[y];
            if (by == b || label[by] != 1) {
                continue;
            }
            Wide.addSub(slackXY, dual, x * limbs, dual, y * limbs, weight2, (row + y) * limbs, limbs);
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
        int i = kk / n;
        int j = kk % n;
        if (inBlossom[j] == b) {
            int t = i;
            i = j;
            j = t;
        }
        int bj = inBlossom[j];
        if (bj != b && label[bj] == 1) {
            slack(kk, tmpA);
            if (bestEdgeTo[bj] == -1 || Wide.compare(tmpA, 0, bestSlackTo, bj * limbs, limbs) < 0) {
                bestEdgeTo[bj] = kk;
                System.arraycopy(tmpA, 0, bestSlackTo, bj * limbs, limbs);
            }
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
                allowStamp[endps[Math.floorMod(j - endptrick, len)] >> 1] = stamp;
                j += jstep;
                p = endps[Math.floorMod(j - endptrick, len)] ^ endptrick;
                allowStamp[p >> 1] = stamp;
                j += jstep;
            }
            int bv = childs[Math.floorMod(j, len)];
            label[endpoint(p ^ 1)] = label[bv] = 2;
            labelEnd[endpoint(p ^ 1)] = labelEnd[bv] = p;
            bestEdge[bv] = -1;
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
        System.arraycopy(slackValue, 0, cachedSlack, owner * limbs, limbs);
        cachedEdge[owner] = k;
        cachedVersion[owner] = dualVersion;
    }

    private boolean stage() {
        dualVersion++;
        stamp++;
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(allowStamp, 0);
            stamp = 1;
        }
        Arrays.fill(label, 0);
        Arrays.fill(bestEdge, -1);
        for (int b = n; b < 2 * n; b++) {
            blossomBestEdges[b] = null;
        }
        Arrays.fill(zeroBlossom, false);
        queueSize = 0;
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
            return false;
        }
        boolean augmented = false;
        while (!augmented) {
            while (queueSize > 0 && !augmented) {
                augmented = scanVertex(queue[--queueSize]);
            }
            if (!augmented) {
                augmented = dualStep();
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (blossomParent[b] == -1 && blossomBase[b] >= 0 && label[b] == 1 && dualZero(b)) {
                expandBlossom(b, true);
            }
        }
        return true;
    }

    /**
     * Scans the edges of S-vertex v (labels, blossoms, best edges); true when it augmented. A method of its own,
     * like {@link #dualStep}, so that the JIT compiles these hot loops early and apart instead of recompiling the
     * whole stage on stack replacement.
     */
    private boolean scanVertex(int v) {
        long[] kslack = tmpScan;
        boolean augmented = false;
        for (int w = 0; w < n && !augmented; w++) {
            if (w == v || inBlossom[v] == inBlossom[w]) {
                continue;
            }
            int row = v * n + w;
            if (!edgePresent[row]) {
                continue;
            }
            if (label[inBlossom[w]] == 2 && label[w] != 0) {
                // an edge to a vertex already labelled T changes nothing, tight or not
                continue;
            }
            int k = edge(v, w);
            int p = remoteEndpoint(v, w);
            if (allowStamp[k] != stamp) {
                if (Wide.addSub(kslack, dual, v * limbs, dual, w * limbs, weight2, row * limbs, limbs)) {
                    allowStamp[k] = stamp;
                }
            }
            int bw = inBlossom[w];
            if (allowStamp[k] == stamp) {
                if (label[bw] == 0) {
                    if (zeroBlossom[bw]) {
                        augmentFrom(v, p);
                        if (bw >= n) {
                            augmentBlossom(bw, w);
                        }
                        mate[w] = p ^ 1;
                        augmented = true;
                    } else {
                        assignLabel(w, 2, p ^ 1);
                    }
                } else if (label[bw] == 1) {
                    int base = scanBlossom(v, w);
                    if (base >= 0) {
                        addBlossom(base, k);
                    } else {
                        augmentFrom(v, p);
                        augmentFrom(w, p ^ 1);
                        augmented = true;
                    }
                } else if (label[w] == 0) {
                    label[w] = 2;
                    labelEnd[w] = p ^ 1;
                }
            } else if (label[bw] == 1) {
                int b = inBlossom[v];
                if (bestEdge[b] == -1 || lessThanBestSlack(kslack, b)) {
                    setBest(b, k, kslack);
                }
            } else if (label[w] == 0) {
                if (bestEdge[w] == -1 || lessThanBestSlack(kslack, w)) {
                    setBest(w, k, kslack);
                }
            }
        }
        return augmented;
    }

    /** Changes the duals by the largest step that keeps them feasible and acts on what became tight; true when
     * it augmented (an exposed end moved to a vertex whose dual reached 0). */
    private boolean dualStep() {
        int deltaType = 1;
        long[] delta = deltaBuf;
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
                slack(bestEdge[v], tmpA);
                if (Wide.compare(tmpA, 0, delta, 0, limbs) < 0) {
                    System.arraycopy(tmpA, 0, delta, 0, limbs);
                    deltaType = 2;
                    deltaEdge = bestEdge[v];
                }
            }
        }
        for (int b = 0; b < 2 * n; b++) {
            if (blossomParent[b] == -1 && label[b] == 1 && bestEdge[b] != -1
                    && (b < n || blossomBase[b] >= 0)) {
                slack(bestEdge[b], tmpA);
                Wide.halve(tmpA, 0, tmpA, 0, limbs);
                if (Wide.compare(tmpA, 0, delta, 0, limbs) < 0) {
                    System.arraycopy(tmpA, 0, delta, 0, limbs);
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
        if (!Wide.isZero(delta, 0, limbs)) {
            dualVersion++;
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
            allowStamp[deltaEdge] = stamp;
            int i = deltaEdge / n;
            int j = deltaEdge % n;
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
}

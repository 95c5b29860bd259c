package org.torneo.pairing.dutch.matching;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The state {@link WeightedMatcher} works on and the moves that keep its blossom structure whole: the graph (weights
 * as pool ids, duals, mates), the nested blossoms (children, endpoints, bases, the top blossom of each vertex), the
 * labels of the search trees and the augmentation along them. The layers above add the dual step's candidates
 * ({@link DualCandidates}), forming and expanding blossoms ({@link BlossomSteps}), the search stage
 * ({@link StageSearch}) and the incremental API ({@link WeightedMatcher}); they are one object, split by concern
 * into classes of their own, so that the hot loops read the arrays as fields of that object, as before the split.
 *
 * <p>Edge ids are {@code i * n + j} with i &lt; j; endpoint ids are {@code 2 * edge + side}, side 0 naming i and
 * side 1 naming j.
 */
abstract class BlossomForest {

    final int n;
    private final double inverseN;   // 1.0 / n, for rowOf
    final int limbs;
    // twice the weight of each edge, as an id into the pool of distinct values (0: no edge); both (a, b) and
    // (b, a) are stored so that scanning a vertex's row reads memory in order
    final int[] weightId;
    final WeightPool pool;
    final int[] mate;                // remote endpoint id, or -1
    final int[] label;               // per vertex/blossom: 0 free, 1 S, 2 T (5 = S marked in scan)
    final int[] labelEnd;            // endpoint id through which the label was given, or -1
    final int[] inBlossom;
    final int[] blossomParent;
    final int[][] blossomChilds;
    final int[] blossomBase;
    final int[][] blossomEndps;
    final int[] bestEdge;
    final int[][] blossomBestEdges;
    final ArrayDeque<Integer> unusedBlossoms = new ArrayDeque<>();
    final long[] dual;               // per vertex/blossom (limbs)
    final long[] tmpA;
    final long[] tmpB;
    final long[] tmpScan;
    // per ordered pair (i * n + j, both orders): stamp of the stage in which the edge became tight; read along a
    // vertex's row, as the weights are, so that a scan does not stride down a column (a cache miss per edge)
    final short[] allowStamp;
    int stamp = 1;
    private int[] queue = new int[16];   // S-vertices and S-blossoms to scan (a stack)
    int queueSize;
    final int[] leafBuf;             // leaves(b) writes here
    final int[] pathScratch;         // addBlossom, scanBlossom, dissolveAround: blossoms along a path
    private final long[] dissolveSum;    // dissolveAround (limbs)

    /** Every vertex alone, exposed, with dual 0 (the matcher sets the vertices' duals). */
    BlossomForest(int n, int limbs) {
        this.n = n;
        this.inverseN = 1.0 / n;
        this.limbs = limbs;
        this.weightId = new int[n * n];
        this.pool = new WeightPool(limbs);
        tmpA = new long[limbs];
        tmpB = new long[limbs];
        tmpScan = new long[limbs];
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
        allowStamp = new short[n * n];
        leafBuf = new int[n];
        dissolveSum = new long[limbs];
        pathScratch = new int[2 * n + 1];
    }

    final int edge(int a, int b) {
        return a < b ? a * n + b : b * n + a;
    }

    /**
     * k / n for a pair id k (below n², so below 2^31): by a multiplication with 1 / n and a correction instead of
     * an integer division, which was the latency of every step up an alternating tree (tens of cycles each).
     */
    final int rowOf(int k) {
        int q = (int) (k * inverseN);
        int r = k - q * n;
        if (r < 0) {
            return q - 1;
        }
        return r >= n ? q + 1 : q;
    }

    final int endpoint(int p) {
        int k = p >> 1;
        int i = rowOf(k);
        return (p & 1) == 0 ? i : k - i * n;
    }

    /** Endpoint id of {@code to} on the edge between {@code from} and {@code to}. */
    final int remoteEndpoint(int from, int to) {
        return from < to ? 2 * (from * n + to) + 1 : 2 * (to * n + from);
    }

    /** out = u_i + u_j − 2 w_ij for edge k. */
    final boolean slack(int k, long[] out) {
        int i = rowOf(k);
        int j = k - i * n;
        return Wide.addSub(out, dual, i * limbs, dual, j * limbs, pool.values(), weightId[k] * limbs, limbs);
    }

    final boolean hasEdge(int k) {
        return weightId[k] != 0;
    }

    private boolean slackLess(int k1, int k2) {
        slack(k1, tmpA);
        slack(k2, tmpB);
        return Wide.compare(tmpA, 0, tmpB, 0, limbs) < 0;
    }

    final boolean dualZero(int x) {
        return Wide.isZero(dual, x * limbs, limbs);
    }

    private void addToDual(int x, long[] src, int so) {
        Wide.add(dual, x * limbs, dual, x * limbs, src, so, limbs);
    }

    /**
     * What {@code while (inBlossom[v] != v) dissolveTop(inBlossom[v], true)} does, in one pass over the top blossom's
     * vertices instead of one per level: each blossom around v is removed (outermost first, as that loop releases
     * them), its dual going to its vertices, and the other children met on the way down become top-level. With
     * blossoms nested hundreds deep (a big score group) the loop visited the same vertices at every level.
     */
    final void dissolveAround(int v) {
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
    final void dissolveTop(int b, boolean moveDual) {
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

    final void releaseBlossom(int b) {
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
    final int leaves(int b) {
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
    final void pushLeaves(int b) {
        push(b);
    }

    /** The next S-vertex to scan, or -1; a queued S-blossom's structure does not change within a stage. */
    final int popVertex() {
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

    final void push(int v) {
        if (queueSize == queue.length) {
            queue = Arrays.copyOf(queue, 2 * queueSize);
        }
        queue[queueSize++] = v;
    }

    final void augmentBlossom(int b, int v) {
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
    final void augmentFrom(int s, int p) {
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

    /** Marks edge k (i * n + j) tight in this stage, in both orders. */
    final void allow(int k) {
        int i = rowOf(k);
        int j = k - i * n;
        allowStamp[k] = (short) stamp;
        allowStamp[j * n + i] = (short) stamp;
    }

    static void reverse(int[] a, int from, int to) {
        for (int i = from, j = to - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    final int indexOf(int[] a, int x) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        throw new IllegalStateException("child not found");
    }
}

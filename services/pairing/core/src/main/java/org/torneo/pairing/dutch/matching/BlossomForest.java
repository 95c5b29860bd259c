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
    // the top-level blossom of a vertex is the top of its group: forming a blossom moves only its smaller children's
    // vertices into the group of its largest child, and taking one apart moves all but its largest child's, instead
    // of relabelling every vertex of a nest hundreds deep at each level (1.3 G writes at 10,000 players)
    final int[] groupOf;             // per vertex: its group
    final int[] groupTop;            // per group: the top-level blossom (or single vertex) of its vertices
    private final int[] freeGroups;
    private int freeGroupCount;
    final int[] blossomSize;         // vertices of blossom b (b >= n)
    // per group, its vertices as a bit set (groupWords longs from group * groupWords): a scan reads the vertices
    // outside the scanned vertex's blossom from these (mostly a tenth of the field) instead of every column
    final int groupWords;
    final long[] groupBits;
    // per vertex, its neighbours (weight id not 0) as a bit set of groupWords longs: most of a row is no edge at
    // 10,000 players (players paired for good keep one edge), and a scan skips those 64 at a time
    final long[] edgeBits;
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
    private final int[] chain;           // augmentBlossom: the blossoms from a vertex up, per call in progress
    private int chainSize;
    private final int[] rotateScratch;

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
        groupOf = new int[n];
        groupTop = new int[n];
        groupWords = (n + 63) >>> 6;
        groupBits = new long[n * groupWords];
        edgeBits = new long[n * groupWords];
        for (int i = 0; i < n; i++) {
            groupOf[i] = i;
            groupTop[i] = i;
            groupBits[i * groupWords + (i >>> 6)] = 1L << i;
        }
        freeGroups = new int[n];
        blossomSize = new int[2 * n];
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
        chain = new int[2 * n + 1];
        rotateScratch = new int[2 * n + 1];
    }

    /** The top-level blossom of vertex x (x itself when it is in none). */
    final int top(int x) {
        return groupTop[groupOf[x]];
    }

    private int sizeOf(int b) {
        return b < n ? 1 : blossomSize[b];
    }

    /** The group of the vertices of top-level b. */
    final int groupOfTop(int b) {
        return groupOf[blossomBase[b]];
    }

    /** The first of the largest children: the one whose vertices keep their group when the others move. */
    final int largestChild(int[] children) {
        int keep = children[0];
        for (int s : children) {
            if (sizeOf(s) > sizeOf(keep)) {
                keep = s;
            }
        }
        return keep;
    }

    /** The new top-level blossom b takes the group of its largest child; the other children's vertices move to it. */
    final void mergeGroups(int b) {
        int[] children = blossomChilds[b];
        int keep = largestChild(children);
        int g = groupOfTop(keep);
        int size = 0;
        for (int s : children) {
            size += sizeOf(s);
            if (s != keep) {
                freeGroups[freeGroupCount++] = groupOfTop(s);
                moveToGroup(s, g);
            }
        }
        blossomSize[b] = size;
        groupTop[g] = b;
    }

    /** The children of top-level blossom b (being removed) become top-level: the largest keeps b's group. */
    final void splitGroups(int b) {
        int[] children = blossomChilds[b];
        int g = groupOfTop(b);
        int keep = largestChild(children);
        for (int s : children) {
            if (s == keep) {
                groupTop[g] = s;
            } else {
                int fresh = freeGroups[--freeGroupCount];
                groupTop[fresh] = s;
                moveToGroup(s, fresh);
            }
        }
    }

    private void moveToGroup(int s, int g) {
        if (s < n) {
            setGroup(s, g);
            return;
        }
        int count = leaves(s);
        for (int i = 0; i < count; i++) {
            setGroup(leafBuf[i], g);
        }
    }

    private void setGroup(int x, int g) {
        int word = x >>> 6;
        long bit = 1L << x;
        groupBits[groupOf[x] * groupWords + word] &= ~bit;
        groupBits[g * groupWords + word] |= bit;
        groupOf[x] = g;
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
     * What {@code while (top(v) != v) dissolveTop(top(v), true)} does, in one pass over the top blossom's
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
        int g = groupOf[v];
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
                int fresh = freeGroups[--freeGroupCount];
                groupTop[fresh] = s;
                if (s < n) {
                    setGroup(s, fresh);
                    if (moveDual) {
                        addToDual(s, sum, 0);
                    }
                } else {
                    int sub = leaves(s);
                    for (int i = 0; i < sub; i++) {
                        setGroup(leafBuf[i], fresh);
                        if (moveDual) {
                            addToDual(leafBuf[i], sum, 0);
                        }
                    }
                }
            }
            releaseBlossom(b);
        }
        groupTop[g] = v;
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
        splitGroups(b);
        for (int s : blossomChilds[b]) {
            blossomParent[s] = -1;
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
        blossomSize[b] = 0;
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

    /**
     * Flips the matching inside blossom b so that vertex v becomes its base. The blossoms between v and b are
     * walked once, not again at each level of a nest hundreds deep (a walk from v per level was 1.1 G steps at
     * 10,000 players).
     */
    final void augmentBlossom(int b, int v) {
        int start = chainSize;
        for (int t = v; t != b; t = blossomParent[t]) {
            chain[chainSize++] = t;
        }
        augmentAlong(b, v, chainSize - 1);
        chainSize = start;
    }

    /** augmentBlossom(b, v) with chain[at] the child of b that holds v, chain[at - 1] its child that does, .... */
    private void augmentAlong(int b, int v, int at) {
        int t = chain[at];
        if (t >= n) {
            augmentAlong(t, v, at - 1);
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
        rotateLeft(childs, i);
        rotateLeft(endps, i);
        blossomBase[b] = blossomBase[childs[0]];
    }

    /** a[i], a[i + 1], ..., a[i - 1] in place of a (a scratch copy; a fresh pair of arrays per blossom before). */
    private void rotateLeft(int[] a, int i) {
        int len = a.length;
        System.arraycopy(a, 0, rotateScratch, 0, len);
        for (int x = 0; x < len; x++) {
            int from = i + x;
            a[x] = rotateScratch[from < len ? from : from - len];
        }
    }

    /** Flips the alternating path from S-vertex s up to its root; s gets mate p (or stays exposed when -1). */
    final void augmentFrom(int s, int p) {
        while (true) {
            int bs = top(s);
            if (bs >= n) {
                augmentBlossom(bs, s);
            }
            mate[s] = p;
            if (labelEnd[bs] == -1) {
                break;
            }
            int t = endpoint(labelEnd[bs]);
            int bt = top(t);
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

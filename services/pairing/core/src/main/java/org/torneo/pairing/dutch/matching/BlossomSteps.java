package org.torneo.pairing.dutch.matching;

import java.util.Arrays;

/**
 * The search trees' labels and their blossoms: labelling along a tight edge, finding the base of a new blossom and
 * forming it (with the least-slack edges from it to the other S-blossoms, once the stage runs eagerly), expanding a
 * blossom (relabelling its T-path) and undoing the blossoms of a tight-edges-only run.
 */
abstract class BlossomSteps extends DualCandidates {

    // A stage first runs on its tight edges alone (most stages augment without a dual step, and then the least-slack
    // edges were never read); the first dual step it needs (or a long run, see StageSearch.TIGHT_RUN_SCANS) undoes its
    // blossoms and runs it again from its start, now keeping the least-slack edges, so that every decision is the one
    // the eager stage makes.
    boolean eager;
    final int[] formedThisStage;     // blossoms formed by the tight-edges-only run, in order
    int formedCount;
    private final int[] bestEdgeToScratch;   // addBlossom: per other blossom, the least-slack edge, or -1
    private final long[] bestSlackToScratch; // ... and its slack (limbs)
    private final int[] touched;             // ... the other blossoms met
    private int touchedCount;
    // The S-vertices of an eager run, in the order they became S (a vertex stays S until the run ends), and the
    // S-vertices outside the last blossom that needed them: the next blossom formed around that one needs only
    // that list and the vertices labelled since, not a pass over all n (1.4 G reads at 10,000 players)
    private final int[] sVertices;
    private int sCount;
    private final int[] outsideS;            // addBlossom: the S-vertices outside outsideOwner, in no set order
    private int outsideCount;
    private int outsideOwner = -1;           // the blossom outsideS was collected for, -1 none (or released since)
    private int outsideSCount;               // sCount then
    private final long[] outsideBits;        // outsideS as a bit set
    private final int[] endpsScratch;        // addBlossom: endpoints along the path

    BlossomSteps(int n, int limbs) {
        super(n, limbs);
        bestEdgeToScratch = new int[2 * n];
        Arrays.fill(bestEdgeToScratch, -1);
        bestSlackToScratch = new long[2 * n * limbs];
        touched = new int[2 * n];
        outsideS = new int[n];
        sVertices = new int[n];
        outsideBits = new long[groupWords];
        formedThisStage = new int[n];
        endpsScratch = new int[2 * n + 1];
    }

    final void assignLabel(int w, int t, int p) {
        int b = top(w);
        label[w] = label[b] = t;
        labelEnd[w] = labelEnd[b] = p;
        bestEdge[w] = bestEdge[b] = -1;
        if (t == 1) {
            pushLeaves(b);
            if (eager) {
                noteSVertices(b);
            }
        } else {
            if (eager && b >= n) {
                noteTBlossom(b);
            }
            int base = blossomBase[b];
            assignLabel(endpoint(mate[base]), 1, mate[base] ^ 1);
        }
    }

    /** The vertices of b have become S in this eager run. */
    private void noteSVertices(int b) {
        if (b < n) {
            sVertices[sCount++] = b;
            return;
        }
        int count = leaves(b);
        System.arraycopy(leafBuf, 0, sVertices, sCount, count);
        sCount += count;
    }

    /** A new eager run: no S-vertex yet. */
    final void resetSVertices() {
        sCount = 0;
        outsideOwner = -1;
    }

    final int scanBlossom(int v, int w) {
        int[] path = pathScratch;
        int pathSize = 0;
        int base = -1;
        while (v != -1 || w != -1) {
            int b = top(v);
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
                b = top(v);
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

    final void addBlossom(int base, int k) {
        int v = rowOf(k);
        int w = k - v * n;
        int bb = top(base);
        int bv = top(v);
        int bw = top(w);
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
            bv = top(v);
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
            bw = top(w);
        }
        blossomChilds[b] = Arrays.copyOf(path, pathSize);
        blossomEndps[b] = Arrays.copyOf(endps, endpsSize);
        label[b] = 1;
        labelEnd[b] = labelEnd[bb];
        Arrays.fill(dual, b * limbs, (b + 1) * limbs, 0L);
        for (int child : blossomChilds[b]) {
            if (label[child] == 2) {
                // its vertices become S: queued as the child, which popVertex takes apart in the same order
                push(child);
                if (eager) {
                    noteSVertices(child);
                }
            }
        }
        mergeGroups(b);
        if (!eager) {
            // tight edges only: the stage is run again from its start, with these, before any dual step
            formedThisStage[formedCount++] = b;
            return;
        }
        keepLeastSlackEdges(b);
    }

    /**
     * The least-slack edge from the new S-blossom b to each other S-blossom (its children's lists merged, or their
     * vertices' rows read where a child has none), and the least of them as b's best edge, for the dual step.
     * Scratch space is kept between blossoms (a fresh pair of 2n-sized arrays per blossom was most of the run's
     * allocation at 5,000 players).
     */
    private void keepLeastSlackEdges(int b) {
        int[] bestEdgeTo = bestEdgeToScratch;
        long[] bestSlackTo = bestSlackToScratch;
        touchedCount = 0;
        boolean collected = false;
        for (int child : blossomChilds[b]) {
            if (blossomBestEdges[child] == null) {
                if (!collected) {
                    collectOutsideS(b);
                    collected = true;
                }
                int childLeaves = leaves(child);
                for (int ci = 0; ci < childLeaves; ci++) {
                    bestEdgesFrom(leafBuf[ci], bestEdgeTo, bestSlackTo);
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
     * Makes outsideS the vertices of S-blossoms other than b: the only neighbours that {@link #bestEdgesFrom}
     * keeps. When the blossom collected for last is inside b, its list less b's vertices and the vertices labelled
     * S since; otherwise the run's S-vertices less b's.
     */
    private void collectOutsideS(int b) {
        int[] out = outsideS;
        int count = 0;
        int from = 0;
        if (outsideOwner >= 0 && top(blossomBase[outsideOwner]) == b) {
            for (int i = 0; i < outsideCount; i++) {
                int y = out[i];
                if (top(y) != b) {
                    out[count++] = y;
                }
            }
            from = outsideSCount;
        }
        for (int i = from; i < sCount; i++) {
            int y = sVertices[i];
            if (top(y) != b) {
                out[count++] = y;
            }
        }
        outsideCount = count;
        outsideOwner = b;
        outsideSCount = sCount;
        Arrays.fill(outsideBits, 0L);
        for (int i = 0; i < count; i++) {
            outsideBits[out[i] >>> 6] |= 1L << out[i];
        }
    }

    /**
     * As considerBest on every edge of x (a vertex of the new blossom b), in the same order, without the divisions:
     * the least-slack edge to each other S-blossom; the neighbours are those of x in outsideS (increasing, as a pass
     * over the row would meet them, a word of the bit sets at a time). A method of its own so that the JIT compiles
     * this loop early.
     */
    private void bestEdgesFrom(int x, int[] bestEdgeTo, long[] bestSlackTo) {
        long[] slackXY = tmpA;
        long[] weight2 = pool.values();
        int row = x * n;
        int xWords = x * groupWords;
        for (int word = 0; word < groupWords; word++) {
            long neighbours = outsideBits[word] & edgeBits[xWords + word];
            while (neighbours != 0) {
                int y = (word << 6) + Long.numberOfTrailingZeros(neighbours);
                neighbours &= neighbours - 1;
                int by = top(y);
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
    }

    private void considerBest(int b, int kk, int[] bestEdgeTo, long[] bestSlackTo) {
        if (!hasEdge(kk)) {
            return;
        }
        int i = rowOf(kk);
        int j = kk - i * n;
        if (top(j) == b) {
            int t = i;
            i = j;
            j = t;
        }
        int bj = top(j);
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

    final void expandBlossom(int b, boolean endStage) {
        outsideOwner = -1;      // b's id may be taken by a blossom formed later
        int[] children = blossomChilds[b];
        splitGroups(b);
        for (int s : blossomChilds[b]) {
            blossomParent[s] = -1;
            if (s >= n && endStage && dualZero(s)) {
                expandBlossom(s, endStage);
            }
        }
        if (!endStage && label[b] == 2) {
            relabelTPath(b);
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
        releaseBlossom(b);
    }

    /**
     * Expanding T-blossom b: its children from the one it was entered by to its base become the alternating path
     * of the tree (T, S, ..., T at the base), and of the children off that path those holding a labelled vertex
     * are labelled T through it again.
     */
    private void relabelTPath(int b) {
        int[] childs = blossomChilds[b];
        int[] endps = blossomEndps[b];
        int len = childs.length;
        int entryChild = top(endpoint(labelEnd[b] ^ 1));
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
        relabelOffPath(b, j, jstep, entryChild);
    }

    /**
     * The children of expanding T-blossom b off the tree's path (from index j on, in steps of jstep, up to the
     * entry child): one holding a vertex labelled from outside b is labelled T again through that vertex.
     */
    private void relabelOffPath(int b, int j, int jstep, int entryChild) {
        int[] childs = blossomChilds[b];
        int len = childs.length;
        while (childs[Math.floorMod(j, len)] != entryChild) {
            int bv = childs[Math.floorMod(j, len)];
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

    /**
     * Undoes the blossoms the tight-edges-only run formed (zero duals, no augmentation yet), last first, as
     * dissolveTop on each would: only the vertices of each one's smaller children change group.
     */
    final void undoStage() {
        for (int i = formedCount - 1; i >= 0; i--) {
            int b = formedThisStage[i];
            splitGroups(b);
            for (int s : blossomChilds[b]) {
                blossomParent[s] = -1;
            }
            releaseBlossom(b);
        }
        formedCount = 0;
    }
}

package org.torneo.pairing.dutch.matching;

import java.util.Arrays;

/**
 * The dual step's bookkeeping: the least-slack edge of each free vertex and S-blossom with its slack cached until
 * the duals change, and the candidates of the step kept between steps of an eager run instead of a pass over every
 * vertex and blossom per step (most steps change nothing: delta 0). Slacks shift uniformly with the duals, so a key
 * is stored as slack + deltaSum (the run's steps so far), which stays valid while its owner keeps its label.
 */
abstract class DualCandidates extends BlossomForest {

    private final long[] cachedSlack;
    private final int[] cachedEdge;
    private final int[] cachedVersion;
    int dualVersion = 1;
    final MinTree freeBest;          // free vertex v: slack of bestEdge[v] (+ deltaSum)
    final MinTree sBest;             // top-level S vertex or blossom b: half the slack of bestEdge[b] (+ ...)
    final long[] deltaSum;
    private final long[] keyBuf;
    private final int[] dirtyFree;           // vertices whose freeBest entry may be out of date, and a flag each
    private final boolean[] isDirtyFree;
    private int dirtyFreeCount;
    private final int[] dirtyS;              // the same for sBest
    private final boolean[] isDirtyS;
    private int dirtySCount;
    int leastSVertex;                // the S-vertex of least dual (the lowest such), -1 none scanned yet
    private final int[] tBlossoms;           // blossoms labelled T in this run (some since expanded or absorbed)
    private final boolean[] inTBlossoms;
    private int tBlossomCount;

    DualCandidates(int n, int limbs) {
        super(n, limbs);
        cachedSlack = new long[2 * n * limbs];
        cachedEdge = new int[2 * n];
        Arrays.fill(cachedEdge, -1);
        cachedVersion = new int[2 * n];
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

    /** Is value below the slack of bestEdge[owner]? The best slack is cached until the duals change. */
    final boolean lessThanBestSlack(long[] value, int owner) {
        int k = bestEdge[owner];
        if (cachedEdge[owner] != k || cachedVersion[owner] != dualVersion) {
            slack(k, tmpB);
            System.arraycopy(tmpB, 0, cachedSlack, owner * limbs, limbs);
            cachedEdge[owner] = k;
            cachedVersion[owner] = dualVersion;
        }
        return Wide.compare(value, 0, cachedSlack, owner * limbs, limbs) < 0;
    }

    final void setBest(int owner, int k, long[] slackValue) {
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

    final void resetDualCandidates() {
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
    final void noteSVertex(int v) {
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

    final void noteTBlossom(int b) {
        if (!inTBlossoms[b]) {
            inTBlossoms[b] = true;
            tBlossoms[tBlossomCount++] = b;
        }
    }

    final void markFree(int v) {
        if (!isDirtyFree[v]) {
            isDirtyFree[v] = true;
            dirtyFree[dirtyFreeCount++] = v;
        }
    }

    final void markS(int b) {
        if (!isDirtyS[b]) {
            isDirtyS[b] = true;
            dirtyS[dirtySCount++] = b;
        }
    }

    private boolean validFree(int v) {
        return label[top(v)] == 0 && bestEdge[v] != -1;
    }

    private boolean validS(int b) {
        return blossomParent[b] == -1 && label[b] == 1 && bestEdge[b] != -1 && (b < n || blossomBase[b] >= 0);
    }

    /** Brings the candidates marked since the last dual step up to date: key = (half) slack + deltaSum. */
    final void flushDirty() {
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
    final int leastValid(MinTree tree, boolean sKind) {
        int x;
        while ((x = tree.min()) != -1 && !(sKind ? validS(x) : validFree(x))) {
            tree.remove(x);
        }
        return x;
    }

    /** The top-level T-blossom of least dual (the lowest such), or -1; the others are dropped from the list. */
    final int leastTBlossom() {
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
}

package org.torneo.pairing.dutch.matching;

import java.util.Arrays;

/**
 * One stage of the primal-dual search: labels grown from the exposed vertices along tight edges (first a run on the
 * tight edges alone, then, when a dual step is needed, an eager run that keeps the least-slack edges), dual steps,
 * until an augmentation or an exposed end moved to a vertex whose dual reached 0.
 */
abstract class StageSearch extends BlossomSteps {

    /**
     * Scans after which a tight-edges-only run gives up and the stage runs eagerly from its start. The eager run
     * from the start is what decides in any case (the tight run only spares it when it augments without a dual
     * step), so where this cut falls changes the time, never the matching. At 10,000 players the runs that
     * augmented took at most 510 scans (nearly all 1 or 2), while most of the 1,140 that needed a dual step took
     * 1,000 to 4,000, all scanned again by the eager run.
     */
    private static final int TIGHT_RUN_SCANS = 256;

    private final boolean[] zeroBlossom;
    private final long[] deltaBuf;

    StageSearch(int n, int limbs) {
        super(n, limbs);
        zeroBlossom = new boolean[2 * n];
        deltaBuf = new long[limbs];
    }

    final boolean stage() {
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
            // the tight edges did not augment (or not soon): a dual step is needed, and with it the least-slack edges
            undoStage();
            eager = true;
        }
    }

    /** One run of the stage: 1 augmented, 0 nothing left to do, -1 (tight run) a dual step needed or likely. */
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
            resetSVertices();
        }
        boolean anyRoot = false;
        for (int v = 0; v < n; v++) {
            if (mate[v] == -1 && label[top(v)] == 0) {
                if (!dualZero(v)) {
                    assignLabel(v, 1, -1);
                    anyRoot = true;
                } else {
                    zeroBlossom[top(v)] = true;
                }
            }
        }
        if (!anyRoot) {
            return 0;
        }
        boolean augmented = false;
        int tightScans = 0;
        while (!augmented) {
            int v;
            while (!augmented && (v = popVertex()) >= 0) {
                if (!eager && ++tightScans > TIGHT_RUN_SCANS) {
                    return -1;
                }
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
        int[] lab = label;
        short[] allowed = allowStamp;
        short now = (short) stamp;
        int rowBase = v * n;
        int vOffset = v * limbs;
        int vGroup = groupOf[v] * groupWords;
        int vWords = v * groupWords;
        for (int word = 0; word < groupWords; word++) {
            long outside = ~groupBits[vGroup + word] & edgeBits[vWords + word];
            while (outside != 0) {
                int w = (word << 6) + Long.numberOfTrailingZeros(outside);
                outside &= outside - 1;
                int row = rowBase + w;
                int id = ids[row];
                int bw = top(w);
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
                vGroup = groupOf[v] * groupWords;      // a blossom may have formed around v
                outside &= ~groupBits[vGroup + word];
            }
        }
        return false;
    }

    /**
     * Scans the edges of S-vertex v (labels, blossoms, best edges); true when it augmented. A method of its own,
     * like {@link #dualStep}, so that the JIT compiles these hot loops early and apart instead of recompiling the
     * whole stage on stack replacement. Only v's neighbours outside its blossom are read (a word of the bit sets
     * at a time, in increasing order, as a pass over the row meets them): the others change nothing.
     */
    private boolean scanVertex(int v) {
        long[] kslack = tmpScan;
        long[] weight2 = pool.values();
        int[] ids = weightId;
        int[] lab = label;
        short[] allowed = allowStamp;
        short now = (short) stamp;
        int rowBase = v * n;
        int vOffset = v * limbs;
        int bv = top(v);
        int vGroup = groupOf[v] * groupWords;
        int vWords = v * groupWords;
        noteSVertex(v);
        for (int word = 0; word < groupWords; word++) {
            long outside = ~groupBits[vGroup + word] & edgeBits[vWords + word];
            while (outside != 0) {
                int w = (word << 6) + Long.numberOfTrailingZeros(outside);
                outside &= outside - 1;
                int row = rowBase + w;
                int id = ids[row];
                int bw = top(w);
                int lw = lab[bw];
                if (lw == 2 && lab[w] != 0) {
                    // an edge to a vertex already labelled T changes nothing, tight or not
                    continue;
                }
                // the slack, a multi-limb sum, only for the edges that can still matter
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
                    bv = top(v);        // a blossom may have formed around v, and its group grown
                    vGroup = groupOf[v] * groupWords;
                    outside &= ~groupBits[vGroup + word];
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
                int l = label[top(v)];
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
            if (label[top(i)] != 1) {
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
            if (label[top(v)] == 1 && (!haveDelta || Wide.compare(dual, v * limbs, delta, 0, limbs) < 0)) {
                System.arraycopy(dual, v * limbs, delta, 0, limbs);
                haveDelta = true;
                deltaVertex = v;
            }
        }
        for (int v = 0; v < n; v++) {
            if (label[top(v)] == 0 && bestEdge[v] != -1) {
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

package org.torneo.pairing.dutch;

import org.torneo.pairing.dutch.matching.WeightPool;

/**
 * The bracket-alone matcher's pairs whose weight it cannot hold (not above b(i) + b(j)) and that differ
 * from the initial weight, by the matcher's vertex indices: REMOVED when the pair has no edge, KEPT with
 * the weight. A triangular table of ids into a pool, made on the first entry: a first round of 5,000
 * players drops millions of pairs when its exchanges are decided, too many for a map of boxed keys.
 */
final class DroppedWeights {
    static final int NONE = 0;
    static final int REMOVED = 1;
    static final int KEPT = 2;
    private final int size;
    private final int limbs;
    private WeightPool pool;
    private int[] ids;          // 0 none, -1 removed, else the pool id of the weight

    DroppedWeights(int size, int limbs) {
        this.size = size;
        this.limbs = limbs;
    }

    private static int index(int i, int j) {
        if (i < j) {
            int t = i;
            i = j;
            j = t;
        }
        return Math.toIntExact((long) i * (i - 1) / 2 + j);
    }

    private void allocate() {
        if (ids == null) {
            ids = new int[Math.toIntExact((long) size * (size - 1) / 2)];
            pool = new WeightPool(limbs);
        }
    }

    int state(int i, int j) {
        if (ids == null) {
            return NONE;
        }
        int id = ids[index(i, j)];
        return id == 0 ? NONE : id < 0 ? REMOVED : KEPT;
    }

    void copy(int i, int j, long[] out) {
        System.arraycopy(pool.values(), ids[index(i, j)] * limbs, out, 0, limbs);
    }

    void remove(int i, int j) {
        if (ids != null) {
            ids[index(i, j)] = 0;
        }
    }

    void putRemoved(int i, int j) {
        allocate();
        ids[index(i, j)] = -1;
    }

    /** Keeps a weight (a zero weight is no edge: removed). */
    void put(int i, int j, long[] w) {
        allocate();
        int id = pool.intern(w, 0);
        ids[index(i, j)] = id == 0 ? -1 : id;
    }
}

package org.torneo.pairing.dutch;

import java.util.Arrays;
import org.torneo.pairing.dutch.matching.WeightPool;

/**
 * The weights of a bracket's pairs before its decisions re-weight them (null: the players cannot meet), by
 * the pair's indices in the bracket (larger, smaller). Kept as ids into a pool of the distinct weights, 4
 * bytes a pair: a bracket of 5,000 players has 12.5 million pairs but few distinct weights.
 */
final class BracketWeights {
    private final WeightPool pool;
    private final int[] ids;

    BracketWeights(int size, int limbs) {
        pool = new WeightPool(limbs);
        ids = new int[Math.toIntExact((long) size * (size - 1) / 2)];
    }

    private static int index(int larger, int smaller) {
        if (smaller >= larger) {
            throw new IllegalArgumentException("pair (" + larger + ", " + smaller + ") is not (larger, smaller)");
        }
        return Math.toIntExact((long) larger * (larger - 1) / 2 + smaller);
    }

    void put(int larger, int smaller, long[] w) {
        ids[index(larger, smaller)] = w == null ? 0 : pool.intern(w, 0);
    }

    /** The id of a weight in this table's pool (0: no edge), for {@link #putId}. */
    int intern(long[] w) {
        return w == null ? 0 : pool.intern(w, 0);
    }

    void putId(int larger, int smaller, int id) {
        ids[index(larger, smaller)] = id;
    }

    /** The pair's weight id: its value is at {@code id * limbs} of {@link #values()}; 0 no edge. */
    int id(int larger, int smaller) {
        return ids[index(larger, smaller)];
    }

    long[] values() {
        return pool.values();
    }

    /** Weight ids handed out so far, 0 included. */
    int size() {
        return pool.size();
    }

    /** A copy of the weight, or null when there is no edge. */
    long[] get(int larger, int smaller) {
        int id = ids[index(larger, smaller)];
        if (id == 0) {
            return null;
        }
        int limbs = pool.limbs();
        return Arrays.copyOfRange(pool.values(), id * limbs, id * limbs + limbs);
    }

    void remove(int larger, int smaller) {
        ids[index(larger, smaller)] = 0;
    }
}

package org.torneo.game.core.deadposition;

import java.util.Arrays;

/** Position key -> the largest remaining depth searched from it (open addressing, fixed size, no eviction order). */
final class TranspositionTable {
    private final long[] keys;
    private final int[] depths;
    private final int mask;
    private int size;

    TranspositionTable(int log2Capacity) {
        keys = new long[1 << log2Capacity];
        depths = new int[1 << log2Capacity];
        mask = (1 << log2Capacity) - 1;
        clear();
    }

    void clear() {
        Arrays.fill(depths, Integer.MIN_VALUE);
        size = 0;
    }

    /** The stored depth, or Integer.MIN_VALUE when the key is absent. */
    int probe(long key) {
        int i = (int) (key ^ (key >>> 32)) & mask;
        while (depths[i] != Integer.MIN_VALUE) {
            if (keys[i] == key) {
                return depths[i];
            }
            i = (i + 1) & mask;
        }
        return Integer.MIN_VALUE;
    }

    /** Stores (or raises) the depth of a key; when the table is 3/4 full it is cleared, which only costs work. */
    void store(long key, int depth) {
        if (size >= (mask + 1) - ((mask + 1) >> 2)) {
            clear();
        }
        int i = (int) (key ^ (key >>> 32)) & mask;
        while (depths[i] != Integer.MIN_VALUE) {
            if (keys[i] == key) {
                depths[i] = Math.max(depths[i], depth);
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        depths[i] = depth;
        size++;
    }
}

package org.torneo.pairing.dutch.matching;

import java.util.Arrays;

/**
 * Distinct wide values (see {@link Wide}) stored once, each named by a small int id; id 0 is the value 0 (no
 * edge). A bracket of a Dutch round has millions of pairs but only a few thousand distinct weights (a weight is
 * a sum of fields taken from the two players' scores, floats and colours, plus small addends), so an n x n table
 * of ids (4 bytes a pair) replaces an n x n table of values (8 bytes a limb, 4–7 limbs, twice): at 5,000 players
 * this is what keeps a round within half a gigabyte.
 */
public final class WeightPool {

    private final int limbs;
    private long[] values;      // id -> value (limbs)
    private int size;           // ids in use, 0 included
    private int[] table;        // open addressing: id + 1, or 0 when free
    private int mask;
    private int lastId;         // the id interned last: a bracket sets runs of pairs of the same weight

    public WeightPool(int limbs) {
        this.limbs = limbs;
        values = new long[64 * limbs];
        size = 1;
        table = new int[128];
        mask = table.length - 1;
    }

    public int limbs() {
        return limbs;
    }

    /** The values; the value of id is at {@code id * limbs()}. The array is replaced as the pool grows. */
    public long[] values() {
        return values;
    }

    /** Ids handed out so far, 0 included. */
    public int size() {
        return size;
    }

    /** The id of the value at {@code w[offset ..]}, added if new; 0 for the value 0. */
    public int intern(long[] w, int offset) {
        if (lastId != 0 && sameAt(lastId, w, offset)) {
            return lastId;
        }
        if (Wide.isZero(w, offset, limbs)) {
            return 0;
        }
        int slot = hash(w, offset) & mask;
        while (true) {
            int entry = table[slot];
            if (entry == 0) {
                break;
            }
            int id = entry - 1;
            if (sameAt(id, w, offset)) {
                lastId = id;
                return id;
            }
            slot = (slot + 1) & mask;
        }
        int id = size++;
        if (id * limbs + limbs > values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        System.arraycopy(w, offset, values, id * limbs, limbs);
        table[slot] = id + 1;
        lastId = id;
        if (2 * size > table.length) {
            rehash(table.length * 2);
        }
        return id;
    }

    /** Is the value of id the one at w[offset ..]? A plain loop: a few limbs, where a range compare's checks cost more. */
    private boolean sameAt(int id, long[] w, int offset) {
        int base = id * limbs;
        for (int i = 0; i < limbs; i++) {
            if (values[base + i] != w[offset + i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Keeps only the ids marked live (id 0 always) and renumbers them in order; returns old id -> new id (-1 for
     * the ids let go).
     */
    public int[] compact(boolean[] live) {
        int[] renumber = new int[size];
        Arrays.fill(renumber, -1);
        renumber[0] = 0;
        int next = 1;
        for (int id = 1; id < size; id++) {
            if (live[id]) {
                System.arraycopy(values, id * limbs, values, next * limbs, limbs);
                renumber[id] = next++;
            }
        }
        size = next;
        lastId = 0;
        int capacity = 128;
        while (capacity < 2 * size) {
            capacity *= 2;
        }
        rehash(capacity);
        return renumber;
    }

    private void rehash(int capacity) {
        table = new int[capacity];
        mask = capacity - 1;
        for (int id = 1; id < size; id++) {
            int slot = hash(values, id * limbs) & mask;
            while (table[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id + 1;
        }
    }

    private int hash(long[] w, int offset) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < limbs; i++) {
            h = (h ^ w[offset + i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }
}

package org.torneo.pairing.dutch;

import java.util.Arrays;

/**
 * (slot, addend) to a non-zero int, by open addressing; 0 when absent. Stops taking entries at a million (the
 * callers then compute the value again), so that it never grows past a few tens of megabytes.
 */
final class AddendMemo {
    private static final int MAX_ENTRIES = 1 << 20;
    private int[] slots = new int[1024];        // slot + 1, or 0 when free
    private long[] addends = new long[1024];
    private int[] values = new int[1024];
    private int size;

    void clear() {
        if (size > 0) {
            Arrays.fill(slots, 0);
            size = 0;
        }
    }

    int get(int slot, long addend) {
        int mask = slots.length - 1;
        for (int i = hash(slot, addend) & mask; slots[i] != 0; i = (i + 1) & mask) {
            if (slots[i] == slot + 1 && addends[i] == addend) {
                return values[i];
            }
        }
        return 0;
    }

    void put(int slot, long addend, int value) {
        if (size >= MAX_ENTRIES) {
            return;
        }
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = hash(slot, addend) & mask;
        while (slots[i] != 0 && !(slots[i] == slot + 1 && addends[i] == addend)) {
            i = (i + 1) & mask;
        }
        if (slots[i] == 0) {
            size++;
        }
        slots[i] = slot + 1;
        addends[i] = addend;
        values[i] = value;
    }

    private void grow() {
        int[] oldSlots = slots;
        long[] oldAddends = addends;
        int[] oldValues = values;
        slots = new int[oldSlots.length * 2];
        addends = new long[oldSlots.length * 2];
        values = new int[oldSlots.length * 2];
        size = 0;
        for (int i = 0; i < oldSlots.length; i++) {
            if (oldSlots[i] != 0) {
                put(oldSlots[i] - 1, oldAddends[i], oldValues[i]);
            }
        }
    }

    private static int hash(int slot, long addend) {
        long h = slot * 0x9E3779B97F4A7C15L ^ addend * 0xBF58476D1CE4E5B9L;
        h ^= h >>> 31;
        return (int) (h ^ (h >>> 32));
    }
}

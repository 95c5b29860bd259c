package org.torneo.pairing.dutch.matching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightPoolTest {

    @Test
    void equalValuesShareAnIdAndDifferentOnesDoNot() {
        // given values that differ only in their high limb, and a zero
        WeightPool pool = new WeightPool(2);
        long[] a = {5, 1};
        long[] b = {5, 2};
        // when they are interned, some twice and at an offset
        int idA = pool.intern(a, 0);
        int idB = pool.intern(b, 0);
        int idA2 = pool.intern(new long[] {9, 5, 1}, 1);
        // then equal values get the same id, different ones not, zero is id 0, and the values read back
        assertEquals(idA, idA2);
        assertNotEquals(idA, idB);
        assertEquals(0, pool.intern(new long[2], 0));
        assertArrayEquals(a, Arrays.copyOfRange(pool.values(), idA * 2, idA * 2 + 2));
        assertArrayEquals(b, Arrays.copyOfRange(pool.values(), idB * 2, idB * 2 + 2));
    }

    @Test
    void manyValuesThenACompactionKeepEveryLiveValue() {
        // given thousands of random values (with repeats) interned, the table growing many times
        Random random = new Random(7);
        WeightPool pool = new WeightPool(3);
        Map<List<Long>, Integer> ids = new HashMap<>();
        for (int i = 0; i < 5000; i++) {
            long[] w = {random.nextInt(300), random.nextInt(3), random.nextInt(2) + 1};
            int id = pool.intern(w, 0);
            Integer before = ids.putIfAbsent(List.of(w[0], w[1], w[2]), id);
            if (before != null) {
                assertEquals(before.intValue(), id, "same value, same id");
            }
        }
        assertEquals(ids.size() + 1, pool.size());
        // when every other id is let go
        boolean[] live = new boolean[pool.size()];
        for (int id = 1; id < live.length; id += 2) {
            live[id] = true;
        }
        int[] renumber = pool.compact(live);
        // then the live values keep their value under their new id and are found again by value
        for (var e : ids.entrySet()) {
            int old = e.getValue();
            if (!live[old]) {
                assertEquals(-1, renumber[old]);
                continue;
            }
            long[] w = {e.getKey().get(0), e.getKey().get(1), e.getKey().get(2)};
            int now = renumber[old];
            assertArrayEquals(w, Arrays.copyOfRange(pool.values(), now * 3, now * 3 + 3));
            assertEquals(now, pool.intern(w, 0));
        }
    }
}

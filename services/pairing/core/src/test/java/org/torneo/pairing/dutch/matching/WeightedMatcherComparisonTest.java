package org.torneo.pairing.dutch.matching;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: the production matcher (compact weights, reused scratch space) against the matcher as it was before
 * ({@link ReferenceWeightedMatcher}), on generated brackets shaped like the Dutch ones: multi-limb weights made of
 * a few fields with many ties, most pairs allowed, then the engine's kinds of incremental change (a vertex's
 * edges gaining distinct addends, edges removed, a pair finalised) and a solve after each. Both get the same
 * operations and must give the same matching every time (not just one of equal weight: the engine reads its
 * decisions from the matching), the same weights back and the same answers from the no-solve shortcut.
 */
class WeightedMatcherComparisonTest {

    private static final int BRACKETS = 3000;

    @Test
    void theMatcherGivesTheSameMatchingsAsTheReferenceOnGeneratedBrackets() {
        Random random = new Random(24);
        int solves = 0;
        int shortcutAnswers = 0;
        for (int bracket = 0; bracket < BRACKETS; bracket++) {
            int n = 2 + random.nextInt(bracket % 10 == 0 ? 120 : 40);
            int limbs = 1 + random.nextInt(3);
            int topBit = 64 * limbs - 8;
            BigInteger max = BigInteger.ONE.shiftLeft(topBit).subtract(BigInteger.ONE);
            WeightedMatcher fast = new WeightedMatcher(n, limbs, max.shiftLeft(1));
            ReferenceWeightedMatcher reference = new ReferenceWeightedMatcher(n, limbs, max.shiftLeft(1));
            if (bracket % 3 == 0) {
                fast.compactPoolAt(2 + random.nextInt(8));     // the pool lets go of replaced weights often
            }
            // player attributes: weights are sums of per-player field values, so many pairs weigh the same
            int fields = 2 + random.nextInt(4);
            int[][] attribute = new int[n][fields];
            for (int v = 0; v < n; v++) {
                for (int f = 0; f < fields; f++) {
                    attribute[v][f] = random.nextInt(random.nextBoolean() ? 2 : 4);
                }
            }
            int forbidPercent = random.nextInt(4) == 0 ? 60 : random.nextInt(15);
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < a; b++) {
                    long[] w = random.nextInt(100) < forbidPercent ? null
                            : fieldWeight(attribute[a], attribute[b], limbs, topBit);
                    fast.setEdgeWeight(a, b, w, 0);
                    reference.setEdgeWeight(a, b, w, 0);
                }
            }
            fast.computeMatching();
            reference.computeMatching();
            solves++;
            assertArrayEquals(reference.matching(), fast.matching(), "bracket " + bracket + " first solve");
            boolean[] finalised = new boolean[n];
            int changes = 1 + random.nextInt(12);
            for (int change = 0; change < changes; change++) {
                int v = random.nextInt(n);
                if (finalised[v]) {
                    continue;
                }
                int kind = random.nextInt(4);
                long[] weight = new long[limbs];
                if (kind == 0) {
                    // v's edges gain distinct addends (the lowest-ranked opponent the least), as a decision does
                    long addend = 1;
                    for (int u = n - 1; u >= 0; u--) {
                        if (u != v && !finalised[u] && fast.edgeWeight(v, u, weight)) {
                            Wide.addAt(weight, 0, limbs, 0, addend++);
                            fast.setEdgeWeight(v, u, weight, 0);
                            reference.setEdgeWeight(v, u, weight, 0);
                        }
                    }
                } else if (kind == 1) {
                    // the no-solve shortcut first, then the same addends for both
                    int count = 0;
                    int[] candidates = new int[n];
                    long[] addends = new long[n];
                    long addend = n;
                    for (int u = 0; u < n; u++) {
                        if (u != v && !finalised[u] && fast.edgeWeight(v, u, weight)) {
                            candidates[count] = u;
                            addends[count++] = addend--;
                        }
                    }
                    int a = fast.partnerByAddends(v, candidates, addends, count);
                    int b = reference.partnerByAddends(v, candidates, addends, count);
                    assertEquals(b, a, "bracket " + bracket + " shortcut for " + v);
                    assertArrayEquals(reference.matching(), fast.matching(), "bracket " + bracket + " after shortcut");
                    if (a >= 0) {
                        shortcutAnswers++;
                    }
                    for (int i = 0; i < count; i++) {
                        fast.edgeWeight(v, candidates[i], weight);
                        Wide.addAt(weight, 0, limbs, 0, addends[i]);
                        fast.setEdgeWeight(v, candidates[i], weight, 0);
                        reference.setEdgeWeight(v, candidates[i], weight, 0);
                    }
                } else if (kind == 2) {
                    // some of v's edges removed (exchanges decided)
                    for (int u = 0; u < n; u++) {
                        if (u != v && !finalised[u] && random.nextInt(3) == 0) {
                            fast.setEdgeWeight(v, u, null, 0);
                            reference.setEdgeWeight(v, u, null, 0);
                        }
                    }
                } else {
                    // v and its mate finalised: only their edge is left, at the maximum weight
                    int m = fast.matching()[v];
                    if (m == v || finalised[m]) {
                        continue;
                    }
                    finalised[v] = true;
                    finalised[m] = true;
                    for (int u = 0; u < n; u++) {
                        if (u != v && u != m) {
                            fast.setEdgeWeight(v, u, null, 0);
                            reference.setEdgeWeight(v, u, null, 0);
                            fast.setEdgeWeight(m, u, null, 0);
                            reference.setEdgeWeight(m, u, null, 0);
                        }
                    }
                    long[] top = Wide.of(max, limbs);
                    fast.setEdgeWeight(v, m, top, 0);
                    reference.setEdgeWeight(v, m, top, 0);
                }
                fast.computeMatching();
                reference.computeMatching();
                solves++;
                assertArrayEquals(reference.matching(), fast.matching(), "bracket " + bracket + " change " + change);
            }
            long[] x = new long[limbs];
            long[] y = new long[limbs];
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    if (a != b) {
                        boolean has = fast.edgeWeight(a, b, x);
                        assertEquals(reference.edgeWeight(a, b, y), has, "edge " + a + "-" + b);
                        if (has) {
                            assertArrayEquals(y, x, "weight " + a + "-" + b);
                        }
                    }
                }
            }
        }
        System.out.printf("WeightedMatcherComparisonTest: %d brackets, %d solves, %d shortcut answers, all identical%n",
                BRACKETS, solves, shortcutAnswers);
    }

    /** A weight made of fields from the top bit down: the sum of the two players' values in each field. */
    private static long[] fieldWeight(int[] a, int[] b, int limbs, int topBit) {
        long[] w = new long[limbs];
        int bit = topBit - 4;
        for (int f = 0; f < a.length; f++) {
            Wide.addAt(w, 0, limbs, bit, a[f] + b[f] + 1L);
            bit -= 5 + (f * 7) % 13;
            if (bit < 8) {
                break;
            }
        }
        return w;
    }
}

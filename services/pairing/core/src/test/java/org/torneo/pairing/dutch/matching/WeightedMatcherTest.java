package org.torneo.pairing.dutch.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightedMatcherTest {

    /** Best total weight by exhaustive search (vertex 0.. first unmatched or matched to a later one). */
    private static long brute(long[][] w, boolean[] used, int from) {
        int n = w.length;
        int i = from;
        while (i < n && used[i]) {
            i++;
        }
        if (i >= n) {
            return 0;
        }
        used[i] = true;
        long best = brute(w, used, i + 1);
        for (int j = i + 1; j < n; j++) {
            if (!used[j] && w[i][j] > 0) {
                used[j] = true;
                best = Math.max(best, w[i][j] + brute(w, used, i + 1));
                used[j] = false;
            }
        }
        used[i] = false;
        return best;
    }

    private static long total(long[][] w, int[] m) {
        long sum = 0;
        for (int v = 0; v < m.length; v++) {
            assertEquals(v, m[m[v]], "matching is symmetric");
            if (m[v] > v) {
                assertTrue(w[v][m[v]] > 0, "only real edges are matched");
                sum += w[v][m[v]];
            }
        }
        return sum;
    }

    @Test
    void findsTheOptimumAfterEveryIncrementalChange() {
        Random random = new Random(42);
        for (int trial = 0; trial < 400; trial++) {
            int n = 2 + random.nextInt(9);
            int maxW = 1 + random.nextInt(trial % 3 == 0 ? 4 : 1000);
            long[][] w = new long[n][n];
            WeightedMatcher m = new WeightedMatcher(n, BigInteger.valueOf(maxW));
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    if (random.nextInt(3) > 0) {
                        w[i][j] = w[j][i] = random.nextInt(maxW + 1);
                        m.setEdgeWeight(i, j, BigInteger.valueOf(w[i][j]));
                    }
                }
            }
            m.computeMatching();
            assertEquals(brute(w, new boolean[n], 0), total(w, m.matching()), "trial " + trial);
            for (int step = 0; step < 6; step++) {
                int v = random.nextInt(n);
                for (int u = 0; u < n; u++) {
                    if (u != v && random.nextInt(2) == 0) {
                        w[u][v] = w[v][u] = random.nextInt(maxW + 1);
                        m.setEdgeWeight(v, u, BigInteger.valueOf(w[u][v]));
                    }
                }
                m.computeMatching();
                assertEquals(brute(w, new boolean[n], 0), total(w, m.matching()), "trial " + trial + " step " + step);
            }
        }
    }

    /**
     * {@link WeightedMatcher#partnerByAddends}: whenever it names a partner without solving, a solve with the addends
     * gives that partner, every optimum with the addends has it, and the swapped matching is still optimal for the
     * weights without them. Ties are frequent (weights are a few multiples of a unit larger than every addend), and
     * some trials first fix a matched pair as the Dutch engine does, without solving again.
     */
    @Test
    void aPartnerProvedWithoutSolvingIsTheOneEverySolveGives() {
        Random random = new Random(7);
        long unit = 1000;
        int proved = 0;
        int swapped = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int n = 4 + random.nextInt(8);
            long[][] w = new long[n][n];
            WeightedMatcher fast = new WeightedMatcher(n, BigInteger.valueOf(8 * unit));
            WeightedMatcher solved = new WeightedMatcher(n, BigInteger.valueOf(8 * unit));
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    if (random.nextInt(4) > 0) {
                        w[i][j] = w[j][i] = unit * (1 + random.nextInt(3));
                        fast.setEdgeWeight(i, j, BigInteger.valueOf(w[i][j]));
                        solved.setEdgeWeight(i, j, BigInteger.valueOf(w[i][j]));
                    }
                }
            }
            fast.computeMatching();
            solved.computeMatching();
            int[] m = fast.matching();
            int fixedA = -1;
            int fixedB = -1;
            if (random.nextBoolean()) {
                // fix a matched pair for good: its other edges go, its own edge gets the largest weight
                int a = random.nextInt(n);
                if (m[a] != a) {
                    int b = m[a];
                    for (int u = 0; u < n; u++) {
                        if (u != a && u != b) {
                            w[a][u] = w[u][a] = 0;
                            w[b][u] = w[u][b] = 0;
                            for (WeightedMatcher x : new WeightedMatcher[] {fast, solved}) {
                                x.setEdgeWeight(a, u, null, 0);
                                x.setEdgeWeight(b, u, null, 0);
                            }
                        }
                    }
                    fixedA = a;
                    fixedB = b;
                    w[a][b] = w[b][a] = 8 * unit;
                    fast.setEdgeWeight(a, b, BigInteger.valueOf(8 * unit));
                    solved.setEdgeWeight(a, b, BigInteger.valueOf(8 * unit));
                }
            }
            int v = random.nextInt(n);
            int[] candidates = new int[n];
            int count = 0;
            for (int u = 0; u < n; u++) {
                if (u != v && w[v][u] > 0 && w[v][u] < 8 * unit && random.nextInt(4) > 0) {
                    candidates[count++] = u;
                }
            }
            for (int i = count - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = candidates[i];
                candidates[i] = candidates[j];
                candidates[j] = t;
            }
            long[] addends = new long[count];
            for (int i = 0; i < count; i++) {
                addends[i] = count - i - (random.nextInt(4) == 0 ? 1 : 0) * (i == count - 1 ? 1 : 0);
            }
            int partner = fast.partnerByAddends(v, candidates, addends, count);
            if (partner < 0) {
                continue;
            }
            proved++;
            long base = brute(w, new boolean[n], 0);
            int[] after = fast.matching();
            assertEquals(partner, after[v], "trial " + trial);
            if (fixedA != -1) {
                // the fixed pair is matched again by the next solve
                assertEquals(fixedA, after[fixedA]);
                after[fixedA] = fixedB;
                after[fixedB] = fixedA;
            }
            assertEquals(base, total(w, after), "the swapped matching is optimal, trial " + trial);
            if (after[v] != m[v]) {
                swapped++;
            }
            long[][] plus = new long[n][];
            for (int i = 0; i < n; i++) {
                plus[i] = w[i].clone();
            }
            for (int i = 0; i < count; i++) {
                int c = candidates[i];
                plus[v][c] = plus[c][v] = w[v][c] + addends[i];
                solved.setEdgeWeight(v, c, BigInteger.valueOf(plus[v][c]));
            }
            solved.computeMatching();
            assertEquals(partner, solved.matching()[v], "a solve gives the same partner, trial " + trial);
            long best = brute(plus, new boolean[n], 0);
            plus[v][partner] = plus[partner][v] = 0;
            assertTrue(brute(plus, new boolean[n], 0) < best, "every optimum has the partner, trial " + trial);
        }
        assertTrue(proved > 300, "proved " + proved);
        assertTrue(swapped > 100, "swapped " + swapped);
    }
}

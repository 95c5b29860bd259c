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
}

package org.torneo.rating.core.elo;

/**
 * Performance figures used by B.02 and by the C.07 rating tie-breaks (Art. 10): average rating of
 * opponents (ARO), tournament performance rating (TPR = ARO + dp) and perfect tournament performance (PTP).
 */
public final class Performance {

    private Performance() {
    }

    /** C.07 10.1: the mean of the opponents' ratings, rounded half up; null without opponents. */
    public static Integer averageRating(int[] ratings, int count) {
        if (count == 0) {
            return null;
        }
        long sum = 0;
        for (int i = 0; i < count; i++) {
            sum += ratings[i];
        }
        return (int) roundHalfUp(sum, count);
    }

    /** C.07 10.2 / B.02 8.2: ARO + dp(p), p = score / games rounded half up to hundredths. */
    public static Integer tournamentPerformance(int scoreCenti, int[] ratings, int count) {
        Integer aro = averageRating(ratings, count);
        if (aro == null) {
            return null;
        }
        int percent = (int) roundHalfUp(scoreCenti, count);
        return aro + FideTables.dp(percent);
    }

    /**
     * C.07 10.3: the lowest rating R whose expected score (table 8.1.2) against the opponents
     * reaches the score; a zero score gives the lowest opponent minus 800.
     */
    public static Integer perfectPerformance(int scoreCenti, int[] ratings, int count) {
        if (count == 0) {
            return null;
        }
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            min = Math.min(min, ratings[i]);
            max = Math.max(max, ratings[i]);
        }
        if (scoreCenti == 0) {
            return min - 800;
        }
        if (scoreCenti > 100 * count) {
            return max + 800;
        }
        // expected score is non-decreasing in R: binary search the first R that reaches the score
        int lo = min - 801;
        int hi = max + 800;
        while (hi - lo > 1) {
            int mid = lo + (hi - lo) / 2;
            if (expectedSum(mid, ratings, count) >= scoreCenti) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    static long expectedSum(int own, int[] ratings, int count) {
        long s = 0;
        for (int i = 0; i < count; i++) {
            s += FideTables.expectedScore(own, ratings[i]);
        }
        return s;
    }

    /** Round half up of num/den for a positive denominator. */
    public static long roundHalfUp(long num, long den) {
        return Math.floorDiv(2 * num + den, 2 * den);
    }
}

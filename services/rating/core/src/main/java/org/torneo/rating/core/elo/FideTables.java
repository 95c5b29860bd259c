package org.torneo.rating.core.elo;

/**
 * The two conversion tables of the FIDE Rating Regulations (B.02), as exact integer lookups.
 * Table 8.1.1 turns a fractional score p into a rating difference dp; table 8.1.2 turns a rating
 * difference D into the expected score PD of the higher-rated player. The logistic curve
 * 1/(1+10^(-D/400)) only approximates them, so it is never used.
 */
public final class FideTables {

    private FideTables() {
    }

    // B.02 8.1.1: dp for p = .50, .51, ..., 1.00; dp(p) = -dp(1-p) below .50
    private static final int[] DP_FROM_HALF = {
        0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
        149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
        366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

    // B.02 8.1.2: the largest difference D that still gives the higher-rated player PD = .50, .51, ... .99;
    // any larger difference (above 735) gives 1.00
    private static final int[] MAX_DIFFERENCE_FOR_PD = {
        3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
        153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
        374, 391, 411, 432, 456, 484, 517, 559, 619, 735};

    private static final int[] PD_BY_DIFFERENCE = new int[801];

    static {
        int pd = 50;
        for (int d = 0; d <= 800; d++) {
            while (pd < 100 && d > MAX_DIFFERENCE_FOR_PD[pd - 50]) {
                pd++;
            }
            PD_BY_DIFFERENCE[d] = pd;
        }
    }

    /** Table 8.1.1: rating difference for a fractional score given in hundredths (0..100). */
    public static int dp(int percent) {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("fractional score must be 0..100 hundredths: " + percent);
        }
        return percent >= 50 ? DP_FROM_HALF[percent - 50] : -DP_FROM_HALF[50 - percent];
    }

    /**
     * Table 8.1.2: expected score, in hundredths, of a player rated {@code own} against {@code opponent}.
     * Differences beyond 800 are read as 800 (the table's end); no 400-point cap here (see {@link Elo}).
     */
    public static int expectedScore(int own, int opponent) {
        int diff = Math.abs(own - opponent);
        int pdHigher = PD_BY_DIFFERENCE[Math.min(diff, 800)];
        return own >= opponent ? pdHigher : 100 - pdHigher;
    }

    /** Table 8.1.2 for the higher-rated player given a non-negative difference. */
    public static int expectedScoreOfHigher(int difference) {
        if (difference < 0) {
            throw new IllegalArgumentException("difference must not be negative: " + difference);
        }
        return PD_BY_DIFFERENCE[Math.min(difference, 800)];
    }
}

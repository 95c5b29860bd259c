package org.torneo.rating.core.tiebreak;

/** C.07 9.2: Koya system (for round robins), /Ln sets the limit. */
public final class Ks implements TieBreak {

    @Override
    public String code() {
        return "KS";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        // C.07 9.2: points scored against opponents with at least the limit (50 % by default)
        long limitTimes100 = (long) spec.koyaPercent() * c.winPoints * maxGames(c) + 100L * spec.koyaOffsetCenti();
        for (int p = 0; p < c.n; p++) {
            for (int r = 0; r < c.rounds; r++) {
                int opp = c.opponent[p][r];
                if (opp >= 0 && 100 * c.total[opp] >= limitTimes100) {
                    v[p] += c.points[p][r];
                }
            }
        }
        return new TieBreakColumn(spec.text(), 2, v, true);
    }

    /**
     * The games a participant could play: the rounds, in a round robin less the byes of an odd field
     * and one per participant who was never paired.
     */
    static int maxGames(TieBreakContext c) {
        int max = c.rounds;
        if (c.roundRobin) {
            if (c.n > 0 && c.rounds % c.n == 0) {
                max -= c.rounds / c.n;
            }
            for (int p = 0; p < c.n; p++) {
                if (c.lastPaired[p] == 0) {
                    max--;
                }
            }
        }
        return max;
    }
}

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
        for (int p = 0; p < c.n; p++) {
            // C.07 9.2: points scored against opponents with at least the limit (50 % by default)
            long limitTimes100 = (long) spec.koyaPercent() * c.winPoints * c.rounds + 100L * spec.koyaOffsetCenti();
            for (int r = 0; r < c.rounds; r++) {
                int opp = c.opponent[p][r];
                if (opp >= 0 && 100 * c.total[opp] >= limitTimes100) {
                    v[p] += c.points[p][r];
                }
            }
        }
        return new TieBreakColumn(spec.text(), 2, v, true);
    }
}

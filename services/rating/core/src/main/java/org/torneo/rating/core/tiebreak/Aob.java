package org.torneo.rating.core.tiebreak;

import org.torneo.rating.core.elo.Performance;

/** C.07 8.2: average of the opponents' Buchholz over the games played, rounded half up to 0.01. */
public final class Aob implements TieBreak {

    @Override
    public String code() {
        return "AOB";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        TieBreakSpec bhSpec = spec.withCode("BH");
        TieBreakColumn bh = new Bh().compute(c, bhSpec, rankSoFar);
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            long sum = 0;
            int count = 0;
            for (int r = 0; r < c.rounds; r++) {
                int opp = c.opponent[p][r];
                if (opp >= 0 && c.playedOrPab[p][r]) {
                    sum += bh.values()[opp];
                    count++;
                }
            }
            v[p] = count == 0 ? TieBreakColumn.NA : Performance.roundHalfUp(sum, count);
        }
        return new TieBreakColumn(spec.text(), 2, v, true);
    }
}

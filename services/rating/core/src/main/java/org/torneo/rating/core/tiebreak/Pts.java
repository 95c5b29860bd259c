package org.torneo.rating.core.tiebreak;

/** C.07 13.1: the score under the tournament's point system. */
public final class Pts implements TieBreak {

    @Override
    public String code() {
        return "PTS";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            v[p] = c.total[p];
        }
        return new TieBreakColumn(spec.text(), 2, v, true);
    }
}

package org.torneo.rating.core.tiebreak;

/** C.07 7.1: number of wins, including unplayed rounds that earned win points (PAB, forfeit win, full-point bye). */
public final class Win implements TieBreak {

    @Override
    public String code() {
        return "WIN";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            // C.07 7.1: rounds that earned the points of a win, played or not
            for (int r = 0; r < c.rounds; r++) {
                if (c.points[p][r] == c.winPoints) {
                    v[p]++;
                }
            }
        }
        return new TieBreakColumn(spec.text(), 0, v, true);
    }
}

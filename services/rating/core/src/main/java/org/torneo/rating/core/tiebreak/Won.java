package org.torneo.rating.core.tiebreak;

/** C.07 7.2: number of games won over the board. */
public final class Won implements TieBreak {

    @Override
    public String code() {
        return "WON";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            for (int r = 0; r < c.rounds; r++) {
                if (c.points[p][r] == c.winPoints && c.playedOrPab[p][r] && c.opponent[p][r] >= 0) {
                    v[p]++;
                }
            }
        }
        return new TieBreakColumn(spec.text(), 0, v, true);
    }
}

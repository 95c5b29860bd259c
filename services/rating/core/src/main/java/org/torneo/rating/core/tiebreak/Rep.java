package org.torneo.rating.core.tiebreak;

/** C.07 7.6: rounds one elected to play: games, PAB and rounds that earned win points. */
public final class Rep implements TieBreak {

    @Override
    public String code() {
        return "REP";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            for (int r = 0; r < c.rounds; r++) {
                if (c.playedOrPab[p][r] || c.points[p][r] == c.winPoints) {
                    v[p]++;
                }
            }
        }
        return new TieBreakColumn(spec.text(), 0, v, true);
    }
}

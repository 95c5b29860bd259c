package org.torneo.rating.core.tiebreak;

/** C.07 7.3: number of games played with the black pieces. */
public final class Bpg implements TieBreak {

    @Override
    public String code() {
        return "BPG";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            for (int r = 0; r < c.rounds; r++) {
                if (c.black[p][r] && c.playedOrPab[p][r]) {
                    v[p]++;
                }
            }
        }
        return new TieBreakColumn(spec.text(), 0, v, true);
    }
}

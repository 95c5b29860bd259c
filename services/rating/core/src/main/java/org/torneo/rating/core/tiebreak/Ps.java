package org.torneo.rating.core.tiebreak;

/** C.07 7.5: progressive (cumulative) score. */
public final class Ps implements TieBreak {

    @Override
    public String code() {
        return "PS";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            // C.07 7.5: sum of the running scores; /Cn drops the first n rounds
            long running = 0;
            for (int r = 0; r < c.rounds; r++) {
                running += c.points[p][r];
                if (r >= spec.cutLow()) {
                    v[p] += running;
                }
            }
        }
        return new TieBreakColumn(spec.text(), 2, v, true);
    }
}

package org.torneo.rating.core.tiebreak;

/** C.07 8.1: Buchholz, with cuts /C1 /C2 and medians /M1 /M2 (14.1) and /P. */
public final class Bh implements TieBreak {

    @Override
    public String code() {
        return "BH";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 2, BuchholzFamily.compute(c, spec, false), true));
    }
}

package org.torneo.rating.core.tiebreak;

/** C.07 9.1: Sonneborn-Berger: each round's (adjusted or dummy) opponent score times the points earned. */
public final class Sb implements TieBreak {

    @Override
    public String code() {
        return "SB";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 4, BuchholzFamily.compute(c, spec, true), true));
    }
}

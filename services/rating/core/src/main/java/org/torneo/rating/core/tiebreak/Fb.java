package org.torneo.rating.core.tiebreak;

/** C.07 8.3: Fore Buchholz: Buchholz with the last round's pairings counted as draws. */
public final class Fb implements TieBreak {

    @Override
    public String code() {
        return "FB";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 2, BuchholzFamily.compute(c, spec, false), true));
    }
}

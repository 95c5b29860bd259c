package org.torneo.rating.core.tiebreak;

/** C.07 10.1: average rating of the opponents, /Cn /Mn cuts, /Unnnn for unrated opponents. */
public final class Aro implements TieBreak {

    @Override
    public String code() {
        return "ARO";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 0,
                RatingFamily.compute(c, spec, RatingFamily.Kind.ARO), true));
    }
}

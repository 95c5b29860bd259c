package org.torneo.rating.core.tiebreak;

/** C.07 10.2: tournament performance rating, ARO + dp(p) from table B.02 8.1.1. */
public final class Tpr implements TieBreak {

    @Override
    public String code() {
        return "TPR";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 0,
                RatingFamily.compute(c, spec, RatingFamily.Kind.TPR), true));
    }
}

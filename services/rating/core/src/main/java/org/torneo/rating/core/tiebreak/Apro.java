package org.torneo.rating.core.tiebreak;

/** C.07 10.4: average of the opponents' tournament performance ratings. */
public final class Apro implements TieBreak {

    @Override
    public String code() {
        return "APRO";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        TieBreakSpec baseSpec = new TieBreakSpec(spec.text(), "TPR", 0, 0, false, false, spec.unratedRating(), 50, 0,
                spec.rules());
        TieBreakColumn base = new Tpr().compute(c, baseSpec, rankSoFar);
        return new TieBreakColumn(spec.text(), 0, RatingFamily.averageOfOpponents(c, base.values()), true);
    }
}

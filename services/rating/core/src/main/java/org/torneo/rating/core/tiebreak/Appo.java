package org.torneo.rating.core.tiebreak;

/** C.07 10.5: average of the opponents' perfect tournament performances. */
public final class Appo implements TieBreak {

    @Override
    public String code() {
        return "APPO";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        TieBreakSpec baseSpec = new TieBreakSpec(spec.text(), "PTP", 0, 0, false, false, spec.unratedRating(), 50, 0,
                spec.rules());
        TieBreakColumn base = new Ptp().compute(c, baseSpec, rankSoFar);
        return new TieBreakColumn(spec.text(), 0, RatingFamily.averageOfOpponents(c, base.values()), true);
    }
}

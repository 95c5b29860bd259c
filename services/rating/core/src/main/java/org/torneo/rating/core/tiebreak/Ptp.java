package org.torneo.rating.core.tiebreak;

/** C.07 10.3: perfect tournament performance, the lowest rating whose expected score reaches the score. */
public final class Ptp implements TieBreak {

    @Override
    public String code() {
        return "PTP";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        return c.cached(spec, () -> new TieBreakColumn(spec.text(), 0,
                RatingFamily.compute(c, spec, RatingFamily.Kind.PTP), true));
    }
}

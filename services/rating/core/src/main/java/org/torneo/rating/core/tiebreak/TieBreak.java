package org.torneo.rating.core.tiebreak;

/**
 * One FIDE C.07 tie-break. {@code rankSoFar} is the competition rank of each player by the criteria
 * listed before this one (only Direct Encounter needs it: it works inside the groups still tied).
 */
public interface TieBreak {

    String code();

    TieBreakColumn compute(TieBreakContext context, TieBreakSpec spec, int[] rankSoFar);
}

package org.torneo.contracts.game;

/**
 * What the Laws leave to the event's regulations, fixed before the start.
 *
 * @param drawOffersFromMove     no draw offers or agreements before this move number (FIDE 2018 9.1.1); 0 = none
 * @param adequateSupervision    rapid/blitz with one arbiter per few games and every game recorded (FIDE 2018
 *                               A.3 / B.3): the full rules apply; false: A.4 (illegal moves stand unless claimed)
 */
public record EventRegulations(int drawOffersFromMove, boolean adequateSupervision) {

    /** No restriction on offers; supervised play (the standard-game case). */
    public static final EventRegulations DEFAULT = new EventRegulations(0, true);

    public EventRegulations {
        if (drawOffersFromMove < 0) {
            throw new IllegalArgumentException("drawOffersFromMove must be >= 0, got " + drawOffersFromMove);
        }
    }
}

package org.torneo.contracts.game;

/**
 * What the Laws leave to the event's regulations, fixed before the start.
 *
 * @param drawOffersFromMove     no draw offers or agreements before this move number (FIDE 2018 9.1.1); 0 = none
 * @param adequateSupervision    rapid/blitz with one arbiter per few games and every game recorded (FIDE 2018
 *                               A.3 / B.3): the full rules apply; false: A.4 (illegal moves stand unless claimed)
 * @param quickplayFinish        whether and how the FIDE 2018 Guidelines III were announced (III.2.1); null reads as
 *                               NOT_ANNOUNCED. The 1997 and 2001 Laws have Article 10 in any case.
 */
public record EventRegulations(int drawOffersFromMove, boolean adequateSupervision,
                               QuickplayFinishGuidelines quickplayFinish) {

    /** No restriction on offers; supervised play (the standard-game case). */
    public static final EventRegulations DEFAULT = new EventRegulations(0, true);

    public EventRegulations {
        if (drawOffersFromMove < 0) {
            throw new IllegalArgumentException("drawOffersFromMove must be >= 0, got " + drawOffersFromMove);
        }
        quickplayFinish = quickplayFinish == null ? QuickplayFinishGuidelines.NOT_ANNOUNCED : quickplayFinish;
    }

    /** Regulations that do not announce the Guidelines III. */
    public EventRegulations(int drawOffersFromMove, boolean adequateSupervision) {
        this(drawOffersFromMove, adequateSupervision, QuickplayFinishGuidelines.NOT_ANNOUNCED);
    }
}

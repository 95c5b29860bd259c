package org.torneo.contracts.game;

/**
 * What the Laws leave to the event's regulations, fixed before the start.
 *
 * @param drawOffersFromMove     no draw offers or agreements before this move number (FIDE 2018 9.1.1); 0 = none
 * @param adequateSupervision    rapid/blitz with one arbiter per few games and every game recorded (FIDE 2018
 *                               A.3 / B.3): the full rules apply; false: A.4 (illegal moves stand unless claimed)
 * @param quickplayFinish        whether and how the FIDE 2018 Guidelines III were announced (III.2.1); null reads as
 *                               NOT_ANNOUNCED. The 1997 and 2001 Laws have Article 10 in any case.
 * @param arbiterAbsent          optional, true: the games are played with no arbiter present (FIDE 1997 Appendix D,
 *                               2018 Guidelines III.6): a quickplay-finish claim ends the game and goes to the
 *                               designated arbiter, whose decision is final; null (left out of the JSON) otherwise
 * @param fiftyMoveExtensions    optional: the positions for which the number of 50 moves was raised before the start
 *                               (Code 1970 art. XII-4); null (left out of the JSON) when none
 */
public record EventRegulations(int drawOffersFromMove, boolean adequateSupervision,
                               QuickplayFinishGuidelines quickplayFinish,
                               @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                               Boolean arbiterAbsent,
                               @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                               java.util.List<FiftyMoveExtension> fiftyMoveExtensions) {

    /** No restriction on offers; supervised play (the standard-game case). */
    public static final EventRegulations DEFAULT = new EventRegulations(0, true);

    public EventRegulations {
        if (drawOffersFromMove < 0) {
            throw new IllegalArgumentException("drawOffersFromMove must be >= 0, got " + drawOffersFromMove);
        }
        quickplayFinish = quickplayFinish == null ? QuickplayFinishGuidelines.NOT_ANNOUNCED : quickplayFinish;
        // absent and empty are written alike (left out): the events of earlier versions keep their bytes and hashes
        arbiterAbsent = Boolean.TRUE.equals(arbiterAbsent) ? Boolean.TRUE : null;
        fiftyMoveExtensions = fiftyMoveExtensions == null || fiftyMoveExtensions.isEmpty() ? null
                : java.util.List.copyOf(fiftyMoveExtensions);
    }

    /** Regulations with an arbiter present and no raised fifty-move counts. */
    public EventRegulations(int drawOffersFromMove, boolean adequateSupervision,
                            QuickplayFinishGuidelines quickplayFinish) {
        this(drawOffersFromMove, adequateSupervision, quickplayFinish, null, null);
    }

    /** Regulations that do not announce the Guidelines III. */
    public EventRegulations(int drawOffersFromMove, boolean adequateSupervision) {
        this(drawOffersFromMove, adequateSupervision, QuickplayFinishGuidelines.NOT_ANNOUNCED);
    }

    /** FIDE 1997 Appendix D, 2018 Guidelines III.6: no arbiter is present at the games. */
    public boolean noArbiterPresent() {
        return Boolean.TRUE.equals(arbiterAbsent);
    }

    /** The raised fifty-move counts (Code 1970 art. XII-4), never null. */
    public java.util.List<FiftyMoveExtension> fiftyMoveExtensionsOrNone() {
        return fiftyMoveExtensions == null ? java.util.List.of() : fiftyMoveExtensions;
    }
}

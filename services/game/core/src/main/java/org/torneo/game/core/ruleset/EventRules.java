package org.torneo.game.core.ruleset;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the regulations of an event may set on top of a {@link Ruleset}: the default time (FIDE 2018 6.7.1; the
 * edition's value when empty), no draw offers or agreements before move N without the arbiter's consent
 * (FIDE 2018 9.1.1; 0 = no restriction), the points of a game (FIDE 2018 10.1; 2001 11.1 "unless announced
 * otherwise"; no 3/4-1/4 in 2018 10.2), and for rapid/blitz whether supervision is adequate (2018 A.3 / B.3, then
 * the full rules apply, else A.4).
 */
public record EventRules(Optional<Duration> defaultTime, int noDrawOffersBeforeMove, Scoring scoring,
                         boolean adequateSupervision) {
    public EventRules {
        Objects.requireNonNull(defaultTime, "defaultTime");
        Objects.requireNonNull(scoring, "scoring");
        if (noDrawOffersBeforeMove < 0) {
            throw new IllegalArgumentException("noDrawOffersBeforeMove must not be negative: " + noDrawOffersBeforeMove);
        }
        defaultTime.ifPresent(d -> {
            if (d.isNegative()) {
                throw new IllegalArgumentException("default time must not be negative: " + d);
            }
        });
    }

    /** No special regulations. */
    public static final EventRules NONE = new EventRules(Optional.empty(), 0, Scoring.CLASSIC, false);

    /** Points for a win, a draw and a loss, in half points (so 1, 1/2, 0 is 2, 1, 0). */
    public record Scoring(int winHalfPoints, int drawHalfPoints, int lossHalfPoints) {
        public static final Scoring CLASSIC = new Scoring(2, 1, 0); // FIDE 2018 10.1, 1997/2001 11.1

        public Scoring {
            if (winHalfPoints < drawHalfPoints || drawHalfPoints < lossHalfPoints || lossHalfPoints < 0) {
                throw new IllegalArgumentException("scoring must satisfy win >= draw >= loss >= 0: "
                        + winHalfPoints + "/" + drawHalfPoints + "/" + lossHalfPoints);
            }
        }
    }

    /** The default time in force: the regulations' value, else the edition's (2018: zero). */
    public Duration effectiveDefaultTime(Ruleset ruleset) {
        return defaultTime.orElse(ruleset.defaultTime());
    }

    /** May a draw be offered or agreed at this move number without the arbiter's consent? */
    public boolean drawOfferAllowedAt(int moveNumber, Ruleset ruleset) {
        if (ruleset.edition() != Edition.FIDE_2018) {
            return true; // only the 2018 Laws (9.1.1) let the regulations forbid offers
        }
        return moveNumber >= noDrawOffersBeforeMove;
    }

    /**
     * The rules in force for this event: with adequate supervision (2018 A.3 / B.3) rapid and blitz illegal moves do
     * not stand once the opponent has moved, since the full rules apply.
     */
    public Ruleset apply(Ruleset ruleset) {
        if (!adequateSupervision || ruleset.category() == Category.STANDARD || ruleset.edition() != Edition.FIDE_2018) {
            return ruleset;
        }
        Ruleset.IllegalMovePenalty p = ruleset.illegalMoves();
        return new Ruleset(ruleset.edition(), ruleset.category(), ruleset.deadPositionEndsGame(),
                ruleset.fivefoldRepetitionAutomatic(), ruleset.seventyFiveMoveRuleAutomatic(), ruleset.repetitionIdentity(),
                ruleset.claimRightLost(), ruleset.claimIsDrawOffer(), ruleset.wrongClaimPenalty(),
                ruleset.drawOfferRejectedBy(), ruleset.movesEachBeforeAgreement(),
                new Ruleset.IllegalMovePenalty(p.opponentBonus(), p.losingCount(), p.drawIfOpponentCannotMate(),
                        p.opponentMayClaimWin(), false),
                ruleset.flagFall(), ruleset.bothFlags(), ruleset.arbiterCallsFlagFall(), ruleset.defaultTime(),
                ruleset.coloursReversed(), ruleset.setUpClaimsBarredAfterMovesEach(), true, ruleset.adjournmentAllowed());
    }
}

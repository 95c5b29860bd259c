package org.torneo.contracts.game;

import java.time.Instant;
import java.util.Objects;

import org.torneo.contracts.MessageType;
import org.torneo.contracts.Side;
import org.torneo.contracts.results.GameResult;

/** Offers, claims, arbiter rulings and rejected commands, on torneo.game.claims keyed by game id. */
public sealed interface ClaimEvent extends GameEvent {

    /**
     * FIDE 2018 9.1.2.1; the offer stays valid until accepted, declined or the game ends.
     *
     * @param properTime false when made other than between making a move and pressing the clock: valid,
     *                   but noted (FIDE 2018 9.1.2.1, 11.5; 1997 12.5)
     * @param byClaim    true when a rejected draw claim stands as the offer (2001 9.2/9.3, 2018 9.2/9.3)
     */
    @MessageType(name = "game.DrawOffered", version = 1)
    record DrawOffered(Side by, int ply, boolean properTime, boolean byClaim, Instant offeredAt) implements ClaimEvent {
        public DrawOffered {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(offeredAt, "offeredAt");
        }

        public DrawOffered(Side by, int ply, Instant offeredAt) {
            this(by, ply, true, false, offeredAt);
        }
    }

    @MessageType(name = "game.DrawOfferDeclined", version = 1)
    record DrawOfferDeclined(Side by, DeclineMode how, Instant declinedAt) implements ClaimEvent {
        public DrawOfferDeclined {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(how, "how");
            Objects.requireNonNull(declinedAt, "declinedAt");
        }
    }

    /** FIDE 2018 9.1, 5.2.3: the game is drawn by agreement (GameEnded follows on torneo.results). */
    @MessageType(name = "game.DrawAgreed", version = 1)
    record DrawAgreed(int ply, Instant agreedAt) implements ClaimEvent {
        public DrawAgreed {
            Objects.requireNonNull(agreedAt, "agreedAt");
        }
    }

    /**
     * A draw claim was made (FIDE 2018 9.2, 9.3); the clocks stop while it is checked (9.5).
     *
     * @param intendedMove the written move the claim is about, or null for the current position
     * @param ply          the number of plies played when the claim was made
     * @param claimantClockRuns true under the Code 1970 (the claimant's clock runs while the claim is
     *                     checked); false: both clocks are paused (FIDE 1997/2001 9.5a, 2018 9.5.1; quickplay
     *                     finish: 1997/2001 10.2, 2018 III.5 and 6.12.2)
     * @param clock        for QUICKPLAY_FINISH: the clock reading the claim was admitted on; otherwise null
     * @param conditions   for QUICKPLAY_FINISH: the conditions to claim that were checked (period without
     *                     increment, time under two minutes, who may claim), with their articles; otherwise ""
     * @param ruledAtOnce  true when the claim was upheld or rejected in the same decision as its filing, at the
     *                     filing's instant, and its ruling needs nothing measured on the clock at the claim: the
     *                     clocks' stop for the claim and their restart (FIDE 2018 9.5.1, 6.11.3; 1997/2001 9.5a;
     *                     Code 1970 art. XIV) are then one instant, and the clock service records no pause. False
     *                     (version 1 records, quickplay claims the arbiter rules on later, and a wrong 1997/2001
     *                     claim whose deduction the clock computes from the claimant's time at the claim, 9.5b): the
     *                     clocks stay paused until the ruling (version 2)
     */
    @MessageType(name = "game.ClaimFiled", version = 2)
    record ClaimFiled(Side by, DrawClaimKind kind, String intendedMove, int ply, boolean claimantClockRuns,
                      Instant filedAt, ClockReading clock, String conditions, boolean ruledAtOnce)
            implements ClaimEvent {

        /** Version 1 knew no ruling at once: a record read from then is ruled later (false). */
        public static final String RULED_AT_ONCE_FIELD = "ruledAtOnce";

        public ClaimFiled {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(filedAt, "filedAt");
            conditions = conditions == null ? "" : conditions;
        }

        /** A claim the arbiter rules on after its filing (the clocks paused meanwhile). */
        public ClaimFiled(Side by, DrawClaimKind kind, String intendedMove, int ply, boolean claimantClockRuns,
                          Instant filedAt, ClockReading clock, String conditions) {
            this(by, kind, intendedMove, ply, claimantClockRuns, filedAt, clock, conditions, false);
        }

        /** A threefold or 50-move claim (no clock reading or conditions to record) ruled after its filing. */
        public ClaimFiled(Side by, DrawClaimKind kind, String intendedMove, int ply, boolean claimantClockRuns,
                          Instant filedAt) {
            this(by, kind, intendedMove, ply, claimantClockRuns, filedAt, null, "");
        }

        /** This filing, ruled at once ({@code true}) or not. */
        public ClaimFiled ruledAtOnce(boolean atOnce) {
            return new ClaimFiled(by, kind, intendedMove, ply, claimantClockRuns, filedAt, clock, conditions, atOnce);
        }
    }

    /**
     * The arbiter postponed his decision on a quickplay-finish claim (FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2b);
     * the game goes on and the claim stays open until he upholds or rejects it.
     *
     * @param penalty the two minutes the arbiter gave the claimant's opponent (the clock service adds them and
     *                restarts the clocks), or NONE
     */
    @MessageType(name = "game.ClaimPostponed", version = 1)
    record ClaimPostponed(Side by, DrawClaimKind kind, String article, String details, Penalty penalty,
                          Instant decidedAt) implements ClaimEvent {
        public ClaimPostponed {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(decidedAt, "decidedAt");
            penalty = penalty == null ? Penalty.NONE : penalty;
            article = article == null ? "" : article;
            details = details == null ? "" : details;
        }
    }

    /**
     * FIDE 2018 Guidelines III.4: the opponent refused the draw offer the request made and the arbiter agreed: the clock
     * service sets a cumulative increment for both players and adds the opponent's two minutes, then restarts the
     * clocks (clock command IntroduceQuickplayIncrement).
     *
     * @param incrementMillis the increment per move for both players (five seconds)
     * @param penalty         the two minutes added to the claimant's opponent
     */
    @MessageType(name = "game.QuickplayIncrementGranted", version = 1)
    record QuickplayIncrementGranted(Side by, long incrementMillis, Penalty penalty, String article, Instant grantedAt)
            implements ClaimEvent {
        public QuickplayIncrementGranted {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(grantedAt, "grantedAt");
            penalty = penalty == null ? Penalty.NONE : penalty;
            article = article == null ? "" : article;
            if (incrementMillis <= 0) {
                throw new IllegalArgumentException("incrementMillis must be > 0, got " + incrementMillis);
            }
        }

        /** A valid sample (documentation, and the codec's round-trip tests). */
        public static QuickplayIncrementGranted example() {
            return new QuickplayIncrementGranted(Side.WHITE, 5_000, new Penalty(120_000, 0, "FIDE 2018 III.4",
                    "opponent +120 s"), "FIDE 2018 III.4", Instant.parse("2026-05-01T18:00:00Z"));
        }
    }

    /**
     * The claimant's flag fell while his quickplay-finish claim was postponed: the game does not end by the flag
     * alone; the arbiter now declares the result (FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c) by upholding the
     * claim (draw) or rejecting it (the flag fall decides).
     */
    @MessageType(name = "game.FlagFellDuringPostponedClaim", version = 1)
    record FlagFellDuringPostponedClaim(Side side, String article, Instant fellAt) implements ClaimEvent {
        public FlagFellDuringPostponedClaim {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(fellAt, "fellAt");
            article = article == null ? "" : article;
        }
    }

    /** FIDE 2018 9.5.1: the claim is correct; the game is drawn (GameEnded follows). */
    @MessageType(name = "game.ClaimUpheld", version = 1)
    record ClaimUpheld(Side by, DrawClaimKind kind, String article, ClaimEvidence evidence, Instant decidedAt)
            implements ClaimEvent {
        public ClaimUpheld {
            Objects.requireNonNull(evidence, "evidence");
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(decidedAt, "decidedAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * FIDE 2018 9.5.2: the claim is incorrect; the penalty applies, an intended move must be played
     * (9.5.2.1), and from FIDE 2001 on the claim also stands as a draw offer (9.2, 9.3).
     *
     * @param standsAsDrawOffer whether the opponent may now accept it as an offer
     */
    @MessageType(name = "game.ClaimRejected", version = 1)
    record ClaimRejected(Side by, DrawClaimKind kind, String reason, String article, Penalty penalty,
                         boolean standsAsDrawOffer, ClaimEvidence evidence, Instant decidedAt) implements ClaimEvent {
        public ClaimRejected {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(decidedAt, "decidedAt");
            penalty = penalty == null ? Penalty.NONE : penalty;
            article = article == null ? "" : article;
        }
    }

    /** An arbiter's decision, as given by ArbiterRuling (FIDE 2018 Article 12). Fields as there. */
    @MessageType(name = "game.RulingIssued", version = 1)
    record RulingIssued(RulingKind kind, String article, String details, Side side, GameResult result,
                        int whiteHalfPoints, int blackHalfPoints, int restoreToPly, long timeMillis,
                        Instant issuedAt,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                        Boolean playedOverTheBoard) implements ClaimEvent {
        public RulingIssued {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(issuedAt, "issuedAt");
            article = article == null ? "" : article;
            details = details == null ? "" : details;
        }

        /** A ruling that says nothing of whether the game was played over the board (events before the field). */
        public RulingIssued(RulingKind kind, String article, String details, Side side, GameResult result,
                            int whiteHalfPoints, int blackHalfPoints, int restoreToPly, long timeMillis,
                            Instant issuedAt) {
            this(kind, article, details, side, result, whiteHalfPoints, blackHalfPoints, restoreToPly, timeMillis,
                    issuedAt, null);
        }
    }

    /**
     * A command was refused (e.g. a move after the game ended, a draw offer forbidden by the event
     * rules). The envelope's causation id names the command; nothing else changed.
     *
     * @param commandType the refused command's type name, e.g. "game.SubmitMove"
     * @param reason      why, in words an arbiter understands
     * @param article     the rule behind the refusal, or ""
     */
    @MessageType(name = "game.CommandRejected", version = 1)
    record CommandRejected(String commandType, String reason, String article, Instant rejectedAt)
            implements ClaimEvent {
        public CommandRejected {
            Objects.requireNonNull(commandType, "commandType");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(rejectedAt, "rejectedAt");
            article = article == null ? "" : article;
        }
    }
}

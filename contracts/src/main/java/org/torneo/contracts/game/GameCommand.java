package org.torneo.contracts.game;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.results.GameResult;

/**
 * Commands to one game on torneo.game.commands, keyed by game id (the envelope's aggregate id).
 * Every command carries the moment it was observed at the edge: the game decider never reads a clock.
 * Who sent it (player, board operator, e-board, arbiter) is the envelope's actor.
 */
public sealed interface GameCommand extends CommandMessage {

    Instant observedAt();

    /**
     * Open a game as paired (usually issued by the game service on RoundPaired, or by an organiser).
     *
     * @param initialFen   null for the standard starting position (FIDE 2018 2.3); Chess960 positions allowed
     * @param chess960Position a Chess960 start position number 0-959 (FIDE 2018 Guidelines II, 518 = the standard
     *                     array), or null; not together with initialFen
     * @param hall         the playing hall, or null
     * @param timeControl  the time control the clock service runs, or null when the game has no clock data
     * @param regulations  the event's rules the Laws leave to the organiser, or null for the defaults
     */
    @MessageType(name = "game.StartGame", version = 1)
    record StartGame(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                     Ruleset ruleset, String initialFen, Integer chess960Position, String hall,
                     TimeControl timeControl, EventRegulations regulations, Instant observedAt) implements GameCommand {
        public StartGame {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(ruleset, "ruleset");
            Objects.requireNonNull(observedAt, "observedAt");
            regulations = regulations == null ? EventRegulations.DEFAULT : regulations;
        }

        /** A game with the default regulations and no hall or time control given. */
        public StartGame(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                         Ruleset ruleset, String initialFen, Instant observedAt) {
            this(tournamentId, round, board, whitePlayerId, blackPlayerId, ruleset, initialFen, null, null, null, null,
                    observedAt);
        }
    }

    /**
     * A move as written or detected: "Nf3", "g1-f3", "g1f3", "0-0", "e8=Q". The game service parses it
     * against the position (FIDE 2018 Appendix C) and records it or the illegal move.
     *
     * @param clockAfter what the clocks showed after the move was completed, when the source knows it
     */
    @MessageType(name = "game.SubmitMove", version = 1)
    record SubmitMove(String move, Notation notation, MoveSource source, ClockReading clockAfter,
                      Instant observedAt) implements GameCommand {
        public SubmitMove {
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(observedAt, "observedAt");
            notation = notation == null ? Notation.AUTO : notation;
            if (move.isBlank()) {
                throw new IllegalArgumentException("move must not be blank");
            }
        }
    }

    /** FIDE 2018 9.1.2.1: offered after making a move and before pressing the clock. */
    @MessageType(name = "game.OfferDraw", version = 1)
    record OfferDraw(Side by, Instant observedAt) implements GameCommand {
        public OfferDraw {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /** The opponent accepts a pending draw offer (FIDE 2018 9.1, 5.2.3). */
    @MessageType(name = "game.AcceptDraw", version = 1)
    record AcceptDraw(Side by, Instant observedAt) implements GameCommand {
        public AcceptDraw {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /** The opponent declines a pending draw offer orally (moves and touches decline it implicitly). */
    @MessageType(name = "game.DeclineDraw", version = 1)
    record DeclineDraw(Side by, Instant observedAt) implements GameCommand {
        public DeclineDraw {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * A draw claim (FIDE 2018 9.2, 9.3; quickplay finish: 1997/2001 10.2, 2018 III.5). With an intended move the
     * claim is about the position after it; the move is then written and cannot be changed (FIDE 2018 9.2.1.1,
     * 9.3.1).
     *
     * @param intendedMove null when the claim is about the current position (always for QUICKPLAY_FINISH)
     * @param clock        what the clocks showed when the claimant stopped them, or null when not known (then the
     *                     reading after the last move counts: the claimant's time can only have gone down since)
     * @param notRecordedInTime optional: the plies the claimant, in time trouble, did not record in time (Code 1970
     *                     art. XIII-2: a repetition claim may not rest on them), or null
     */
    @MessageType(name = "game.ClaimDraw", version = 1)
    record ClaimDraw(Side by, DrawClaimKind kind, String intendedMove, ClockReading clock, Instant observedAt,
                     @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                     UnrecordedMoves notRecordedInTime)
            implements GameCommand {
        public ClaimDraw {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(observedAt, "observedAt");
            if (intendedMove != null && intendedMove.isBlank()) {
                intendedMove = null;
            }
        }

        /** A claim with every move recorded in time. */
        public ClaimDraw(Side by, DrawClaimKind kind, String intendedMove, ClockReading clock, Instant observedAt) {
            this(by, kind, intendedMove, clock, observedAt, null);
        }

        /** A claim without a clock reading. */
        public ClaimDraw(Side by, DrawClaimKind kind, String intendedMove, Instant observedAt) {
            this(by, kind, intendedMove, null, observedAt);
        }
    }

    /**
     * The arbiter postpones his decision on a quickplay-finish claim (FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2b):
     * the game goes on, if possible in an arbiter's presence, and he declares the result later, during the game
     * or once a flag has fallen. Upholding or rejecting is an ArbiterRuling UPHOLD_CLAIM / REJECT_CLAIM.
     *
     * @param opponentBonusMillis 0, or the two minutes the arbiter may give the claimant's opponent
     * @param article             the rule applied, or null/blank for the edition's
     */
    @MessageType(name = "game.PostponeClaim", version = 1)
    record PostponeClaim(long opponentBonusMillis, String article, String details, Instant observedAt)
            implements GameCommand {
        public PostponeClaim {
            Objects.requireNonNull(observedAt, "observedAt");
            if (opponentBonusMillis < 0) {
                throw new IllegalArgumentException("opponentBonusMillis must be >= 0, got " + opponentBonusMillis);
            }
            article = article == null ? "" : article;
            details = details == null ? "" : details;
        }
    }

    /** FIDE 2018 5.1.2 */
    @MessageType(name = "game.Resign", version = 1)
    record Resign(Side by, Instant observedAt) implements GameCommand {
        public Resign {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * An illegal move was noticed (FIDE 2018 7.5): by the opponent's claim or by the arbiter.
     *
     * @param ply         the ply of the illegal move (1 = White's first move)
     * @param reportedBy  the claiming player, or null when the arbiter noticed it
     */
    @MessageType(name = "game.ReportIllegalMove", version = 1)
    record ReportIllegalMove(int ply, Side reportedBy, String details, Instant observedAt) implements GameCommand {
        public ReportIllegalMove {
            Objects.requireNonNull(observedAt, "observedAt");
            if (ply < 1) {
                throw new IllegalArgumentException("ply starts at 1, got " + ply);
            }
            details = details == null ? "" : details;
        }
    }

    /**
     * An arbiter's decision (FIDE 2018 Article 12). Only arbiters may send it (the envelope's actor).
     *
     * @param article      the rule applied, e.g. "FIDE 2018 7.5.1"
     * @param side         the player the ruling concerns, or null
     * @param result       for DECLARE_RESULT: the result; otherwise null
     * @param whiteHalfPoints for ARBITER_SCORES results: white's half points, else -1
     * @param blackHalfPoints for ARBITER_SCORES results: black's half points, else -1
     * @param restoreToPly for RESTORE_POSITION: the number of plies to keep; otherwise -1
     * @param timeMillis   for ADD_TIME / DEDUCT_TIME: the amount; otherwise 0
     * @param playedOverTheBoard optional, for DECLARE_RESULT: whether the game was played on the board, whatever
     *                     moves Torneo recorded (a result entered from the signed paper scoresheets, FIDE 2018 8.7,
     *                     is a played game though no move reached Torneo); null: played when both players moved in
     *                     Torneo's record. A forfeit is never played.
     */
    @MessageType(name = "game.ArbiterRuling", version = 1)
    record ArbiterRuling(RulingKind kind, String article, String details, Side side, GameResult result,
                         int whiteHalfPoints, int blackHalfPoints, int restoreToPly, long timeMillis,
                         Instant observedAt,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                         Boolean playedOverTheBoard) implements GameCommand {
        public ArbiterRuling {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(observedAt, "observedAt");
            article = article == null ? "" : article;
            details = details == null ? "" : details;
        }

        /** A ruling that says nothing of whether the game was played over the board (Torneo's record tells). */
        public ArbiterRuling(RulingKind kind, String article, String details, Side side, GameResult result,
                             int whiteHalfPoints, int blackHalfPoints, int restoreToPly, long timeMillis,
                             Instant observedAt) {
            this(kind, article, details, side, result, whiteHalfPoints, blackHalfPoints, restoreToPly, timeMillis,
                    observedAt, null);
        }
    }

    /** Adjournment: the player to move seals the move in an envelope (FIDE 1997 8.1, Guidelines I). */
    @MessageType(name = "game.SealMove", version = 1)
    record SealMove(Side by, String move, Instant observedAt) implements GameCommand {
        public SealMove {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /** Resumption of an adjourned game: the sealed move is played on the board. */
    @MessageType(name = "game.ResumeGame", version = 1)
    record ResumeGame(Instant observedAt) implements GameCommand {
        public ResumeGame {
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * The arbiter declares the envelope with the sealed move lost (FIDE 2018 I.12, 1997 A.11). The game resumes from
     * the adjourned position and the sealer plays the move he states he sealed, judged at resumption like a sealed
     * move (ambiguous or illegal loses: 2018 I.8, 1997 A.8). When the position cannot be re-established the game is
     * annulled and a new game is played (2018 I.12.2, 1997 A.11b).
     *
     * @param statedMove         the move the sealer states he sealed; may be null only when the position is not
     *                           restorable
     * @param clocks             the remaining times the arbiter sets when those recorded at adjournment cannot be
     *                           re-established, or null: the times recorded at adjournment stand
     * @param positionRestorable false: the adjourned position cannot be re-established
     */
    @MessageType(name = "game.DeclareEnvelopeLost", version = 1)
    record DeclareEnvelopeLost(String statedMove, ClockReading clocks, boolean positionRestorable, Instant observedAt)
            implements GameCommand {
        public DeclareEnvelopeLost {
            Objects.requireNonNull(observedAt, "observedAt");
            if (statedMove != null && statedMove.isBlank()) {
                statedMove = null;
            }
            if (positionRestorable && statedMove == null) {
                throw new IllegalArgumentException("statedMove: the move the sealer states he sealed is needed when the"
                        + " adjourned position can be re-established");
            }
            if (clocks != null && (clocks.whiteRemainingMillis() < 0 || clocks.blackRemainingMillis() < 0)) {
                throw new IllegalArgumentException("clocks must not be negative, got " + clocks);
            }
        }

        /** A valid sample (documentation, and the codec's round-trip tests). */
        public static DeclareEnvelopeLost example() {
            return new DeclareEnvelopeLost("Nf3", new ClockReading(3_600_000, 2_700_000), true,
                    Instant.parse("2026-05-02T10:00:00Z"));
        }
    }

    /**
     * At the time set for the resumption of an adjourned game a player is absent (FIDE 2018 I.9.2, I.9.3, I.11;
     * 1997 A.9b, A.9c). The replying player absent: his clock is started and the envelope stays closed until he
     * arrives (ResumeGame then opens it). The sealer absent: the envelope is opened and the sealed move played; the
     * replying player may then seal his reply in a new envelope (SealMove), which starts the absent player's clock.
     *
     * @param absent the absent player, or null when neither player is present (FIDE 2018 I.11: the replying
     *               player's clock runs)
     */
    @MessageType(name = "game.ReportAbsentAtResumption", version = 1)
    record ReportAbsentAtResumption(Side absent, Instant observedAt) implements GameCommand {
        public ReportAbsentAtResumption {
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * Before the first move after a resumption a player showed that a clock was set to a wrong time (FIDE 2018 I.13,
     * 1997 A.12); the arbiter, having checked the envelope, corrects it. Pointed out later, the game continues
     * without correction unless the arbiter decides otherwise (an ArbiterRuling ADD_TIME / DEDUCT_TIME).
     *
     * @param side          whose clock is wrong
     * @param shownMillis   the remaining time that clock shows
     * @param correctMillis the remaining time it should show (from the times recorded at adjournment)
     * @param pointedOutBy  the player who showed the error, or null when the arbiter found it
     */
    @MessageType(name = "game.CorrectClockAtResumption", version = 1)
    record CorrectClockAtResumption(Side side, long shownMillis, long correctMillis, Side pointedOutBy,
                                    Instant observedAt) implements GameCommand {
        public CorrectClockAtResumption {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(observedAt, "observedAt");
            if (shownMillis < 0 || correctMillis < 0) {
                throw new IllegalArgumentException("clock times must not be negative, got shown " + shownMillis
                        + " ms and correct " + correctMillis + " ms");
            }
        }
    }

    /**
     * {@code by} made an illegal move on the board but has not pressed his clock: the move is not completed (FIDE
     * 2018 7.5.1, 6.2.1). Under 2018 there is no penalty: he must make a legal move instead, with the piece he moved
     * if it can (4.3). Under the earlier editions an illegal move counts once made (1997 7.4, 2001 7.4a), except in
     * 1997 blitz, where it is complete only when the opponent's clock is started (C.3).
     *
     * @param move the illegal move as made, e.g. "e1e3" or "Ke3" (from-to squares name the piece to move)
     */
    @MessageType(name = "game.ReportIllegalMoveNotCompleted", version = 1)
    record ReportIllegalMoveNotCompleted(Side by, String move, Instant observedAt) implements GameCommand {
        public ReportIllegalMoveNotCompleted {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(observedAt, "observedAt");
            if (move.isBlank()) {
                throw new IllegalArgumentException("move must not be blank");
            }
        }
    }

    /**
     * The clock was pressed by {@code by} (from the clock stream): it completes the move just made (FIDE 2018
     * 6.2.1, 1997 6.7a, 2001 6.8a). Pressed without a move made, it is an illegal move in FIDE 2018 (7.5.3).
     */
    @MessageType(name = "game.PressClock", version = 1)
    record PressClock(Side by, Instant observedAt) implements GameCommand {
        public PressClock {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * {@code by} touched a piece with the intention of moving or capturing it (FIDE 2018 4.3): it declines a
     * pending draw offer (2001 9.1b, 2018 9.1.2.2) and ends the right to claim on this move (2018 9.4).
     *
     * @param square the touched piece's square, e.g. "g1", or null when not known
     */
    @MessageType(name = "game.TouchPiece", version = 1)
    record TouchPiece(Side by, String square, Instant observedAt) implements GameCommand {
        public TouchPiece {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * A flag fell (from the clock stream's FlagFell; FIDE 2018 6.8, 6.9).
     *
     * @param requirementMet whether the player had completed the moves the period required (6.4)
     * @param finalPeriod    whether it fell in the period for all remaining moves
     */
    @MessageType(name = "game.ReportFlagFall", version = 1)
    record ReportFlagFall(Side side, boolean requirementMet, boolean finalPeriod, Instant observedAt)
            implements GameCommand {
        public ReportFlagFall {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /** Both flags are down and the order is unknown (FIDE 2018 III.3.1, 1997 10.4 / B.8, 2001 10.3). */
    @MessageType(name = "game.ReportBothFlagsFell", version = 1)
    record ReportBothFlagsFell(boolean finalPeriod, Instant observedAt) implements GameCommand {
        public ReportBothFlagsFell {
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * A player was not at the board by the default time (FIDE 2018 6.7.1, 1997 6.6, 2001 6.7; at resumption
     * 2018 I.10, 1997 A.10). From the clock stream's PlayerDefaulted or the arbiter.
     *
     * @param absent the absent player, or null when both were absent (double forfeit)
     */
    @MessageType(name = "game.ReportDefault", version = 1)
    record ReportDefault(Side absent, Instant observedAt) implements GameCommand {
        public ReportDefault {
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * An irregularity FIDE 2018 penalises as an illegal move, seen by the arbiter or an e-board.
     *
     * @param move for PAWN_NOT_PROMOTED: the pawn move as made (e.g. "e7e8"); otherwise null
     */
    @MessageType(name = "game.ReportIllegalAction", version = 1)
    record ReportIllegalAction(Side by, IllegalAction action, String move, Instant observedAt) implements GameCommand {
        public ReportIllegalAction {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(action, "action");
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /** The players were found to have the wrong colours (FIDE 2018 7.3, 1997/2001 7.2). */
    @MessageType(name = "game.ReportColoursReversed", version = 1)
    record ReportColoursReversed(Instant observedAt) implements GameCommand {
        public ReportColoursReversed {
            Objects.requireNonNull(observedAt, "observedAt");
        }
    }

    /**
     * The arbiter corrects who plays a game that has not begun: the pairing made public was corrected (same players,
     * boards rearranged). Sent by an arbiter directly, or by the game service (actor SYSTEM) applying the correction
     * the arbiter published on the tournament stream. The seeds are silent; current FIDE practice (C.04.2, C.04.3 of
     * 2017 F.6-F.7): a pairing made public is changed only by the arbiter, and whether a correction affects a pairing
     * made public but not yet played is his decision; a game that has begun is played as paired.
     *
     * @param whitePlayerId     who plays White from now on
     * @param blackPlayerId     who plays Black from now on
     * @param reason            why the arbiter corrected the pairing, in his words
     * @param correctedBy       the arbiter who decided the correction, or null: the sender (an arbiter acting directly)
     * @param pairingCorrection the event id of the tournament's PairingCorrected this applies, or null when the arbiter
     *                          corrects this game directly
     */
    @MessageType(name = "game.CorrectPlayers", version = 1)
    record CorrectPlayers(String whitePlayerId, String blackPlayerId, String reason, String correctedBy,
                          UUID pairingCorrection, Instant observedAt) implements GameCommand {
        public CorrectPlayers {
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(observedAt, "observedAt");
            if (whitePlayerId.isBlank() || blackPlayerId.isBlank()) {
                throw new IllegalArgumentException("whitePlayerId and blackPlayerId must not be blank");
            }
            if (reason.isBlank()) {
                throw new IllegalArgumentException("reason: a pairing correction must say why");
            }
            if (correctedBy != null && correctedBy.isBlank()) {
                correctedBy = null;
            }
        }
    }

    /**
     * The arbiter's corrected pairing no longer has this game: its board was removed, or both its players now have a
     * pairing-allocated bye. Sent by an arbiter directly, or by the game service (actor SYSTEM) applying the correction
     * the arbiter published on the tournament stream. The seeds are silent; current FIDE practice (C.04.2, C.04.3 of
     * 2017 F.6-F.7): the arbiter may correct a pairing made public, and a game that has begun is played as paired. So
     * a game not yet begun (no move made, not over) is cancelled: it is not played and has no result (no GameEnded;
     * the pairing service scores the byes itself); one that has begun is refused.
     *
     * @param reason            why the arbiter corrected the pairing, in his words
     * @param cancelledBy       the arbiter who decided the correction, or null: the sender (an arbiter acting directly)
     * @param pairingCorrection the event id of the tournament's PairingCorrected this applies, or null when the arbiter
     *                          cancels this game directly
     */
    @MessageType(name = "game.CancelGame", version = 1)
    record CancelGame(String reason, String cancelledBy, UUID pairingCorrection, Instant observedAt)
            implements GameCommand {
        public CancelGame {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(observedAt, "observedAt");
            if (reason.isBlank()) {
                throw new IllegalArgumentException("reason: a cancelled game must say why");
            }
            if (cancelledBy != null && cancelledBy.isBlank()) {
                cancelledBy = null;
            }
        }
    }

    /**
     * An arbiter (or the appeals committee) corrects a published result (FIDE 2001 8.7, 2018 8.7, 11.10).
     *
     * @param supersedes the event id of the GameEnded or ResultCorrected being replaced
     */
    @MessageType(name = "game.CorrectResult", version = 1)
    record CorrectResult(GameResult result, int whiteHalfPoints, int blackHalfPoints, boolean played,
                         UUID supersedes, String why, Instant observedAt) implements GameCommand {
        public CorrectResult {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(supersedes, "supersedes");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(observedAt, "observedAt");
        }

        /** A valid sample (documentation, and the codec's round-trip tests). */
        public static CorrectResult example() {
            return new CorrectResult(GameResult.DRAW, 1, 1, true,
                    UUID.fromString("00000000-0000-0000-0000-000000000042"), "the scoresheets show a draw",
                    Instant.parse("2026-05-01T18:00:00Z"));
        }
    }
}

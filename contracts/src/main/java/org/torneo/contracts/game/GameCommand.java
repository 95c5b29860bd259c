package org.torneo.contracts.game;

import java.time.Instant;
import java.util.Objects;

import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.results.GameResult;

/**
 * Commands to one game on torneo.game.commands, keyed by game id (the envelope's aggregate id).
 * Every command carries the moment it was observed at the edge: the game decider never reads a clock.
 * Who sent it (player, board operator, e-board, arbiter) is the envelope's actor.
 */
public sealed interface GameCommand extends CommandMessage {

    Instant observedAt();

    /**
     * Open a game as paired (usually issued by the game service on RoundPaired).
     *
     * @param initialFen null for the standard starting position (FIDE 2018 2.3); Chess960 positions allowed
     */
    @MessageType(name = "game.StartGame", version = 1)
    record StartGame(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                     Ruleset ruleset, String initialFen, Instant observedAt) implements GameCommand {
        public StartGame {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(ruleset, "ruleset");
            Objects.requireNonNull(observedAt, "observedAt");
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
     * A draw claim (FIDE 2018 9.2, 9.3). With an intended move the claim is about the position after
     * it; the move is then written and cannot be changed (FIDE 2018 9.2.1.1, 9.3.1).
     *
     * @param intendedMove null when the claim is about the current position
     */
    @MessageType(name = "game.ClaimDraw", version = 1)
    record ClaimDraw(Side by, DrawClaimKind kind, String intendedMove, Instant observedAt) implements GameCommand {
        public ClaimDraw {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(observedAt, "observedAt");
            if (intendedMove != null && intendedMove.isBlank()) {
                intendedMove = null;
            }
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
     */
    @MessageType(name = "game.ArbiterRuling", version = 1)
    record ArbiterRuling(RulingKind kind, String article, String details, Side side, GameResult result,
                         int whiteHalfPoints, int blackHalfPoints, int restoreToPly, long timeMillis,
                         Instant observedAt) implements GameCommand {
        public ArbiterRuling {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(observedAt, "observedAt");
            article = article == null ? "" : article;
            details = details == null ? "" : details;
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
}

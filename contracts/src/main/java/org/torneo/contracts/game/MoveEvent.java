package org.torneo.contracts.game;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;

/** What happened on the board, on torneo.game.moves keyed by game id. */
public sealed interface MoveEvent extends GameEvent {

    /**
     * The game exists and the position is set up.
     *
     * @param initialFen the starting position in FEN (the standard one when the command gave none)
     * @param maxPlies   the most plies the game may have, as the game service was configured when it started the game
     *                   ({@code torneo.game.max-plies}; issue 17): the game keeps it for its whole life, and a replay
     *                   (the audit's included) decides under it. Null in a log written before the limit was recorded:
     *                   such a game is judged under the default, 20,000. Written only when present, so the records of
     *                   those logs keep their bytes and their hashes.
     */
    @MessageType(name = "game.GameStarted", version = 1)
    record GameStarted(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                       Ruleset ruleset, String initialFen, String hall, TimeControl timeControl,
                       EventRegulations regulations, Instant startedAt,
                       @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                       Integer maxPlies) implements MoveEvent {
        public GameStarted {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(ruleset, "ruleset");
            Objects.requireNonNull(initialFen, "initialFen");
            Objects.requireNonNull(startedAt, "startedAt");
            regulations = regulations == null ? EventRegulations.DEFAULT : regulations;
            if (maxPlies != null && maxPlies < 1) {
                throw new IllegalArgumentException("maxPlies must be at least 1, not " + maxPlies);
            }
        }

        /** A game whose limit of plies is not recorded (as logs written before it was). */
        public GameStarted(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                           Ruleset ruleset, String initialFen, String hall, TimeControl timeControl,
                           EventRegulations regulations, Instant startedAt) {
            this(tournamentId, round, board, whitePlayerId, blackPlayerId, ruleset, initialFen, hall, timeControl,
                    regulations, startedAt, null);
        }

        /** A game with the default regulations and no hall or time control given. */
        public GameStarted(String tournamentId, int round, int board, String whitePlayerId, String blackPlayerId,
                           Ruleset ruleset, String initialFen, Instant startedAt) {
            this(tournamentId, round, board, whitePlayerId, blackPlayerId, ruleset, initialFen, null, null, null,
                    startedAt);
        }

        /** The same start with other players (a pairing correction), its limit kept. */
        public GameStarted withPlayers(String white, String black) {
            return new GameStarted(tournamentId, round, board, white, black, ruleset, initialFen, hall, timeControl,
                    regulations, startedAt, maxPlies);
        }
    }

    /**
     * The players of a game not yet begun were corrected by the arbiter (C.04.2, C.04.3 of 2017 F.6-F.7: only the
     * arbiter changes a pairing made public, and only one not yet played): from now on {@code whitePlayerId} has White
     * and {@code blackPlayerId} Black, and GameEnded names them. The game's round and board stay.
     *
     * @param previousWhitePlayerId who had White before the correction
     * @param previousBlackPlayerId who had Black before the correction
     * @param reason                why the arbiter corrected the pairing
     * @param correctedBy           the arbiter who decided it
     * @param pairingCorrection     the event id of the tournament's PairingCorrected it came from, or null when the
     *                              arbiter corrected this game directly
     * @param article               the rule applied
     */
    @MessageType(name = "game.PlayersCorrected", version = 1)
    record PlayersCorrected(String whitePlayerId, String blackPlayerId, String previousWhitePlayerId,
                            String previousBlackPlayerId, String reason, String correctedBy, UUID pairingCorrection,
                            String article, Instant correctedAt) implements MoveEvent {
        public PlayersCorrected {
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(previousWhitePlayerId, "previousWhitePlayerId");
            Objects.requireNonNull(previousBlackPlayerId, "previousBlackPlayerId");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(correctedBy, "correctedBy");
            Objects.requireNonNull(correctedAt, "correctedAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * The game was cancelled before it began because the arbiter's corrected pairing no longer has it (C.04.2, C.04.3
     * of 2017 F.6-F.7: only the arbiter changes a pairing made public, and a game that has begun is played as paired).
     * The game is over without being played and has no result: no GameEnded follows; the pairing service scores the
     * players as the corrected round pairs them. Every later command to the game is refused.
     *
     * @param reason            why the arbiter corrected the pairing
     * @param cancelledBy       the arbiter who decided it
     * @param pairingCorrection the event id of the tournament's PairingCorrected it came from, or null when the arbiter
     *                          cancelled this game directly
     * @param article           the rule applied
     */
    @MessageType(name = "game.GameCancelled", version = 1)
    record GameCancelled(String reason, String cancelledBy, UUID pairingCorrection, String article,
                         Instant cancelledAt) implements MoveEvent {
        public GameCancelled {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(cancelledBy, "cancelledBy");
            Objects.requireNonNull(cancelledAt, "cancelledAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * A legal move was made (FIDE 2018 1.2, 4.7: made when the piece is released on its square).
     *
     * @param ply      1 for White's first move
     * @param san      the move in standard algebraic notation, English piece letters, e.g. "Nxf3+"
     * @param uci      the move in UCI form, e.g. "g1f3", "e7e8q"
     * @param fenAfter the full position after the move, in FEN
     * @param clock    the clocks after the move was completed, or null when unknown
     */
    @MessageType(name = "game.MovePlayed", version = 1)
    record MovePlayed(int ply, Side by, String san, String uci, String fenAfter, MoveSource source,
                      ClockReading clock, Instant playedAt) implements MoveEvent {
        public MovePlayed {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(san, "san");
            Objects.requireNonNull(uci, "uci");
            Objects.requireNonNull(fenAfter, "fenAfter");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(playedAt, "playedAt");
            if (ply < 1) {
                throw new IllegalArgumentException("ply starts at 1, got " + ply);
            }
        }
    }

    /**
     * An illegal move was completed and found (FIDE 2018 7.5). When it stands (FIDE 2018 A.4.2: in
     * rapid and blitz once the opponent has moved, unclaimed) the game goes on from that position.
     *
     * @param ply              the ply of the illegal move
     * @param attempted        the move as submitted
     * @param reason           why it is illegal, e.g. "king left in check"
     * @param countForPlayer   how many illegal moves this player has now made (FIDE 2018 7.5.5)
     * @param stands           true when the move stays on the board
     * @param penalty          the time penalty of the edition (the clock service applies it), or NONE
     */
    @MessageType(name = "game.IllegalMoveRecorded", version = 1)
    record IllegalMoveRecorded(int ply, Side by, String attempted, String reason, int countForPlayer, boolean stands,
                               String article, Penalty penalty, Instant recordedAt) implements MoveEvent {
        public IllegalMoveRecorded {
            penalty = penalty == null ? Penalty.NONE : penalty;
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(attempted, "attempted");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(recordedAt, "recordedAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * The position was restored to the one before an irregularity (FIDE 2018 7.1, 7.4, 7.5.1): the
     * moves after {@code keptPlies} are taken back and the scoresheet and repetition history truncated.
     *
     * @param keptPlies the number of plies that remain (0 = the initial position)
     * @param fen       the restored position
     */
    @MessageType(name = "game.MovesTakenBack", version = 1)
    record MovesTakenBack(int keptPlies, String fen, String reason, String article, Instant takenBackAt)
            implements MoveEvent {
        public MovesTakenBack {
            Objects.requireNonNull(fen, "fen");
            Objects.requireNonNull(takenBackAt, "takenBackAt");
            if (keptPlies < 0) {
                throw new IllegalArgumentException("keptPlies must be >= 0, got " + keptPlies);
            }
            reason = reason == null ? "" : reason;
            article = article == null ? "" : article;
        }
    }

    /**
     * The game was adjourned with a sealed move (FIDE 1997 8.1 / Guidelines on adjourned games).
     * The move stays secret to players by access control; the arbiter and the audit see it.
     */
    @MessageType(name = "game.MoveSealed", version = 1)
    record MoveSealed(int ply, Side by, String move, Instant sealedAt) implements MoveEvent {
        public MoveSealed {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(sealedAt, "sealedAt");
        }
    }

    /** An adjourned game resumed; the sealed move follows as MovePlayed. */
    @MessageType(name = "game.GameResumed", version = 1)
    record GameResumed(Instant resumedAt) implements MoveEvent {
        public GameResumed {
            Objects.requireNonNull(resumedAt, "resumedAt");
        }
    }

    /**
     * The envelope with the sealed move was lost (FIDE 2018 I.12.1, 1997 A.11a): the sealer's stated move replaces the
     * sealed one and is played, and judged, at resumption. Secret to the opponent like the sealed move.
     *
     * @param ply        the ply of the stated move
     * @param sealedBy   the player who sealed
     * @param statedMove the move he states he sealed
     * @param clocks     the remaining times the arbiter set because those recorded at adjournment were unknown (the
     *                   clock service sets them), or null: the clocks keep the times recorded at adjournment
     */
    @MessageType(name = "game.EnvelopeLost", version = 1)
    record EnvelopeLost(int ply, Side sealedBy, String statedMove, ClockReading clocks, String article,
                        Instant declaredAt) implements MoveEvent {
        public EnvelopeLost {
            Objects.requireNonNull(sealedBy, "sealedBy");
            Objects.requireNonNull(statedMove, "statedMove");
            Objects.requireNonNull(declaredAt, "declaredAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * At a resumption {@code side} is absent (FIDE 2018 I.9, I.11; 1997 A.9).
     * With {@code clockStarted} his clock was started and the clock service starts it, leaving the other stopped; the
     * game stays adjourned until ResumeGame: the replying player absent (2018 I.9.2, I.11; 1997 A.9b), or the sealer
     * absent once his opponent has sealed his reply in a new envelope (2018 I.9.3, 1997 A.9c). Without it the envelope
     * was opened in the sealer's absence and the sealed move played: his opponent may seal his reply (SealMove)
     * instead of moving; nothing changes on the clocks.
     *
     * @param ply the ply of the move awaited: the sealed move in the closed envelope, or the reply the present player
     *            may seal
     */
    @MessageType(name = "game.PlayerAbsentAtResumption", version = 1)
    record PlayerAbsentAtResumption(int ply, Side side, boolean clockStarted, String article, Instant noticedAt)
            implements MoveEvent {
        public PlayerAbsentAtResumption {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(noticedAt, "noticedAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * An illegal move was made but not completed, its clock not pressed (FIDE 2018 7.5.1, 1997 C.3): no penalty and
     * no count; the position is the one before it and the player must make a legal move, with the piece he moved if
     * it can (4.3). Pressing the clock now would complete it.
     *
     * @param ply       the ply the move would have had
     * @param attempted the move as made
     * @param reason    why it is illegal
     */
    @MessageType(name = "game.IllegalMoveNotCompleted", version = 1)
    record IllegalMoveNotCompleted(int ply, Side by, String attempted, String reason, String article,
                                   Instant reportedAt) implements MoveEvent {
        public IllegalMoveNotCompleted {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(attempted, "attempted");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(reportedAt, "reportedAt");
            article = article == null ? "" : article;
        }
    }

    /**
     * The move of {@code ply} was completed by pressing the clock (FIDE 2018 6.2.1; 1997 6.7a, 2001 6.8a).
     */
    @MessageType(name = "game.MoveCompleted", version = 1)
    record MoveCompleted(int ply, Side by, Instant completedAt) implements MoveEvent {
        public MoveCompleted {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(completedAt, "completedAt");
        }
    }

    /** A piece was touched with the intention of moving or capturing it (FIDE 2018 4.3). */
    @MessageType(name = "game.PieceTouched", version = 1)
    record PieceTouched(int ply, Side by, String square, Instant touchedAt) implements MoveEvent {
        public PieceTouched {
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(touchedAt, "touchedAt");
        }
    }

    /**
     * The colours were found reversed (FIDE 2018 7.3; 1997/2001 7.2).
     *
     * @param movesEach the moves completed by each player when it was found
     * @param newGame   true: a new game starts with the correct colours; false: the game goes on and the
     *                  players keep the colours they actually have
     */
    @MessageType(name = "game.ColoursReversedFound", version = 1)
    record ColoursReversedFound(int movesEach, boolean newGame, String article, Instant foundAt) implements MoveEvent {
        public ColoursReversedFound {
            Objects.requireNonNull(foundAt, "foundAt");
            article = article == null ? "" : article;
        }
    }
}

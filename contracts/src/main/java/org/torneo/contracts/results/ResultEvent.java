package org.torneo.contracts.results;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;

/**
 * Game results on torneo.results, keyed by tournament id: the only thing the pairing and rating
 * services read about games. Written by the game service; the envelope's aggregate is the game.
 */
public sealed interface ResultEvent extends EventMessage {

    String gameId();

    String tournamentId();

    /**
     * The game is over.
     *
     * @param round          round number from 1
     * @param board          board number from 1 (as paired)
     * @param whitePlayerId  white's player id in the tournament
     * @param blackPlayerId  black's player id in the tournament
     * @param result         the result as written on the crosstable
     * @param whiteHalfPoints white's score in half points (fixed by the result unless ARBITER_SCORES)
     * @param blackHalfPoints black's score in half points
     * @param reason         why the game ended
     * @param article        the rule applied, e.g. "FIDE 2018 5.1.1"
     * @param played         false for forfeits and games decided before a move was made
     * @param endedAt        the moment the game ended (the ending move, the flag, the ruling)
     * @param completedPlies the ply of the game's last move completed by a clock press when it ended (0: none), or
     *                       null when not known (version 1 records, results not decided by the game): the clock reads
     *                       the end on this topic and the presses on the moves topic, and holds the end until it has
     *                       seen this many presses (version 2)
     */
    @MessageType(name = "results.GameEnded", version = 2)
    record GameEnded(String gameId, String tournamentId, int round, int board, String whitePlayerId,
                     String blackPlayerId, GameResult result, int whiteHalfPoints, int blackHalfPoints,
                     EndReason reason, String article, boolean played, Instant endedAt, Integer completedPlies)
            implements ResultEvent {

        /** Version 1 knew no completed plies: a record read from then has none (null). */
        public static final String COMPLETED_PLIES_FIELD = "completedPlies";

        public GameEnded {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(whitePlayerId, "whitePlayerId");
            Objects.requireNonNull(blackPlayerId, "blackPlayerId");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(endedAt, "endedAt");
            article = article == null ? "" : article;
            GameResult.checkScores(result, whiteHalfPoints, blackHalfPoints);
            if (completedPlies != null && completedPlies < 0) {
                throw new IllegalArgumentException("completedPlies cannot be negative, got " + completedPlies);
            }
        }

        /** An end with no completed plies known. */
        public GameEnded(String gameId, String tournamentId, int round, int board, String whitePlayerId,
                         String blackPlayerId, GameResult result, int whiteHalfPoints, int blackHalfPoints,
                         EndReason reason, String article, boolean played, Instant endedAt) {
            this(gameId, tournamentId, round, board, whitePlayerId, blackPlayerId, result, whiteHalfPoints,
                    blackHalfPoints, reason, article, played, endedAt, null);
        }

        /** This end with the ply of the game's last move completed by a press. */
        public GameEnded withCompletedPlies(int plies) {
            return new GameEnded(gameId, tournamentId, round, board, whitePlayerId, blackPlayerId, result,
                    whiteHalfPoints, blackHalfPoints, reason, article, played, endedAt, plies);
        }

        /** A result whose scores follow from it (all but ARBITER_SCORES). */
        public static GameEnded of(String gameId, String tournamentId, int round, int board, String white,
                                   String black, GameResult result, EndReason reason, String article,
                                   boolean played, Instant endedAt) {
            return new GameEnded(gameId, tournamentId, round, board, white, black, result,
                    result.whiteHalfPoints(), result.blackHalfPoints(), reason, article, played, endedAt);
        }

        /** A valid sample (documentation, and the codec's round-trip tests). */
        public static GameEnded example() {
            return new GameEnded("g-1", "t-1", 3, 12, "p-7", "p-21", GameResult.ARBITER_SCORES, 1, 0,
                    EndReason.ARBITER_DECISION, "FIDE 2018 12.9.8", true, Instant.parse("2026-05-01T16:20:00Z"), 37);
        }
    }

    /**
     * An arbiter (or the appeals committee) changed a published result (FIDE 2001 8.7: a signed
     * wrong result stands unless the arbiter decides otherwise). Consumers replace the superseded
     * result with this one.
     *
     * @param supersedes event id of the GameEnded or ResultCorrected this one replaces
     * @param by         who decided (arbiter or appeals committee id)
     * @param why        the reason, for the audit trail
     */
    @MessageType(name = "results.ResultCorrected", version = 1)
    record ResultCorrected(String gameId, String tournamentId, int round, int board, GameResult result,
                           int whiteHalfPoints, int blackHalfPoints, boolean played, UUID supersedes, String by,
                           String why, Instant correctedAt) implements ResultEvent {
        public ResultCorrected {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(supersedes, "supersedes");
            Objects.requireNonNull(by, "by");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(correctedAt, "correctedAt");
            GameResult.checkScores(result, whiteHalfPoints, blackHalfPoints);
        }

        /** A valid sample (documentation, and the codec's round-trip tests). */
        public static ResultCorrected example() {
            return new ResultCorrected("g-1", "t-1", 3, 12, GameResult.DRAW, 1, 1, true,
                    UUID.fromString("00000000-0000-0000-0000-000000000042"), "arbiter-1",
                    "the scoresheets show a draw by agreement", Instant.parse("2026-05-01T18:00:00Z"));
        }
    }
}

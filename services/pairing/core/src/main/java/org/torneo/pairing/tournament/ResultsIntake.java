package org.torneo.pairing.tournament;

import org.torneo.contracts.Actor;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.TournamentCommand;

/**
 * Turns a game service's {@code results.GameEnded} into the tournament's RecordResult command, and its
 * {@code results.ResultCorrected} (an arbiter's decision) into CorrectResult.
 */
public final class ResultsIntake {

    private ResultsIntake() {
    }

    /**
     * @param commandId the idempotency id, e.g. the id of the GameEnded envelope, so that a redelivered
     *                  result gives no second event
     */
    public static TournamentCommand.RecordResult recordResult(ResultEvent.GameEnded ended, String commandId) {
        return new TournamentCommand.RecordResult(ended.tournamentId(), commandId, Actor.system("results"),
                ended.endedAt(), ended.round(), ended.whitePlayerId(), ended.blackPlayerId(), result(ended),
                ended.played());
    }

    /**
     * Forfeits keep their winner and are marked unplayed. Scores the arbiter set (FIDE 2018 12.9) are read
     * by who got more; uneven non-standard scores (e.g. ½-0) count as that player's win for pairing [INF].
     */
    static GameResult result(ResultEvent.GameEnded ended) {
        return result(ended.result(), ended.whiteHalfPoints(), ended.blackHalfPoints());
    }

    /** @param commandId the idempotency id, e.g. the id of the ResultCorrected envelope */
    public static TournamentCommand.CorrectResult correctResult(ResultEvent.ResultCorrected corrected, String commandId) {
        return new TournamentCommand.CorrectResult(corrected.tournamentId(), commandId, Actor.system("results"),
                corrected.correctedAt(), corrected.round(), corrected.board(),
                result(corrected.result(), corrected.whiteHalfPoints(), corrected.blackHalfPoints()), corrected.played(),
                corrected.why() + " (" + corrected.by() + ")");
    }

    static GameResult result(org.torneo.contracts.results.GameResult outcome, int white, int black) {
        return switch (outcome) {
            case WHITE_WINS, WHITE_WINS_BY_FORFEIT -> GameResult.WHITE_WINS;
            case BLACK_WINS, BLACK_WINS_BY_FORFEIT -> GameResult.BLACK_WINS;
            case DRAW -> GameResult.DRAW;
            case DOUBLE_FORFEIT -> GameResult.DOUBLE_LOSS;
            case ARBITER_SCORES -> {
                if (white > black) {
                    yield GameResult.WHITE_WINS;
                } else if (black > white) {
                    yield GameResult.BLACK_WINS;
                }
                yield white == 0 ? GameResult.DOUBLE_LOSS : GameResult.DRAW;
            }
        };
    }
}

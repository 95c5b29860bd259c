package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;

class ResultsIntakeTest {

    private static final Instant END = Instant.parse("2026-03-01T14:00:00Z");

    private static GameEnded ended(org.torneo.contracts.results.GameResult result, int white, int black, boolean played) {
        return new GameEnded("g-1", "t-1", 2, 5, "p-3", "p-8", result, white, black, EndReason.values()[0], "", played, END);
    }

    @Test
    void aGameEndedBecomesTheRoundsResultWithItsPlayersAndTime() {
        RecordResult command = ResultsIntake.recordResult(
                GameEnded.of("g-1", "t-1", 2, 5, "p-3", "p-8", org.torneo.contracts.results.GameResult.BLACK_WINS,
                        EndReason.values()[0], "FIDE 2018 5.1.1", true, END), "evt-9");
        assertEquals(new RecordResult("t-1", "evt-9", command.actor(), END, 2, "p-3", "p-8", GameResult.BLACK_WINS, true),
                command);
    }

    @Test
    void forfeitsAreUnplayedAndArbiterScoresAreReadByWhoGotMore() {
        RecordResult forfeit = ResultsIntake.recordResult(
                ended(org.torneo.contracts.results.GameResult.WHITE_WINS_BY_FORFEIT, 2, 0, false), "e1");
        assertEquals(GameResult.WHITE_WINS, forfeit.result());
        assertFalse(forfeit.played());
        assertEquals(GameResult.DOUBLE_LOSS, ResultsIntake.recordResult(
                ended(org.torneo.contracts.results.GameResult.DOUBLE_FORFEIT, 0, 0, false), "e2").result());
        assertEquals(GameResult.BLACK_WINS, ResultsIntake.recordResult(
                ended(org.torneo.contracts.results.GameResult.ARBITER_SCORES, 0, 1, true), "e3").result());
        assertEquals(GameResult.DRAW, ResultsIntake.recordResult(
                ended(org.torneo.contracts.results.GameResult.ARBITER_SCORES, 1, 1, true), "e4").result());
        assertTrue(ResultsIntake.recordResult(
                ended(org.torneo.contracts.results.GameResult.DRAW, 1, 1, true), "e5").played());
    }

    @Test
    void anArbitersResultCorrectionBecomesCorrectResultWithWhoAndWhy() {
        var corrected = new org.torneo.contracts.results.ResultEvent.ResultCorrected("g-1", "t-1", 2, 5,
                org.torneo.contracts.results.GameResult.DRAW, 1, 1, true, java.util.UUID.randomUUID(), "arbiter-4",
                "both scoresheets show a draw", END);
        var command = ResultsIntake.correctResult(corrected, "evt-12");
        assertEquals(new org.torneo.contracts.tournament.TournamentCommand.CorrectResult("t-1", "evt-12",
                command.actor(), END, 2, 5, GameResult.DRAW, true, "both scoresheets show a draw (arbiter-4)"), command);
    }
}

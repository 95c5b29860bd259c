package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.ORGANISER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.move;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.CorrectResult;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;

/** Arbiter rulings (FIDE 2018 12.9, 11.7-11.8, 7.2, 8.7; 1997/2001 13.4; Code 1970 adjudication). */
class ArbiterRulingTest {

    private static ArbiterRuling ruling(RulingKind kind, String article, Side side, GameResult result, int white,
                                        int black, int restoreToPly, long millis) {
        return new ArbiterRuling(kind, article, "", side, result, white, black, restoreToPly, millis, at());
    }

    private static ArbiterRuling simple(RulingKind kind, Side side, long millis) {
        return ruling(kind, "FIDE 2018 12.9", side, null, -1, -1, -1, millis);
    }

    @Test
    void onlyAnArbiterRulesAndEveryRulingNamesItsArticle() {
        GameSpec.fide2018().when(BLACK_PLAYER, simple(RulingKind.WARNING, Side.WHITE, 0)).rejected("only an arbiter");
        GameSpec.fide2018().when(ORGANISER, simple(RulingKind.WARNING, Side.WHITE, 0)).rejected("only an arbiter");
        GameSpec.fide2018().when(ARBITER, ruling(RulingKind.WARNING, "", Side.WHITE, null, -1, -1, -1, 0))
                .rejected("must name the article");
    }

    @Test
    void warningsTimeChangesFinesAndExclusionsAreRecordedAndTheGameGoesOn() {
        for (RulingKind kind : new RulingKind[] {RulingKind.WARNING, RulingKind.ADD_TIME, RulingKind.DEDUCT_TIME,
            RulingKind.FINE, RulingKind.EXCLUDE_FROM_ROUNDS}) {
            GameSpec spec = GameSpec.fide2018().moves("e4").when(ARBITER, simple(kind, Side.BLACK, 60_000));
            spec.then(RulingIssued.class).noEnding();
            RulingIssued issued = spec.event(RulingIssued.class);
            assertEquals(kind, issued.kind());
            assertEquals("FIDE 2018 12.9", issued.article());
            assertEquals(60_000, issued.timeMillis());
        }
        GameSpec.fide2018().when(ARBITER, simple(RulingKind.ADD_TIME, null, 0)).rejected("positive time");
    }

    @Test
    void aResultEnteredFromThePaperScoresheetsIsOfAPlayedGameThoughNoMoveReachedTorneo() {
        // FIDE 2018 8.7: the players sign the scoresheets with the result; the arbiter enters it. The game was played
        // on the board: scored and rated as played, not as an unplayed game (C.07 counts unplayed rounds apart)
        GameSpec entered = GameSpec.fide2018().when(ARBITER, new ArbiterRuling(RulingKind.DECLARE_RESULT,
                "FIDE 2018 12.2.4", "entered from the scoresheets", null, GameResult.WHITE_WINS, -1, -1, -1, 0, at(),
                true));
        assertTrue(entered.ended().played());
        assertEquals(Boolean.TRUE, entered.event(RulingIssued.class).playedOverTheBoard(),
                "recorded with the ruling, so that a replay (the audit's) decides the same");

        // unsaid, Torneo's record tells: no move recorded, not played
        GameEnded unsaid = GameSpec.fide2018().when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 2018 12.2.4", null,
                GameResult.DRAW, -1, -1, -1, 0)).ended();
        assertFalse(unsaid.played());

        // a forfeit is never played, whatever the ruling says
        GameEnded forfeit = GameSpec.fide2018().when(ARBITER, new ArbiterRuling(RulingKind.DECLARE_RESULT,
                "FIDE 2018 6.7.1", "", null, GameResult.WHITE_WINS_BY_FORFEIT, -1, -1, -1, 0, at(), true)).ended();
        assertFalse(forfeit.played());
    }

    @Test
    void lossOfTheGameAndExpulsionEndIt() {
        GameEnded loss = GameSpec.fide2018().moves("e4", "e5")
                .when(ARBITER, ruling(RulingKind.LOSS_OF_GAME, "FIDE 2018 11.3.2.2", Side.WHITE, null, -1, -1, -1, 0))
                .ended();
        assertEquals(GameResult.BLACK_WINS, loss.result());
        assertEquals(EndReason.ARBITER_DECISION, loss.reason());
        assertEquals("FIDE 2018 11.3.2.2", loss.article());
        GameEnded expelled = GameSpec.game(Edition.FIDE_2001, Category.STANDARD).moves("e4", "e5")
                .when(ARBITER, ruling(RulingKind.EXPEL, "FIDE 2001 13.4g", Side.BLACK, null, -1, -1, -1, 0)).ended();
        assertEquals(GameResult.WHITE_WINS, expelled.result());
    }

    @Test
    void theArbiterSetsResultsIncludingDoubleForfeitAndAdjustedScores() {
        GameEnded doubleLoss = GameSpec.fide2018().moves("e4", "e5")
                .when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 2018 11.8", null, GameResult.DOUBLE_FORFEIT,
                        -1, -1, -1, 0)).ended();
        assertEquals(0, doubleLoss.whiteHalfPoints());
        assertEquals(0, doubleLoss.blackHalfPoints());
        assertFalse(doubleLoss.played());

        // FIDE 2018 11.7: a loss for refusal, the opponent's score set by the arbiter (here ½)
        GameEnded scores = GameSpec.fide2018().moves("e4", "e5")
                .when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 2018 11.7", null, GameResult.ARBITER_SCORES,
                        0, 1, -1, 0)).ended();
        assertEquals(GameResult.ARBITER_SCORES, scores.result());
        assertEquals(1, scores.blackHalfPoints());
        assertTrue(scores.played());

        GameSpec.fide2018().when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 2018 12.9", null,
                GameResult.ARBITER_SCORES, 3, 0, -1, 0)).rejected("0..2 half points");
        GameSpec.fide2018().when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 2018 12.9", null, null, -1, -1, -1, 0))
                .rejected("needs the result");
    }

    @Test
    void adjudicationBelongsToTheCode1970Only() {
        GameEnded adjudicated = GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves("e4", "e5")
                .when(ARBITER, ruling(RulingKind.ADJUDICATE, "Code 1970 art. XVIII", null, GameResult.WHITE_WINS,
                        -1, -1, -1, 0)).ended();
        assertEquals(GameResult.WHITE_WINS, adjudicated.result());
        GameSpec.fide2018().moves("e4", "e5").when(ARBITER, ruling(RulingKind.ADJUDICATE, "FIDE 2018 12.9", null,
                GameResult.WHITE_WINS, -1, -1, -1, 0)).rejected("not part of this edition");
    }

    @Test
    void theArbiterRestoresAnEarlierPosition() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5", "Nf3", "Nc6")
                .when(ARBITER, ruling(RulingKind.RESTORE_POSITION, "FIDE 2018 7.4.3", null, null, -1, -1, 2, 0));
        spec.then(RulingIssued.class, MovesTakenBack.class);
        assertEquals(2, spec.state.ply());
        spec.when(move("Bc4")).then(MovePlayed.class);
        GameSpec.fide2018().moves("e4").when(ARBITER, ruling(RulingKind.RESTORE_POSITION, "FIDE 2018 7.4.3", null,
                null, -1, -1, 5, 0)).rejected("cannot restore ply 5");
    }

    @Test
    void anAnnulledGameIsReplayedFromTheStart() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5", "Nf3")
                .when(ARBITER, ruling(RulingKind.ANNUL_GAME, "FIDE 2018 7.2.1", null, null, -1, -1, -1, 0));
        spec.then(RulingIssued.class);
        assertEquals(0, spec.state.ply());
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());
    }

    @Test
    void aRecordedResultIsCorrectedWithWhoWhyAndWhatItSupersedes() {
        UUID gameEndedId = UUID.fromString("00000000-0000-0000-0000-0000000000aa");
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5").given(GameSpec.BOARD, new Resign(Side.WHITE, at()));
        spec.when(ARBITER, new CorrectResult(GameResult.DRAW, 1, 1, true, gameEndedId,
                "both scoresheets show a draw agreed", at()));
        ResultCorrected corrected = spec.event(ResultCorrected.class);
        assertEquals(gameEndedId, corrected.supersedes());
        assertEquals("arbiter-1", corrected.by());
        assertEquals("both scoresheets show a draw agreed", corrected.why());
        assertEquals(3, corrected.round());
        assertEquals(GameResult.DRAW, spec.state.result());

        spec.when(BLACK_PLAYER, new CorrectResult(GameResult.BLACK_WINS, 0, 2, true, gameEndedId, "mine", at()))
                .rejected("only an arbiter");
        spec.when(ARBITER, new CorrectResult(GameResult.DRAW, 2, 0, true, gameEndedId, "typo", at()))
                .rejected("not 2-0");
        GameSpec.fide2018().when(ARBITER, new CorrectResult(GameResult.DRAW, 1, 1, true, gameEndedId, "x", at()))
                .rejected("no result yet");
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand.AcceptDraw;
import org.torneo.contracts.game.GameCommand.OfferDraw;
import org.torneo.contracts.game.GameCommand.ReportBothFlagsFell;
import org.torneo.contracts.game.GameCommand.ReportColoursReversed;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.ResumeGame;
import org.torneo.contracts.game.GameCommand.SealMove;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MoveSealed;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/** Resignation, flag fall, both flags, default time, colours reversed and adjournment, per edition. */
class EndingsTest {

    private static final String[] TEN_EACH = {"Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "e3", "e6",
        "Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "d3", "d6"};

    @Test
    void resignationWinsForTheOpponent() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5").when(BLACK_PLAYER, new Resign(Side.BLACK, at()));
        assertEquals(GameResult.WHITE_WINS, spec.ended().result());
        assertEquals(EndReason.RESIGNATION, spec.ended().reason());
        assertEquals("FIDE 2018 5.1.2", spec.ended().article());
        assertTrue(spec.ended().played());
        GameSpec.fide2018().when(WHITE_PLAYER, new Resign(Side.BLACK, at())).rejected("not the black player");
        // resigning before both players moved: not a played game for rating purposes
        assertFalse(GameSpec.fide2018().when(new Resign(Side.WHITE, at())).ended().played());
    }

    @Test
    void flagFallLosesWhenTheOpponentCanMate() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5").when(new ReportFlagFall(Side.WHITE, false, true, at()));
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertEquals(EndReason.FLAG_FALL, spec.ended().reason());
        assertEquals("FIDE 2018 6.9", spec.ended().article());
    }

    @Test
    void flagFallIsADrawWhenTheOpponentCannotMateExceptUnderTheCode1970() {
        String loneKing = "8/8/8/4k3/8/8/R7/4K3 w - - 0 60"; // white's flag; black has a bare king
        for (Edition edition : new Edition[] {Edition.FIDE_2018, Edition.FIDE_2001, Edition.FIDE_1997}) {
            GameEnded ended = GameSpec.fromFen(edition, Category.STANDARD, loneKing)
                    .when(new ReportFlagFall(Side.WHITE, false, true, at())).ended();
            assertEquals(GameResult.DRAW, ended.result(), edition.name());
            assertEquals(EndReason.FLAG_FALL_NO_MATE_POSSIBLE, ended.reason());
        }
        GameEnded code = GameSpec.fromFen(Edition.CODE_1970, Category.STANDARD, loneKing)
                .when(new ReportFlagFall(Side.WHITE, false, true, at())).ended();
        assertEquals(GameResult.BLACK_WINS, code.result()); // art. XIV: the flag loses regardless
    }

    @Test
    void fide1997BlitzMatingPotentialIsStricterThanTheHelpmateTest() {
        String knights = "8/8/8/4k3/8/8/8/1NN1K3 b - - 0 60"; // black's flag; white has K+N+N
        // FIDE 1997 B.6, B.7 (C.2): White claims the flag
        GameEnded blitz97 = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, knights)
                .when(GameSpec.WHITE_PLAYER, new ReportFlagFall(Side.BLACK, false, true, at())).ended();
        assertEquals(GameResult.DRAW, blitz97.result()); // C.4: K+N+N v K has no mating potential
        assertEquals("FIDE 1997 6.9, C.4, B.6, B.7", blitz97.article());
        GameEnded blitz18 = GameSpec.fromFen(Edition.FIDE_2018, Category.BLITZ, knights)
                .when(new ReportFlagFall(Side.BLACK, false, true, at())).ended();
        assertEquals(GameResult.WHITE_WINS, blitz18.result()); // a helpmate exists (6.9)
    }

    @Test
    void aFlagAfterTheRequiredMovesOfAPeriodIsNoLoss() {
        GameSpec.fide2018().moves("e4").when(new ReportFlagFall(Side.WHITE, true, false, at())).rejected("game goes on");
    }

    @Test
    void bothFlagsDrawInTheLastPeriodAndIn1997RapidAlways() {
        // FIDE 2018 III.2.1: the Guidelines III announced
        org.torneo.contracts.game.EventRegulations guidelinesIII = new org.torneo.contracts.game.EventRegulations(0,
                true, org.torneo.contracts.game.QuickplayFinishGuidelines.DRAW_CLAIMS);
        org.torneo.contracts.Ruleset standard2018 = new org.torneo.contracts.Ruleset(Edition.FIDE_2018, Category.STANDARD);
        GameEnded last = GameSpec.game(standard2018, null, guidelinesIII).moves("e4")
                .when(new ReportBothFlagsFell(true, at())).ended();
        assertEquals(GameResult.DRAW, last.result());
        assertEquals(EndReason.BOTH_FLAGS_FELL, last.reason());
        assertEquals("FIDE 2018 III.3.1", last.article());
        GameSpec.game(standard2018, null, guidelinesIII).moves("e4").when(new ReportBothFlagsFell(false, at()))
                .rejected("game goes on");
        GameEnded rapid97 = GameSpec.game(Edition.FIDE_1997, Category.RAPID).moves("e4")
                .when(new ReportBothFlagsFell(false, at())).ended();
        assertEquals("FIDE 1997 B.8", rapid97.article());
        GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves("e4")
                .when(new ReportBothFlagsFell(true, at())).rejected("the arbiter decides");
    }

    @Test
    void rapidAndBlitzGamesAreNotAdjournedAndTheCode1970HasNoRapidRules() {
        GameSpec.game(Edition.FIDE_2018, Category.RAPID).moves("e4")
                .when(BLACK_PLAYER, new SealMove(Side.BLACK, "e5", at())).rejected("not adjourned");
        GameSpec.notStarted().when(GameSpec.ORGANISER, new org.torneo.contracts.game.GameCommand.StartGame("t", 1, 1,
                "a", "b", new org.torneo.contracts.Ruleset(Edition.CODE_1970, Category.BLITZ), null, at()))
                .rejected("1970 Code has no blitz rules");
    }

    @Test
    void aPlayerAbsentAtTheDefaultTimeLosesByForfeitAndBothAbsentLoseBoth() {
        GameEnded forfeit = GameSpec.fide2018().when(ARBITER, new ReportDefault(Side.WHITE, at())).ended();
        assertEquals(GameResult.BLACK_WINS_BY_FORFEIT, forfeit.result());
        assertFalse(forfeit.played());
        assertEquals("FIDE 2018 6.7.1", forfeit.article());
        GameEnded both = GameSpec.game(Edition.FIDE_1997, Category.STANDARD)
                .when(ARBITER, new ReportDefault(null, at())).ended();
        assertEquals(GameResult.DOUBLE_FORFEIT, both.result());
        assertEquals(0, both.whiteHalfPoints() + both.blackHalfPoints());
        assertEquals("FIDE 1997 6.6", both.article());
        GameSpec.fide2018().moves("e4").when(ARBITER, new ReportDefault(Side.BLACK, at())).rejected("under way");
        GameSpec.fide2018().when(WHITE_PLAYER, new ReportDefault(Side.BLACK, at())).rejected("by the arbiter or the clock");
    }

    @Test
    void fide2018ColoursReversedBeforeTenMovesEachMeansANewGame() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5", "Nf3").when(ARBITER, new ReportColoursReversed(at()));
        ColoursReversedFound found = spec.event(ColoursReversedFound.class);
        assertTrue(found.newGame());
        assertEquals(1, found.movesEach());
        assertEquals(0, spec.state.ply());
        assertEquals(GameSpec.WHITE, spec.state.whitePlayerId());
    }

    @Test
    void colorsReversedAfterTenMovesEachOrBefore2018TheGameGoesOnWithTheActualColours() {
        GameSpec late = GameSpec.fide2018().moves(TEN_EACH).when(ARBITER, new ReportColoursReversed(at()));
        assertFalse(late.event(ColoursReversedFound.class).newGame());
        assertEquals(GameSpec.BLACK, late.state.whitePlayerId());
        assertEquals(20, late.state.ply());
        late.when(BOARD, new Resign(Side.WHITE, at()));
        assertEquals(GameSpec.BLACK, late.ended().whitePlayerId()); // the result goes to who really had white

        GameSpec early97 = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .when(ARBITER, new ReportColoursReversed(at()));
        assertFalse(early97.event(ColoursReversedFound.class).newGame());
        assertEquals("FIDE 1997 7.2", early97.event(ColoursReversedFound.class).article());
        GameSpec.fide2018().when(WHITE_PLAYER, new ReportColoursReversed(at())).rejected("only the arbiter");
    }

    @Test
    void adjournmentSealsTheMoveAndResumptionPlaysIt() {
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "e5")
                .when(WHITE_PLAYER, new SealMove(Side.WHITE, "Nf3", at()));
        spec.then(MoveSealed.class);
        assertEquals(GameState.Phase.ADJOURNED, spec.state.phase());
        spec.when(move("Nf3")).rejected("adjourned");
        spec.when(new org.torneo.contracts.game.GameCommand.PressClock(Side.BLACK, at())).rejected("adjourned");
        spec.when(new ResumeGame(at())).then(GameResumed.class, MovePlayed.class);
        assertEquals("Nf3", spec.event(MovePlayed.class).san());
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());
        GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .when(WHITE_PLAYER, new SealMove(Side.WHITE, "e5", at())).rejected("only the player having the move seals");
    }

    @Test
    void anIllegalSealedMoveLoses() {
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "e5")
                .given(BOARD, new SealMove(Side.WHITE, "Ra3", at()))
                .when(new ResumeGame(at()));
        spec.then(GameResumed.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertTrue(spec.ended().article().startsWith("FIDE 1997 A.8"), spec.ended().article());
    }

    @Test
    void anAmbiguousSealedMoveLosesAtResumption() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5", "Nf3", "Nc6", "d3", "d6")
                .given(BOARD, new SealMove(Side.WHITE, "Nd2", at())) // the knights of b1 and f3 both reach d2
                .when(new ResumeGame(at()));
        spec.then(GameResumed.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertTrue(spec.ended().article().startsWith("FIDE 2018 I.8"), spec.ended().article());
    }

    @Test
    void aDrawAgreedWhileAdjournedEndsTheGame() {
        GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "e5")
                .given(BOARD, new SealMove(Side.WHITE, "Nf3", at()))
                .given(BOARD, new OfferDraw(Side.BLACK, at()))
                .when(new AcceptDraw(Side.WHITE, at())).then(DrawAgreed.class, GameEnded.class);
    }

    @Test
    void lateAtResumptionLosesUnlessTheSealedMoveEndsTheGame() {
        GameEnded late = GameSpec.fide2018().moves("e4", "e5").given(BOARD, new SealMove(Side.WHITE, "Nf3", at()))
                .when(ARBITER, new ReportDefault(Side.BLACK, at())).ended();
        assertEquals(GameResult.WHITE_WINS, late.result());
        assertEquals("FIDE 2018 I.10", late.article());
        assertTrue(late.played());

        GameSpec mate = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("f3", "e5", "g4")
                .given(BOARD, new SealMove(Side.BLACK, "Qh4", at()))
                .when(ARBITER, new ReportDefault(Side.BLACK, at()));
        mate.then(GameResumed.class, MovePlayed.class, GameEnded.class);
        assertEquals(EndReason.CHECKMATE, mate.ended().reason()); // FIDE 1997 A.10: the sealed mate stands
    }
}

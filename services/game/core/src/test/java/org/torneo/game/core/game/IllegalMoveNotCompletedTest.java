package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.EBOARD;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand.PressClock;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.GameCommand.ReportIllegalMoveNotCompleted;
import org.torneo.contracts.game.GameCommand.SealMove;
import org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * An illegal move made but not completed by the clock press: FIDE 2018 7.5.1 (no penalty; a legal move with the same
 * piece, 4.3), 1997 C.3 in blitz (the same until the opponent's clock is started), and the editions that count an
 * illegal move once made (1997 7.4, 2001 7.4a, Code 1970 art. IX).
 */
class IllegalMoveNotCompletedTest {

    /** 1. e4 e5, White to move; Ke1-e3 is illegal (a king moves one square). */
    private static GameSpec whiteToMove(Edition edition, Category category) {
        return GameSpec.game(edition, category).moves("e4", "e5");
    }

    @Test
    void fide2018NoPenaltyAndTheSamePieceMustMakeTheLegalMove() {
        GameSpec spec = whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .when(BLACK_PLAYER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()));
        spec.then(IllegalMoveNotCompleted.class);
        IllegalMoveNotCompleted made = spec.event(IllegalMoveNotCompleted.class);
        assertEquals(3, made.ply());
        assertEquals(Side.WHITE, made.by());
        assertEquals("FIDE 2018 7.5.1, 4.3", made.article());
        assertTrue(made.reason().contains("no penalty"), made.reason());
        assertEquals(0, spec.state.illegalMovesOf(Side.WHITE)); // not counted towards 7.5.5
        assertEquals(2, spec.state.ply());

        spec.when(move("Nf3")).rejected("e1"); // touch-move: the king was moved, so the king moves (4.3.1)
        spec.when(move("Ke2")).then(MovePlayed.class);
        assertNull(spec.state.illegalMoveNotCompleted());
        assertEquals(0, spec.state.illegalMovesOf(Side.WHITE));
    }

    @Test
    void aMoveWrittenWithoutItsSquareBindsTheOnlyPieceOfThatKind() {
        GameSpec spec = whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .given(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "Ke3", at()));
        spec.when(move("Nf3")).rejected("e1");
        spec.when(move("Ke2")).then(MovePlayed.class);
        // two knights: which one moved cannot be told, so nothing binds
        GameSpec knights = whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .given(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "Ne5", at()));
        knights.when(move("d4")).then(MovePlayed.class);
    }

    @Test
    void fide2018PressingTheClockCompletesItAndThePenaltyFollows() {
        GameSpec spec = whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .given(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()))
                .when(new PressClock(Side.WHITE, at()));
        spec.then(IllegalMoveRecorded.class);
        IllegalMoveRecorded completed = spec.event(IllegalMoveRecorded.class);
        assertEquals(1, completed.countForPlayer());
        assertEquals(120_000, completed.penalty().addedToOpponentMillis());
        assertTrue(completed.article().startsWith("FIDE 2018 7.5.1"), completed.article());
        assertEquals("e1e3", completed.attempted());
        assertNull(spec.state.illegalMoveNotCompleted());
        assertEquals(1, spec.state.illegalMovesOf(Side.WHITE));
    }

    @Test
    void fide2018BlitzIsTheSameBeforeThePress() {
        IllegalMoveNotCompleted made = whiteToMove(Edition.FIDE_2018, Category.BLITZ)
                .when(EBOARD, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()))
                .event(IllegalMoveNotCompleted.class);
        assertEquals("FIDE 2018 7.5.1, 4.3", made.article());
    }

    @Test
    void fide2001CountsAnIllegalMoveOnceMadeWithTwoMinutesForTheOpponent() {
        GameSpec spec = whiteToMove(Edition.FIDE_2001, Category.STANDARD)
                .when(BLACK_PLAYER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()));
        spec.then(IllegalMoveRecorded.class);
        IllegalMoveRecorded recorded = spec.event(IllegalMoveRecorded.class);
        assertEquals(1, recorded.countForPlayer());
        assertEquals(120_000, recorded.penalty().addedToOpponentMillis());
        assertEquals("FIDE 2001 7.4b", recorded.article());
        assertTrue(recorded.reason().contains("counts once made"), recorded.reason());
        spec.when(move("Nf3")).rejected("e1"); // 7.4a: Article 4.3 applies to the replacement move
    }

    @Test
    void fide1997AndTheCodeRestoreWithoutPenaltyInStandardPlay() {
        for (Edition edition : new Edition[] {Edition.FIDE_1997, Edition.CODE_1970}) {
            IllegalMoveRecorded recorded = whiteToMove(edition, Category.STANDARD)
                    .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()))
                    .event(IllegalMoveRecorded.class);
            assertEquals(Penalty.NONE, recorded.penalty(), edition.name());
            assertEquals(1, recorded.countForPlayer(), edition.name());
        }
    }

    @Test
    void fide1997BlitzTheOpponentMayClaimTheWinOnlyOnceTheClockWasPressed() {
        GameSpec spec = whiteToMove(Edition.FIDE_1997, Category.BLITZ)
                .when(BLACK_PLAYER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()));
        assertEquals("FIDE 1997 C.3, 4.3", spec.event(IllegalMoveNotCompleted.class).article());
        spec.noEnding();

        // the press completes it (C.3): it stands on the board unless claimed before Black's own move
        spec.when(new PressClock(Side.WHITE, at())).then(IllegalMoveRecorded.class);
        assertTrue(spec.event(IllegalMoveRecorded.class).stands());
        assertEquals(3, spec.state.ply());
        spec.when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        GameEnded won = spec.ended();
        assertEquals(GameResult.BLACK_WINS, won.result());
        assertEquals(EndReason.ILLEGAL_MOVES, won.reason());
    }

    @Test
    void fide1997BlitzACompletedMoveNotGivenAsSquaresCannotBePutOnTheBoard() {
        whiteToMove(Edition.FIDE_1997, Category.BLITZ)
                .given(BLACK_PLAYER, new ReportIllegalMoveNotCompleted(Side.WHITE, "Ke3", at()))
                .when(new PressClock(Side.WHITE, at())).rejected("claim the win");
    }

    @Test
    void reportsThatAreRefused() {
        whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "g1f3", at())).rejected("is a legal move");
        whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.BLACK, "e8e6", at())).rejected("not on the move");
        whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .when(WHITE_PLAYER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at()))
                .rejected("the player himself makes a legal move");
        whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "z9", at())).rejected("cannot tell");
        whiteToMove(Edition.FIDE_2018, Category.STANDARD)
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Nf3", at()))
                .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at())).rejected("adjourned");
        whiteToMove(Edition.FIDE_1997, Category.RAPID)
                .when(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", at())).rejected("only when a player claims");
    }
}

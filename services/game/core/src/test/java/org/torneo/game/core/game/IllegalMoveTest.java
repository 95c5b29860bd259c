package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.EBOARD;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.eboard;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand.ReportIllegalAction;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.IllegalAction;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/** Illegal moves per edition: FIDE 2018 7.5 / A.4.2 / B.2, FIDE 2001 7.4, FIDE 1997 7.4 / C.3, Code 1970 art. IX. */
class IllegalMoveTest {

    /** Black is in check after 2. Qh5+; a6 would leave the king in check. */
    private static GameSpec blackInCheck(Edition edition, Category category) {
        return GameSpec.game(edition, category).moves("e4", "f5", "Qh5+");
    }

    /** White king e1 next to nothing; Kd2 would stand next to the black king on d3 (white has a rook). */
    private static final String KINGS_NEAR = "8/8/8/8/8/3k4/8/R3K3 w - - 0 1";

    @Test
    void fide2018FirstIllegalMoveGivesTheOpponentTwoMinutesTheSecondLoses() {
        GameSpec spec = blackInCheck(Edition.FIDE_2018, Category.STANDARD).when(EBOARD, eboard("a6"));
        spec.then(IllegalMoveRecorded.class);
        IllegalMoveRecorded first = spec.event(IllegalMoveRecorded.class);
        assertEquals(Side.BLACK, first.by());
        assertEquals(4, first.ply());
        assertEquals(1, first.countForPlayer());
        assertFalse(first.stands());
        assertEquals(120_000, first.penalty().addedToOpponentMillis());
        assertEquals("FIDE 2018 7.5.5", first.article());
        assertEquals(3, spec.state.ply()); // the position before the illegal move stays
        spec.when(EBOARD, eboard("h6")).then(IllegalMoveRecorded.class, GameEnded.class);
        GameEnded ended = spec.ended();
        assertEquals(GameResult.WHITE_WINS, ended.result());
        assertEquals(EndReason.ILLEGAL_MOVES, ended.reason());
        assertEquals(GameSpec.BLACK_PLAYER.id(), ended.blackPlayerId());
    }

    @Test
    void fide2018BlitzPenaltyIsOneMinute() {
        IllegalMoveRecorded first = blackInCheck(Edition.FIDE_2018, Category.BLITZ).when(EBOARD, eboard("a6"))
                .event(IllegalMoveRecorded.class);
        assertEquals(60_000, first.penalty().addedToOpponentMillis());
        assertTrue(first.article().contains("B.2"));
    }

    @Test
    void fide2018SecondIllegalMoveIsADrawWhenTheOpponentCannotMate() {
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, KINGS_NEAR)
                .when(EBOARD, eboard("Kd2"));
        assertEquals(1, spec.event(IllegalMoveRecorded.class).countForPlayer());
        spec.when(EBOARD, eboard("Kd2"));
        GameEnded ended = spec.ended();
        assertEquals(GameResult.DRAW, ended.result()); // black has a bare king (FIDE 2018 7.5.5)
        assertTrue(ended.article().contains("cannot checkmate"), ended.article());
    }

    @Test
    void fide2001PenalisesTwiceAndTheThirdLoses() {
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_2001, Category.STANDARD, KINGS_NEAR);
        spec.when(EBOARD, eboard("Kd2")).noEnding();
        assertEquals(120_000, spec.event(IllegalMoveRecorded.class).penalty().addedToOpponentMillis());
        spec.when(EBOARD, eboard("Kd2")).noEnding();
        assertEquals(120_000, spec.event(IllegalMoveRecorded.class).penalty().addedToOpponentMillis());
        spec.when(EBOARD, eboard("Kd2"));
        // the 2001 text has no "opponent cannot mate" exception: the third illegal move loses
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertEquals("FIDE 2001 7.4b", spec.ended().article());
    }

    @Test
    void fide1997AndCode1970RestoreWithoutAnyPenalty() {
        for (Edition edition : new Edition[] {Edition.FIDE_1997, Edition.CODE_1970}) {
            GameSpec spec = GameSpec.fromFen(edition, Category.STANDARD, KINGS_NEAR);
            for (int i = 1; i <= 4; i++) {
                spec.when(EBOARD, eboard("Kd2")).noEnding();
                IllegalMoveRecorded illegal = spec.event(IllegalMoveRecorded.class);
                assertEquals(0, illegal.penalty().addedToOpponentMillis());
                assertEquals(i, illegal.countForPlayer());
            }
        }
    }

    @Test
    void anIllegalMoveFoundSeveralMovesLaterRewindsTheGameAndBindsThePiece() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6");
        spec.when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "the knight jumped from g1", at()));
        spec.then(MovesTakenBack.class, IllegalMoveRecorded.class);
        MovesTakenBack back = spec.event(MovesTakenBack.class);
        assertEquals(2, back.keptPlies());
        assertEquals("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", back.fen());
        assertEquals(2, spec.state.ply());
        assertEquals(1, spec.state.whiteIllegalMoves());
        // the history keeps what was played and what was undone
        assertEquals(6, spec.history.stream().filter(e -> e instanceof MovePlayed).count());
        // FIDE 2018 7.5.1 / 4.3: the replacement is made with the same piece when it can move
        spec.when(move("d4")).rejected("g1 must be moved");
        spec.when(move("Nh3")).then(MovePlayed.class);
    }

    @Test
    void aPlayerCannotReportHisOwnMoveAndAnArbiterMayReportAny() {
        GameSpec.fide2018().moves("e4").when(WHITE_PLAYER, new ReportIllegalMove(1, Side.WHITE, "", at()))
                .rejected("own move");
        GameSpec.fide2018().moves("e4").when(ARBITER, new ReportIllegalMove(1, null, "", at()))
                .then(MovesTakenBack.class, IllegalMoveRecorded.class);
        GameSpec.fide2018().moves("e4").when(ARBITER, new ReportIllegalMove(5, null, "", at())).rejected("no move at ply 5");
    }

    @Test
    void fide1997BlitzTheOpponentClaimsTheWinBeforeHisOwnMoveAfterwardsTheMoveStands() {
        GameSpec claim = GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4", "e5", "Nf3")
                .when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        claim.then(IllegalMoveRecorded.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, claim.ended().result());
        assertEquals("FIDE 1997 C.3", claim.ended().article());

        GameSpec late = GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4", "e5", "Nf3", "Nc6")
                .when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        assertTrue(late.event(IllegalMoveRecorded.class).stands());
        assertEquals(4, late.state.ply());

        GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4").when(ARBITER, new ReportIllegalMove(1, null, "", at()))
                .rejected("only when a player claims");
        GameSpec.game(Edition.FIDE_1997, Category.RAPID).moves("e4").when(ARBITER, new ReportIllegalMove(1, null, "", at()))
                .rejected("only when a player claims"); // FIDE 1997 B.5
        GameSpec.game(Edition.FIDE_1997, Category.RAPID).moves("e4")
                .when(BLACK_PLAYER, new ReportIllegalMove(1, Side.BLACK, "", at()))
                .then(MovesTakenBack.class, IllegalMoveRecorded.class);
    }

    @Test
    void fide2018RapidWithoutAdequateSupervisionTheIllegalMoveStandsOnceTheOpponentHasMoved() {
        Ruleset rapid = new Ruleset(Edition.FIDE_2018, Category.RAPID);
        EventRegulations unsupervised = new EventRegulations(0, false);
        GameSpec stands = GameSpec.game(rapid, null, unsupervised).moves("e4", "e5", "Nf3", "Nc6")
                .when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        IllegalMoveRecorded recorded = stands.event(IllegalMoveRecorded.class);
        assertTrue(recorded.stands());
        assertEquals("FIDE 2018 A.4.2", recorded.article());
        assertEquals(0, stands.state.whiteIllegalMoves());

        GameSpec inTime = GameSpec.game(rapid, null, unsupervised).moves("e4", "e5", "Nf3")
                .when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        inTime.then(MovesTakenBack.class, IllegalMoveRecorded.class);

        // with adequate supervision (A.3) the full rules apply: found later, it is still taken back
        GameSpec.game(rapid, null, EventRegulations.DEFAULT).moves("e4", "e5", "Nf3", "Nc6")
                .when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()))
                .then(MovesTakenBack.class, IllegalMoveRecorded.class);
    }

    @Test
    void fide2001BlitzFollowsTheLaterPracticeTheMoveStandsOnceTheOpponentHasMoved() {
        // the 2001 appendices are not in the seeds: the shared ruleset assumes the 2018 A.4.2 practice
        GameSpec spec = GameSpec.game(new Ruleset(Edition.FIDE_2001, Category.BLITZ), null, new EventRegulations(0, false))
                .moves("e4", "e5", "Nf3", "Nc6").when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "", at()));
        assertTrue(spec.event(IllegalMoveRecorded.class).stands());
    }

    @Test
    void unsupervisedAnEboardIllegalMoveGoesOnTheBoardAndIsPenalisedOnlyOnTheOpponentsClaim() {
        Ruleset blitz = new Ruleset(Edition.FIDE_2018, Category.BLITZ);
        GameSpec spec = GameSpec.game(blitz, null, new EventRegulations(0, false)).moves("e4", "f5", "Qh5+")
                .when(EBOARD, eboard("e7e6"));
        spec.then(IllegalMoveRecorded.class);
        IllegalMoveRecorded standing = spec.event(IllegalMoveRecorded.class);
        assertTrue(standing.stands());
        assertEquals("FIDE 2018 A.4.2", standing.article());
        assertEquals(0, standing.countForPlayer(), "not counted unless claimed");
        assertEquals(4, spec.state.ply());
        assertTrue(spec.state.position().opponentInCheck(), "black's king was left in check: the game goes on from there");
        // the opponent claims before his own move: taken back and penalised (FIDE 2018 A.4.2, 7.5.5, B.2)
        spec.when(WHITE_PLAYER, new ReportIllegalMove(4, Side.WHITE, "e7e6", at()));
        spec.then(MovesTakenBack.class, IllegalMoveRecorded.class);
        IllegalMoveRecorded claimed = spec.events(IllegalMoveRecorded.class).get(0);
        assertEquals(60_000, claimed.penalty().addedToOpponentMillis());
        assertEquals(Side.BLACK, claimed.by());
        assertEquals(3, spec.state.ply());
        spec.when(move("g6")).then(MovePlayed.class); // the e-pawn was touched but cannot move: any move (4.5)

        // unclaimed, the opponent moves on from the illegal position and the move stands for good
        GameSpec later = GameSpec.game(blitz, null, new EventRegulations(0, false)).moves("e4", "f5", "Qh5+")
                .given(EBOARD, eboard("e7e6")).moves("d3");
        later.when(WHITE_PLAYER, new ReportIllegalMove(4, Side.WHITE, "e7e6", at())).then(IllegalMoveRecorded.class);
        assertTrue(later.event(IllegalMoveRecorded.class).stands());
        assertEquals(5, later.state.ply());

        // FIDE 1997 C.3: claimed before the opponent's own move, the illegal move loses
        GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4", "f5", "Qh5+").given(EBOARD, eboard("e7e6"))
                .when(WHITE_PLAYER, new ReportIllegalMove(4, Side.WHITE, "e7e6", at()))
                .then(IllegalMoveRecorded.class, GameEnded.class);
        GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4", "f5", "Qh5+")
                .when(WHITE_PLAYER, new ReportIllegalMove(4, Side.WHITE, "a6", at())).then(IllegalMoveRecorded.class,
                        GameEnded.class);
        // a written move that names no squares cannot be put on the board
        GameSpec.game(blitz, null, new EventRegulations(0, false)).moves("e4", "f5", "Qh5+")
                .when(EBOARD, eboard("Nf6")).rejected("from-to squares");
    }

    // ------------------------------------------------------------------- FIDE 2018 A.4.4: illegal position

    /** White's bishop on e2 is pinned; Be2-b5+ leaves both kings in check. */
    private static final String PINNED_BISHOP = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";

    private static GameSpec unsupervised(Category category, String fen) {
        return GameSpec.game(new Ruleset(Edition.FIDE_2018, category), fen, new EventRegulations(0, false));
    }

    @Test
    void fide2018RapidBothKingsInCheckStillIllegalAfterTheNextMoveIsDrawn() {
        GameSpec spec = unsupervised(Category.RAPID, PINNED_BISHOP).when(EBOARD, eboard("e2b5"));
        spec.then(IllegalMoveRecorded.class).noEnding();
        assertTrue(spec.state.position().inCheck() && spec.state.position().opponentInCheck(), "both kings in check");
        // the arbiter waits for the next move: black ignores the check, the position is still illegal
        spec.when(EBOARD, eboard("e7h7")).then(IllegalMoveRecorded.class, GameEnded.class);
        assertEquals(GameResult.DRAW, spec.ended().result());
        assertTrue(spec.ended().article().startsWith("FIDE 2018 A.4.4"), spec.ended().article());
        assertEquals(EndReason.ARBITER_DECISION, spec.ended().reason());
    }

    @Test
    void fide2018BlitzAppliesTheRapidRuleByB4() {
        GameSpec spec = unsupervised(Category.BLITZ, PINNED_BISHOP).given(EBOARD, eboard("e2b5"))
                .when(EBOARD, eboard("e7h7"));
        spec.then(IllegalMoveRecorded.class, GameEnded.class);
        assertEquals("FIDE 2018 A.4.4, B.4: the position is still illegal after the next move", spec.ended().article());
    }

    @Test
    void fide2018ALegalReplyEndsTheIllegalPositionAndTheGameGoesOn() {
        GameSpec spec = unsupervised(Category.RAPID, PINNED_BISHOP).given(EBOARD, eboard("e2b5"))
                .when(move("Kf8"));
        spec.then(MovePlayed.class).noEnding();
        assertFalse(spec.state.position().opponentInCheck());
    }

    @Test
    void withoutTheRuleTheIllegalPositionGoesOn() {
        // FIDE 1997 blitz (C.3) lets illegal moves stand but has no illegal-position draw
        GameSpec old = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, PINNED_BISHOP).given(EBOARD, eboard("e2b5"))
                .when(EBOARD, eboard("e7h7"));
        old.then(IllegalMoveRecorded.class).noEnding();
        // with adequate supervision (A.3) the illegal move is dealt with at once: nothing illegal stays on the board
        GameSpec supervised = GameSpec.game(new Ruleset(Edition.FIDE_2018, Category.RAPID), PINNED_BISHOP,
                EventRegulations.DEFAULT).when(EBOARD, eboard("e2b5"));
        supervised.then(IllegalMoveRecorded.class);
        assertFalse(supervised.event(IllegalMoveRecorded.class).stands());
        assertEquals(120_000, supervised.event(IllegalMoveRecorded.class).penalty().addedToOpponentMillis());
        assertEquals(0, supervised.state.ply());
    }

    @Test
    void fide2018UnpromotedPawnBecomesAQueenAndIsPenalised() {
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, "8/4P3/8/8/8/k7/8/4K3 w - - 0 1")
                .when(ARBITER, new ReportIllegalAction(Side.WHITE, IllegalAction.PAWN_NOT_PROMOTED, "e7e8", at()));
        spec.then(IllegalMoveRecorded.class, MovePlayed.class);
        assertEquals("e7e8q", spec.event(MovePlayed.class).uci());
        assertEquals(120_000, spec.event(IllegalMoveRecorded.class).penalty().addedToOpponentMillis());
        GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, "8/4P3/8/8/8/k7/8/4K3 w - - 0 1")
                .when(ARBITER, new ReportIllegalAction(Side.WHITE, IllegalAction.PAWN_NOT_PROMOTED, "e7e8", at()))
                .rejected("not an illegal move under this edition");
    }

    @Test
    void aTouchedPieceMustBeMovedIfItCan() {
        GameSpec spec = GameSpec.fide2018().given(GameSpec.BOARD,
                new org.torneo.contracts.game.GameCommand.TouchPiece(Side.WHITE, "g1", at()));
        spec.when(move("e4")).rejected("g1 must be moved");
        spec.when(move("Nf3")).then(MovePlayed.class);
        // a piece that cannot move binds nothing (FIDE 2018 4.5)
        GameSpec.fide2018().given(GameSpec.BOARD, new org.torneo.contracts.game.GameCommand.TouchPiece(Side.WHITE,
                "a1", at())).when(move("e4")).then(MovePlayed.class);
    }

    @Test
    void fide2018MovingWithTwoHandsIsAnIllegalMove() {
        GameSpec spec = GameSpec.fide2018().moves("e4")
                .when(BLACK_PLAYER, new ReportIllegalAction(Side.WHITE, IllegalAction.TWO_HANDS, null, at()));
        spec.then(MovesTakenBack.class, IllegalMoveRecorded.class);
        assertEquals(0, spec.state.ply());
        spec.when(move("d4")).rejected("e2 must be moved");
        GameSpec.fide2018().moves("e4")
                .when(WHITE_PLAYER, new ReportIllegalAction(Side.WHITE, IllegalAction.TWO_HANDS, null, at()))
                .rejected("reported by the opponent");
    }
}

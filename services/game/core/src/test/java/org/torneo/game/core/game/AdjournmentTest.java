package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.GameCommand.CorrectClockAtResumption;
import org.torneo.contracts.game.GameCommand.DeclareEnvelopeLost;
import org.torneo.contracts.game.GameCommand.ReportAbsentAtResumption;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.ResumeGame;
import org.torneo.contracts.game.GameCommand.SealMove;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MoveSealed;
import org.torneo.contracts.game.MoveEvent.PlayerAbsentAtResumption;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * Adjourned games after the seal: the lost envelope (FIDE 2018 I.12, 1997 A.11), absence at the resumption (2018
 * I.9.2, I.9.3, I.11; 1997 A.9b, A.9c) and clock errors at the resumption (2018 I.13, 1997 A.12).
 */
class AdjournmentTest {

    private static final long MINUTE = 60_000;

    /** 1. e4 e5, White seals 2. Nf3. */
    private static GameSpec sealed(Edition edition) {
        return GameSpec.game(edition, Category.STANDARD).moves("e4", "e5")
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Nf3", at()));
    }

    // ------------------------------------------------------------------------------------------ lost envelope

    @Test
    void aLostEnvelopeResumesWithTheMoveTheSealerStatesHeSealed() {
        GameSpec spec = sealed(Edition.FIDE_2018)
                .when(ARBITER, new DeclareEnvelopeLost("Nc3", null, true, at()));
        spec.then(EnvelopeLost.class);
        EnvelopeLost lost = spec.event(EnvelopeLost.class);
        assertEquals(3, lost.ply());
        assertEquals(Side.WHITE, lost.sealedBy());
        assertEquals("Nc3", lost.statedMove());
        assertNull(lost.clocks()); // the times recorded at adjournment stand
        assertEquals("FIDE 2018 I.12.1", lost.article());
        assertEquals(GameState.Phase.ADJOURNED, spec.state.phase());

        spec.when(ARBITER, new ResumeGame(at())).then(GameResumed.class, MovePlayed.class);
        assertEquals("Nc3", spec.event(MovePlayed.class).san()); // the stated move, not the sealed Nf3
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());
    }

    @Test
    void theArbiterSetsTheClocksWhenTheTimesAtAdjournmentAreUnknown() {
        ClockReading set = new ClockReading(40 * MINUTE, 35 * MINUTE);
        EnvelopeLost lost = sealed(Edition.FIDE_1997)
                .when(ARBITER, new DeclareEnvelopeLost("Nf3", set, true, at())).event(EnvelopeLost.class);
        assertEquals(set, lost.clocks());
        assertEquals("FIDE 1997 A.11a", lost.article());
    }

    @Test
    void anIllegalOrAmbiguousStatedMoveLosesLikeASealedMove() {
        GameSpec illegal = sealed(Edition.FIDE_2018)
                .given(ARBITER, new DeclareEnvelopeLost("Ke3", null, true, at()))
                .when(ARBITER, new ResumeGame(at()));
        illegal.then(GameResumed.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, illegal.ended().result());
        assertTrue(illegal.ended().article().startsWith("FIDE 2018 I.12.1, FIDE 2018 I.8"), illegal.ended().article());

        GameSpec ambiguous = GameSpec.game(Edition.FIDE_1997, Category.STANDARD)
                .moves("e4", "e5", "Nf3", "Nc6", "d3", "d6")
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Nf3d2", at()))
                .given(ARBITER, new DeclareEnvelopeLost("Nd2", null, true, at())) // b1 and f3 both reach d2
                .when(ARBITER, new ResumeGame(at()));
        assertEquals(GameResult.BLACK_WINS, ambiguous.ended().result());
        assertTrue(ambiguous.ended().article().startsWith("FIDE 1997 A.11a, FIDE 1997 A.8"),
                ambiguous.ended().article());
    }

    @Test
    void aBadSealedMoveDrawsWhenTheOpponentCannotCheckmate() {
        // White (queen) seals an illegal move; Black has a bare king: I.8 excepts the case of 6.9
        String fen = "k7/8/2K5/8/8/8/8/1Q6 w - - 0 60";
        for (Edition edition : new Edition[] {Edition.FIDE_2018, Edition.FIDE_1997}) {
            GameEnded ended = GameSpec.fromFen(edition, Category.STANDARD, fen)
                    .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Qh8h1", at()))
                    .given(ARBITER, new DeclareEnvelopeLost("Qb1b9", null, true, at()))
                    .when(ARBITER, new ResumeGame(at())).ended();
            assertEquals(GameResult.DRAW, ended.result(), edition.name());
            assertTrue(ended.article().contains("the opponent cannot checkmate (" + (edition == Edition.FIDE_2018
                    ? "FIDE 2018 6.9" : "FIDE 1997 6.9") + ")"), ended.article());
        }
        // the Code 1970 knows no such exception
        GameEnded code = GameSpec.fromFen(Edition.CODE_1970, Category.STANDARD, fen)
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Kc6c4", at()))
                .when(ARBITER, new ResumeGame(at())).ended();
        assertEquals(GameResult.BLACK_WINS, code.result());
    }

    @Test
    void aPositionThatCannotBeReEstablishedAnnulsTheGameAndANewOneIsPlayed() {
        GameSpec spec = sealed(Edition.FIDE_2018).when(ARBITER, new DeclareEnvelopeLost(null, null, false, at()));
        spec.then(RulingIssued.class);
        RulingIssued annulled = spec.event(RulingIssued.class);
        assertEquals(RulingKind.ANNUL_GAME, annulled.kind());
        assertEquals("FIDE 2018 I.12.2", annulled.article());
        assertEquals(0, spec.state.ply());
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());
        assertNull(spec.state.sealedBy());
        spec.when(move("d4")).then(MovePlayed.class); // the new game starts from the initial position

        assertEquals("FIDE 1997 A.11b", sealed(Edition.FIDE_1997)
                .when(ARBITER, new DeclareEnvelopeLost(null, null, false, at())).event(RulingIssued.class).article());
    }

    @Test
    void onlyTheArbiterDeclaresAnEnvelopeLostOnceAndOnlyWhileAdjourned() {
        sealed(Edition.FIDE_2018).when(BLACK_PLAYER, new DeclareEnvelopeLost("Nf3", null, true, at()))
                .rejected("only the arbiter");
        sealed(Edition.FIDE_2018).given(ARBITER, new DeclareEnvelopeLost("Nf3", null, true, at()))
                .when(ARBITER, new DeclareEnvelopeLost("Nc3", null, true, at())).rejected("already been declared lost");
        GameSpec.fide2018().moves("e4").when(ARBITER, new DeclareEnvelopeLost("e5", null, true, at()))
                .rejected("not adjourned");
        assertThrows(IllegalArgumentException.class, () -> new DeclareEnvelopeLost(" ", null, true, at()));
    }

    // ------------------------------------------------------------------------------ absence at the resumption

    @Test
    void theReplyingPlayerAbsentHasHisClockStartedAndTheEnvelopeStaysClosedUntilHeArrives() {
        GameSpec spec = sealed(Edition.FIDE_2018).when(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at()));
        spec.then(PlayerAbsentAtResumption.class);
        PlayerAbsentAtResumption absent = spec.event(PlayerAbsentAtResumption.class);
        assertEquals(Side.BLACK, absent.side());
        assertTrue(absent.clockStarted());
        assertEquals(3, absent.ply());
        assertEquals("FIDE 2018 I.9.2", absent.article());
        assertEquals(GameState.Phase.ADJOURNED, spec.state.phase()); // the envelope is opened only in his presence
        spec.when(move("Nf3")).rejected("adjourned");
        spec.when(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at())).rejected("already running");

        spec.when(ARBITER, new ResumeGame(at())).then(GameResumed.class, MovePlayed.class);
        assertEquals("Nf3", spec.event(MovePlayed.class).san());

        assertEquals("FIDE 1997 A.9b", sealed(Edition.FIDE_1997)
                .when(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at()))
                .event(PlayerAbsentAtResumption.class).article());
    }

    @Test
    void onlyTheAbsentPlayersRunningClockCanFallBeforeTheEnvelopeIsOpened() {
        GameSpec spec = sealed(Edition.FIDE_2018).given(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at()));
        spec.when(new ReportFlagFall(Side.WHITE, false, true, at())).rejected("clocks are stopped");
        spec.when(new ReportFlagFall(Side.BLACK, false, true, at()));
        assertEquals(GameResult.WHITE_WINS, spec.ended().result());
        assertEquals(EndReason.FLAG_FALL, spec.ended().reason());
        // without an absence nothing runs
        sealed(Edition.FIDE_2018).when(new ReportFlagFall(Side.BLACK, false, true, at())).rejected("clocks are stopped");
    }

    @Test
    void theAbsentReplyingPlayerLosesWhenLateButTheSealedMoveEndingTheGameStands() {
        GameEnded late = sealed(Edition.FIDE_2018).given(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at()))
                .when(ARBITER, new ReportDefault(Side.BLACK, at())).ended();
        assertEquals(GameResult.WHITE_WINS, late.result());
        assertEquals("FIDE 2018 I.10", late.article());
    }

    @Test
    void fide2018ASealedStalemateStandsWhoeverIsLateButFide1997OnlyForTheLateSealer() {
        // White seals Qb6, which stalemates the black king on a8; Black is the one who arrives late
        String fen = "k7/8/2K5/8/8/8/8/1Q6 w - - 0 60";
        GameSpec fide2018 = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, fen)
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Qb6", at()))
                .when(ARBITER, new ReportDefault(Side.BLACK, at()));
        fide2018.then(GameResumed.class, MovePlayed.class, GameEnded.class);
        assertEquals(EndReason.STALEMATE, fide2018.ended().reason());

        GameEnded fide1997 = GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, fen)
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Qb6", at()))
                .when(ARBITER, new ReportDefault(Side.BLACK, at())).ended();
        assertEquals(GameResult.WHITE_WINS, fide1997.result()); // A.10 excepts only the late sealer
        assertEquals(EndReason.DEFAULT_TIME, fide1997.reason());
    }

    @Test
    void neitherPlayerPresentRunsTheReplyingPlayersClock() {
        PlayerAbsentAtResumption absent = sealed(Edition.FIDE_2018)
                .when(ARBITER, new ReportAbsentAtResumption(null, at())).event(PlayerAbsentAtResumption.class);
        assertEquals(Side.BLACK, absent.side()); // FIDE 2018 I.11: the replying player loses the elapsed time
        assertTrue(absent.clockStarted());
        assertEquals("FIDE 2018 I.11", absent.article());

        GameSpec blackSealed = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .given(BLACK_PLAYER, new SealMove(Side.BLACK, "e5", at()))
                .when(ARBITER, new ReportAbsentAtResumption(null, at()));
        assertEquals(Side.WHITE, blackSealed.event(PlayerAbsentAtResumption.class).side());
        assertEquals("FIDE 1997 A.9b", blackSealed.event(PlayerAbsentAtResumption.class).article());
    }

    @Test
    void theSealerAbsentTheOpponentMaySealHisReplyAndStartTheAbsentPlayersClock() {
        GameSpec spec = sealed(Edition.FIDE_2018).when(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()));
        spec.then(GameResumed.class, MovePlayed.class, PlayerAbsentAtResumption.class);
        assertEquals("Nf3", spec.event(MovePlayed.class).san()); // the replying player is present: opened, played
        PlayerAbsentAtResumption noticed = spec.event(PlayerAbsentAtResumption.class);
        assertEquals(Side.WHITE, noticed.side());
        assertTrue(!noticed.clockStarted());
        assertEquals(4, noticed.ply());
        assertEquals("FIDE 2018 I.9.3", noticed.article());

        spec.when(BLACK_PLAYER, new SealMove(Side.BLACK, "Nc6", at()))
                .then(MoveSealed.class, PlayerAbsentAtResumption.class);
        PlayerAbsentAtResumption started = spec.event(PlayerAbsentAtResumption.class);
        assertEquals(Side.WHITE, started.side());
        assertTrue(started.clockStarted());
        assertEquals(GameState.Phase.ADJOURNED, spec.state.phase());

        spec.when(ARBITER, new ResumeGame(at())).then(GameResumed.class, MovePlayed.class);
        assertEquals("Nc6", spec.event(MovePlayed.class).san());
        assertEquals(Side.WHITE, spec.state.sideToMove());
    }

    @Test
    void theSealerAbsentFor1997ButTheReplyIsPlayedNormally() {
        GameSpec spec = sealed(Edition.FIDE_1997).when(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()));
        assertEquals("FIDE 1997 A.9c", spec.event(PlayerAbsentAtResumption.class).article());
        spec.when(move("Nc6")).then(MovePlayed.class);
        // the new-envelope right is gone once he moved: a later seal is an ordinary one
        spec.when(WHITE_PLAYER, new SealMove(Side.WHITE, "Bc4", at())).then(MoveSealed.class);
    }

    @Test
    void theSealerArrivingTooLateAfterTheEnvelopeWasOpenedLoses() {
        GameEnded late = sealed(Edition.FIDE_2018).given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .when(ARBITER, new ReportDefault(Side.WHITE, at())).ended();
        assertEquals(GameResult.BLACK_WINS, late.result());
        assertEquals("FIDE 2018 I.10", late.article());
        assertEquals(EndReason.DEFAULT_TIME, late.reason());
    }

    @Test
    void anIllegalSealedMoveOpenedWithoutTheSealerLosesWithoutTheReplyRight() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5")
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Ke3", at()))
                .when(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()));
        spec.then(GameResumed.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
    }

    @Test
    void absenceIsEstablishedByTheArbiterOrTheClockServiceWhileAdjourned() {
        sealed(Edition.FIDE_2018).when(WHITE_PLAYER, new ReportAbsentAtResumption(Side.BLACK, at()))
                .rejected("by the arbiter or the clock service");
        GameSpec.fide2018().moves("e4").when(ARBITER, new ReportAbsentAtResumption(Side.BLACK, at()))
                .rejected("not adjourned");
    }

    // -------------------------------------------------------------------------- clock errors at the resumption

    @Test
    void aClockErrorShownBeforeTheFirstMoveAfterTheResumptionIsCorrected() {
        GameSpec spec = sealed(Edition.FIDE_2018).given(ARBITER, new ResumeGame(at()))
                .when(ARBITER, new CorrectClockAtResumption(Side.BLACK, 30 * MINUTE, 35 * MINUTE, Side.BLACK, at()));
        spec.then(RulingIssued.class);
        RulingIssued added = spec.event(RulingIssued.class);
        assertEquals(RulingKind.ADD_TIME, added.kind());
        assertEquals(Side.BLACK, added.side());
        assertEquals(5 * MINUTE, added.timeMillis());
        assertEquals("FIDE 2018 I.13", added.article());
        assertTrue(added.details().contains("shown by black"), added.details());

        RulingIssued deducted = spec.when(ARBITER,
                new CorrectClockAtResumption(Side.WHITE, 50 * MINUTE, 48 * MINUTE, null, at())).event(RulingIssued.class);
        assertEquals(RulingKind.DEDUCT_TIME, deducted.kind());
        assertEquals(2 * MINUTE, deducted.timeMillis());

        spec.moves("Nc6").when(ARBITER, new CorrectClockAtResumption(Side.BLACK, 30 * MINUTE, 35 * MINUTE, Side.BLACK,
                at())).rejected("after the first move following the resumption");
        assertTrue(spec.event(org.torneo.contracts.game.ClaimEvent.CommandRejected.class).reason()
                .contains("unless the arbiter decides otherwise"));
    }

    @Test
    void aClockErrorIsCorrectedWhileTheClocksAreSetBeforeTheEnvelopeIsOpened() {
        RulingIssued ruling = sealed(Edition.FIDE_1997)
                .when(ARBITER, new CorrectClockAtResumption(Side.WHITE, 10 * MINUTE, 12 * MINUTE, Side.WHITE, at()))
                .event(RulingIssued.class);
        assertEquals(RulingKind.ADD_TIME, ruling.kind());
        assertEquals("FIDE 1997 A.12", ruling.article());
    }

    @Test
    void clockCorrectionsUnderI13NeedAResumptionAnErrorAndTheArbiter() {
        GameSpec.fide2018().moves("e4", "e5").when(ARBITER,
                new CorrectClockAtResumption(Side.WHITE, 10 * MINUTE, 12 * MINUTE, null, at())).rejected("not been resumed");
        sealed(Edition.FIDE_2018).when(ARBITER, new CorrectClockAtResumption(Side.WHITE, MINUTE, MINUTE, null, at()))
                .rejected("nothing to correct");
        sealed(Edition.FIDE_2018).when(BLACK_PLAYER,
                new CorrectClockAtResumption(Side.WHITE, MINUTE, 2 * MINUTE, Side.BLACK, at())).rejected("the arbiter");
        sealed(Edition.FIDE_2018).when(BOARD,
                new CorrectClockAtResumption(Side.WHITE, MINUTE, 2 * MINUTE, Side.BLACK, at())).rejected("the arbiter");
    }

    // ------------------------------------------------- lateness of the sealer and the present player's flag

    @Test
    void fide1997ThePresentPlayerWhoseFlagFellWaitingForTheLateSealerLosesAndTheDefaultIsRefused() {
        // FIDE 1997 A.10c: the late sealer does not lose when the player present has lost by 6.9
        GameSpec spec = sealed(Edition.FIDE_1997).given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .when(new ReportFlagFall(Side.BLACK, false, true, at()));
        GameEnded flag = spec.ended();
        assertEquals(GameResult.WHITE_WINS, flag.result(), "the late sealer wins: the present player lost on time");
        assertEquals(EndReason.FLAG_FALL, flag.reason());
        assertEquals("FIDE 1997 6.9, A.10c", flag.article());
        spec.when(ARBITER, new ReportDefault(Side.WHITE, at())).rejected("the game is over");
        assertEquals(GameResult.WHITE_WINS, spec.state.result());
    }

    @Test
    void fide2018ThePresentPlayersFlagFallAlsoEndsTheGameFirstButI10HasNoSuchClause() {
        // FIDE 2018 I.10 names only the sealed move that ends the game; the flag fall ends it before the lateness (6.9)
        GameSpec spec = sealed(Edition.FIDE_2018).given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .when(new ReportFlagFall(Side.BLACK, false, true, at()));
        GameEnded flag = spec.ended();
        assertEquals(GameResult.WHITE_WINS, flag.result());
        assertEquals("FIDE 2018 6.9", flag.article());
        spec.when(ARBITER, new ReportDefault(Side.WHITE, at())).rejected("the game is over");
    }

    @Test
    void fide1997WithoutTheFlagFallTheLateSealerLosesByDefault() {
        GameEnded late = sealed(Edition.FIDE_1997).given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .when(ARBITER, new ReportDefault(Side.WHITE, at())).ended();
        assertEquals(GameResult.BLACK_WINS, late.result());
        assertEquals("FIDE 1997 A.10", late.article());
        assertEquals(EndReason.DEFAULT_TIME, late.reason());
    }

    @Test
    void fide1997APresentPlayerWhoseFlagFellAgainstABareKingHasNotLostSoA10cDoesNotApply() {
        // White (bare king) seals Kb1 and is late; Black's flag falls: 6.9 draw, the present player has not lost
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, "k7/8/8/8/8/8/7r/K7 w - - 0 50")
                .given(WHITE_PLAYER, new SealMove(Side.WHITE, "Kb1", at()))
                .given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .when(new ReportFlagFall(Side.BLACK, false, true, at()));
        GameEnded drawn = spec.ended();
        assertEquals(GameResult.DRAW, drawn.result());
        assertEquals(EndReason.FLAG_FALL_NO_MATE_POSSIBLE, drawn.reason());
        assertEquals("FIDE 1997 6.9", drawn.article());
        spec.when(ARBITER, new ReportDefault(Side.WHITE, at())).rejected("the game is over");
    }

    @Test
    void fide1997A10cIsOnlyForTheFlagOfThePlayerPresentWhileWaiting() {
        // once Black has replied the new-envelope right and the waiting are over: an ordinary flag fall (6.9)
        GameEnded ordinary = sealed(Edition.FIDE_1997).given(ARBITER, new ReportAbsentAtResumption(Side.WHITE, at()))
                .moves("Nc6").when(new ReportFlagFall(Side.WHITE, false, true, at())).ended();
        assertEquals(GameResult.BLACK_WINS, ordinary.result());
        assertEquals("FIDE 1997 6.9", ordinary.article());
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.clocks;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.CorrectResult;
import org.torneo.contracts.game.GameCommand.PostponeClaim;
import org.torneo.contracts.game.GameCommand.ReportBothFlagsFell;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.GameCommand.TouchPiece;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * The rules an outside reading of the seeds found wrong or missing (issue 22, defects 1-9), each per edition: given
 * a game, when a command, then the decision the article prescribes.
 */
class EditionClaimsAndLimitsTest {

    private static final Actor CLOCK = new Actor(Actor.Role.SYSTEM, "clock-service");

    // ----------------------------------------------------------------------- 1. the wrong claim's deduction

    private static ClaimRejected wrongClaim(Edition edition, Long moveReadingWhiteSeconds, long claimWhiteSeconds) {
        GameSpec spec = GameSpec.game(edition, Category.STANDARD).moves("Nf3", "Nf6", "Ng1")
                .given(BOARD, new SubmitMove("Ng8", null, MoveSource.EBOARD,
                        moveReadingWhiteSeconds == null ? null : clocks(moveReadingWhiteSeconds, 3000), at()));
        return spec.when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, clocks(claimWhiteSeconds, 2990),
                at())).event(ClaimRejected.class);
    }

    @Test
    void fide2001WrongClaimIsPenalisedOnTheClaimantsTimeAtTheClaim() {
        // FIDE 2001 9.5b: 2:10 after the last move, 1:50 when he stopped the clocks to claim: between one and two
        // minutes, so his time is set to one minute (50 s taken), not half of 2:10
        ClaimRejected rejected = wrongClaim(Edition.FIDE_2001, 130L, 110);
        assertEquals(50_000, rejected.penalty().deductedFromOffenderMillis());
        assertEquals(180_000, rejected.penalty().addedToOpponentMillis());
        assertEquals("FIDE 2001 9.5b", rejected.penalty().article());
    }

    @Test
    void fide1997WrongClaimHalvesTheTimeAtTheClaimEvenWithoutReadingsOnTheMoves() {
        // FIDE 1997 9.5b: 10:00 at the claim, no reading on any move: half of it, at most three minutes
        ClaimRejected rejected = wrongClaim(Edition.FIDE_1997, null, 600);
        assertEquals(180_000, rejected.penalty().deductedFromOffenderMillis());
        assertEquals(180_000, rejected.penalty().addedToOpponentMillis());
        // 4:00 at the claim: two minutes taken
        assertEquals(120_000, wrongClaim(Edition.FIDE_1997, 700L, 240).penalty().deductedFromOffenderMillis());
    }

    @Test
    void fide1997WrongClaimWithNoReadingAtAllLeavesTheDeductionToTheClock() {
        // FIDE 1997 9.5b: no reading on the moves nor at the claim: the rule is decided here, the time is the clock's
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("Nf3", "Nf6", "Ng1", "Ng8");
        ClaimRejected rejected = spec.when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null,
                at())).event(ClaimRejected.class);
        assertTrue(rejected.penalty().deductionByTheClock(), rejected.penalty().toString());
        // the clock measures the claimant's time on its paused clocks (9.5a-b): the filing is not ruled at once
        assertFalse(spec.event(ClaimFiled.class).ruledAtOnce());
        assertEquals(0, rejected.penalty().deductedFromOffenderMillis());
        assertEquals(180_000, rejected.penalty().addedToOpponentMillis());
    }

    // ----------------------------------------------------------------------- 2. 1997 blitz C.4 mating potential

    @Test
    void fide1997BlitzTwoKnightsHaveMatingPotentialAgainstAKingHemmedInByItsOwnPawn() {
        // FIDE 1997 C.4: only K+N+N v a lone king is named insufficient; with Black's pawn on a2 a mate by a knight on
        // b3 (the king on a1, the white king covering b1 and b2) can be reached, so Black's flag loses
        String knightsAgainstPawn = "8/8/8/8/8/2K5/p7/k2NN3 b - - 0 60";
        GameEnded ended = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, knightsAgainstPawn)
                .when(WHITE_PLAYER, new ReportFlagFall(Side.BLACK, false, true, at())).ended();
        assertEquals(GameResult.WHITE_WINS, ended.result());
        assertEquals(EndReason.FLAG_FALL, ended.reason());
        // a lone bishop likewise, against a king whose own pawn blocks it in the corner (FIDE 1997 C.4)
        GameEnded bishop = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, "8/8/8/8/8/2K5/p7/k3B3 b - - 0 60")
                .when(WHITE_PLAYER, new ReportFlagFall(Side.BLACK, false, true, at())).ended();
        assertEquals(GameResult.WHITE_WINS, bishop.result());
    }

    // ----------------------------------------------------------------------- 3. 1997 rapid B.6/B.7 flag claims

    @Test
    void fide1997RapidAFlagCountsOnlyWhenTheOpponentClaimsIt() {
        // FIDE 1997 B.6: the clock's flag alone decides nothing and the arbiter does not point it out
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.RAPID).moves("e4", "e5");
        spec.when(CLOCK, new ReportFlagFall(Side.WHITE, false, true, at())).rejected("claims");
        assertEquals("FIDE 1997 B.6", spec.event(CommandRejected.class).article());
        spec.noEnding();
        spec.when(ARBITER, new ReportFlagFall(Side.WHITE, false, true, at())).rejected("claims");
        // the player whose flag fell cannot claim it
        spec.when(WHITE_PLAYER, new ReportFlagFall(Side.WHITE, false, true, at())).rejected("opponent");
        // FIDE 1997 B.7: Black stops the clocks and claims: the win
        GameEnded ended = spec.when(BLACK_PLAYER, new ReportFlagFall(Side.WHITE, false, true, at())).ended();
        assertEquals(GameResult.BLACK_WINS, ended.result());
        assertEquals("FIDE 1997 6.9, B.6, B.7", ended.article());
    }

    @Test
    void fide1997BlitzFlagClaimsFollowTheRapidRules() {
        // FIDE 1997 C.2: blitz is governed by the rapid rules, so B.6 and B.7 apply
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.BLITZ).moves("e4", "e5");
        spec.when(CLOCK, new ReportFlagFall(Side.BLACK, false, true, at())).rejected("claims");
        assertEquals(GameResult.WHITE_WINS,
                spec.when(WHITE_PLAYER, new ReportFlagFall(Side.BLACK, false, true, at())).ended().result());
        // the 1997 standard game and the later editions: the clock's flag still ends the game (6.9)
        assertEquals(GameResult.WHITE_WINS, GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .when(CLOCK, new ReportFlagFall(Side.BLACK, false, true, at())).ended().result());
        assertEquals(GameResult.WHITE_WINS, GameSpec.game(Edition.FIDE_2018, Category.RAPID).moves("e4")
                .when(CLOCK, new ReportFlagFall(Side.BLACK, false, true, at())).ended().result());
    }

    // ----------------------------------------------------------------------- 4. 1997 blitz C.3

    @Test
    void fide1997BlitzTheWinClaimedAfterAnIllegalMoveNeedsMatingPotential() {
        // FIDE 1997 C.3, C.4: Black's king steps next to White's, the e-board sees it and it stands on the board;
        // White, a bare king, claims before his own move: no mating potential, a draw
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, "8/p7/8/8/8/4k3/8/4K3 b - - 0 60");
        spec.when(BOARD, new SubmitMove("e3e2", null, MoveSource.EBOARD, null, at()));
        assertTrue(spec.event(IllegalMoveRecorded.class).stands());
        GameEnded ended = spec.when(WHITE_PLAYER, new ReportIllegalMove(1, Side.WHITE, "the king moved next to the "
                + "white king", at())).ended();
        assertEquals(GameResult.DRAW, ended.result());
        assertTrue(ended.article().contains("C.4"), ended.article());
        // with mating potential the claim wins (C.3)
        GameSpec rook = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, "8/p7/8/8/8/4k3/8/R3K3 b - - 0 60");
        rook.when(BOARD, new SubmitMove("e3e2", null, MoveSource.EBOARD, null, at()));
        assertEquals(GameResult.WHITE_WINS, rook.when(WHITE_PLAYER, new ReportIllegalMove(1, Side.WHITE, "",
                at())).ended().result());
    }

    @Test
    void fide1997BlitzAnIllegalMoveTheArbiterSeesStandsUnlessTheOpponentClaims() {
        // FIDE 1997 C.3 (and B.5 by C.2): the arbiter does not take it back; it stands unless the opponent claims
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_1997, Category.BLITZ, "8/p7/8/8/8/4k3/8/R3K3 b - - 0 60");
        spec.when(ARBITER, new SubmitMove("e3e2", null, MoveSource.ARBITER, null, at()));
        IllegalMoveRecorded recorded = spec.event(IllegalMoveRecorded.class);
        assertTrue(recorded.stands(), "the illegal move stands: " + recorded);
        assertEquals(1, spec.state.ply());
        assertEquals("FIDE 1997 C.3", recorded.article());
        spec.noEnding();
    }

    // ----------------------------------------------------------------------- 5. the maximum score

    @Test
    void fide2001AndFide2018TheArbiterNeverScoresAGameAboveItsMaximum() {
        // FIDE 2001 13.4f ("up to the maximum possible for that game"), FIDE 2018 12.9: 1-1 is two points
        for (Edition edition : new Edition[] {Edition.FIDE_2001, Edition.FIDE_2018}) {
            GameSpec.game(edition, Category.STANDARD).moves("e4").when(ARBITER, new ArbiterRuling(
                    RulingKind.DECLARE_RESULT, "12.9", "", null, GameResult.ARBITER_SCORES, 2, 2, -1, 0, at()))
                    .rejected("maximum");
        }
        GameSpec over = GameSpec.fide2018().moves("e4").given(ARBITER, new ArbiterRuling(RulingKind.DECLARE_RESULT,
                "FIDE 2018 12.9", "", null, GameResult.ARBITER_SCORES, 2, 0, -1, 0, at()));
        over.when(ARBITER, new CorrectResult(GameResult.ARBITER_SCORES, 2, 1, true,
                new java.util.UUID(0, 1), "appeal", at()))
                .rejected("maximum");
    }

    // ----------------------------------------------------------------------- 6. Code 1970 XII-4

    @Test
    void code1970FiftyMovesAreClaimedOnMovesAlreadyMadeNotOnAnAnnouncedMove() {
        // Code 1970 art. XII-4: "demuestra que ... se han ejecutado por lo menos 50 jugadas": moves made, no announced
        GameSpec.fromFen(Edition.CODE_1970, Category.STANDARD, "8/8/8/4k3/8/8/R7/4K3 w - - 99 80")
                .when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, "Ra3", at()))
                .rejected("already made");
        // the 1997 edition allows it (9.3b)
        GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, "8/8/8/4k3/8/8/R7/4K3 w - - 99 80")
                .when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, "Ra3", at())).ended();
    }

    // ----------------------------------------------------------------------- 8. per edition

    @Test
    void fide1997TouchMoveIsTheOpponentsClaimAndHeLosesItByTouchingAPiece() {
        // FIDE 1997 4.6: a move breaking 4.3 stands unless the opponent claims before touching a piece himself
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "e5")
                .given(BOARD, new TouchPiece(Side.WHITE, "g1", at()));
        spec.when(move("Bc4")).then(MovePlayed.class);
        spec.when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "touch-move: the knight on g1", at()))
                .then(MovesTakenBack.class);
        assertEquals("FIDE 1997 4.6", spec.event(MovesTakenBack.class).article());
        spec.when(move("Bc4")).rejected("g1 must be moved");
        spec.when(move("Nf3")).then(MovePlayed.class);

        GameSpec late = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "e5")
                .given(BOARD, new TouchPiece(Side.WHITE, "g1", at())).moves("Bc4")
                .given(BOARD, new TouchPiece(Side.BLACK, "b8", at()));
        late.when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "touch-move", at())).rejected("touched a piece");
        assertEquals("FIDE 1997 4.6", late.event(CommandRejected.class).article());
    }

    @Test
    void code1970AndFide2001TouchMoveIsAlsoAClaim() {
        // Code 1970 art. VIII (third paragraph), FIDE 2001 4.6
        for (Edition edition : new Edition[] {Edition.CODE_1970, Edition.FIDE_2001}) {
            GameSpec spec = GameSpec.game(edition, Category.STANDARD).moves("e4", "e5")
                    .given(BOARD, new TouchPiece(Side.WHITE, "g1", at()));
            spec.when(move("Bc4")).then(MovePlayed.class);
            spec.when(BLACK_PLAYER, new ReportIllegalMove(3, Side.BLACK, "touch-move", at())).then(MovesTakenBack.class);
        }
        // FIDE 2018: the obligation is enforced when the move is entered (unchanged)
        GameSpec.fide2018().moves("e4", "e5").given(BOARD, new TouchPiece(Side.WHITE, "g1", at()))
                .when(move("Bc4")).rejected("g1 must be moved");
    }

    @Test
    void fide1997TheArbitersSanctionsAreTheFiveOf13_4() {
        // FIDE 1997 13.4: warning, time to the opponent, time from the offender, loss, expulsion; no fine, no
        // exclusion from rounds, no change of a game's points
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4");
        spec.when(ARBITER, new ArbiterRuling(RulingKind.FINE, "FIDE 1997 13.4", "", Side.WHITE, null, -1, -1, -1, 0,
                at())).rejected("13.4");
        spec.when(ARBITER, new ArbiterRuling(RulingKind.EXCLUDE_FROM_ROUNDS, "FIDE 1997 13.4", "", Side.WHITE, null,
                -1, -1, -1, 0, at())).rejected("13.4");
        spec.when(ARBITER, new ArbiterRuling(RulingKind.DECLARE_RESULT, "FIDE 1997 13.4", "", null,
                GameResult.ARBITER_SCORES, 1, 0, -1, 0, at())).rejected("13.4");
        spec.when(ARBITER, new ArbiterRuling(RulingKind.WARNING, "FIDE 1997 13.4a", "", Side.WHITE, null, -1, -1, -1,
                0, at())).then(org.torneo.contracts.game.ClaimEvent.RulingIssued.class);
        // FIDE 2001 13.4e-f: points may be changed, still no fine
        GameSpec.game(Edition.FIDE_2001, Category.STANDARD).moves("e4").when(ARBITER, new ArbiterRuling(
                RulingKind.FINE, "FIDE 2001 13.4", "", Side.WHITE, null, -1, -1, -1, 0, at())).rejected("13.4");
        GameSpec.game(Edition.FIDE_2001, Category.STANDARD).moves("e4").when(ARBITER, new ArbiterRuling(
                RulingKind.DECLARE_RESULT, "FIDE 2001 13.4e", "", null, GameResult.ARBITER_SCORES, 1, 0, -1, 0, at()))
                .ended();
        // FIDE 2018 12.9.7: a fine announced in advance
        GameSpec.fide2018().moves("e4").when(ARBITER, new ArbiterRuling(RulingKind.FINE, "FIDE 2018 12.9.7", "",
                Side.WHITE, null, -1, -1, -1, 0, at())).then(org.torneo.contracts.game.ClaimEvent.RulingIssued.class);
    }

    @Test
    void fide2018BothFlagsRuleOfTheLastPeriodOnlyWhereTheGuidelinesIIIWereAnnounced() {
        // FIDE 2018 III.2.1: the Guidelines III are used only if announced beforehand
        GameSpec.fide2018().moves("e4").when(new ReportBothFlagsFell(true, at())).rejected("not announced");
        GameSpec announced = GameSpec.game(new Ruleset(Edition.FIDE_2018, Category.STANDARD), null,
                new EventRegulations(0, true, QuickplayFinishGuidelines.DRAW_CLAIMS));
        GameEnded ended = announced.moves("e4").when(new ReportBothFlagsFell(true, at())).ended();
        assertEquals("FIDE 2018 III.3.1", ended.article());
    }

    // ----------------------------------------------------------------------- 9. notation

    @Test
    void fide1997EnPassantWrittenWithASpaceBeforeAP() {
        // FIDE 1997 Appendix (algebraic notation): "En el caso de una captura al paso, se añade 'a.p.'"
        GameSpec spec = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4", "a6", "e5", "f5");
        spec.when(move("exf6 a.p.")).then(MovePlayed.class);
        assertEquals("e5f6", spec.event(MovePlayed.class).uci());
    }

    @Test
    void fide1997EnPassantWithASpaceBeforeAPIsReadInAGameScore() {
        // FIDE 1997 Appendix (algebraic notation), seed 000: "se añade 'a.p.' a la anotación", written apart
        String score = "[Event \"1997\"]\n\n1. e4 a6 2. e5 f5 3. exf6 a.p. Nxf6 *\n";
        var game = org.torneo.game.core.pgn.PgnReader.read(score).get(0);
        var replayed = org.torneo.game.core.pgn.PgnReplay.replay(game);
        assertEquals(6, replayed.moves().size());
        assertEquals("e5f6", replayed.moves().get(4).uci());
    }

    // ----------------------------------------------------------------------- 7. claims with no arbiter present

    private static final org.torneo.contracts.clock.TimeControl SUDDEN_DEATH_15 = org.torneo.contracts.clock.TimeControl
            .of(org.torneo.contracts.clock.Period.suddenDeath(15 * 60_000));

    private static ArbiterRuling ruling(RulingKind kind, String article, GameResult result, int white, int black) {
        return new ArbiterRuling(kind, article, "", null, result, white, black, -1, 0, at());
    }

    @Test
    void fide1997AppendixDWithNoArbiterPresentTheClaimEndsTheGameForTheArbitersFinalDecision() {
        // FIDE 1997 Appendix D: the claim (under 2 minutes, before the flag falls) goes to an independent arbiter,
        // whose decision is final: the game does not go on, so no postponement and no flag afterwards
        EventRegulations noArbiter = new EventRegulations(0, true, QuickplayFinishGuidelines.NOT_ANNOUNCED, true, null);
        GameSpec spec = GameSpec.timed(new Ruleset(Edition.FIDE_1997, Category.STANDARD), SUDDEN_DEATH_15, noArbiter)
                .moves("e4", "e5");
        spec.when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, null, clocks(95, 400), at()))
                .then(ClaimFiled.class);
        spec.when(ARBITER, new PostponeClaim(0, null, "", at())).rejected("no arbiter");
        assertEquals("FIDE 1997 D", spec.event(CommandRejected.class).article());
        spec.when(CLOCK, new ReportFlagFall(Side.WHITE, false, true, at())).rejected("ended the game");
        spec.when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 1997 D", null, -1, -1)).ended();
        assertEquals(GameResult.DRAW, spec.state.ended().result());
        // not upheld: the arbiter declares the result on the final position
        GameSpec declared = GameSpec.timed(new Ruleset(Edition.FIDE_1997, Category.STANDARD), SUDDEN_DEATH_15,
                noArbiter).moves("e4", "e5");
        declared.when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, null, clocks(95, 400),
                at()));
        declared.when(ARBITER, ruling(RulingKind.DECLARE_RESULT, "FIDE 1997 D", GameResult.BLACK_WINS, -1, -1));
        assertEquals(GameResult.BLACK_WINS, declared.state.ended().result());
    }

    @Test
    void fide2018GuidelinesIII6WithNoArbiterPresentTheClaimEndsTheGame() {
        // FIDE 2018 III.6.1: "Esto pone fin a la partida"; III.6.2: the claim goes to the designated arbiter
        EventRegulations noArbiter = new EventRegulations(0, true, QuickplayFinishGuidelines.DRAW_CLAIMS, true, null);
        GameSpec spec = GameSpec.timed(new Ruleset(Edition.FIDE_2018, Category.STANDARD), SUDDEN_DEATH_15, noArbiter)
                .moves("e4", "e5", "Nf3");
        spec.when(BLACK_PLAYER, new ClaimDraw(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH, null, clocks(400, 95), at()))
                .then(ClaimFiled.class);
        assertFalse(spec.event(ClaimFiled.class).ruledAtOnce()); // the arbiter rules later, the clocks paused
        spec.when(ARBITER, new PostponeClaim(0, null, "", at())).rejected("no arbiter");
        assertEquals("FIDE 2018 III.6", spec.event(CommandRejected.class).article());
        spec.when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2018 III.6.2", null, -1, -1)).rejected("declares the result");
    }

    // ----------------------------------------------------------------------- 6. Code 1970 XII-4 extension, XIII-2

    @Test
    void code1970TheNumberOfFiftyMovesRaisedForAnnouncedPositions() {
        // Code 1970 art. XII-4: K+R+B v K+R raised to 100 moves before the start: 60 moves each are not enough
        EventRegulations raised = new EventRegulations(0, true, QuickplayFinishGuidelines.NOT_ANNOUNCED, null,
                java.util.List.of(new org.torneo.contracts.game.FiftyMoveExtension("KRB v KR", 100)));
        GameSpec spec = GameSpec.game(new Ruleset(Edition.CODE_1970, Category.STANDARD),
                "4k3/8/8/8/8/8/1r6/R1B1K3 w - - 120 90", raised);
        ClaimRejected rejected = spec.when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, null,
                at())).event(ClaimRejected.class);
        assertTrue(rejected.reason().contains("200"), rejected.reason());
        GameSpec.game(new Ruleset(Edition.CODE_1970, Category.STANDARD), "4k3/8/8/8/8/8/1r6/R1B1K3 w - - 200 130",
                raised).when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, null, at())).ended();
        // other material: the 50 moves
        GameSpec.game(new Ruleset(Edition.CODE_1970, Category.STANDARD), "4k3/8/8/8/8/8/1r6/R3K3 w - - 120 90",
                raised).when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, null, at())).ended();
    }

    @Test
    void code1970NoRepetitionClaimOnMovesNotRecordedInTime() {
        // Code 1970 art. XIII-2: the repetition rests on plies 3-8, which White in time trouble did not record in time
        String[] twice = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
        GameSpec spec = GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves(twice);
        spec.when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, null, at(),
                new org.torneo.contracts.game.UnrecordedMoves(3, 8))).rejected("not recorded in time");
        assertEquals("Code 1970 art. XIII-2", spec.event(CommandRejected.class).article());
        // recorded in time: the claim is upheld
        GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves(twice).when(WHITE_PLAYER, new ClaimDraw(Side.WHITE,
                DrawClaimKind.THREEFOLD, null, at())).ended();
    }
}

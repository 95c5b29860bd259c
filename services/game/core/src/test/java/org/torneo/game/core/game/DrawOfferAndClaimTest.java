package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.clocks;
import static org.torneo.game.core.game.GameSpec.move;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.DeclineMode;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand.AcceptDraw;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.DeclineDraw;
import org.torneo.contracts.game.GameCommand.OfferDraw;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.GameCommand.TouchPiece;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.PieceTouched;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/** Draw offers (FIDE 2018 9.1, 1997/2001 9.1) and claims (9.2, 9.3, 9.4, 9.5; Code 1970 art. XII-3). */
class DrawOfferAndClaimTest {

    private static final String[] TWICE = {"Nf3", "Nf6", "Ng1", "Ng8"};
    private static final String[] THRICE_BUT_ONE = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"};

    // ---------------------------------------------------------------------------------------------- offers

    @Test
    void anAcceptedOfferDrawsTheGame() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "e5").given(BOARD, new OfferDraw(Side.WHITE, at()))
                .when(new AcceptDraw(Side.BLACK, at()));
        spec.then(DrawAgreed.class, GameEnded.class);
        assertEquals(GameResult.DRAW, spec.ended().result());
        assertEquals(EndReason.AGREEMENT, spec.ended().reason());
        assertEquals("FIDE 2018 9.1.1, 5.2.3", spec.ended().article());
    }

    @Test
    void fide2018NeedsAMoveByEachPlayerBeforeAnAgreementEarlierEditionsDoNot() {
        GameSpec.fide2018().moves("e4").given(BOARD, new OfferDraw(Side.WHITE, at()))
                .when(new AcceptDraw(Side.BLACK, at())).rejected("both players have made at least one move");
        GameSpec early = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .given(BOARD, new OfferDraw(Side.WHITE, at())).when(new AcceptDraw(Side.BLACK, at()));
        early.then(DrawAgreed.class, GameEnded.class);
        assertFalse(early.ended().played()); // black never moved: not a played game for rating purposes
    }

    @Test
    void theEventMayForbidOffersBeforeMoveN() {
        GameSpec spec = GameSpec.game(Ruleset.DEFAULT, null, new EventRegulations(30, true)).moves("e4", "e5");
        spec.when(new OfferDraw(Side.WHITE, at())).rejected("before move 30");
    }

    @Test
    void anOfferIsDeclinedOrallyAndCannotBeWithdrawnOrRepeated() {
        GameSpec spec = GameSpec.fide2018().moves("e4").given(BOARD, new OfferDraw(Side.WHITE, at()));
        spec.when(new OfferDraw(Side.WHITE, at())).rejected("already pending");
        spec.when(new DeclineDraw(Side.WHITE, at())).rejected("no pending draw offer from the opponent");
        spec.when(new DeclineDraw(Side.BLACK, at())).then(DrawOfferDeclined.class);
        assertEquals(DeclineMode.ORALLY, spec.event(DrawOfferDeclined.class).how());
        assertNull(spec.state.offerBy());
        spec.when(new AcceptDraw(Side.BLACK, at())).rejected("no pending draw offer");
    }

    @Test
    void crossedOffersAreAnAgreement() {
        GameSpec.fide2018().moves("e4", "e5").given(BOARD, new OfferDraw(Side.WHITE, at()))
                .when(new OfferDraw(Side.BLACK, at())).then(DrawAgreed.class, GameEnded.class);
    }

    @Test
    void fide1997AMoveDeclinesTheOfferFide2018TouchingAPieceDoes() {
        GameSpec old = GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .given(BOARD, new OfferDraw(Side.WHITE, at()));
        old.when(new TouchPiece(Side.BLACK, "e7", at())).then(PieceTouched.class);
        assertEquals(Side.WHITE, old.state.offerBy()); // touching does not decline in 1997
        old.when(move("e5")).then(DrawOfferDeclined.class, MovePlayed.class);
        assertEquals(DeclineMode.BY_MOVE, old.event(DrawOfferDeclined.class).how());

        GameSpec now = GameSpec.fide2018().moves("e4").given(BOARD, new OfferDraw(Side.WHITE, at()));
        now.when(new TouchPiece(Side.BLACK, "e7", at())).then(PieceTouched.class, DrawOfferDeclined.class);
        assertEquals(DeclineMode.BY_TOUCHING_A_PIECE, now.event(DrawOfferDeclined.class).how());
        now.when(new TouchPiece(Side.WHITE, "e4", at())).rejected("only the player having the move");
    }

    // ---------------------------------------------------------------------------------------------- claims

    @Test
    void threefoldClaimOnTheCurrentPositionIsUpheldWithTheEvidence() {
        GameSpec spec = GameSpec.fide2018().moves(TWICE).moves(TWICE)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()));
        spec.then(ClaimFiled.class, ClaimUpheld.class, GameEnded.class);
        assertFalse(spec.event(ClaimFiled.class).claimantClockRuns()); // FIDE 2018 9.5.1: clocks paused
        // ruled in the filing's decision: the pause and the restart are one instant (the clock records none)
        assertTrue(spec.event(ClaimFiled.class).ruledAtOnce());
        ClaimUpheld upheld = spec.event(ClaimUpheld.class);
        assertEquals(List.of(0, 4, 8), upheld.evidence().repetitionPlies());
        assertEquals(EndReason.THREEFOLD_CLAIM, spec.ended().reason());
        assertEquals("FIDE 2018 9.2", spec.ended().article());
    }

    @Test
    void threefoldClaimOnAWrittenIntendedMoveJudgesThePositionAfterIt() {
        GameSpec spec = GameSpec.fide2018().moves(THRICE_BUT_ONE)
                .when(new ClaimDraw(Side.BLACK, DrawClaimKind.THREEFOLD, "Ng8", at()));
        spec.then(ClaimFiled.class, ClaimUpheld.class, GameEnded.class);
        assertEquals(List.of(0, 4, 8), spec.event(ClaimUpheld.class).evidence().repetitionPlies());
        assertEquals(7, spec.state.ply()); // the written move is not played
    }

    @Test
    void fide2018WrongClaimOpponentGetsTwoMinutesTheMoveIsPlayedAndTheClaimIsAnOffer() {
        GameSpec spec = GameSpec.fide2018().moves(TWICE)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, "Nf3", at()));
        spec.then(ClaimFiled.class, ClaimRejected.class, MovePlayed.class, DrawOffered.class);
        ClaimRejected rejected = spec.event(ClaimRejected.class);
        assertEquals(new Penalty(120_000, 0, "FIDE 2018 9.5.3", "opponent +120 s"), rejected.penalty());
        assertTrue(spec.event(ClaimFiled.class).ruledAtOnce(), "rejected in the filing's decision, its penalty known");
        assertTrue(rejected.standsAsDrawOffer());
        assertEquals(List.of(1, 5), rejected.evidence().repetitionPlies());
        assertEquals("Nf3", spec.event(MovePlayed.class).san());
        assertTrue(spec.event(DrawOffered.class).byClaim());
        spec.when(new AcceptDraw(Side.BLACK, at())).then(DrawAgreed.class, GameEnded.class);
    }

    @Test
    void theWrittenMoveOfAWrongClaimDeclinesTheOpponentsPendingOffer() {
        GameSpec spec = GameSpec.fide2018().moves("Nf3", "Nf6", "Ng1").given(BOARD, new OfferDraw(Side.WHITE, at()))
                .when(new ClaimDraw(Side.BLACK, DrawClaimKind.THREEFOLD, "Ng8", at()));
        spec.then(ClaimFiled.class, ClaimRejected.class, DrawOfferDeclined.class, MovePlayed.class, DrawOffered.class);
        assertEquals(Side.BLACK, spec.state.offerBy());
        GameSpec without = GameSpec.fide2018().moves("Nf3", "Nf6", "Ng1").given(BOARD, new OfferDraw(Side.WHITE, at()))
                .when(new ClaimDraw(Side.BLACK, DrawClaimKind.THREEFOLD, null, at()));
        without.then(ClaimFiled.class, ClaimRejected.class);
        assertEquals(Side.WHITE, without.state.offerBy()); // white's offer stands: black may still accept it
    }

    @Test
    void fide2018BlitzWrongClaimCostsOneMinute() {
        ClaimRejected rejected = GameSpec.game(Edition.FIDE_2018, Category.BLITZ).moves(TWICE)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at())).event(ClaimRejected.class);
        assertEquals(60_000, rejected.penalty().addedToOpponentMillis());
        assertEquals(0, rejected.penalty().deductedFromOffenderMillis());
    }

    private static ClaimRejected wrongClaimWithClocks(Edition edition, long whiteSeconds) {
        GameSpec spec = GameSpec.game(edition, Category.STANDARD).moves("Nf3", "Nf6", "Ng1")
                .given(BOARD, new SubmitMove("Ng8", null, MoveSource.EBOARD, clocks(whiteSeconds, 3000), at()));
        return spec.when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at())).event(ClaimRejected.class);
    }

    @Test
    void fide2001WrongClaimOpponentPlusThreeAndTheClaimantsOwnTimeRule() {
        assertEquals(new Penalty(180_000, 150_000, "FIDE 2001 9.5b", "opponent +180 s; claimant -150.0 s"),
                wrongClaimWithClocks(Edition.FIDE_2001, 300).penalty()); // over 2 min: half, at most 3
        assertEquals(180_000, wrongClaimWithClocks(Edition.FIDE_2001, 600).penalty().deductedFromOffenderMillis());
        assertEquals(30_000, wrongClaimWithClocks(Edition.FIDE_2001, 90).penalty().deductedFromOffenderMillis());
        assertEquals(0, wrongClaimWithClocks(Edition.FIDE_2001, 50).penalty().deductedFromOffenderMillis());
        assertTrue(wrongClaimWithClocks(Edition.FIDE_2001, 50).standsAsDrawOffer());
    }

    @Test
    void fide1997WrongClaimHalvesTheClaimantsTimeAtMostThreeMinutesAndIsNoOffer() {
        ClaimRejected rejected = wrongClaimWithClocks(Edition.FIDE_1997, 240);
        assertEquals(120_000, rejected.penalty().deductedFromOffenderMillis());
        assertEquals(180_000, rejected.penalty().addedToOpponentMillis());
        assertFalse(rejected.standsAsDrawOffer());
        assertEquals(180_000, wrongClaimWithClocks(Edition.FIDE_1997, 900).penalty().deductedFromOffenderMillis());
        assertEquals(45_000, wrongClaimWithClocks(Edition.FIDE_1997, 90).penalty().deductedFromOffenderMillis());
    }

    @Test
    void code1970TheClaimantsClockRunsAndAWrongClaimCostsNoTime() {
        GameSpec spec = GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves(TWICE)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, "Nf3", at()));
        spec.then(ClaimFiled.class, ClaimRejected.class, MovePlayed.class);
        assertTrue(spec.event(ClaimFiled.class).claimantClockRuns());
        assertEquals(0, spec.event(ClaimRejected.class).penalty().addedToOpponentMillis());
        assertEquals("Code 1970 art. XII-3", spec.event(ClaimRejected.class).article());
    }

    @Test
    void theIdentityOfPositionsFollowsTheEdition() {
        // the white king's walk costs White the castling right: under the 2018 identity (9.2.3) the later positions
        // differ from the first; the Code 1970 (art. XII-3) looks only at the men and the turn
        String fen = "r3k3/8/8/8/8/8/8/1n2K2R w Kq - 0 1";
        String[] walk = {"Kf1", "Nc3", "Ke1", "Nb1", "Kf1", "Nc3", "Ke1", "Nb1"};
        GameSpec code = GameSpec.fromFen(Edition.CODE_1970, Category.STANDARD, fen).moves(walk)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()));
        code.then(ClaimFiled.class, ClaimUpheld.class, GameEnded.class);
        assertEquals(List.of(0, 4, 8), code.event(ClaimUpheld.class).evidence().repetitionPlies());
        GameSpec fide = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, fen).moves(walk)
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()));
        assertEquals(List.of(4, 8), fide.event(ClaimRejected.class).evidence().repetitionPlies());
    }

    @Test
    void onlyThePlayerHavingTheMoveClaims() {
        GameSpec.fide2018().moves(TWICE).when(new ClaimDraw(Side.BLACK, DrawClaimKind.THREEFOLD, null, at()))
                .rejected("only the player having the move");
    }

    @Test
    void fide2018TouchingAPieceLosesTheRightToClaimOnThatMoveEarlierEditionsDoNot() {
        GameSpec.fide2018().moves(TWICE).moves(TWICE).given(BOARD, new TouchPiece(Side.WHITE, "g1", at()))
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at())).rejected("right to claim");
        GameSpec.game(Edition.FIDE_2001, Category.STANDARD).moves(TWICE).moves(TWICE)
                .given(BOARD, new TouchPiece(Side.WHITE, "g1", at()))
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()))
                .then(ClaimFiled.class, ClaimUpheld.class, GameEnded.class);
    }

    @Test
    void anIllegalIntendedMoveIsRefused() {
        GameSpec.fide2018().moves(TWICE).when(new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, "Ke2", at()))
                .rejected("intended move");
    }

    @Test
    void fiftyMoveClaimWithTheIntendedMove() {
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, "8/8/8/4k3/8/8/R7/4K3 w - - 99 80")
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, "Ra3", at()));
        spec.then(ClaimFiled.class, ClaimUpheld.class, GameEnded.class);
        assertEquals(100, spec.event(ClaimUpheld.class).evidence().pliesWithoutCaptureOrPawnMove());
        assertEquals(-1, spec.event(ClaimUpheld.class).evidence().lastCaptureOrPawnMovePly());
        assertEquals(EndReason.FIFTY_MOVES_CLAIM, spec.ended().reason());

        GameSpec early = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, "8/8/8/4k3/8/8/R7/4K3 w - - 90 80")
                .when(new ClaimDraw(Side.WHITE, DrawClaimKind.FIFTY_MOVES, null, at()));
        assertTrue(early.event(ClaimRejected.class).reason().contains("90 plies"));
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.clocks;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.AcceptDraw;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.PostponeClaim;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * Quickplay-finish claims: FIDE 1997 10.2 (any player, draw or postpone), FIDE 2001 10.2 (the player to move; draw,
 * postpone or reject; the claim is a draw offer, 9.1c), FIDE 2018 Guidelines III.2, III.4, III.5 (only when
 * announced, not blitz, no increment; the player to move). The arbiter's judgement comes as UPHOLD_CLAIM /
 * REJECT_CLAIM rulings or PostponeClaim; the two minutes for the opponent travel as the events' penalty.
 */
class QuickplayFinishTest {

    private static final TimeControl SUDDEN_DEATH_15 = TimeControl.of(Period.suddenDeath(15 * 60_000));
    private static final EventRegulations GUIDELINES_III = new EventRegulations(0, true,
            QuickplayFinishGuidelines.DRAW_CLAIMS);
    private static final Ruleset FIDE_2018_RAPID = new Ruleset(Edition.FIDE_2018, Category.RAPID);
    private static final Ruleset FIDE_2018_STANDARD = new Ruleset(Edition.FIDE_2018, Category.STANDARD);

    private static GameSpec quickplay2018() {
        return GameSpec.timed(FIDE_2018_RAPID, SUDDEN_DEATH_15, GUIDELINES_III).moves("e4", "e5");
    }

    private static ClaimDraw claim(Side by, ClockReading clock) {
        return new ClaimDraw(by, DrawClaimKind.QUICKPLAY_FINISH, null, clock, at());
    }

    private static ArbiterRuling ruling(RulingKind kind, String article) {
        return new ArbiterRuling(kind, article, "", null, null, -1, -1, -1, 0, at());
    }

    // ------------------------------------------------------------------------------------------ FIDE 2018

    @Test
    void fide2018AnAdmittedClaimStopsTheClocksAndRecordsTheReadingAndTheConditions() {
        GameSpec spec = quickplay2018().when(claim(Side.WHITE, clocks(95, 300)));
        spec.then(ClaimFiled.class);
        ClaimFiled filed = spec.event(ClaimFiled.class);
        assertEquals(DrawClaimKind.QUICKPLAY_FINISH, filed.kind());
        assertFalse(filed.claimantClockRuns(), "the clocks are stopped while the arbiter decides (III.5, 6.12.2)");
        assertEquals(clocks(95, 300), filed.clock());
        assertTrue(filed.conditions().contains("all remaining moves, no increment"), filed.conditions());
        assertTrue(filed.conditions().contains("1:35"), filed.conditions());
        assertTrue(filed.conditions().contains("FIDE 2018 III.5"), filed.conditions());
        // nothing moves on the board until the arbiter has decided
        spec.when(move("Nf3")).rejected("the arbiter is deciding the quickplay-finish claim");
    }

    @Test
    void fide2018UpheldTheGameIsDrawn() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)))
                .when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.5.1"));
        spec.then(RulingIssued.class, ClaimUpheld.class, GameEnded.class);
        assertEquals(DrawClaimKind.QUICKPLAY_FINISH, spec.event(ClaimUpheld.class).kind());
        assertEquals(GameResult.DRAW, spec.ended().result());
        assertEquals("FIDE 2018 III.5.1", spec.ended().article());
    }

    @Test
    void fide2018RejectedTheOpponentGetsTwoMinutesAndTheGameGoesOn() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)))
                .when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2018 III.5.3"));
        spec.then(RulingIssued.class, ClaimRejected.class);
        ClaimRejected rejected = spec.event(ClaimRejected.class);
        assertEquals(new Penalty(120_000, 0, "FIDE 2018 III.5.3", "opponent +120 s: quickplay-finish claim rejected"),
                rejected.penalty());
        assertFalse(rejected.standsAsDrawOffer(), "2018 9.1.2.3 makes only 9.2 and 9.3 claims offers");
        spec.when(move("Nf3")).then(MovePlayed.class);
        // a later claim is a new claim
        spec.when(claim(Side.BLACK, clocks(90, 80))).then(ClaimFiled.class);
    }

    @Test
    void fide2018PostponedTheGameGoesOnAndAfterTheClaimantsFlagTheArbiterDecides() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)))
                .when(ARBITER, new PostponeClaim(120_000, null, "watching the game", at()));
        spec.then(ClaimPostponed.class);
        ClaimPostponed postponed = spec.event(ClaimPostponed.class);
        assertEquals(Side.WHITE, postponed.by());
        assertEquals(120_000, postponed.penalty().addedToOpponentMillis());
        assertEquals("FIDE 2018 III.5.2", postponed.article());
        spec.when(move("Nf3")).then(MovePlayed.class);
        spec.when(move("Nc6")).then(MovePlayed.class);
        // the claimant's flag falls: no result by the flag alone (III.5.2)
        spec.when(new ReportFlagFall(Side.WHITE, true, true, at())).then(FlagFellDuringPostponedClaim.class).noEnding();
        spec.when(move("Bb5")).rejected("the arbiter now declares the result");
        spec.when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.5.2"))
                .then(RulingIssued.class, ClaimUpheld.class, GameEnded.class);
        assertEquals(GameResult.DRAW, spec.ended().result());
    }

    @Test
    void fide2018PostponedThenRejectedAfterTheFlagTheFlagFallDecides() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)))
                .given(ARBITER, new PostponeClaim(0, null, "", at()))
                .given(BOARD, new ReportFlagFall(Side.WHITE, true, true, at()))
                .when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2018 III.5.2"));
        spec.then(RulingIssued.class, ClaimRejected.class, GameEnded.class);
        assertEquals(Penalty.NONE, spec.event(ClaimRejected.class).penalty(), "no time to add once the game is over");
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertEquals(EndReason.FLAG_FALL, spec.ended().reason());
        assertEquals("FIDE 2018 III.5.2", spec.ended().article());
    }

    @Test
    void fide2018TheOpponentsFlagDuringAPostponementEndsTheGameAsUsual() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)))
                .given(ARBITER, new PostponeClaim(0, null, "", at()))
                .when(new ReportFlagFall(Side.BLACK, true, true, at()));
        spec.then(GameEnded.class);
        assertEquals(GameResult.WHITE_WINS, spec.ended().result());
    }

    @Test
    void fide2018ClaimsTheRulesDoNotAllowAreRejected() {
        GameSpec.timed(FIDE_2018_RAPID, SUDDEN_DEATH_15, EventRegulations.DEFAULT).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("did not announce the Guidelines III");
        GameSpec.timed(FIDE_2018_RAPID, SUDDEN_DEATH_15, new EventRegulations(0, true,
                        QuickplayFinishGuidelines.INCREMENT_ON_REQUEST)).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("five-second increment");
        GameSpec.timed(new Ruleset(Edition.FIDE_2018, Category.BLITZ), TimeControl.of(Period.suddenDeath(300_000)),
                        GUIDELINES_III).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("blitz");
        GameSpec.timed(FIDE_2018_RAPID, TimeControl.of(new Period(0, 900_000, TimingMode.FISCHER, 10_000)),
                        GUIDELINES_III).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("fischer bonus");
        GameSpec.timed(FIDE_2018_STANDARD, TimeControl.of(new Period(40, 5_400_000, TimingMode.NONE, 0),
                        Period.suddenDeath(1_800_000)), GUIDELINES_III).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("not in the quickplay finish");
        GameSpec.timed(FIDE_2018_RAPID, null, GUIDELINES_III).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 300))).rejected("no time control");
        quickplay2018().when(claim(Side.WHITE, clocks(120, 300))).rejected("has 2:00 left, not less than two minutes");
        quickplay2018().when(claim(Side.WHITE, clocks(0, 300))).rejected("flag has already fallen");
        quickplay2018().when(claim(Side.BLACK, clocks(300, 95))).rejected("only the player having the move");
        quickplay2018().when(claim(Side.WHITE, null)).rejected("no clock reading");
        quickplay2018().when(new ClaimDraw(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, "Nf3", clocks(95, 300), at()))
                .rejected("no intended move");
    }

    @Test
    void standardGamesUseThePeriodForAllRemainingMoves() {
        // 3 moves in 10 minutes, then 5 minutes for the rest: white's 4th move is in the quickplay finish
        TimeControl control = TimeControl.of(new Period(3, 600_000, TimingMode.NONE, 0), Period.suddenDeath(300_000));
        GameSpec spec = GameSpec.timed(FIDE_2018_STANDARD, control, GUIDELINES_III).moves("e4", "e5", "Nf3", "Nc6", "Bc4");
        spec.when(claim(Side.BLACK, clocks(200, 100))).rejected("not in the quickplay finish: period 1");
        spec.when(move("Bc5")).then(MovePlayed.class);
        spec.when(claim(Side.WHITE, clocks(100, 200))).then(ClaimFiled.class);
        assertTrue(spec.event(ClaimFiled.class).conditions().startsWith("period 2"));
    }

    @Test
    void withoutAReadingInTheClaimTheReadingAfterTheLastMoveCounts() {
        GameSpec spec = GameSpec.timed(FIDE_2018_RAPID, SUDDEN_DEATH_15, GUIDELINES_III)
                .given(BOARD, new GameCommand.SubmitMove("e4", null, MoveSource.BOARD, clocks(100, 600), at()))
                .given(BOARD, new GameCommand.SubmitMove("e5", null, MoveSource.BOARD, clocks(100, 590), at()));
        spec.when(claim(Side.WHITE, null)).then(ClaimFiled.class);
        assertEquals(clocks(100, 590), spec.event(ClaimFiled.class).clock());
        assertTrue(spec.event(ClaimFiled.class).conditions().contains("by the reading after the last move"));
    }

    @Test
    void onlyTheArbiterPostponesAndTheBonusIsTwoMinutesOrNothing() {
        GameSpec spec = quickplay2018().given(BOARD, claim(Side.WHITE, clocks(95, 300)));
        spec.when(BOARD, new PostponeClaim(0, null, "", at())).rejected("only the arbiter");
        spec.when(ARBITER, new PostponeClaim(60_000, null, "", at())).rejected("two minutes (120000 ms) or nothing");
        quickplay2018().when(ARBITER, new PostponeClaim(0, null, "", at())).rejected("no quickplay-finish claim");
    }

    @Test
    void withoutAPendingQuickplayClaimTheClaimRulingsKeepTheirMeaning() {
        GameSpec spec = quickplay2018().when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2018 9.5"));
        spec.then(RulingIssued.class);
    }

    // --------------------------------------------------------------------------- FIDE 2018 III.4: increment

    private static GameSpec incrementOnRequest() {
        return GameSpec.timed(FIDE_2018_RAPID, SUDDEN_DEATH_15, new EventRegulations(0, true,
                QuickplayFinishGuidelines.INCREMENT_ON_REQUEST)).moves("e4", "e5");
    }

    private static ClaimDraw incrementRequest(Side by, ClockReading clock) {
        return new ClaimDraw(by, DrawClaimKind.QUICKPLAY_INCREMENT, null, clock, at());
    }

    @Test
    void fide2018TheIncrementRequestIsADrawOfferThatRefusedLetsTheArbiterGrantTheIncrement() {
        GameSpec spec = incrementOnRequest().when(incrementRequest(Side.WHITE, clocks(95, 300)));
        spec.then(ClaimFiled.class, DrawOffered.class);
        assertTrue(spec.event(DrawOffered.class).byClaim());
        assertFalse(spec.event(ClaimFiled.class).claimantClockRuns());
        assertTrue(spec.event(ClaimFiled.class).conditions().contains("FIDE 2018 III.4"));
        spec.when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.4")).rejected("has not refused the draw offer");
        spec.when(new GameCommand.DeclineDraw(Side.BLACK, at())).then(
                org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined.class);
        spec.when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.4"))
                .then(RulingIssued.class, QuickplayIncrementGranted.class).noEnding();
        QuickplayIncrementGranted granted = spec.event(QuickplayIncrementGranted.class);
        assertEquals(5_000, granted.incrementMillis());
        assertEquals(120_000, granted.penalty().addedToOpponentMillis());
        assertEquals(Side.WHITE, granted.by());
        spec.when(move("Nf3")).then(MovePlayed.class);
        spec.when(incrementRequest(Side.BLACK, clocks(300, 90))).rejected("no longer without increment");
    }

    @Test
    void fide2018TheOpponentMayAcceptTheRequestAsADrawOrTheArbiterRefuseIt() {
        incrementOnRequest().given(BOARD, incrementRequest(Side.WHITE, clocks(95, 300)))
                .when(new AcceptDraw(Side.BLACK, at())).then(DrawAgreed.class, GameEnded.class);
        GameSpec refused = incrementOnRequest().given(BOARD, incrementRequest(Side.WHITE, clocks(95, 300)))
                .given(BOARD, new GameCommand.DeclineDraw(Side.BLACK, at()))
                .when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2018 III.4"));
        refused.then(RulingIssued.class, ClaimRejected.class);
        assertEquals(Penalty.NONE, refused.event(ClaimRejected.class).penalty());
        refused.when(move("Nf3")).then(MovePlayed.class);
        incrementOnRequest().given(BOARD, incrementRequest(Side.WHITE, clocks(95, 300)))
                .when(ARBITER, new PostponeClaim(0, null, "", at())).rejected("not postponed");
    }

    @Test
    void theIncrementRequestOnlyWhereTheEventAppliesIII4() {
        quickplay2018().when(incrementRequest(Side.WHITE, clocks(95, 300))).rejected("not the increment of III.4");
        GameSpec.timed(new Ruleset(Edition.FIDE_2001, Category.STANDARD), SUDDEN_DEATH_15, EventRegulations.DEFAULT)
                .moves("e4", "e5").when(incrementRequest(Side.WHITE, clocks(95, 300))).rejected("2018 Guidelines III.4");
        incrementOnRequest().when(incrementRequest(Side.WHITE, clocks(150, 300))).rejected("not less than two minutes");
    }

    // ------------------------------------------------------------------------------------------ FIDE 2001

    @Test
    void fide2001TheClaimIsADrawOfferThatOutlivesARejection() {
        GameSpec spec = GameSpec.timed(new Ruleset(Edition.FIDE_2001, Category.STANDARD), SUDDEN_DEATH_15,
                EventRegulations.DEFAULT).moves("e4", "e5");
        spec.when(claim(Side.BLACK, clocks(300, 95))).rejected("only the player having the move");
        spec.when(claim(Side.WHITE, clocks(95, 300))).then(ClaimFiled.class);
        spec.when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 2001 10.2c"))
                .then(RulingIssued.class, ClaimRejected.class, DrawOffered.class);
        assertEquals("FIDE 2001 10.2c", spec.event(ClaimRejected.class).penalty().article());
        assertTrue(spec.event(DrawOffered.class).byClaim());
        spec.when(new AcceptDraw(Side.BLACK, at())).then(DrawAgreed.class, GameEnded.class);
    }

    @Test
    void fide2001NoAnnouncementIsNeededButBlitzIsExcluded() {
        GameSpec.timed(new Ruleset(Edition.FIDE_2001, Category.BLITZ), TimeControl.of(Period.suddenDeath(300_000)),
                EventRegulations.DEFAULT).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 100))).rejected("blitz");
    }

    // ------------------------------------------------------------------------------------------ FIDE 1997

    @Test
    void fide1997AnyPlayerMayClaimAndTheArbiterDrawsOrPostponesButNeverRejects() {
        GameSpec spec = GameSpec.timed(new Ruleset(Edition.FIDE_1997, Category.RAPID), SUDDEN_DEATH_15,
                EventRegulations.DEFAULT).moves("e4", "e5");
        // black has just moved; 10.2 is not limited to the player to move
        spec.when(claim(Side.BLACK, clocks(300, 95))).then(ClaimFiled.class);
        spec.when(ARBITER, ruling(RulingKind.REJECT_CLAIM, "FIDE 1997 10.2")).rejected("cannot reject");
        spec.when(ARBITER, new PostponeClaim(0, null, "", at())).then(ClaimPostponed.class);
        assertEquals(Penalty.NONE, spec.event(ClaimPostponed.class).penalty());
        assertEquals("FIDE 1997 10.2b", spec.event(ClaimPostponed.class).article());
        // 10.2c: even after the flag fell the arbiter may declare the draw
        // FIDE 1997 B.6: in rapid the flag counts once the opponent claims it
        spec.when(GameSpec.WHITE_PLAYER, new ReportFlagFall(Side.BLACK, true, true, at()))
                .then(FlagFellDuringPostponedClaim.class);
        assertEquals("FIDE 1997 10.2c", spec.event(FlagFellDuringPostponedClaim.class).article());
        spec.when(ARBITER, ruling(RulingKind.UPHOLD_CLAIM, "FIDE 1997 10.2c"))
                .then(RulingIssued.class, ClaimUpheld.class, GameEnded.class);
    }

    @Test
    void fide1997IllegalMovesInTheQuickplayFinishCostTwoMinutesAndTheThirdLoses() {
        Ruleset standard1997 = new Ruleset(Edition.FIDE_1997, Category.STANDARD);
        // white is in check from b4: Nf3 leaves him in it
        String[] check = {"e4", "e5", "d4", "Bb4+"};
        GameSpec before = GameSpec.timed(standard1997, TimeControl.of(new Period(3, 600_000, TimingMode.NONE, 0),
                Period.suddenDeath(300_000)), EventRegulations.DEFAULT).moves(check).when(ARBITER, arbiterMove("g1f3"));
        before.then(IllegalMoveRecorded.class);
        assertEquals(Penalty.NONE, before.event(IllegalMoveRecorded.class).penalty(), "FIDE 1997 7.4: no fixed penalty");

        // 2 moves in 10 minutes, then 5 minutes for the rest: white is in the quickplay finish
        GameSpec spec = GameSpec.timed(standard1997, TimeControl.of(new Period(2, 600_000, TimingMode.NONE, 0),
                Period.suddenDeath(300_000)), EventRegulations.DEFAULT).moves(check);
        for (int nth = 1; nth <= 2; nth++) {
            spec.when(ARBITER, arbiterMove("g1f3")).then(IllegalMoveRecorded.class);
            Penalty penalty = spec.event(IllegalMoveRecorded.class).penalty();
            assertEquals(120_000, penalty.addedToOpponentMillis());
            assertEquals("FIDE 1997 10.3", penalty.article());
        }
        spec.when(ARBITER, arbiterMove("g1f3")).then(IllegalMoveRecorded.class, GameEnded.class);
        assertEquals(GameResult.BLACK_WINS, spec.ended().result());
        assertEquals("FIDE 1997 10.3", spec.ended().article());
    }

    private static GameCommand.SubmitMove arbiterMove(String move) {
        return new GameCommand.SubmitMove(move, null, MoveSource.ARBITER, null, at());
    }

    @Test
    void fide1997BlitzHasNoQuickplayClaim() {
        GameSpec.timed(new Ruleset(Edition.FIDE_1997, Category.BLITZ), TimeControl.of(Period.suddenDeath(300_000)),
                EventRegulations.DEFAULT).moves("e4", "e5")
                .when(claim(Side.WHITE, clocks(95, 100))).rejected("FIDE 1997 C.5");
    }

    @Test
    void code1970HasNoQuickplayClaim() {
        GameSpec.timed(new Ruleset(Edition.CODE_1970, Category.STANDARD), SUDDEN_DEATH_15, EventRegulations.DEFAULT)
                .moves("e4", "e5").when(claim(Side.WHITE, clocks(95, 300))).rejected("Code 1970 has no quickplay");
    }
}

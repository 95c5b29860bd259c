package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.penalty.TimePenalties;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.ApplyProportionalTimes;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.CorrectMoveCounter;
import org.torneo.contracts.clock.ClockCommand.DeclareOverstepNotProvable;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockCommand.ReportBothFlagsDown;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.BothFlagsFell;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.GameAdjourned;
import org.torneo.contracts.clock.ClockEvent.MoveCounterCorrected;
import org.torneo.contracts.clock.ClockEvent.OverstepNotProvable;
import org.torneo.contracts.clock.ClockEvent.PlayerArrived;
import org.torneo.contracts.clock.ClockEvent.PlayerDefaulted;
import org.torneo.contracts.clock.ClockEvent.QuickplayIncrementIntroduced;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

class ClockAdjustmentTest {

    private static PressClock press(long at, Side side) {
        return new PressClock(GAME, "p", BOARD, at, side);
    }

    @Nested
    class AddAndDeduct {
        @Test
        void illegalMovePenaltyAddsTwoMinutesToTheRunningOpponentExactly() {
            ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).press(T0 + 10 * SEC, Side.WHITE);
            // Black is thinking; White gets +2 min for Black's illegal move (FIDE 2018 7.5.5)
            List<ClockEvent> events = f.apply(new AddTime(GAME, "a", ARBITER, T0 + 40 * SEC, Side.WHITE, 2 * MIN,
                    "FIDE 2018 7.5.5", "first illegal move by Black"));
            assertEquals(new TimeAdded(GAME, "a", ARBITER, T0 + 40 * SEC, Side.WHITE, 2 * MIN, "FIDE 2018 7.5.5",
                    "first illegal move by Black", 90 * MIN + 20 * SEC + 2 * MIN), events.get(0));
            // and to the running side: its deadline moves by exactly the amount
            long before = f.state().deadline().orElseThrow();
            f.run(new AddTime(GAME, "a2", ARBITER, T0 + 50 * SEC, Side.BLACK, 1234, "FIDE 2018 12.5", "disturbance"));
            assertEquals(before + 1234, f.state().deadline().orElseThrow());
        }

        @Test
        void deductionFromTheRunningSideCountsTheTimeAlreadyUsed() {
            ClockFixture f = ClockFixture.started("5+0", Edition.FIDE_2018);
            TimeDeducted d = (TimeDeducted) f.apply(new DeductTime(GAME, "d", ARBITER, T0 + 1 * MIN, Side.WHITE, 90 * SEC,
                    "FIDE 2018 12.9.3", "arbiter penalty")).get(0);
            assertEquals(5 * MIN - 1 * MIN - 90 * SEC, d.remainingMillis());
            assertEquals(Optional.of(T0 + 5 * MIN - 90 * SEC), f.state().deadline());
            f.rejected(new DeductTime(GAME, "d2", ARBITER, T0 + 2 * MIN, Side.WHITE, 2 * MIN + 1, "FIDE 2018 12.9.3", "again"),
                    "only");
        }

        @Test
        void nonsenseAmountsAreRefused() {
            ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
            f.rejected(new AddTime(GAME, "a", ARBITER, T0 + 1, Side.WHITE, -5, "FIDE 2018 12.5", "x"), "must be positive");
            f.rejected(new AddTime(GAME, "a", ARBITER, T0 + 1, Side.WHITE, 25L * 3600_000, "FIDE 2018 12.5", "x"), "absurd");
            f.rejected(new AddTime(GAME, "a", ARBITER, T0 + 1, Side.WHITE, 1000, " ", "x"), "no article");
            f.rejected(new AddTime(GAME, "a", ARBITER, T0 + 1, null, 1000, "FIDE 2018 12.5", "x"), "no side");
        }
    }

    @Test
    void arbiterSetsBothClocksAndTheCounters() {
        ClockFixture f = ClockFixture.started("40/120, G/30", Edition.FIDE_2018).play(10, MIN, MIN);
        TimesSet set = (TimesSet) f.apply(new SetTimes(GAME, "s", ARBITER, f.now() + 5 * SEC, 100 * MIN, 105 * MIN,
                8, 8, Side.WHITE, "FIDE 2018 7.1", "illegal move found, position of move 8 restored")).get(0);
        assertEquals(8, set.whiteMoves());
        assertEquals(100 * MIN, f.state().remaining(Side.WHITE, set.at()));
        assertEquals(Optional.of(set.at() + 100 * MIN), f.state().deadline());
        assertEquals(8, f.state().face(Side.BLACK).moves());
    }

    @Test
    void proportionalRuleOfTheCode1970BookExample() {
        // Code 1970 art. XIV-7: irregularity at move 20 found after Black's 30th move, White had used 90 min
        // and Black 60 min: the used times become 90 x 20/30 = 60 and 60 x 20/30 = 40 minutes.
        ClockFixture f = ClockFixture.started("40/150, 16/60", Edition.CODE_1970).play(30, 3 * MIN, 2 * MIN);
        assertEquals(90 * MIN, f.state().used(Side.WHITE, f.now()));
        assertEquals(60 * MIN, f.state().used(Side.BLACK, f.now()));
        TimesSet set = (TimesSet) f.apply(new ApplyProportionalTimes(GAME, "pr", ARBITER, f.now(), 20, 30, 20, 20,
                Side.WHITE)).get(0);
        assertEquals(150 * MIN - 60 * MIN, set.whiteMillis());
        assertEquals(150 * MIN - 40 * MIN, set.blackMillis());
        assertEquals("Code 1970 art. XIV-7", set.article());
        assertEquals(60 * MIN, f.state().used(Side.WHITE, f.now()));
        assertEquals(40 * MIN, f.state().used(Side.BLACK, f.now()));
        assertEquals(20, f.state().face(Side.WHITE).moves());
    }

    @Test
    void proportionalRuleRefusedForIncrementControls() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(5, MIN, MIN);
        f.rejected(new ApplyProportionalTimes(GAME, "pr", ARBITER, f.now(), 3, 5, 3, 3, Side.WHITE), "without increment");
        f.rejected(new ApplyProportionalTimes(GAME, "pr", ARBITER, f.now(), 6, 5, 3, 3, Side.WHITE), "between 1 and");
    }

    @Test
    void moveCounterCorrectionEntersTheNextPeriod() {
        // the clock missed a press: it shows 39 moves but White has made 40
        ClockFixture f = ClockFixture.started("40/90, G/30", Edition.FIDE_2018).play(39, MIN, MIN);
        MoveCounterCorrected c = (MoveCounterCorrected) f.apply(new CorrectMoveCounter(GAME, "mc", ARBITER, f.now(),
                Side.WHITE, 40, "missed press at move 23")).get(0);
        assertEquals(30 * MIN, c.timeDeltaMillis());
        assertEquals(90 * MIN - 39 * MIN + 30 * MIN, f.state().face(Side.WHITE).remainingMillis());
        assertEquals(1, f.state().face(Side.WHITE).period());
        // and back again takes it away
        f.run(new CorrectMoveCounter(GAME, "mc2", ARBITER, f.now(), Side.WHITE, 39, "wrong correction"));
        assertEquals(90 * MIN - 39 * MIN, f.state().face(Side.WHITE).remainingMillis());
    }

    @Nested
    class QuickplayFinish {
        private ClockFixture withGuidelines(String control, Edition edition, boolean announced) {
            var c = TimeControlParser.parse(control);
            return new ClockFixture().run(new StartClock(GAME, "st", ARBITER, T0, c,
                    new ClockRules(new Ruleset(edition, Category.STANDARD), 0, announced)));
        }

        @Test
        void fiveSecondIncrementForBothAndTwoMinutesToTheOpponent() {
            ClockFixture f = withGuidelines("40/90, G/15", Edition.FIDE_2018, true).play(40, 2 * MIN, 2 * MIN);
            // White has 10 + 15 min; spends 23:10 on the next move
            f.press(f.now() + 23 * MIN + 10 * SEC, Side.WHITE);
            f.press(f.now() + 10 * SEC, Side.BLACK);
            long at = f.now() + 5 * SEC;
            assertEquals(105 * SEC, f.state().remaining(Side.WHITE, at));
            QuickplayIncrementIntroduced q = (QuickplayIncrementIntroduced) f.apply(
                    new IntroduceQuickplayIncrement(GAME, "q", ARBITER, at, Side.WHITE)).get(0);
            assertEquals(5 * SEC, q.incrementMillis());
            assertEquals("FIDE 2018 III.4", q.article());
            long black = f.state().remaining(Side.BLACK, at);
            assertEquals(25 * MIN - 10 * SEC + 2 * MIN, black);
            ClockSwitched w = (ClockSwitched) f.apply(press(at + 4 * SEC, Side.WHITE)).get(0);
            assertEquals(105 * SEC - 4 * SEC + 5 * SEC, w.remainingMillis());
            ClockSwitched b = (ClockSwitched) f.apply(press(at + 6 * SEC, Side.BLACK)).get(0);
            assertEquals(black - 2 * SEC + 5 * SEC, b.remainingMillis());
        }

        @Test
        void refusedOutsideItsConditions() {
            ClockFixture notAnnounced = withGuidelines("G/15", Edition.FIDE_2018, false);
            notAnnounced.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 14 * MIN, Side.WHITE), "not announced");
            ClockFixture old = withGuidelines("G/15", Edition.FIDE_2001, true);
            old.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 14 * MIN, Side.WHITE), "FIDE 2018 III.4");
            ClockFixture f = withGuidelines("G/15", Edition.FIDE_2018, true);
            f.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 13 * MIN, Side.WHITE), "not less than two minutes");
            f.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 14 * MIN, Side.BLACK), "having the move");
            ClockFixture inc = withGuidelines("15+5", Edition.FIDE_2018, true);
            inc.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 14 * MIN, Side.WHITE), "already has an increment");
            ClockFixture periods = withGuidelines("40/90, G/15", Edition.FIDE_2018, true);
            periods.rejected(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, T0 + 89 * MIN, Side.WHITE), "not in the quickplay finish");
        }
    }

    @Nested
    class ArrivalAndDefault {
        @Test
        void zeroToleranceUnder2018() {
            ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
            assertEquals(Optional.of(T0), f.state().defaultDeadline());
            assertEquals(List.of(new PlayerArrived(GAME, "w", ARBITER, T0, Side.WHITE)),
                    f.apply(new RecordArrival(GAME, "w", ARBITER, T0, Side.WHITE)));
            assertEquals(List.of(new PlayerDefaulted(GAME, "b", ARBITER, T0 + 1, Side.BLACK, T0, "FIDE 2018 6.7.1")),
                    f.apply(new RecordArrival(GAME, "b", ARBITER, T0 + 1, Side.BLACK)));
            assertEquals(Optional.empty(), f.state().defaultDeadline());
        }

        @Test
        void arrivalsBeforeTheStartAreRecorded() {
            ClockFixture f = new ClockFixture();
            f.run(new RecordArrival(GAME, "w", ARBITER, T0 - 5 * MIN, Side.WHITE));
            f.run(new RecordArrival(GAME, "b", ARBITER, T0 - 1 * MIN, Side.BLACK));
            f.run(ClockFixture.start("90+30", Edition.FIDE_2018, T0));
            assertEquals(Optional.empty(), f.state().defaultDeadline());
            assertEquals(List.of(), f.when(new CheckDefault(GAME, "cd", ARBITER, T0 + 1)));
        }

        @Test
        void oneHourUnder1997AndWhiteLosesTheElapsedTime() {
            ClockFixture f = ClockFixture.started("40/120, G/60", Edition.FIDE_1997);
            assertEquals(Optional.of(T0 + 60 * MIN), f.state().defaultDeadline());
            f.run(new RecordArrival(GAME, "b", ARBITER, T0 + 10 * MIN, Side.BLACK));
            assertEquals(List.of(new PlayerArrived(GAME, "w", ARBITER, T0 + 59 * MIN, Side.WHITE)),
                    f.apply(new RecordArrival(GAME, "w", ARBITER, T0 + 59 * MIN, Side.WHITE)));
            // FIDE 1997 6.5: White's clock ran from the scheduled start
            assertEquals(120 * MIN - 59 * MIN, f.state().remaining(Side.WHITE, T0 + 59 * MIN));
        }

        @Test
        void bothAbsentAtTheDefaultTimeBothLose() {
            ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2001);
            assertEquals(List.of(), f.when(new CheckDefault(GAME, "cd", ARBITER, T0 + 60 * MIN)), "exactly one hour is not late");
            List<ClockEvent> events = f.apply(new CheckDefault(GAME, "cd", ARBITER, T0 + 60 * MIN + 1));
            assertEquals(List.of(new PlayerDefaulted(GAME, "cd", ARBITER, T0 + 60 * MIN + 1, Side.WHITE, T0 + 60 * MIN, "FIDE 2001 6.7"),
                    new PlayerDefaulted(GAME, "cd", ARBITER, T0 + 60 * MIN + 1, Side.BLACK, T0 + 60 * MIN, "FIDE 2001 6.7")), events);
            f.rejected(new RecordArrival(GAME, "w", ARBITER, T0 + 61 * MIN, Side.WHITE), "already lost by default");
        }
    }

    @Test
    void adjournmentStopsTheSealersClockAtTheNominalEndAndResumesWithTheReplier() {
        ClockFixture f = ClockFixture.started("40/150, 16/60", Edition.FIDE_1997).play(40, 3 * MIN, 2 * MIN);
        f.press(f.now() + 4 * MIN, Side.WHITE);
        long sealAt = f.now() + 2 * MIN;
        long sessionEnd = sealAt + 5 * MIN;
        // FIDE 1997 A.1b: Black seals 5 minutes before the end of the session: charged to the end
        GameAdjourned a = (GameAdjourned) f.apply(new AdjournGame(GAME, "adj", ARBITER, sealAt, sessionEnd)).get(0);
        assertEquals(Side.BLACK, a.sealer());
        assertEquals(sessionEnd, a.chargedUntil());
        long blackBefore = 150 * MIN - 40 * 2 * MIN + 60 * MIN;
        assertEquals(blackBefore - 7 * MIN, a.blackMillis());
        assertEquals(ClockStatus.ADJOURNED, f.state().status());
        assertEquals(Optional.empty(), f.state().deadline());
        assertEquals(41, f.state().face(Side.BLACK).moves());
        f.rejected(press(sessionEnd + MIN, Side.WHITE), "adjournment");
        long resumeAt = sessionEnd + 20 * 3600_000L;
        assertEquals(List.of(new SessionResumed(GAME, "rs", ARBITER, resumeAt, Side.WHITE)),
                f.apply(new ResumeSession(GAME, "rs", ARBITER, resumeAt)));
        long white = 150 * MIN - 40 * 3 * MIN + 60 * MIN - 4 * MIN;
        assertEquals(Optional.of(resumeAt + white), f.state().deadline());
        // FIDE 1997 A.10: more than one hour late for the resumption loses
        assertEquals(Optional.of(resumeAt + 60 * MIN), f.state().defaultDeadline());
        f.run(new RecordArrival(GAME, "b", ARBITER, resumeAt + 2 * MIN, Side.BLACK));
        assertEquals(List.of(new PlayerDefaulted(GAME, "w", ARBITER, resumeAt + 61 * MIN, Side.WHITE, resumeAt + 60 * MIN,
                "FIDE 1997 A.10")), f.apply(new RecordArrival(GAME, "w", ARBITER, resumeAt + 61 * MIN, Side.WHITE)));
        assertEquals(white - 61 * MIN, f.state().remaining(Side.WHITE, resumeAt + 61 * MIN), "the replier's clock ran meanwhile");
    }

    @Nested
    class Flags {
        @Test
        void overstepNotProvableStartsTheNextPeriod() {
            ClockFixture f = ClockFixture.started("40/120, 20/60, G/30", Edition.FIDE_2018).play(35, 3 * MIN, 30 * SEC);
            long deadline = f.state().deadline().orElseThrow();
            f.run(new CheckFlag(GAME, "cf", ARBITER, deadline));
            OverstepNotProvable o = (OverstepNotProvable) f.apply(new DeclareOverstepNotProvable(GAME, "op", ARBITER,
                    deadline + MIN, Side.WHITE)).get(0);
            assertEquals(40, o.movesCredited());
            assertEquals(2, o.newPeriod());
            assertEquals(60 * MIN, o.periodTimeAdded());
            assertEquals("FIDE 2018 8.6", o.article());
            assertEquals(Optional.of(deadline + MIN + 60 * MIN), f.state().deadline());
            ClockSwitched next = (ClockSwitched) f.apply(press(deadline + 2 * MIN, Side.WHITE)).get(0);
            assertEquals(41, next.moveNumber(), "the next move counts as the first of the next period");
            assertEquals(2, next.period());
        }

        @Test
        void overstepInTheFinalPeriodHasNoNextPeriod() {
            ClockFixture f = ClockFixture.started("G/5", Edition.FIDE_2018);
            f.run(new CheckFlag(GAME, "cf", ARBITER, T0 + 5 * MIN));
            f.rejected(new DeclareOverstepNotProvable(GAME, "op", ARBITER, T0 + 6 * MIN, Side.WHITE), "no next period");
            f.rejected(new DeclareOverstepNotProvable(GAME, "op", ARBITER, T0 + 6 * MIN, Side.BLACK), "has not fallen");
        }

        private BothFlagsFell both(String control, Edition edition, int fullMoves) {
            // the Guidelines III announced, so that the 2018 both-flags rule of the last period (III.3.1.2) applies
            ClockFixture f = ClockFixture.startedWithGuidelinesIII(control, edition).play(fullMoves, 10 * SEC, 10 * SEC);
            return (BothFlagsFell) f.apply(new ReportBothFlagsDown(GAME, "bf", ARBITER, f.now() + SEC)).get(0);
        }

        @Test
        void bothFlagsPerEditionAndPeriod() {
            assertEquals(BothFlagsFell.Outcome.GAME_CONTINUES, both("40/90, G/30", Edition.FIDE_2018, 5).outcome());
            assertEquals("FIDE 2018 III.3.1.1", both("40/90, G/30", Edition.FIDE_2018, 5).article());
            BothFlagsFell last = both("40/90, G/30", Edition.FIDE_2018, 45);
            assertEquals(BothFlagsFell.Outcome.DRAW, last.outcome());
            assertTrue(last.finalPeriod());
            assertEquals(2, last.period());
            assertEquals(BothFlagsFell.Outcome.GAME_CONTINUES, both("40/120, G/60", Edition.FIDE_1997, 5).outcome());
            assertEquals(BothFlagsFell.Outcome.DRAW, both("40/120, G/60", Edition.FIDE_1997, 45).outcome());
            assertEquals("FIDE 1997 10.4", both("40/120, G/60", Edition.FIDE_1997, 45).article());
            // FIDE 1997 B.8: rapid, both flags: draw
            assertEquals("FIDE 1997 B.8", both("G/30", Edition.FIDE_1997, 5).article());
            assertEquals(BothFlagsFell.Outcome.DRAW, both("G/30", Edition.FIDE_1997, 5).outcome());
            assertEquals("FIDE 2001 6.12", both("40/120, G/60", Edition.FIDE_2001, 5).article());
            assertEquals("FIDE 2001 10.3", both("40/120, G/60", Edition.FIDE_2001, 45).article());
            assertEquals(BothFlagsFell.Outcome.GAME_CONTINUES, both("40/150, 16/60", Edition.CODE_1970, 45).outcome());
        }

        @Test
        void bothFlagsInTheLastPeriodWithoutGuidelinesIIIAreNotADrawTheFirstFlagDecides() {
            // given: FIDE 2018, Guidelines III not announced (III.2.1), the last period (G/30 after 40 moves)
            ClockFixture f = ClockFixture.started("40/90, G/30", Edition.FIDE_2018).play(45, 10 * SEC, 10 * SEC);
            long whiteFalls = f.state().deadline().orElseThrow();
            // when: the arbiter reports both flags down after White's fell and Black's ran out too
            String why = f.rejected(new ReportBothFlagsDown(GAME, "bf", ARBITER, whiteFalls + 40 * MIN), "III.2.1");
            // then: no III.3.1.2 draw; White's flag, recorded first by the digital clock, decides (6.9)
            assertTrue(why.contains("White's flag first") && why.contains("6.9"), why);
            List<ClockEvent> asEvents = ClockDecider.handle(new ReportBothFlagsDown(GAME, "bf", ARBITER,
                    whiteFalls + 40 * MIN), f.state());
            ClockEvent.FlagFell first = (ClockEvent.FlagFell) asEvents.get(0);
            assertEquals(Side.WHITE, first.side());
            assertEquals(whiteFalls, first.at());
            assertTrue(asEvents.stream().noneMatch(e -> e instanceof BothFlagsFell), asEvents::toString);
        }
    }

    @Test
    void penaltiesPerEditionFeedTheClockExactly() {
        var p = TimePenalties.illegalMove(Edition.FIDE_2018, Category.BLITZ, false, Side.BLACK, 1);
        ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
        var change = p.changes().get(0);
        TimeAdded added = (TimeAdded) f.apply(new AddTime(GAME, "pen", ARBITER, T0 + 5 * SEC, change.side(), change.millis(),
                change.article(), change.reason())).get(0);
        assertEquals(Side.WHITE, added.side());
        assertEquals(3 * MIN - 5 * SEC + MIN, added.remainingMillis());
        assertEquals("FIDE 2018 7.5.5, B.2", added.article());
    }
}

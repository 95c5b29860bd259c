package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

class ClockRunningTest {

    private static PressClock press(long at, Side side) {
        return new PressClock(GAME, "p", BOARD, at, side);
    }

    @Test
    void startRunsWhitesClockAtTheScheduledStartEvenWithNobodyThere() {
        ClockFixture f = new ClockFixture();
        List<ClockEvent> events = f.apply(ClockFixture.start("90+30", Edition.FIDE_2018, T0));
        ClockStarted started = (ClockStarted) events.get(0);
        assertEquals(90 * MIN, started.whiteMillis());
        assertEquals(90 * MIN, started.blackMillis());
        assertEquals(T0, started.at());
        assertEquals(Side.WHITE, f.state().toMove());
        assertEquals(Optional.of(T0 + 90 * MIN), f.state().deadline());
        assertEquals(90 * MIN - 7 * MIN, f.state().remaining(Side.WHITE, T0 + 7 * MIN));
        assertEquals(90 * MIN, f.state().remaining(Side.BLACK, T0 + 7 * MIN));
    }

    @Test
    void aGameFromAPositionWithBlackToMoveRunsBlacksClockFirst() {
        ClockFixture f = new ClockFixture();
        StartClock usual = ClockFixture.start("90+30", Edition.FIDE_2018, T0);
        List<ClockEvent> events = f.apply(new StartClock(GAME, "start", ARBITER, T0, usual.control(), usual.rules(),
                null, Side.BLACK));
        assertEquals(List.of(ClockStarted.class, TimesSet.class), events.stream().<Class<?>>map(Object::getClass)
                .toList());
        TimesSet set = (TimesSet) events.get(1);
        assertEquals(List.of(90 * MIN, 90 * MIN, 0, 0, Side.BLACK, T0), List.of(set.whiteMillis(), set.blackMillis(),
                set.whiteMoves(), set.blackMoves(), set.sideToMove(), set.at()));
        assertEquals(Side.BLACK, f.state().toMove());
        assertEquals(Optional.of(T0 + 90 * MIN), f.state().deadline());
        assertEquals(90 * MIN, f.state().remaining(Side.WHITE, T0 + 7 * MIN));
        assertEquals(90 * MIN - 7 * MIN, f.state().remaining(Side.BLACK, T0 + 7 * MIN));
        f.rejected(new PressClock(GAME, "w", BOARD, T0 + MIN, Side.WHITE), "White pressed the clock");
        ClockSwitched first = (ClockSwitched) f.apply(new PressClock(GAME, "b", BOARD, T0 + 7 * MIN, Side.BLACK))
                .get(0);
        assertEquals(List.of(Side.BLACK, 1, 90 * MIN - 7 * MIN + 30 * SEC), List.of(first.mover(), first.moveNumber(),
                first.remainingMillis()));
        assertEquals(Side.WHITE, f.state().toMove());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Nested
    class Fischer {
        @Test
        void incrementAddedOnEachCompletedMoveAndSavedTimeCarriesOver() {
            ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
            ClockSwitched w1 = (ClockSwitched) f.apply(press(T0 + 10_250, Side.WHITE)).get(0);
            assertEquals(new ClockSwitched(GAME, "p", BOARD, T0 + 10_250, Side.WHITE, 1, 10_250,
                    90 * MIN - 10_250 + 30 * SEC, 30 * SEC, 0, 1, 90 * MIN), w1);
            ClockSwitched b1 = (ClockSwitched) f.apply(press(T0 + 10_250 + 2_000, Side.BLACK)).get(0);
            assertEquals(90 * MIN + 28 * SEC, b1.remainingMillis());
            assertEquals(2_000, b1.elapsedMillis());
            assertEquals(90 * MIN + 20 * SEC - 250, b1.opponentRemainingMillis());
            assertEquals(Optional.of(T0 + 12_250 + 90 * MIN + 20 * SEC - 250), f.state().deadline());
        }

        @Test
        void secondPeriodTimeAddedWhenTheMoveCountIsReached() {
            ClockFixture f = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018);
            f.play(39, 60 * SEC, 60 * SEC);
            assertEquals(90 * MIN - 39 * 30 * SEC, f.state().face(Side.WHITE).remainingMillis());
            ClockSwitched w40 = (ClockSwitched) f.apply(press(f.now() + 60 * SEC, Side.WHITE)).get(0);
            assertEquals(40, w40.moveNumber());
            assertEquals(30 * MIN, w40.periodTimeAdded());
            assertEquals(2, w40.period());
            assertEquals(90 * MIN - 40 * 30 * SEC + 30 * MIN, w40.remainingMillis());
            ClockSwitched w41 = (ClockSwitched) f.apply(press(f.now() + 60 * SEC, Side.BLACK)).get(0);
            assertEquals(30 * MIN, w41.periodTimeAdded());
            ClockSwitched next = (ClockSwitched) f.apply(press(f.now() + 60 * SEC, Side.WHITE)).get(0);
            assertEquals(0, next.periodTimeAdded());
            assertEquals(w40.remainingMillis() - 30 * SEC, next.remainingMillis());
        }
    }

    @Nested
    class Delays {
        @Test
        void simpleDelayMainTimeRunsOnlyAfterTheDelayAndUnusedDelayIsLost() {
            ClockFixture f = ClockFixture.started("G/60 d5", Edition.FIDE_2018);
            assertEquals(Optional.of(T0 + 5 * SEC + 60 * MIN), f.state().deadline());
            assertEquals(60 * MIN, f.state().remaining(Side.WHITE, T0 + 4_999));
            assertEquals(60 * MIN - 1, f.state().remaining(Side.WHITE, T0 + 5_001));
            ClockSwitched w1 = (ClockSwitched) f.apply(press(T0 + 3_000, Side.WHITE)).get(0);
            assertEquals(60 * MIN, w1.remainingMillis());
            assertEquals(3_000, w1.bonusMillis());
            ClockSwitched b1 = (ClockSwitched) f.apply(press(T0 + 3_000 + 8_500, Side.BLACK)).get(0);
            assertEquals(60 * MIN - 3_500, b1.remainingMillis());
            assertEquals(5_000, b1.bonusMillis());
            assertEquals(8_500, b1.elapsedMillis());
        }

        @Test
        void bronsteinGivesBackTheTimeUsedUpToTheDelay() {
            ClockFixture f = ClockFixture.started("25 b5", Edition.FIDE_2018);
            assertEquals(Optional.of(T0 + 25 * MIN), f.state().deadline());
            assertEquals(25 * MIN - 3_000, f.state().remaining(Side.WHITE, T0 + 3_000));
            ClockSwitched w1 = (ClockSwitched) f.apply(press(T0 + 3_000, Side.WHITE)).get(0);
            assertEquals(25 * MIN, w1.remainingMillis());
            ClockSwitched b1 = (ClockSwitched) f.apply(press(T0 + 3_000 + 8_000, Side.BLACK)).get(0);
            assertEquals(25 * MIN - 3_000, b1.remainingMillis());
            assertEquals(5_000, b1.bonusMillis());
        }

        @Test
        void delayModeSavedTimeDoesNotCarryOverButIncrementDoes() {
            ClockFixture delay = ClockFixture.started("G/60 d5", Edition.FIDE_2018).play(10, 1_000, 1_000);
            ClockFixture increment = ClockFixture.started("60+5", Edition.FIDE_2018).play(10, 1_000, 1_000);
            assertEquals(60 * MIN, delay.state().face(Side.WHITE).remainingMillis());
            assertEquals(60 * MIN + 10 * 4_000, increment.state().face(Side.WHITE).remainingMillis());
        }
    }

    @Nested
    class FlagFall {
        @Test
        void checkFlagBeforeTheDeadlineDoesNothing() {
            ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
            assertEquals(List.of(), f.when(new CheckFlag(GAME, "cf", ARBITER, T0 + 3 * MIN - 1)));
        }

        @Test
        void flagFallsAtTheDeadlineEvenWhenCheckedLate() {
            ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
            List<ClockEvent> events = f.apply(new CheckFlag(GAME, "cf", ARBITER, T0 + 3 * MIN + 37));
            assertEquals(List.of(new FlagFell(GAME, "cf", ARBITER, T0 + 3 * MIN, Side.WHITE, 1, 0, 0, false, true)), events);
            assertEquals(Optional.empty(), f.state().deadline());
            assertEquals(0, f.state().remaining(Side.WHITE, T0 + 10 * MIN));
            assertEquals(List.of(), f.when(new CheckFlag(GAME, "cf2", ARBITER, T0 + 4 * MIN)), "a flag falls once");
        }

        @Test
        void pressAfterTheDeadlineRecordsTheFlagFirst() {
            ClockFixture f = ClockFixture.started("40/120, 20/60, G/30", Edition.FIDE_2018).play(30, 2 * MIN, 100 * SEC);
            long deadline = f.state().deadline().orElseThrow();
            assertEquals(f.now() + 60 * MIN, deadline);
            List<ClockEvent> events = f.apply(press(deadline + 500, Side.WHITE));
            assertEquals(new FlagFell(GAME, "p", BOARD, deadline, Side.WHITE, 1, 30, 40, false, false), events.get(0));
            ClockSwitched after = (ClockSwitched) events.get(1);
            assertEquals(0, after.remainingMillis());
            assertEquals(60 * MIN + 500, after.elapsedMillis());
        }

        @Test
        void flagInTheFinalPeriodRequiresAllMoves() {
            ClockFixture f = ClockFixture.started("40/120, 20/60, G/30", Edition.FIDE_2018).play(60, 2 * MIN, 100 * SEC);
            assertEquals(3, f.state().face(Side.WHITE).period() + 1);
            FlagFell flag = (FlagFell) f.apply(new CheckFlag(GAME, "cf", ARBITER, f.state().deadline().orElseThrow())).get(0);
            assertEquals(3, flag.period());
            assertTrue(flag.finalPeriod());
            assertEquals(0, flag.movesRequired());
            assertFalse(flag.requirementMet());
        }

        @Test
        void aPressExactlyAtTheDeadlineIsTooLate() {
            ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
            List<ClockEvent> late = f.when(press(T0 + 3 * MIN, Side.WHITE));
            assertEquals(T0 + 3 * MIN, ((FlagFell) late.get(0)).at());
            ClockSwitched inTime = (ClockSwitched) f.when(press(T0 + 3 * MIN - 1, Side.WHITE)).get(0);
            assertEquals(1 + 2 * SEC, inTime.remainingMillis());
        }

        @Test
        void simpleDelayFlagComesAfterTheDelay() {
            ClockFixture f = ClockFixture.started("G/1 d5", Edition.FIDE_2018);
            ClockSwitched inTime = (ClockSwitched) f.when(press(T0 + MIN + 5 * SEC - 1, Side.WHITE)).get(0);
            assertEquals(1, inTime.remainingMillis());
            assertTrue(f.when(press(T0 + MIN + 5 * SEC, Side.WHITE)).get(0) instanceof FlagFell);
        }

        @Test
        void pauseDuringTheTurnMovesTheDeadline() {
            ClockFixture f = ClockFixture.started("3+2", Edition.FIDE_2018);
            f.run(new PauseClock(GAME, "pz", ARBITER, T0 + 60 * SEC, "draw claim"));
            assertEquals(Optional.empty(), f.state().deadline());
            assertEquals(2 * MIN, f.state().remaining(Side.WHITE, T0 + 10 * MIN));
            f.run(new ResumeClock(GAME, "rs", ARBITER, T0 + 10 * MIN));
            assertEquals(Optional.of(T0 + 12 * MIN), f.state().deadline());
            ClockSwitched w1 = (ClockSwitched) f.apply(press(T0 + 10 * MIN + 30 * SEC, Side.WHITE)).get(0);
            assertEquals(90 * SEC, w1.elapsedMillis(), "paused time is not thinking time");
            assertEquals(3 * MIN - 90 * SEC + 2 * SEC, w1.remainingMillis());
        }
    }

    @Test
    void armageddonRunsEachSideUnderItsOwnControl() {
        var sides = org.torneo.clock.core.timecontrol.TimeControlParser.parseSides("W300+2-B240+2");
        var rules = new org.torneo.contracts.clock.ClockRules(new org.torneo.contracts.Ruleset(Edition.FIDE_2018,
                org.torneo.contracts.Ruleset.Category.BLITZ), 0, false);
        ClockFixture f = new ClockFixture().run(new org.torneo.contracts.clock.ClockCommand.StartClock(GAME, "st", ARBITER, T0,
                sides.white(), rules, sides.black()));
        ClockStarted started = (ClockStarted) f.history().get(0);
        assertEquals(5 * MIN, started.whiteMillis());
        assertEquals(4 * MIN, started.blackMillis());
        f.press(T0 + 10 * SEC, Side.WHITE);
        assertEquals(Optional.of(T0 + 10 * SEC + 4 * MIN), f.state().deadline());
        ClockSwitched b1 = (ClockSwitched) f.apply(press(T0 + 20 * SEC, Side.BLACK)).get(0);
        assertEquals(4 * MIN - 10 * SEC + 2 * SEC, b1.remainingMillis());
        assertEquals(ClockFixture.started("3+2", Edition.FIDE_2018).state().blackControl(), null);
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()));
    }

    @Test
    void scoresheetExemptionUnderFiveMinutesWithoutA30SecondIncrement() {
        ClockFixture f = ClockFixture.started("10+5", Edition.FIDE_2018);
        assertFalse(f.state().scoresheetExempt(Side.WHITE, T0 + 5 * MIN));
        assertTrue(f.state().scoresheetExempt(Side.WHITE, T0 + 5 * MIN + 1));
        assertFalse(f.state().scoresheetExempt(Side.BLACK, T0 + 5 * MIN + 1));
        ClockFixture big = ClockFixture.started("10+30", Edition.FIDE_2018);
        assertFalse(big.state().scoresheetExempt(Side.WHITE, T0 + 9 * MIN));
        ClockFixture old = ClockFixture.started("10", Edition.CODE_1970);
        assertFalse(old.state().scoresheetExempt(Side.WHITE, T0 + 9 * MIN));
    }

    @Test
    void perMoveReadingsGiveClkAndEmt() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.press(T0 + 65_000, Side.WHITE).press(T0 + 65_000 + 3_725_000, Side.BLACK);
        ClockSwitched w = (ClockSwitched) f.history().get(1);
        ClockSwitched b = (ClockSwitched) f.history().get(2);
        assertEquals("1:29:25", ClockReadings.clk(w));
        assertEquals("0:01:05", ClockReadings.emt(w));
        assertEquals("0:28:25", ClockReadings.clk(b));
        assertEquals("1:02:05", ClockReadings.emt(b));
    }
}

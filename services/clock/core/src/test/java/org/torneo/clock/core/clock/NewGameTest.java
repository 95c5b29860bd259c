package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.newgame.NewGame;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockEvent.NewGameStarted;
import org.torneo.contracts.clock.ClockEvent.PressHeld;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.TimingMode;

/**
 * An annulled game played again (FIDE 2018 7.2.1, 7.3, I.12.2; 1997 A.11b): the clock as at a game's start, whatever
 * the order in which the annulment and the new game's first moves reach the clock.
 */
class NewGameTest {

    private static List<ClockEvent> newGame(ClockFixture f, long at) {
        return f.record(NewGame.decide(f.state(), "annul", ARBITER, at, "FIDE 2018 7.2.1", "game annulled"));
    }

    /** The game's completed move of {@code ply} as the clock app reads it: held when a new game's, else pressed. */
    private static List<ClockEvent> moveCompleted(ClockFixture f, String id, long at, Side side, int ply) {
        PressClock press = new PressClock(GAME, id, BOARD, at, side);
        Optional<PressHeld> held = NewGame.held(f.state(), press, ply);
        return held.isPresent() ? f.record(List.of(held.get())) : f.apply(press);
    }

    private static List<Class<?>> kinds(List<ClockEvent> events) {
        return events.stream().<Class<?>>map(Object::getClass).toList();
    }

    @Test
    void aRunningGameStartsAgainWithTheBaseTimesNoMovesAndWhitesClockRunning() {
        ClockFixture f = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018).play(12, 2 * MIN, 3 * MIN);
        f.run(new DeductTime(GAME, "penalty", ARBITER, f.now(), Side.BLACK, 2 * MIN, "FIDE 2018 12.9.3", "noise"));
        long at = f.now() + 40 * SEC;
        assertEquals(List.of(new NewGameStarted(GAME, "annul", ARBITER, at, 90 * MIN, 90 * MIN, "FIDE 2018 7.2.1",
                "game annulled"), new TimesSet(GAME, "annul", ARBITER, at, 90 * MIN, 90 * MIN, 0, 0, Side.WHITE,
                "FIDE 2018 7.2.1", "game annulled")), newGame(f, at));
        ClockState s = f.state();
        assertEquals(ClockStatus.RUNNING, s.status());
        assertEquals(Side.WHITE, s.toMove());
        assertEquals(0, s.face(Side.WHITE).moves());
        assertEquals(0, s.face(Side.BLACK).period());
        assertEquals(90 * MIN - 7 * SEC, s.remaining(Side.WHITE, at + 7 * SEC), "White's clock runs from the ruling");
        assertEquals(Optional.of(at + 90 * MIN), s.deadline());
        // the first move of the new game gets its increment as any first move
        f.press(at + 10 * SEC, Side.WHITE);
        assertEquals(90 * MIN - 10 * SEC + 30 * SEC, f.state().face(Side.WHITE).remainingMillis());
    }

    @Test
    void anAdjournedGameWhoseEnvelopeIsLostStartsAgainAsANewSessionWithWhitesClock() {
        ClockFixture f = ClockFixture.started("40/120, 20/60", Edition.FIDE_1997).play(40, 2 * MIN, MIN);
        f.press(f.now() + MIN, Side.WHITE);
        f.run(new AdjournGame(GAME, "adj", ARBITER, f.now() + 4 * MIN, null)); // Black seals
        long at = f.now() + 20 * 3600_000L;
        List<ClockEvent> events = newGame(f, at);
        assertEquals(List.of(new SessionResumed(GAME, "annul", ARBITER, at, Side.WHITE),
                new NewGameStarted(GAME, "annul/new-game", ARBITER, at, 120 * MIN, 120 * MIN, "FIDE 2018 7.2.1",
                        "game annulled"),
                new TimesSet(GAME, "annul/new-game", ARBITER, at, 120 * MIN, 120 * MIN, 0, 0, Side.WHITE,
                        "FIDE 2018 7.2.1", "game annulled")), events);
        assertEquals(ClockStatus.RUNNING, f.state().status());
        assertEquals(120 * MIN - MIN, f.state().remaining(Side.WHITE, at + MIN));
        assertEquals(120 * MIN, f.state().remaining(Side.BLACK, at + MIN));
    }

    @Test
    void aPausedClockIsRestartedAndAFallenFlagIsRaised() {
        ClockFixture f = ClockFixture.started("G/5", Edition.FIDE_2018);
        f.press(T0 + 2 * MIN, Side.WHITE);
        f.run(new CheckFlag(GAME, "flag", ARBITER, T0 + 8 * MIN)); // Black's flag falls at 7 minutes
        assertTrue(f.state().face(Side.BLACK).flagFallen());
        f.run(new PauseClock(GAME, "pause", ARBITER, T0 + 8 * MIN, "the arbiter checks the initial position"));
        List<ClockEvent> events = newGame(f, T0 + 9 * MIN);
        assertInstanceOf(ClockResumed.class, events.get(0));
        assertEquals(new TimesSet(GAME, "annul/new-game", ARBITER, T0 + 9 * MIN, 5 * MIN, 5 * MIN, 0, 0, Side.WHITE,
                "FIDE 2018 7.2.1", "game annulled"), events.get(2));
        assertEquals(false, f.state().face(Side.BLACK).flagFallen());
        assertEquals(Optional.of(T0 + 14 * MIN), f.state().deadline());
    }

    @Test
    void eachColourGetsItsOwnControlsBaseTime() {
        ClockFixture f = new ClockFixture();
        ClockRules rules = new ClockRules(new Ruleset(Edition.FIDE_2018, Ruleset.Category.BLITZ), 0, false);
        f.run(new StartClock(GAME, "start", ARBITER, T0, TimeControlParser.parse("5"), rules,
                TimeControlParser.parse("4")));
        f.play(3, 10 * SEC, 20 * SEC);
        TimesSet set = (TimesSet) newGame(f, f.now() + SEC).get(1);
        assertEquals(5 * MIN, set.whiteMillis());
        assertEquals(4 * MIN, set.blackMillis());
    }

    @Test
    void aClockAlreadyLaterThanTheRulingIsSetAtItsLatestInstant() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(3, MIN, MIN);
        TimesSet set = (TimesSet) newGame(f, T0 + MIN).get(1);
        assertEquals(f.state().lastEventAt(), set.at());
        assertEquals(T0 + 6 * MIN, set.at());
    }

    @Test
    void aGameOverOrWithoutAClockHasNothingToRestart() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.run(new StopClock(GAME, "stop", ARBITER, T0 + MIN, "game over"));
        assertEquals(List.of(), NewGame.decide(f.state(), "annul", ARBITER, T0 + 2 * MIN, "FIDE 2018 7.2.1", "x"));
        assertEquals(List.of(), NewGame.decide(ClockState.initial(GAME), "annul", ARBITER, T0, "FIDE 2018 7.2.1", "x"));
    }

    // ---------------------------------------------------------------- the new game's moves read before the annulment

    /** 40/90+30, 30+30 under FIDE 2018: Black seals his 12th move; the game is adjourned. */
    private static ClockFixture adjourned() {
        ClockFixture f = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018).play(11, 2 * MIN, 3 * MIN);
        f.press(f.now() + MIN, Side.WHITE);
        return f.run(new AdjournGame(GAME, "adj", ARBITER, f.now() + 4 * MIN, null));
    }

    @Test
    void anAnnulmentReadAfterTheNewGamesFirstPressWhileAdjournedStartsTheNewGameWithThatPress() {
        // FIDE 2018 I.12.2: the envelope is lost and the position cannot be re-established; the new game's first move
        // (travelling on the moves topic) reaches the clock before the annulment (on the claims topic)
        ClockFixture pressFirst = adjourned();
        long ruled = pressFirst.now() + 20 * 3600_000L;
        List<ClockEvent> held = moveCompleted(pressFirst, "new-1", ruled + 15 * SEC, Side.WHITE, 1);
        assertEquals(List.of(PressHeld.class), kinds(held), "held, not refused as a press while adjourned");
        assertEquals(ClockStatus.ADJOURNED, pressFirst.state().status());
        assertEquals(Optional.empty(), pressFirst.state().deadline(), "no clock runs until the new game starts");
        List<ClockEvent> events = newGame(pressFirst, ruled);
        assertEquals(List.of(SessionResumed.class, NewGameStarted.class, TimesSet.class, ClockSwitched.class),
                kinds(events));
        assertEquals(ruled, events.get(2).at(), "the new game starts at the ruling, not at the press read before it");
        ClockSwitched first = (ClockSwitched) events.get(3);
        assertEquals("new-1", first.commandId());
        assertEquals(List.of(1, 15 * SEC, 90 * MIN - 15 * SEC + 30 * SEC), List.of(first.moveNumber(),
                first.elapsedMillis(), first.remainingMillis()));

        ClockFixture annulmentFirst = adjourned();
        newGame(annulmentFirst, ruled);
        moveCompleted(annulmentFirst, "new-1", ruled + 15 * SEC, Side.WHITE, 1);
        assertEquals(annulmentFirst.state(), pressFirst.state(), "the same clock whichever was read first");
        assertEquals(pressFirst.state(), ClockDecider.fold(GAME, pressFirst.history()), "a replay rebuilds it");
        assertEquals(List.of(), pressFirst.history().stream().filter(e -> e instanceof CommandRejected).toList());
    }

    @Test
    void theNewGamesMovesReadBeforeTheAnnulmentOfARunningGameAreHeldThenPressedInOrder() {
        // FIDE 2018 7.2.1: the initial position was wrong; White is to move in the annulled game
        ClockFixture pressesFirst = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018).play(12, 2 * MIN, 3 * MIN);
        long ruled = pressesFirst.now() + 40 * SEC;
        assertEquals(List.of(PressHeld.class), kinds(moveCompleted(pressesFirst, "new-1", ruled + 15 * SEC,
                Side.WHITE, 1)), "the game's first move while the clock counts 24 is a new game's");
        assertEquals(List.of(PressHeld.class), kinds(moveCompleted(pressesFirst, "new-2", ruled + 40 * SEC,
                Side.BLACK, 2)), "the new game goes on");
        assertEquals(12, pressesFirst.state().white().moves(), "the annulled game's clock is untouched");
        assertEquals(Optional.empty(), pressesFirst.state().deadline(), "no flag of the annulled game may fall");
        assertEquals(List.of(), pressesFirst.when(new CheckFlag(GAME, "flag", ARBITER, ruled + 100 * MIN)));
        List<ClockEvent> events = newGame(pressesFirst, ruled);
        assertEquals(List.of(NewGameStarted.class, TimesSet.class, ClockSwitched.class, ClockSwitched.class),
                kinds(events));
        ClockState s = pressesFirst.state();
        assertEquals(90 * MIN - 15 * SEC + 30 * SEC, s.white().remainingMillis());
        assertEquals(90 * MIN - 25 * SEC + 30 * SEC, s.black().remainingMillis());
        assertEquals(List.of(1, 1), List.of(s.white().moves(), s.black().moves()));
        assertEquals(Side.WHITE, s.toMove());
        assertEquals(List.of(), s.heldPresses());

        ClockFixture annulmentFirst = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018).play(12, 2 * MIN, 3 * MIN);
        newGame(annulmentFirst, ruled);
        moveCompleted(annulmentFirst, "new-1", ruled + 15 * SEC, Side.WHITE, 1);
        moveCompleted(annulmentFirst, "new-2", ruled + 40 * SEC, Side.BLACK, 2);
        assertEquals(annulmentFirst.state(), s, "the same clock whichever was read first");
        assertEquals(s, ClockDecider.fold(GAME, pressesFirst.history()), "a replay rebuilds it");
    }

    @Test
    void aNewGamesFirstMoveIsHeldEvenWhenItIsNotWhitesTurnInTheAnnulledGame() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(5, MIN, MIN);
        f.press(f.now() + MIN, Side.WHITE); // Black to move in the annulled game
        long ruled = f.now() + 10 * SEC;
        assertEquals(List.of(PressHeld.class), kinds(moveCompleted(f, "new-1", ruled + 5 * SEC, Side.WHITE, 1)));
        List<ClockEvent> events = newGame(f, ruled);
        assertEquals(List.of(NewGameStarted.class, TimesSet.class, ClockSwitched.class), kinds(events));
        assertEquals(90 * MIN - 5 * SEC + 30 * SEC, ((ClockSwitched) events.get(2)).remainingMillis());
        assertEquals(Side.BLACK, f.state().toMove());
    }

    @Test
    void movesOfTheGameTheClockRunsAreNeverHeld() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        assertEquals(List.of(ClockSwitched.class), kinds(moveCompleted(f, "m1", T0 + 10 * SEC, Side.WHITE, 1)),
                "the game's first move on a clock that has counted none");
        f.press(f.now() + MIN, Side.BLACK);
        f.play(3, MIN, MIN);
        // after moves were taken back (FIDE 2018 7.5.1) the game's plies no longer match the clock's count
        assertEquals(List.of(ClockSwitched.class), kinds(moveCompleted(f, "m9", f.now() + MIN, Side.WHITE, 5)));
    }

    @Test
    void aSettingReadBeforeTheAnnulmentKeepsTheNewGamesHeldPresses() {
        // FIDE 2018 7.2.1: the new game's first two moves are read before the annulment; a setting of the annulled
        // game made just before the ruling (FIDE 2018 6.10.2, on the clock's own topic) is read in between: the held
        // moves are the new game's and are not lost
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(3, MIN, MIN);
        long ruled = f.now() + MIN;
        assertEquals(List.of(PressHeld.class), kinds(moveCompleted(f, "new-1", ruled + 10 * SEC, Side.WHITE, 1)));
        f.run(new SetTimes(GAME, "set", ARBITER, ruled - 5 * SEC, 85 * MIN, 87 * MIN, null, null, Side.WHITE,
                "FIDE 2018 6.10.2", "the arbiter corrects the annulled game's clocks"));
        assertEquals(1, f.state().heldPresses().size(), "the new game's press stays held");
        assertEquals(Optional.empty(), f.state().deadline(), "no flag of the annulled game may fall");
        assertEquals(List.of(PressHeld.class), kinds(moveCompleted(f, "new-2", ruled + 30 * SEC, Side.BLACK, 2)));
        List<ClockEvent> events = newGame(f, ruled);
        assertEquals(List.of(NewGameStarted.class, TimesSet.class, ClockSwitched.class, ClockSwitched.class),
                kinds(events));
        ClockState s = f.state();
        assertEquals(List.of(1, 1, Side.WHITE), List.of(s.white().moves(), s.black().moves(), s.toMove()));
        assertEquals(90 * MIN - 20 * SEC + 30 * SEC, s.black().remainingMillis());
        assertEquals(List.of(), s.heldPresses());
        assertEquals(s, ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Test
    void aPressMadeBeforeTheRulingIsNotTheNewGamesAndIsRefused() {
        ClockFixture f = adjourned();
        long ruled = f.now() + 3600_000L;
        moveCompleted(f, "stray", ruled - SEC, Side.WHITE, 1);
        List<ClockEvent> events = newGame(f, ruled);
        CommandRejected refused = assertInstanceOf(CommandRejected.class, events.get(events.size() - 1));
        assertTrue(refused.reason().contains("time goes backwards"), refused.reason());
        assertEquals(90 * MIN, f.state().remaining(Side.WHITE, ruled), "White's clock runs from the ruling");
    }

    @Test
    void aQuickplayIncrementIntroducedUnderIII4DoesNotSurviveTheAnnulment() {
        ClockFixture f = new ClockFixture().run(new StartClock(GAME, "st", ARBITER, T0, TimeControlParser.parse("G/15"),
                new ClockRules(new Ruleset(Edition.FIDE_2018, Ruleset.Category.STANDARD), 0, true)));
        // White has 1:50 left and asks for the increment: +5 s a move for both, +2 min to Black (FIDE 2018 III.4)
        long asked = T0 + 13 * MIN + 10 * SEC;
        f.run(new IntroduceQuickplayIncrement(GAME, "q", ARBITER, asked, Side.WHITE));
        f.run(new DeductTime(GAME, "penalty", ARBITER, asked, Side.WHITE, 30 * SEC, "FIDE 2018 12.9.3", "noise"));
        f.press(asked + 10 * SEC, Side.WHITE);
        assertEquals(TimingMode.FISCHER, f.state().currentPeriod(Side.BLACK).mode());
        long ruled = asked + MIN;
        newGame(f, ruled);
        ClockState s = f.state();
        assertEquals(TimeControlParser.parse("G/15"), s.control(), "the control as announced");
        assertEquals(TimingMode.NONE, s.currentPeriod(Side.WHITE).mode());
        assertEquals(List.of(15 * MIN, 15 * MIN), List.of(s.remaining(Side.WHITE, ruled), s.remaining(Side.BLACK, ruled)));
        assertEquals(List.of(0L, 0L), List.of(s.used(Side.WHITE, ruled), s.used(Side.BLACK, ruled)));
        // the new game's moves get no increment
        ClockSwitched first = assertInstanceOf(ClockSwitched.class,
                f.apply(new PressClock(GAME, "m1", ClockFixture.BOARD, ruled + 20 * SEC, Side.WHITE)).get(0));
        assertEquals(0, first.bonusMillis());
        assertEquals(15 * MIN - 20 * SEC, first.remainingMillis());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Test
    void armageddonColoursGetTheirAnnouncedControlsBack() {
        ClockFixture f = new ClockFixture();
        ClockRules rules = new ClockRules(new Ruleset(Edition.FIDE_2018, Ruleset.Category.BLITZ), 0, false);
        f.run(new StartClock(GAME, "start", ARBITER, T0, TimeControlParser.parse("5+2"), rules,
                TimeControlParser.parse("4+2")));
        f.play(3, 10 * SEC, 20 * SEC);
        newGame(f, f.now() + SEC);
        assertEquals(TimeControlParser.parse("4+2"), f.state().control(Side.BLACK));
        assertEquals(TimeControlParser.parse("5+2"), f.state().control(Side.WHITE));
    }
}

package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.newgame.NewGame;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.ClockRules;

/** An annulled game played again (FIDE 2018 7.2.1, 7.3, I.12.2; 1997 A.11b): the clock as at a game's start. */
class NewGameTest {

    private static List<ClockEvent> newGame(ClockFixture f, long at) {
        List<ClockEvent> out = new ArrayList<>();
        for (ClockCommand c : NewGame.commands(f.state(), "annul", ARBITER, at, "FIDE 2018 7.2.1", "game annulled")) {
            out.addAll(f.apply(c));
        }
        return out;
    }

    @Test
    void aRunningGameStartsAgainWithTheBaseTimesNoMovesAndWhitesClockRunning() {
        ClockFixture f = ClockFixture.started("40/90+30, 30+30", Edition.FIDE_2018).play(12, 2 * MIN, 3 * MIN);
        f.run(new DeductTime(GAME, "penalty", ARBITER, f.now(), Side.BLACK, 2 * MIN, "FIDE 2018 12.9.3", "noise"));
        long at = f.now() + 40 * SEC;
        assertEquals(List.of(new TimesSet(GAME, "annul", ARBITER, at, 90 * MIN, 90 * MIN, 0, 0, Side.WHITE,
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
                "FIDE 2018 7.2.1", "game annulled"), events.get(1));
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
        TimesSet set = (TimesSet) newGame(f, f.now() + SEC).get(0);
        assertEquals(5 * MIN, set.whiteMillis());
        assertEquals(4 * MIN, set.blackMillis());
    }

    @Test
    void aClockAlreadyLaterThanTheRulingIsSetAtItsLatestInstant() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(3, MIN, MIN);
        TimesSet set = (TimesSet) newGame(f, T0 + MIN).get(0);
        assertEquals(f.state().lastEventAt(), set.at());
        assertEquals(T0 + 6 * MIN, set.at());
    }

    @Test
    void aGameOverOrWithoutAClockHasNothingToRestart() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.run(new StopClock(GAME, "stop", ARBITER, T0 + MIN, "game over"));
        assertEquals(List.of(), NewGame.commands(f.state(), "annul", ARBITER, T0 + 2 * MIN, "FIDE 2018 7.2.1", "x"));
        assertEquals(List.of(), NewGame.commands(ClockState.initial(GAME), "annul", ARBITER, T0, "FIDE 2018 7.2.1", "x"));
    }
}

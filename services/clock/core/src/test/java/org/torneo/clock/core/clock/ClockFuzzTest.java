package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.ApplyProportionalTimes;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.CorrectMoveCounter;
import org.torneo.contracts.clock.ClockCommand.DeclareOverstepNotProvable;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockCommand.ReportBothFlagsDown;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.CommandRejected;
import org.torneo.contracts.clock.ClockRules;

/** Any sequence of commands, sensible or not: never a crash, and the events always replay to the live state. */
class ClockFuzzTest {

    private static final String[] CONTROLS = {"90+30", "40/90+30, 30+30", "G/60 d5", "40/120, 20/60, G/30", "3+2", "25 b5",
            "G/15", "10/1, 5/1", "1+0"};

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void randomCommandsNeverCrashAndAlwaysReplay(long seed) {
        Random random = new Random(seed);
        ClockState state = ClockState.initial(GAME);
        List<ClockEvent> log = new ArrayList<>();
        long now = T0 - 60_000;
        int refused = 0;
        for (int i = 0; i < 400; i++) {
            now += random.nextInt(10) == 0 ? -random.nextInt(5_000) : random.nextInt(90_000);
            ClockCommand command = randomCommand(random, now, i);
            List<ClockEvent> events = ClockDecider.handle(command, state);
            for (ClockEvent e : events) {
                state = ClockDecider.evolve(state, e);
                log.add(e);
                if (e instanceof CommandRejected r) {
                    refused++;
                    assertTrue(!r.reason().isBlank());
                }
            }
            for (Side side : Side.values()) {
                if (state.started()) {
                    assertTrue(state.remaining(side, state.lastEventAt()) >= 0 || state.deadline().isPresent(),
                            "time below zero with no flag pending at step " + i);
                }
            }
        }
        assertEquals(state, ClockDecider.fold(GAME, log));
        if (Boolean.getBoolean("torneo.fuzz.stats")) {
            System.out.println(seed + ": " + log.stream().collect(java.util.stream.Collectors.groupingBy(
                    e -> e.getClass().getSimpleName(), java.util.TreeMap::new, java.util.stream.Collectors.counting())));
        }
        assertTrue(refused > 0 && refused < 400, "refused " + refused);
    }

    private static ClockCommand randomCommand(Random r, long at, int i) {
        String id = "c" + i;
        Side side = r.nextInt(20) == 0 ? null : Side.values()[r.nextInt(2)];
        long millis = switch (r.nextInt(4)) {
            case 0 -> -r.nextInt(1000);
            case 1 -> r.nextInt(300_000);
            case 2 -> 25L * 3600_000;
            default -> r.nextInt(10_000);
        };
        return switch (r.nextInt(i < 3 ? 3 : 19)) {
            case 0 -> new StartClock(GAME, id, ARBITER, at, TimeControlParser.parse(CONTROLS[r.nextInt(CONTROLS.length)]),
                    new ClockRules(new Ruleset(Edition.values()[r.nextInt(4)], Category.values()[r.nextInt(3)]),
                            r.nextInt(3) * 30 * 60_000L, r.nextBoolean()));
            case 1 -> new RecordArrival(GAME, id, ARBITER, at, side);
            case 2, 3, 4, 5, 6 -> new PressClock(GAME, id, ARBITER, at, side);
            case 7 -> new CheckFlag(GAME, id, ARBITER, at);
            case 8 -> new PauseClock(GAME, id, ARBITER, at, r.nextBoolean() ? "claim" : "");
            case 9 -> new ResumeClock(GAME, id, ARBITER, at);
            case 10 -> r.nextBoolean() ? new AddTime(GAME, id, ARBITER, at, side, millis, "FIDE 2018 12.5", "disturbance")
                    : new DeductTime(GAME, id, ARBITER, at, side, millis, "FIDE 2018 12.9.3", "penalty");
            case 11 -> new SetTimes(GAME, id, ARBITER, at, millis, r.nextInt(600_000), r.nextBoolean() ? null : r.nextInt(90) - 5,
                    r.nextInt(60), side, "FIDE 2018 7.1", "irregularity");
            case 12 -> new ApplyProportionalTimes(GAME, id, ARBITER, at, r.nextInt(40) - 2, r.nextInt(40), r.nextInt(40),
                    r.nextInt(40), side);
            case 13 -> new CorrectMoveCounter(GAME, id, ARBITER, at, side, r.nextInt(90) - 5, "missed press");
            case 14 -> new IntroduceQuickplayIncrement(GAME, id, ARBITER, at, side);
            case 15 -> r.nextBoolean() ? new CheckDefault(GAME, id, ARBITER, at)
                    : new AdjournGame(GAME, id, ARBITER, at, r.nextBoolean() ? null : at + r.nextInt(600_000));
            case 16 -> new ResumeSession(GAME, id, ARBITER, at);
            case 17 -> r.nextBoolean() ? new DeclareOverstepNotProvable(GAME, id, ARBITER, at, side)
                    : new ReportBothFlagsDown(GAME, id, ARBITER, at);
            default -> r.nextInt(25) == 0 ? new StopClock(GAME, id, ARBITER, at, r.nextInt(10) == 0 ? " " : "game over")
                    : new PressClock(GAME, id, ARBITER, at, side);
        };
    }
}

package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;
import static org.torneo.clock.core.clock.ClockFixture.T0;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

class ClockReplayTest {

    @Test
    void longMultiPeriodGameReplaysToTheSameStateAndReadings() {
        // 40/120, 20/60, G/30 with 80 moves each, varied thinking times (seeded)
        ClockFixture live = ClockFixture.started("40/120, 20/60, G/30", Edition.FIDE_2018);
        Random random = new Random(20180101);
        List<ClockState> statesAlongTheWay = new ArrayList<>();
        for (int move = 1; move <= 80; move++) {
            for (Side side : Side.values()) {
                long think = move <= 40 ? 10_000 + random.nextInt(150_000) : move <= 60 ? 5_000 + random.nextInt(150_000)
                        : 1_000 + random.nextInt(20_000);
                live.press(live.now() + think, side);
                statesAlongTheWay.add(live.state());
            }
        }
        ClockState replayed = ClockDecider.fold(GAME, live.history());
        assertEquals(live.state(), replayed);
        assertEquals(live.state(), ClockDecider.fold(GAME, List.copyOf(live.history())), "a second replay is identical");
        // every prefix replays to the state seen live at that point
        for (int i = 0; i < statesAlongTheWay.size(); i++) {
            assertEquals(statesAlongTheWay.get(i), ClockDecider.fold(GAME, live.history().subList(0, i + 2)));
        }
        assertEquals(80, replayed.face(Side.WHITE).moves());
        assertEquals(3, replayed.face(Side.BLACK).period() + 1);
        // the %clk of each move equals the period times minus the recorded thinking times
        long white = 0;
        long added = 120 * MIN;
        for (ClockEvent e : live.history()) {
            if (e instanceof ClockSwitched s && s.mover() == Side.WHITE) {
                white += s.elapsedMillis();
                added += s.periodTimeAdded();
                assertEquals(added - white, s.remainingMillis(), "move " + s.moveNumber());
            }
        }
        assertEquals(120 * MIN + 60 * MIN + 30 * MIN, added);
    }

    @RepeatedTest(20)
    void usedTimeAddsUpToTheWallTimeUntilTheFlag(RepetitionInfo info) {
        Random random = new Random(info.getCurrentRepetition());
        String[] controls = {"3+2", "G/5 d3", "5 b2", "10/2, G/1", "1+1"};
        String control = controls[random.nextInt(controls.length)];
        ClockFixture f = ClockFixture.started(control, Edition.FIDE_2018);
        long pausedFor = 0;
        while (f.state().deadline().isPresent()) {
            long deadline = f.state().deadline().get();
            long think = random.nextInt(30_000);
            long at = f.now() + think;
            if (random.nextInt(10) == 0 && at < deadline) {
                f.run(new PauseClock(GAME, "pz", ARBITER, at, "claim"));
                long pause = random.nextInt(60_000);
                pausedFor += pause;
                f.run(new ResumeClock(GAME, "rs", ARBITER, at + pause));
                continue;
            }
            if (random.nextInt(15) == 0 && at < deadline) {
                f.run(new AddTime(GAME, "add", ARBITER, at, Side.values()[random.nextInt(2)], 1 + random.nextInt(5000),
                        "FIDE 2018 12.5", "disturbance"));
                continue;
            }
            if (at >= deadline) {
                f.run(new CheckFlag(GAME, "cf", ARBITER, at));
            } else {
                f.press(at, f.state().toMove());
            }
        }
        FlagFell flag = (FlagFell) f.history().get(f.history().size() - 1);
        long used = f.state().used(Side.WHITE, flag.at()) + f.state().used(Side.BLACK, flag.at());
        assertEquals(flag.at() - T0 - pausedFor, used, control);
        assertEquals(0, f.state().remaining(flag.side(), flag.at() + 5 * SEC));
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "replay after the flag: the recorded facts stand");
        assertTrue(f.state().remaining(flag.side().opponent(), flag.at()) > 0);
    }

    @Test
    void replayNeverConsultsAWallClock() {
        // the same events folded long after the game give the same readings as live
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(12, 90 * SEC, 75 * SEC);
        ClockState replayed = ClockDecider.fold(GAME, f.history());
        long someInstant = f.now() + 17 * MIN;
        assertEquals(f.state().remaining(Side.WHITE, someInstant), replayed.remaining(Side.WHITE, someInstant));
        assertEquals(f.state().deadline(), replayed.deadline());
    }
}

package org.torneo.clock.app.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockAggregate;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;

/**
 * The flag scheduler with its real timer: one check per due game at its deadline, none for a clock
 * that moved on, a retry with the same command id when no effect is seen, checks at the default time.
 * Deadlines are a few hundred milliseconds ahead; the assertions are about which commands are sent,
 * never about how fast.
 */
class FlagSchedulerTest {

    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a");
    private final ClockAggregate clock = new ClockAggregate();
    private final LinkedBlockingQueue<Sent> sent = new LinkedBlockingQueue<>();
    private final FlagScheduler scheduler = new FlagScheduler((id, c) -> sent.add(new Sent(id, c)),
            System::currentTimeMillis);

    private record Sent(UUID id, ClockCommand command) {
    }

    @AfterEach
    void close() {
        scheduler.close();
    }

    private ClockState running(String game, long start, long baseMillis, long defaultTime, boolean arrived) {
        ClockRules rules = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.BLITZ), defaultTime, false);
        ClockState s = clock.initialState();
        List<ClockCommand> commands = new java.util.ArrayList<>();
        if (arrived) {
            commands.add(new ClockCommand.RecordArrival(game, "w", ARBITER, start - 10, Side.WHITE));
            commands.add(new ClockCommand.RecordArrival(game, "b", ARBITER, start - 5, Side.BLACK));
        }
        commands.add(new ClockCommand.StartClock(game, "s", ARBITER, start,
                TimeControl.of(Period.suddenDeath(baseMillis)), rules));
        for (ClockCommand c : commands) {
            for (ClockEvent e : clock.decide(c, s)) {
                s = clock.evolve(s, e);
            }
        }
        return s;
    }

    @Test
    void checksEachDueGameAtItsDeadlineAndNotTheOthers() throws Exception {
        long now = System.currentTimeMillis();
        scheduler.update("g-soon", running("g-soon", now, 300, 3_600_000, true));
        scheduler.update("g-later", running("g-later", now, 600_000, 3_600_000, true));
        assertEquals(2, scheduler.pending());

        Sent first = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(first, "no check was sent");
        ClockCommand.CheckFlag check = assertInstanceOf(ClockCommand.CheckFlag.class, first.command());
        assertEquals("g-soon", check.gameId());
        assertTrue(check.at() >= now + 300, "checked before the deadline: " + (check.at() - now - 300) + " ms");
        assertEquals(first.id().toString(), check.commandId());
        assertEquals(java.util.Optional.of(now + 600_000), scheduler.deadlineOf("g-later"));
        Sent next = sent.poll(300, TimeUnit.MILLISECONDS);
        assertTrue(next == null || next.command().gameId().equals("g-soon"), "only the due game is checked");
    }

    @Test
    void withAFlagGraceAPressMadeInTimeButReadAfterTheDeadlineStillCounts() throws Exception {
        // the services run behind: White pressed 100 ms before the deadline, the press is read 100 ms after it
        LinkedBlockingQueue<Sent> checks = new LinkedBlockingQueue<>();
        try (FlagScheduler graceful = new FlagScheduler((id, c) -> checks.add(new Sent(id, c)), System::currentTimeMillis,
                FlagScheduler.ARRIVAL_GRACE_MILLIS, 600)) {
            long now = System.currentTimeMillis();
            ClockState s = running("g-late-press", now, 200, 3_600_000, true);
            graceful.update("g-late-press", s);
            assertEquals(java.util.Optional.of(now + 200 + 600), graceful.deadlineOf("g-late-press"));
            Thread.sleep(300); // past White's deadline, within the grace: no check yet
            assertEquals(null, checks.poll(), "checked within the grace");
            for (ClockEvent e : clock.decide(new ClockCommand.PressClock("g-late-press", "p", ARBITER, now + 100,
                    Side.WHITE), s)) {
                s = clock.evolve(s, e);
            }
            graceful.update("g-late-press", s); // now Black's clock runs: its deadline is now + 300
            Sent check = checks.poll(10, TimeUnit.SECONDS);
            assertNotNull(check);
            assertTrue(check.command().at() >= now + 300 + 600,
                    "checked at White's old deadline (+ grace): " + (check.command().at() - now) + " ms after the start");
        }
        assertThrows(IllegalArgumentException.class, () -> new FlagScheduler((id, c) -> { }, System::currentTimeMillis,
                0, -1));
    }

    @Test
    void aClockThatMovedOnIsNotCheckedAtItsOldDeadline() throws Exception {
        long now = System.currentTimeMillis();
        ClockState s = running("g-1", now, 400, 3_600_000, true);
        scheduler.update("g-1", s);
        for (ClockEvent e : clock.decide(new ClockCommand.PressClock("g-1", "p", ARBITER, now + 100, Side.WHITE), s)) {
            s = clock.evolve(s, e);
        }
        scheduler.update("g-1", s); // Black's clock runs now, with 400 ms
        Sent check = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(check);
        assertTrue(check.command().at() >= now + 500, "checked at White's old deadline");
    }

    @Test
    void aCheckWithoutEffectIsRetriedWithTheSameIdAndAFlagFallClearsIt() throws Exception {
        long now = System.currentTimeMillis();
        ClockState s = running("g-1", now, 200, 3_600_000, true);
        scheduler.update("g-1", s);
        Sent first = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(first);
        Sent retry = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(retry, "no retry although the flag fall was never recorded");
        assertEquals(first.id(), retry.id());
        // now the flag fall is recorded: nothing is pending any more
        List<ClockEvent> fell = clock.decide((ClockCommand.CheckFlag) retry.command(), s);
        ClockEvent.FlagFell flag = assertInstanceOf(ClockEvent.FlagFell.class, fell.get(0));
        assertEquals(now + 200, flag.at());
        for (ClockEvent e : fell) {
            s = clock.evolve(s, e);
        }
        scheduler.update("g-1", s);
        assertEquals(0, scheduler.pending());
    }

    @Test
    void absentPlayersAreCheckedJustAfterTheDefaultTime() throws Exception {
        long now = System.currentTimeMillis();
        ClockState s = running("g-1", now, 600_000, 250, false);
        scheduler.update("g-1", s);
        Sent sentCheck = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(sentCheck);
        ClockCommand.CheckDefault check = assertInstanceOf(ClockCommand.CheckDefault.class, sentCheck.command());
        assertTrue(check.at() > now + 250, "a player is late only strictly after the default time (FIDE 2018 6.7.1)");
        List<ClockEvent> defaulted = clock.decide(check, s);
        assertEquals(2, defaulted.size(), "both absent: both default");
    }

    @Test
    void anArrivalRecordedInTimeButStillInFlightIsNotOvertakenByTheDefaultCheck() throws Exception {
        LinkedBlockingQueue<Sent> checks = new LinkedBlockingQueue<>();
        try (FlagScheduler graceful = new FlagScheduler((id, c) -> checks.add(new Sent(id, c)), System::currentTimeMillis,
                1_500)) {
            long now = System.currentTimeMillis();
            ClockState s = running("g-1", now, 600_000, 0, false); // FIDE 2018 6.7.1: default time 0
            graceful.update("g-1", s);
            assertNull(checks.poll(1_000, TimeUnit.MILLISECONDS), "checked before arrivals in flight could land");
            // the arbiter's records, made at the start, arrive now: both players were there
            for (Side side : Side.values()) {
                for (ClockEvent e : clock.decide(new ClockCommand.RecordArrival("g-1", "a-" + side, ARBITER, now, side), s)) {
                    s = clock.evolve(s, e);
                }
            }
            graceful.update("g-1", s);
            assertEquals(1, graceful.pending(), "only the running flag is left: nobody to default");
            assertNull(checks.poll(1_500, TimeUnit.MILLISECONDS));
        }
    }

    @Test
    void reloadReplacesEveryDeadline() throws Exception {
        long now = System.currentTimeMillis();
        scheduler.update("g-old", running("g-old", now, 1_500, 3_600_000, true));
        scheduler.reload(Map.of("g-new", running("g-new", now, 400, 3_600_000, true)));
        assertEquals(1, scheduler.pending());
        assertEquals(java.util.Optional.empty(), scheduler.deadlineOf("g-old"));
        Sent check = sent.poll(10, TimeUnit.SECONDS);
        assertNotNull(check);
        assertEquals("g-new", check.command().gameId());
    }
}

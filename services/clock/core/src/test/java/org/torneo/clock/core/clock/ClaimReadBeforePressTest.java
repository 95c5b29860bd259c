package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.claim.ClaimPause;
import org.torneo.clock.core.end.GameEnd;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockPaused;
import org.torneo.contracts.clock.ClockEvent.ClockResumed;
import org.torneo.contracts.clock.ClockEvent.ClockStopped;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.EndHeld;
import org.torneo.contracts.clock.ClockEvent.PauseHeld;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld.HeldAdjustment;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;

/**
 * A draw claim read before the claimant's last press (claims and moves travel on different topics): the clock holds
 * the claim's pause until it has the presses the game had at the claim, then pauses at the claim's instant, and
 * restarts at the ruling's instant when the ruling was read meanwhile (FIDE 2018 6.11.2, 6.11.3, 9.5.1): the same
 * clock as when read in order.
 */
class ClaimReadBeforePressTest {

    private static final Actor PLAYER = new Actor(Actor.Role.PLAYER, "p-7");
    private static final String REASON = "draw claim (THREEFOLD) by WHITE: the arbiter decides";

    /** The claim as the clock app reads it: held while presses are missing, a pause when the count matches. */
    private static List<ClockEvent> claim(ClockFixture f, long at, Integer plies) {
        PauseClock pause = new PauseClock(GAME, "claim", PLAYER, at, REASON);
        Optional<PauseHeld> held = ClaimPause.held(f.state(), pause, plies);
        if (held.isPresent()) {
            return f.record(List.of(held.get()));
        }
        boolean inStep = f.state().status() == ClockStatus.RUNNING
                && (plies == null || plies == f.state().completedMoves());
        return inStep ? f.apply(pause) : List.of();
    }

    /**
     * The arbiter's ruling on a wrong claim as the clock app reads it (FIDE 2018 9.5.3: two minutes to the opponent,
     * then the restart): kept whole while the pause is held; else the penalty at the clock's latest instant and the
     * restart of a paused clock.
     */
    private static List<ClockEvent> ruling(ClockFixture f, long at) {
        AddTime penalty = new AddTime(GAME, "ruling", ARBITER, at, Side.BLACK, 2 * MIN, "FIDE 2018 9.5.3",
                "2 minutes to the opponent");
        ResumeClock resume = new ResumeClock(GAME, "ruling/resume", ARBITER, at);
        Optional<ResumeHeld> held = ClaimPause.ruled(f.state(), List.of(penalty, resume));
        if (held.isPresent()) {
            return f.record(List.of(held.get()));
        }
        if (f.state().status() != ClockStatus.PAUSED) {
            return List.of();
        }
        List<ClockEvent> out = new ArrayList<>(f.apply(new AddTime(GAME, "ruling", ARBITER, f.state().lastEventAt(),
                Side.BLACK, 2 * MIN, "FIDE 2018 9.5.3", "2 minutes to the opponent")));
        out.addAll(f.apply(resume));
        return out;
    }

    /** A completed move as the clock app reads it: the press, then a held pause, then a held end, released. */
    private static List<ClockEvent> moveCompleted(ClockFixture f, long at, Side side, int ply) {
        List<ClockEvent> out = new ArrayList<>(f.apply(new PressClock(GAME, "press-" + ply, BOARD, at, side)));
        out.addAll(f.record(ClaimPause.release(f.state(), ply)));
        out.addAll(f.record(GameEnd.release(f.state(), ply)));
        return out;
    }

    /** Twenty plies played, White thinking 50 s and Black 70 s a move, on 90 min + 30 s. */
    private static ClockFixture twentyPlies() {
        return ClockFixture.started("90+30", Edition.FIDE_2018).play(10, 50 * SEC, 70 * SEC);
    }

    @Test
    void givenTheClaimReadBeforeTheClaimantsLastPress_whenThePressArrives_thenTheClockPausesAtTheClaimAsInOrder() {
        ClockFixture inOrder = twentyPlies();
        long pressed = inOrder.now() + 40 * SEC;
        long claimed = pressed + 3 * SEC;
        moveCompleted(inOrder, pressed, Side.WHITE, 21);
        claim(inOrder, claimed, 21);

        ClockFixture claimFirst = twentyPlies();
        assertEquals(List.of(new PauseHeld(GAME, "claim", PLAYER, claimed, REASON, 21, 20)), claim(claimFirst, claimed, 21));
        assertEquals(ClockStatus.RUNNING, claimFirst.state().status(), "the clock runs on until it has the press");

        List<ClockEvent> whenPressed = moveCompleted(claimFirst, pressed, Side.WHITE, 21);

        assertInstanceOf(ClockSwitched.class, whenPressed.get(0));
        ClockPaused paused = assertInstanceOf(ClockPaused.class, whenPressed.get(1));
        assertEquals(inOrder.history().get(inOrder.history().size() - 1), paused, "the same pause, readings included");
        assertEquals(claimed, paused.at(), "paused at the claim's instant");
        assertEquals(inOrder.state(), claimFirst.state(), "the same clock whichever topic was read first");
        assertNull(claimFirst.state().heldPause());
    }

    @Test
    void givenTheClaimAndItsRulingReadBeforeThePress_whenThePressArrives_thenPausePenaltyAndRestartAreAsInOrder() {
        ClockFixture inOrder = twentyPlies();
        long pressed = inOrder.now() + 40 * SEC;
        long claimed = pressed + 3 * SEC;
        long ruled = claimed + 2 * MIN;
        moveCompleted(inOrder, pressed, Side.WHITE, 21);
        claim(inOrder, claimed, 21);
        ruling(inOrder, ruled);
        moveCompleted(inOrder, ruled + 30 * SEC, Side.BLACK, 22);

        ClockFixture readFirst = twentyPlies();
        claim(readFirst, claimed, 21);
        List<ClockEvent> kept = ruling(readFirst, ruled);
        assertEquals(List.of(ResumeHeld.class), kinds(kept), "penalty and restart wait with the pause");
        assertEquals(ClockStatus.RUNNING, readFirst.state().status());
        List<ClockEvent> whenPressed = moveCompleted(readFirst, pressed, Side.WHITE, 21);
        moveCompleted(readFirst, ruled + 30 * SEC, Side.BLACK, 22);

        assertEquals(List.of(ClockSwitched.class, ClockPaused.class, TimeAdded.class, ClockResumed.class),
                kinds(whenPressed));
        assertEquals(claimed, whenPressed.get(2).at(), "the penalty at the pause's instant, as when read in order");
        assertEquals(ruled, whenPressed.get(3).at(), "restarted at the ruling's instant");
        assertEquals("ruling/resume", whenPressed.get(3).commandId());
        assertEquals(inOrder.state(), readFirst.state(), "the claim's two minutes are nobody's either way");
        assertEquals(withoutHeld(inOrder.history()), withoutHeld(readFirst.history()), "the same events, readings "
                + "included");
    }

    @Test
    void givenTheClaimTwoPressesAhead_whenOneArrives_thenTheClockStillRunsAndPausesWithTheSecond() {
        ClockFixture f = twentyPlies();
        long white = f.now() + 30 * SEC;
        long black = white + 45 * SEC;
        claim(f, black + SEC, 22);

        assertEquals(List.of(ClockSwitched.class), kinds(moveCompleted(f, white, Side.WHITE, 21)));
        assertEquals(ClockStatus.RUNNING, f.state().status());

        assertEquals(List.of(ClockSwitched.class, ClockPaused.class), kinds(moveCompleted(f, black, Side.BLACK, 22)));
        assertEquals(ClockStatus.PAUSED, f.state().status());
    }

    @Test
    void givenEveryPressRead_whenTheClaimArrives_thenNothingIsHeld() {
        ClockFixture f = twentyPlies();
        PauseClock pause = new PauseClock(GAME, "claim", PLAYER, f.now() + SEC, REASON);

        assertEquals(Optional.empty(), ClaimPause.held(f.state(), pause, 20), "the clock has the presses: it pauses");
        assertEquals(Optional.empty(), ClaimPause.held(f.state(), pause, 19), "the game went on: nothing to hold");
        assertEquals(Optional.empty(), ClaimPause.held(f.state(), pause, null), "no count: it pauses at once");
        assertEquals(List.of(ClockPaused.class), kinds(claim(f, f.now() + SEC, 20)));
    }

    @Test
    void givenNoPauseHeldOrARulingThatIsNotATimePenalty_whenRead_thenItIsNotKept() {
        ClockFixture f = twentyPlies();

        assertEquals(Optional.empty(), ClaimPause.ruled(f.state(), List.of(new ResumeClock(GAME, "r", ARBITER, f.now()))));
        claim(f, f.now() + SEC, 21);
        assertEquals(Optional.empty(), ClaimPause.ruled(f.state(), List.of(new IntroduceQuickplayIncrement(GAME, "q",
                ARBITER, f.now(), Side.WHITE), new ResumeClock(GAME, "q/resume", ARBITER, f.now()))),
                "a ruling that implies more than time and a restart is applied as read");
    }

    @Test
    void givenAPauseHeld_whenAFlagOrDefaultCheckComesPastTheDeadline_thenNothingFalls() {
        ClockFixture f = twentyPlies();
        long claimed = f.now() + 20 * SEC;
        claim(f, claimed, 21);

        // White's 90 minutes are long gone by then: in order the clock would have been paused first
        assertEquals(List.of(), f.when(new CheckFlag(GAME, "check", BOARD, claimed + 200 * MIN)));
        assertEquals(List.of(), f.when(new CheckDefault(GAME, "check-default", BOARD, claimed + 200 * MIN)));
    }

    @Test
    void givenAnUpheldClaimsEndAlsoReadBeforeThePress_whenThePressArrives_thenItPausesThenStopsAsInOrder() {
        ClockFixture inOrder = twentyPlies();
        long pressed = inOrder.now() + 40 * SEC;
        long claimed = pressed + 3 * SEC;
        long ended = claimed + MIN;
        StopClock stop = new StopClock(GAME, "ended", ARBITER, ended, "game ended: 1/2-1/2 (THREEFOLD)");
        moveCompleted(inOrder, pressed, Side.WHITE, 21);
        claim(inOrder, claimed, 21);
        inOrder.apply(stop);

        ClockFixture readFirst = twentyPlies();
        claim(readFirst, claimed, 21);
        Optional<EndHeld> end = GameEnd.held(readFirst.state(), stop, 21);
        assertTrue(end.isPresent(), "the end waits for the press too");
        readFirst.record(List.of(end.get()));
        List<ClockEvent> whenPressed = moveCompleted(readFirst, pressed, Side.WHITE, 21);

        assertEquals(List.of(ClockSwitched.class, ClockPaused.class, ClockStopped.class), kinds(whenPressed));
        assertEquals(inOrder.state(), readFirst.state());
        assertEquals(withoutHeld(inOrder.history()), withoutHeld(readFirst.history()));
    }

    @Test
    void givenAHeldPauseAndRulingInTheLog_whenReplayed_thenTheStateIsRebuiltWithThem() {
        ClockFixture f = twentyPlies();
        long claimed = f.now() + 20 * SEC;
        claim(f, claimed, 21);
        ruling(f, claimed + MIN);

        ClockState replayed = ClockDecider.fold(GAME, f.history());

        assertEquals(f.state(), replayed);
        assertEquals(new HeldPause("claim", PLAYER, claimed, REASON, 21, new ResumeHeld(GAME, "ruling/resume", ARBITER,
                claimed + MIN, List.of(new HeldAdjustment("ruling", ARBITER, Side.BLACK, 2 * MIN, false,
                "FIDE 2018 9.5.3", "2 minutes to the opponent")))), replayed.heldPause());
        assertTrue(replayed.lastEventAt() < claimed, "a held pause does not move the clock's time: the press lands");
    }

    private static List<ClockEvent> withoutHeld(List<ClockEvent> events) {
        return events.stream().filter(e -> !(e instanceof PauseHeld || e instanceof ResumeHeld || e instanceof EndHeld))
                .toList();
    }

    private static List<Class<?>> kinds(List<ClockEvent> events) {
        return events.stream().<Class<?>>map(Object::getClass).toList();
    }
}

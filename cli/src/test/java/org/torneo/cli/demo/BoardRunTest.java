package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;

class BoardRunTest {

    private static final long T0 = 1_000_000;
    private final ThinkTime time = new ThinkTime(6_000, 60);

    private static Step.Play play(Side by, String san) {
        return new Step.Play(by, san, Step.Phase.OPENING);
    }

    @Test
    void each_move_is_pressed_at_the_instant_it_is_sent_and_the_offer_comes_between_move_and_press() {
        List<Step> steps = List.of(play(Side.WHITE, "e4"), play(Side.BLACK, "e5"), new Step.Offer(Side.BLACK),
                new Step.Accept(Side.WHITE));
        BoardRun run = new BoardRun("g", 0, steps, time, new Random(1), T0);
        run.ready(T0 + 500, 0);
        assertTrue(run.dueAt() > T0 + 500, "White thinks before his first move");

        long first = run.dueAt() + 3; // sent a little late: the account follows what was sent
        BoardRun.Turn white = run.act(first, 0);
        assertEquals(List.of(play(Side.WHITE, "e4")), white.steps());
        assertEquals(Side.WHITE, white.pressBy());
        // FIDE 2018 6.6: White's clock ran from the start, not from when the board got going
        assertEquals(6_000 - (first - T0) + 60, run.remaining(Side.WHITE, first + 1_000));
        assertEquals(6_000 - 1_000, run.remaining(Side.BLACK, first + 1_000));

        long second = run.dueAt();
        BoardRun.Turn black = run.act(second, 0);
        assertEquals(List.of(play(Side.BLACK, "e5"), new Step.Offer(Side.BLACK)), black.steps(),
                "FIDE 2018 9.1.2.1: the offer is made after the move, before the press");
        assertEquals(Side.BLACK, black.pressBy());
        assertEquals(6_000 - (second - first) + 60, run.remaining(Side.BLACK, second));

        BoardRun.Turn accept = run.act(run.dueAt(), 0);
        assertEquals(List.of(new Step.Accept(Side.WHITE)), accept.steps());
        assertNull(accept.pressBy());
        assertTrue(run.done());
        assertThrows(IllegalStateException.class, () -> run.act(T0 + 100_000, 0));
    }

    @Test
    void a_move_that_ends_the_game_needs_no_press_and_a_player_who_lets_his_flag_fall_sends_nothing_more() {
        BoardRun mate = new BoardRun("g", 0, List.of(play(Side.WHITE, "f3"), play(Side.BLACK, "e5"),
                play(Side.WHITE, "g4"), play(Side.BLACK, "Qh4#")), time, new Random(2), T0);
        mate.ready(T0, 0);
        Side lastPress = null;
        while (!mate.done()) {
            BoardRun.Turn turn = mate.act(mate.dueAt(), 0);
            if (turn.steps().getFirst() instanceof Step.Play p && p.san().endsWith("#")) {
                assertNull(turn.pressBy(), "FIDE 2018 6.2.1: the mating move needs no press");
            } else {
                lastPress = turn.pressBy();
            }
        }
        assertEquals(Side.WHITE, lastPress);

        BoardRun flag = new BoardRun("g", 0, List.of(play(Side.WHITE, "e4"), new Step.FlagFall(Side.BLACK)), time,
                new Random(3), T0);
        flag.ready(T0, 0);
        assertFalse(flag.done());
        BoardRun.Turn last = flag.act(flag.dueAt(), 0);
        assertEquals(Side.WHITE, last.pressBy(), "the move before the flag is completed as usual");
        assertTrue(flag.done(), "Black stops: the clock service will see his flag");
    }

    @Test
    void when_the_services_lag_the_player_keeps_twice_the_lag_in_reserve() {
        List<Step> steps = List.of(play(Side.WHITE, "e4"), play(Side.BLACK, "e5"), play(Side.WHITE, "Nf3"));
        BoardRun run = new BoardRun("g", 0, steps, time, new Random(4), T0);
        run.ready(T0 + 2_000, 1_500);
        // White lost 2 s before the game got going; with 1.5 s of lag he keeps 3 s: he can spend at most 1 s
        assertTrue(run.dueAt() <= T0 + 2_000 + 1_000, "White's move is due at " + (run.dueAt() - T0));
        assertTrue(run.remaining(Side.WHITE, run.dueAt()) >= 3_000);
        run.act(run.dueAt(), 1_500);
        assertTrue(run.remaining(Side.BLACK, run.dueAt()) >= 3_000, "Black keeps twice the lag too");
    }

    @Test
    void the_same_seed_gives_the_same_schedule() {
        List<Step> steps = GamePlanner.plan(9, 1, 4).steps();
        assertEquals(schedule(steps, 7), schedule(steps, 7));
        assertFalse(schedule(steps, 7).equals(schedule(steps, 8)));
    }

    private List<Long> schedule(List<Step> steps, long seed) {
        BoardRun run = new BoardRun("g", 0, steps, time, new Random(seed), T0);
        run.ready(T0, 0);
        List<Long> due = new java.util.ArrayList<>();
        while (!run.done()) {
            due.add(run.dueAt());
            run.act(run.dueAt(), 0);
        }
        return due;
    }
}

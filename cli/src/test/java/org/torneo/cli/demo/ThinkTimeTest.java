package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

class ThinkTimeTest {

    private final ThinkTime time = new ThinkTime(6_000, 60);

    @Test
    void the_control_is_sudden_death_with_an_increment_and_grows_with_the_field_and_shrinks_with_speed() {
        assertEquals(TimeControl.of(new Period(0, 6_000, TimingMode.FISCHER, 60)), ThinkTime.forField(30, 1).control());
        assertEquals("6+0.06", ThinkTime.forField(30, 1).describe());
        ThinkTime big = ThinkTime.forField(150, 1);
        assertEquals(22_500, big.baseMillis());
        assertEquals(230, big.incrementMillis());
        assertEquals("12+0.12", ThinkTime.forField(30, 0.5).describe());
        assertThrows(IllegalArgumentException.class, () -> new ThinkTime(0, 10));
    }

    @Test
    void the_same_draws_give_the_same_thinking() {
        for (int i = 0; i < 50; i++) {
            assertEquals(time.draw(new Random(i), Step.Phase.MIDDLEGAME, 5_000, false, 0),
                    time.draw(new Random(i), Step.Phase.MIDDLEGAME, 5_000, false, 0));
        }
    }

    @Test
    void opening_moves_are_quick_the_middlegame_takes_longest_and_time_trouble_lives_on_the_increment() {
        double opening = mean(Step.Phase.OPENING, 6_000, false);
        double middlegame = mean(Step.Phase.MIDDLEGAME, 6_000, false);
        double endgame = mean(Step.Phase.ENDGAME, 6_000, false);
        double trouble = mean(Step.Phase.MIDDLEGAME, 1_500, false);
        assertTrue(opening <= 60 + 10, "opening " + opening);
        assertTrue(middlegame > 2 * opening, "middlegame " + middlegame + " vs opening " + opening);
        assertTrue(middlegame > endgame, "middlegame " + middlegame + " vs endgame " + endgame);
        assertTrue(trouble < 60, "in time trouble he should move within the increment: " + trouble);
        // less time left, shorter thoughts
        assertTrue(mean(Step.Phase.MIDDLEGAME, 3_000, false) < middlegame);
    }

    @Test
    void a_player_keeps_his_reserve_unless_he_is_the_one_who_lets_his_flag_fall() {
        Random random = new Random(5);
        long reserve = time.reserveMillis();
        for (int i = 0; i < 2_000; i++) {
            long remaining = 1_000 + random.nextInt(5_000);
            long think = time.draw(random, Step.Phase.MIDDLEGAME, remaining, false, 0);
            assertTrue(think <= Math.max(ThinkTime.MIN_THINK_MILLIS, remaining - reserve),
                    think + " ms of " + remaining + " leaves less than the reserve " + reserve);
        }
        assertTrue(mean(Step.Phase.MIDDLEGAME, 6_000, true) > 2 * mean(Step.Phase.MIDDLEGAME, 6_000, false),
                "the player who will lose on time spends lavishly");
    }

    @Test
    void time_added_by_a_penalty_does_not_make_a_player_slower() {
        assertEquals(mean(Step.Phase.MIDDLEGAME, 6_000, false), mean(Step.Phase.MIDDLEGAME, 126_000, false), 1e-9);
    }

    private double mean(Step.Phase phase, long remaining, boolean flagger) {
        Random random = new Random(42);
        long sum = 0;
        int n = 4_000;
        for (int i = 0; i < n; i++) {
            sum += time.draw(random, phase, remaining, flagger, 0);
        }
        return sum / (double) n;
    }
}

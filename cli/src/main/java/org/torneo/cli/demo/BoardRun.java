package org.torneo.cli.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.torneo.contracts.Side;

/**
 * One board of a round played in real time: which of the plan's steps are due when, as the simulated players
 * think on their running clock. It keeps its own account of both clocks from the instants the demo sends (the
 * same instants the services record), so a player's think time can depend on the time he has left; penalties
 * the opponent earned are left out of that account (they only add time), so it never overestimates.
 *
 * <p>White's clock runs from the round's start (FIDE 2018 6.6: the clock runs whether or not the player is
 * there), so the time the services take to start the game is White's. A move completes with the clock press
 * (6.2.1), sent at the same instant; a draw offer is made between the move and the press (9.1.2.1); a move that
 * ends the game on the board needs no press (it is the plan's last step). At a {@link Step.FlagFall} the player
 * stops: the board has nothing more to send and the clock service will see the flag.
 */
final class BoardRun {

    /** What is sent at one moment: the steps in order, then the clock press of {@code pressBy} (null: none). */
    record Turn(List<Step> steps, Side pressBy) {
    }

    private final String gameId;
    private final int index;
    private final List<Step> steps;
    private final ThinkTime time;
    private final Random random;
    private final Side flagger;
    private final long[] remaining;
    private Side running = Side.WHITE;
    private long turnStartedAt;
    private int next;
    private long dueAt;

    /**
     * @param index     the board's place in the round (for the caller)
     * @param startedAt when the game's clock started (White's runs from then)
     */
    BoardRun(String gameId, int index, List<Step> steps, ThinkTime time, Random random, long startedAt) {
        this.gameId = gameId;
        this.index = index;
        this.steps = List.copyOf(steps);
        this.time = time;
        this.random = random;
        this.flagger = !steps.isEmpty() && steps.getLast() instanceof Step.FlagFall flag ? flag.by() : null;
        this.remaining = new long[] {time.baseMillis(), time.baseMillis()};
        this.turnStartedAt = startedAt;
    }

    String gameId() {
        return gameId;
    }

    int index() {
        return index;
    }

    long dueAt() {
        return dueAt;
    }

    /** Whether the board has nothing more to send (all sent, or the player to move lets his flag fall). */
    boolean done() {
        return next >= steps.size() || steps.get(next) instanceof Step.FlagFall;
    }

    /** The game and its clock are running: the first step is due after its player's thinking. */
    void ready(long now, long lagMillis) {
        schedule(now, lagMillis);
    }

    /** The time on {@code side}'s clock at {@code now}, by this board's account. */
    long remaining(Side side, long now) {
        return remaining[side.ordinal()] - (side == running ? now - turnStartedAt : 0);
    }

    /** The steps due now (call at or after {@link #dueAt()}), and the next one scheduled. */
    Turn act(long now, long lagMillis) {
        if (done()) {
            throw new IllegalStateException("board " + gameId + " has nothing more to send");
        }
        List<Step> sent = new ArrayList<>(2);
        Step step = steps.get(next++);
        sent.add(step);
        Side pressBy = null;
        if (step instanceof Step.Play play) {
            if (next < steps.size() && steps.get(next) instanceof Step.Offer offer && offer.by() == play.by()) {
                sent.add(steps.get(next++)); // FIDE 2018 9.1.2.1: offered after his move, before pressing the clock
            }
            if (next < steps.size()) {
                pressBy = play.by();
                press(play.by(), now);
            }
        }
        if (!done()) {
            schedule(now, lagMillis);
        }
        return new Turn(List.copyOf(sent), pressBy);
    }

    private void press(Side mover, long now) {
        if (mover == running) {
            remaining[mover.ordinal()] -= now - turnStartedAt;
        }
        remaining[mover.ordinal()] += time.incrementMillis(); // FIDE 2018 6.3.1 (Fischer increment)
        running = mover.opponent();
        turnStartedAt = now;
    }

    /**
     * The next step is due after its player has thought about it; he keeps twice the services' current lag in
     * reserve (the time a move takes to be recorded), so that his move reaches the clock before his deadline.
     */
    private void schedule(long now, long lagMillis) {
        Step step = steps.get(next);
        Step.Phase phase = step instanceof Step.Play play ? play.phase() : null;
        dueAt = now + time.draw(random, phase, remaining(step.by(), now), step.by() == flagger, lagMillis);
    }
}

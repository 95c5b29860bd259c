package org.torneo.contracts;

import java.util.List;

/**
 * The event-sourcing core of one aggregate (a game, a clock, a tournament): the state is a fold of
 * events and every decision is a pure function. No wall clock, no randomness (unless a seed comes in
 * a command), no I/O: replaying the same events gives the same state on any machine.
 *
 * <p>The platform runtime (org.torneo.platform) replays the log through {@link #evolve}, hands each
 * new command to {@link #decide}, publishes the events and folds them in.
 *
 * @param <C> the aggregate's command type (usually its sealed command root)
 * @param <E> the aggregate's event type
 * @param <S> the state, an immutable value
 */
public interface Decider<C, E, S> {

    /** The state before the first event. */
    S initialState();

    /**
     * What happens when {@code command} meets {@code state}: the new events, in order. A refused
     * command should produce an event saying so (e.g. CommandRejected) rather than throw; throwing
     * is for bugs and corrupt input (the platform dead-letters the command).
     */
    List<E> decide(C command, S state);

    /** The state after {@code event}. Must accept every event decide ever produced. */
    S evolve(S state, E event);

    /** Folds events into a state from {@link #initialState()}. */
    default S fold(Iterable<? extends E> events) {
        S state = initialState();
        for (E event : events) {
            state = evolve(state, event);
        }
        return state;
    }
}

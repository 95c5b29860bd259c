package org.torneo.clock.app.runtime;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.input.ClockInput;
import org.torneo.clock.core.input.ClockInputDecider;
import org.torneo.clock.core.input.GameEventCommands;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.AggregateDefinition;

/**
 * The clock aggregate on the platform runtime: commands on torneo.clock.commands, events on
 * torneo.clock (key = game id), and reactions to the game service's moves, claims and results. The decisions are the
 * clock core's ({@link ClockInputDecider}, and {@link GameEventCommands} for what a game event asks of the clock);
 * this adapter only reads the records and leaves out the games this service runs no clock for.
 */
public final class ClockDefinition {

    public static final String NAME = "clock";

    private ClockDefinition() {
    }

    /**
     * The definition, given how to ask whether a game already has a clock (recorded events). Game
     * events for other games are ignored before they reach the decider: not every game is played on a
     * clock of this service, and an ignored input leaves no trace in the state.
     */
    public static AggregateDefinition<ClockInput, ClockEvent, ClockState> definition(
            Predicate<String> hasRecordedClock) {
        return new AggregateDefinition<>(NAME, new ClockInputDecider(), ClockEvent.class,
                new Reader(hasRecordedClock), List.of(Topics.CLOCK_COMMANDS), List.of(Topics.CLOCK), null)
                // results are keyed by tournament, but their envelope's aggregate is the game: the default target
                .reactingTo(List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS), Envelope::aggregateId);
    }

    /** Turns an input envelope into a {@link ClockInput}, or null for a game event the clock has no business with. */
    static final class Reader implements Function<Envelope, ClockInput> {

        private final Predicate<String> hasRecordedClock;
        /** Games whose StartClock was read but may not be committed yet (the same batch as a game event). */
        private final Set<String> startsRead = ConcurrentHashMap.newKeySet();

        Reader(Predicate<String> hasRecordedClock) {
            this.hasRecordedClock = hasRecordedClock;
        }

        @Override
        public ClockInput apply(Envelope input) {
            if (input.payload() instanceof ClockCommand command) {
                if (!input.aggregateId().equals(command.gameId())) {
                    throw new IllegalArgumentException("the envelope is for game " + input.aggregateId()
                            + " but the command names game " + command.gameId());
                }
                if (command instanceof ClockCommand.StartClock) {
                    startsRead.add(command.gameId());
                }
                return new ClockInput.Command(command);
            }
            if (input.isCommand()) {
                throw new IllegalArgumentException("not a clock command: "
                        + input.payload().getClass().getSimpleName());
            }
            ClockInput commands = GameEventCommands.input(input);
            if (commands == null) {
                return null;
            }
            String game = input.aggregateId();
            boolean concernsAClock = startsRead.contains(game) || hasRecordedClock.test(game)
                    || GameEventCommands.evenBeforeTheStart(input);
            return concernsAClock ? commands : null;
        }
    }
}

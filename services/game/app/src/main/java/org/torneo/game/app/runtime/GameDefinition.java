package org.torneo.game.app.runtime;

import java.util.List;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameLimits;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.game.core.game.ClockInputs;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.AggregateDefinition;

/**
 * The game aggregate on the platform runtime: commands on torneo.game.commands (key = game id), events on
 * torneo.game.moves / torneo.game.claims / torneo.results (results keyed by tournament, the platform's default
 * key rule), and reactions to the clock stream (a clock's aggregate id is its game id).
 */
public final class GameDefinition {

    public static final String NAME = "game";

    public static final AggregateDefinition<GameRequest, EventMessage, GameState> DEFINITION = definition(NAME);

    private GameDefinition() {
    }

    /** The definition under another name (a second runtime on the same broker, e.g. the benchmark). */
    public static AggregateDefinition<GameRequest, EventMessage, GameState> definition(String name) {
        return definition(name, GameLimits.DEFAULT);
    }

    /** The definition whose decider bounds a game's work by {@code limits} (the service's configuration). */
    public static AggregateDefinition<GameRequest, EventMessage, GameState> definition(String name, GameLimits limits) {
        return new AggregateDefinition<>(name, new GameDecider(limits), EventMessage.class, GameDefinition::read,
                List.of(Topics.GAME_COMMANDS), List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS), null)
                .reactingTo(List.of(Topics.CLOCK), Envelope::aggregateId);
    }

    /**
     * A game command as it is, with the envelope's game id and actor; a clock event as the game command it
     * implies, or null when the game does not care about it. Anything else throws, which dead-letters it.
     */
    static GameRequest read(Envelope input) {
        if (input.payload() instanceof GameCommand command) {
            return new GameRequest(input.aggregateId(), input.actor(), command);
        }
        if (input.isCommand()) {
            throw new IllegalArgumentException("not a game command: " + input.payload().getClass().getSimpleName());
        }
        if (input.payload() instanceof ClockEvent clockEvent) {
            return ClockInputs.commandFor(clockEvent)
                    .map(command -> new GameRequest(input.aggregateId(), ClockInputs.CLOCK, command))
                    .orElse(null);
        }
        return null;
    }
}

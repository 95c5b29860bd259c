package org.torneo.cli.adjudicate;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.input.ClockInput;
import org.torneo.clock.core.input.ClockInputDecider;
import org.torneo.clock.core.input.GameEventCommands;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.game.core.game.ClockInputs;
import org.torneo.game.core.game.ClockStart;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * One game replayed offline: the game decider decides each command of the script; when the game has a time control
 * the clock core runs beside it, started as the game service starts it (the game core's {@link ClockStart}) and fed
 * the game's events as the clock service is (the clock core's {@link GameEventCommands} and
 * {@link ClockInputDecider}: a completed move presses the clock, a filed claim stops it, a penalty adds or deducts
 * time, the end stops it), and
 * its flag falls reach the game as the clock service's reports do (actor SYSTEM "clock"), at the flag's own instant,
 * before the next command of the script. Every event is printed as one JSON line, in the order decided.
 */
final class Replay {

    static final String GAME_ID = "adjudicated";
    static final Actor CLOCK = new Actor(Actor.Role.SYSTEM, "clock");

    private final JsonCodec codec;
    private final PrintStream out;
    private final ObjectMapper json = new ObjectMapper();
    private final GameDecider game = new GameDecider();
    private final ClockInputDecider clock = new ClockInputDecider();
    private GameState gameState;
    private ClockState clockState = ClockState.initial(GAME_ID);
    private boolean clockRuns;
    private int line;
    private int clockCommands;
    private long gameEvents;
    private long gameCommands;

    Replay(JsonCodec codec, PrintStream out) {
        this.codec = codec;
        this.out = out;
        this.gameState = game.initialState();
    }

    void play(List<AdjudicateCommand.Step> steps) {
        for (AdjudicateCommand.Step step : steps) {
            line = step.line();
            if (clockRuns && clockState.status() == ClockStatus.RUNNING) {
                // the clock service's timer: a flag due by this instant falls first (FIDE 2018 6.9 / 1997 6.9)
                clock(new ClockInput.Command(new ClockCommand.CheckFlag(GAME_ID, nextClockId(), CLOCK,
                        step.command().observedAt().toEpochMilli())));
            }
            decide(step.actor(), step.command());
        }
        out.println(AdjudicateCommand.resultLine(gameState));
    }

    private void decide(Actor actor, GameCommand command) {
        List<EventMessage> events = game.decide(new GameRequest(GAME_ID, actor, command), gameState);
        List<Envelope> recorded = new ArrayList<>(events.size());
        UUID commandId = id("command/" + (++gameCommands));
        for (EventMessage event : events) {
            gameState = game.evolve(gameState, event);
            print("game", AdjudicateCommand.typeName(event.getClass()), codec.payloadTree(event));
            // as the game service records it: the command's actor, a fresh id (the clock's commands are keyed by it)
            gameEvents++;
            recorded.add(Envelope.event(id("event/" + gameEvents), commandId, null, GAME_ID, gameEvents, actor,
                    command.observedAt(), event));
        }
        for (Envelope event : recorded) {
            if (event.payload() instanceof GameStarted started) {
                // FIDE 2018 6.5: the clock the game service would start, with the game core's rules
                StartClock start = ClockStart.command(GAME_ID, started);
                clockRuns = start != null;
                if (clockRuns) {
                    clock(new ClockInput.Command(start));
                }
                continue;
            }
            // what the clock service derives from the game's event (a press, a pause, a penalty, the end)
            ClockInput implied = GameEventCommands.input(event);
            if (implied != null) {
                clock(implied);
            }
        }
    }

    private void clock(ClockInput input) {
        if (!clockRuns) {
            return;
        }
        List<ClockEvent> events = clock.decide(input, clockState);
        List<GameCommand> reactions = new ArrayList<>();
        for (ClockEvent event : events) {
            clockState = clock.evolve(clockState, event);
            print("clock", AdjudicateCommand.typeName(event.getClass()), codec.payloadTree(event));
            ClockInputs.commandFor(event).ifPresent(reactions::add); // as the game service reacts
        }
        for (GameCommand reaction : reactions) {
            if (!gameState.isOver()) {
                decide(CLOCK, reaction);
            }
        }
    }

    private static UUID id(String name) {
        return UUID.nameUUIDFromBytes(("adjudicate/" + name).getBytes(StandardCharsets.UTF_8));
    }

    private String nextClockId() {
        return "adjudicate-clock-" + (++clockCommands);
    }

    private void print(String stream, String type, ObjectNode event) {
        ObjectNode lineJson = json.createObjectNode();
        lineJson.put("line", line);
        lineJson.put("stream", stream);
        lineJson.put("type", type);
        lineJson.set("event", event);
        out.println(lineJson.toString());
    }
}

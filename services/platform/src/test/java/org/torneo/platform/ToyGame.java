package org.torneo.platform;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Decider;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;

/**
 * A deliberately tiny game aggregate for testing the runtime: it records moves without chess
 * rules, ends on resignation, rejects commands after the end, and throws on the move "boom"
 * (a processing failure the runtime must dead-letter).
 */
final class ToyGame implements Decider<GameCommand, EventMessage, ToyGame.State> {

    record State(String tournamentId, List<String> moves, Set<String> sides, boolean over) {
    }

    static final AggregateDefinition<GameCommand, EventMessage, State> DEFINITION = new AggregateDefinition<>(
            "toy-game", new ToyGame(), EventMessage.class, envelope -> (GameCommand) envelope.payload(),
            List.of(Topics.GAME_COMMANDS), List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS), null);

    @Override
    public State initialState() {
        return new State(null, List.of(), Set.of(), false);
    }

    @Override
    public List<EventMessage> decide(GameCommand command, State state) {
        if (state.over()) {
            return List.of(new ClaimEvent.CommandRejected(type(command), "the game is over", "FIDE 2018 5.1.2",
                    command.observedAt()));
        }
        return switch (command) {
            case GameCommand.StartGame start -> List.of(new MoveEvent.GameStarted(start.tournamentId(), start.round(),
                    start.board(), start.whitePlayerId(), start.blackPlayerId(), start.ruleset(), "startpos",
                    start.observedAt()));
            case GameCommand.SubmitMove move -> {
                if (move.move().equals("pass")) {
                    yield List.of(); // a decision without events (the toy's way to test them)
                }
                if (move.move().equals("abyss")) {
                    yield List.of(new MoveEvent.MovePlayed(bottomless(0), Side.WHITE, "abyss", "a1a1", "", move.source(),
                            null, move.observedAt()));
                }
                if (move.move().equals("boom")) {
                    throw new IllegalStateException("the toy decider cannot handle 'boom'");
                }
                int ply = state.moves().size() + 1;
                // "huge" makes an event too large for the broker (the runtime must dead-letter it)
                String fen = move.move().equals("huge") ? "x".repeat(2_000_000) : "fen" + ply;
                yield List.of(new MoveEvent.MovePlayed(ply, ply % 2 == 1 ? Side.WHITE : Side.BLACK, move.move(),
                        "a1a1", fen, move.source(), null, move.observedAt()));
            }
            case GameCommand.Resign resign -> List.of(
                    new ClaimEvent.RulingIssued(org.torneo.contracts.game.RulingKind.OTHER, "FIDE 2018 5.1.2",
                            "resigned", resign.by(), null, -1, -1, -1, 0, resign.observedAt()),
                    ResultEvent.GameEnded.of("g", state.tournamentId() == null ? "t-none" : state.tournamentId(), 1, 1,
                            "w", "b", resign.by() == Side.WHITE ? GameResult.BLACK_WINS : GameResult.WHITE_WINS,
                            EndReason.RESIGNATION, "FIDE 2018 5.1.2", true, resign.observedAt()));
            default -> List.of(new ClaimEvent.CommandRejected(type(command), "not supported by the toy", "",
                    command.observedAt()));
        };
    }

    @Override
    public State evolve(State state, EventMessage event) {
        return switch (event) {
            case MoveEvent.GameStarted started -> new State(started.tournamentId(), state.moves(), state.sides(), false);
            case MoveEvent.MovePlayed played -> {
                List<String> moves = new ArrayList<>(state.moves());
                moves.add(played.san());
                Set<String> sides = new TreeSet<>(state.sides());
                sides.add(played.by().name());
                yield new State(state.tournamentId(), List.copyOf(moves), Set.copyOf(sides), false);
            }
            case ResultEvent.GameEnded ended -> new State(state.tournamentId(), state.moves(), state.sides(), true);
            default -> state;
        };
    }

    /** Never returns: the toy's way to make a decider overflow its stack. */
    private static int bottomless(int depth) {
        return bottomless(depth + 1) + 1;
    }

    private static String type(GameCommand command) {
        return "game." + command.getClass().getSimpleName();
    }

    /**
     * The toy also reacts to the clock stream: a flag fall ends the game like a resignation of the
     * flagged side (the real game core asks whether the opponent can still mate); other clock events
     * are ignored.
     */
    static final AggregateDefinition<GameCommand, EventMessage, State> REACTING = new AggregateDefinition<>(
            "toy-game-reacting", new ToyGame(), EventMessage.class, ToyGame::read,
            List.of(Topics.GAME_COMMANDS), List.of(Topics.MOVES, Topics.CLAIMS, Topics.RESULTS), null)
            .reactingTo(List.of(Topics.CLOCK), null);

    private static GameCommand read(Envelope input) {
        return switch (input.payload()) {
            case GameCommand command -> command;
            case ClockEvent.FlagFell flag -> new GameCommand.Resign(
                    flag.side(), input.occurredAt());
            default -> null;
        };
    }

    static Envelope flagFell(String game, String eventSeed, Side side) {
        Instant at = T0.plusSeconds(5400);
        var flag = new ClockEvent.FlagFell(game, "press-1", Actor.system("clock"), at.toEpochMilli(), side, 1, 20, 40,
                false, false);
        return Envelope.event(id(eventSeed), id("clock-cmd"), null, game, 7, Actor.system("clock"), at, flag);
    }

    static Envelope clockStarted(String game, String eventSeed) {
        var started = new ClockEvent.ClockStarted(game, "c", Actor.system("clock"), T0.toEpochMilli(),
                org.torneo.contracts.clock.TimeControl.example(), null, 5_400_000, 5_400_000, null);
        return Envelope.event(id(eventSeed), id("clock-cmd0"), null, game, 1, Actor.system("clock"), T0, started);
    }

    // ------------------------------------------------------------------ command builders

    static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");
    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arbiter-1");

    static UUID id(String seed) {
        return UUID.nameUUIDFromBytes(seed.getBytes());
    }

    static Envelope start(String game, String commandSeed) {
        return Envelope.command(id(commandSeed), game, ARBITER, T0, new GameCommand.StartGame("t-1", 1, 1, "w", "b",
                Ruleset.DEFAULT, null, T0));
    }

    static Envelope move(String game, String commandSeed, String san, int second) {
        Instant at = T0.plusSeconds(second);
        return Envelope.command(id(commandSeed), game, new Actor(Actor.Role.BOARD, "board-1"), at,
                new GameCommand.SubmitMove(san, null, MoveSource.BOARD, null, at));
    }

    static Envelope resign(String game, String commandSeed, Side side) {
        return Envelope.command(id(commandSeed), game, new Actor(Actor.Role.PLAYER, "p"), T0.plusSeconds(999),
                new GameCommand.Resign(side, T0.plusSeconds(999)));
    }
}

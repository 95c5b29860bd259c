package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * Given events / when command / then events, for the game decider:
 * <pre>
 * GameSpec.fide2018().moves("e4", "e5")          // given: the game started and these moves played
 *         .when(arbiter(), new ReportIllegalMove(...))
 *         .then(MovesTakenBack.class, IllegalMoveRecorded.class);
 * </pre>
 * Every given step is itself decided (so the history is what the decider produces) and folded; every "when"
 * also checks that folding the whole history from scratch gives the live state (the replay property).
 */
final class GameSpec {

    static final String GAME = "g-1";
    static final String WHITE = "p-white";
    static final String BLACK = "p-black";
    static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");
    static final Actor BOARD = new Actor(Actor.Role.BOARD, "board-1");
    static final Actor EBOARD = new Actor(Actor.Role.EBOARD, "eboard-1");
    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arbiter-1");
    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    static final Actor WHITE_PLAYER = new Actor(Actor.Role.PLAYER, WHITE);
    static final Actor BLACK_PLAYER = new Actor(Actor.Role.PLAYER, BLACK);

    final GameDecider decider;
    final List<EventMessage> history = new ArrayList<>();
    GameState state;
    private int tick;
    List<EventMessage> lastEvents = List.of();

    private GameSpec(GameDecider decider) {
        this.decider = decider;
        this.state = decider.initialState();
    }

    static GameSpec notStarted() {
        return new GameSpec(new GameDecider());
    }

    static GameSpec game(Edition edition, Category category) {
        return game(new Ruleset(edition, category), null, EventRegulations.DEFAULT);
    }

    static GameSpec game(Ruleset ruleset, String fen, EventRegulations regulations) {
        GameSpec spec = notStarted();
        spec.step(ORGANISER, new GameCommand.StartGame("t-1", 3, 12, WHITE, BLACK, ruleset, fen, null, "hall A", null,
                regulations, T0));
        return spec;
    }

    /** A game under a time control (e.g. for the quickplay finish, which depends on the period and its bonus). */
    static GameSpec timed(Ruleset ruleset, org.torneo.contracts.clock.TimeControl timeControl,
                         EventRegulations regulations) {
        GameSpec spec = notStarted();
        spec.step(ORGANISER, new GameCommand.StartGame("t-1", 3, 12, WHITE, BLACK, ruleset, null, null, "hall A",
                timeControl, regulations, T0));
        return spec;
    }

    static GameSpec fide2018() {
        return game(Edition.FIDE_2018, Category.STANDARD);
    }

    static GameSpec fromFen(Edition edition, Category category, String fen) {
        return game(new Ruleset(edition, category), fen, EventRegulations.DEFAULT);
    }

    Instant now() {
        return T0.plusSeconds(++tick * 10L);
    }

    /** Given: moves entered at the board terminal, each completed (a clock reading comes with it). */
    GameSpec moves(String... moves) {
        for (String move : moves) {
            step(BOARD, new GameCommand.SubmitMove(move, null, MoveSource.BOARD, null, now()));
        }
        return this;
    }

    /** Given: any command, which must be accepted. */
    GameSpec given(Actor actor, GameCommand command) {
        step(actor, command);
        return this;
    }

    private void step(Actor actor, GameCommand command) {
        List<EventMessage> events = decider.decide(new GameRequest(GAME, actor, command), state);
        for (EventMessage e : events) {
            if (e instanceof CommandRejected rejected) {
                fail("given step " + command + " was rejected: " + rejected.reason());
            }
        }
        apply(events);
    }

    private void apply(List<EventMessage> events) {
        for (EventMessage e : events) {
            state = decider.evolve(state, e);
            history.add(e);
        }
    }

    /** When: the command is decided; its events are folded into the state (so more whens may follow). */
    GameSpec when(Actor actor, GameCommand command) {
        lastEvents = decider.decide(new GameRequest(GAME, actor, command), state);
        apply(lastEvents);
        assertEquals(state.fingerprint(), decider.fold(history).fingerprint(), "replay of the history differs");
        return this;
    }

    GameSpec when(GameCommand command) {
        return when(BOARD, command);
    }

    /** Then: exactly these event types, in order. */
    GameSpec then(Class<?>... types) {
        List<String> actual = lastEvents.stream().map(e -> e.getClass().getSimpleName()).toList();
        List<String> expected = java.util.Arrays.stream(types).map(Class::getSimpleName).toList();
        assertEquals(expected, actual, "events " + lastEvents);
        return this;
    }

    /** Then: the one event of this type. */
    <T> T event(Class<T> type) {
        List<T> found = lastEvents.stream().filter(type::isInstance).map(type::cast).toList();
        assertEquals(1, found.size(), "one " + type.getSimpleName() + " expected in " + lastEvents);
        return found.get(0);
    }

    /** Then: the events of this type, in order. */
    <T> List<T> events(Class<T> type) {
        return lastEvents.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Then: the command was refused, and the reason mentions {@code words}. */
    GameSpec rejected(String words) {
        then(CommandRejected.class);
        CommandRejected rejected = event(CommandRejected.class);
        assertTrue(rejected.reason().contains(words), "reason '" + rejected.reason() + "' should mention '" + words + "'");
        return this;
    }

    GameEnded ended() {
        return event(GameEnded.class);
    }

    GameSpec noEnding() {
        assertFalse(lastEvents.stream().anyMatch(e -> e instanceof GameEnded), "no GameEnded expected: " + lastEvents);
        assertFalse(state.isOver());
        return this;
    }

    static ClockReading clocks(long whiteSeconds, long blackSeconds) {
        return new ClockReading(whiteSeconds * 1000, blackSeconds * 1000);
    }

    static GameCommand.SubmitMove move(String text) {
        return new GameCommand.SubmitMove(text, null, MoveSource.BOARD, null, T0.plusSeconds(5000));
    }

    static GameCommand.SubmitMove eboard(String text) {
        return new GameCommand.SubmitMove(text, null, MoveSource.EBOARD, null, T0.plusSeconds(5000));
    }

    static Instant at() {
        return T0.plusSeconds(9000);
    }

    String types() {
        return lastEvents.stream().map(e -> e.getClass().getSimpleName()).collect(Collectors.joining(", "));
    }

    static Side white() {
        return Side.WHITE;
    }

    static Side black() {
        return Side.BLACK;
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;

/** The service's bound on a game's plies: the move after the limit is refused with the limit and its key. */
class GameLimitsTest {

    private static final Actor BOARD = new Actor(Actor.Role.BOARD, "board-1");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org");
    private static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");
    private static final String[] SHUFFLE = {"g1f3", "g8f6", "f3g1", "f6g8"};

    @Test
    void aMoveBeyondTheMaximumPliesIsRefusedWithTheLimitAndItsKey() {
        GameDecider decider = new GameDecider(new GameLimits(6));
        // FIDE 1997: no fivefold repetition, so only the limit stops this shuffle
        GameState state = apply(decider, GameState.INITIAL, ORGANISER, new GameCommand.StartGame("t", 1, 1, "w", "b",
                new Ruleset(Ruleset.Edition.FIDE_1997, Ruleset.Category.STANDARD), null, T0));
        for (int ply = 0; ply < 6; ply++) {
            List<EventMessage> events = decider.decide(request(SHUFFLE[ply % 4]), state);
            assertInstanceOf(MovePlayed.class, events.get(0), "ply " + (ply + 1) + " is within the limit");
            state = apply(decider, state, events);
        }
        List<EventMessage> refused = decider.decide(request(SHUFFLE[2]), state);
        CommandRejected rejected = assertInstanceOf(CommandRejected.class, refused.get(0));
        assertEquals("game g-1 reached the limit of 6 plies set by torneo.game.max-plies: no further move is recorded;"
                + " the arbiter decides the result (e.g. a ruling)", rejected.reason());
        assertEquals(6, state.ply());
    }

    /**
     * Issue 17: the limit a game starts under is recorded on its GameStarted, and the game keeps it: a decider
     * configured otherwise (a service reconfigured, the audit with the default) decides under the recorded one.
     */
    @Test
    void theLimitIsRecordedOnTheGameStartedAndKeptByEveryDeciderThatReplaysTheGame() {
        GameDecider startedUnderSix = new GameDecider(new GameLimits(6));
        List<EventMessage> started = startedUnderSix.decide(new GameRequest("g-1", ORGANISER,
                new GameCommand.StartGame("t", 1, 1, "w", "b",
                        new Ruleset(Ruleset.Edition.FIDE_1997, Ruleset.Category.STANDARD), null, T0)),
                GameState.INITIAL);
        assertEquals(6, assertInstanceOf(org.torneo.contracts.game.MoveEvent.GameStarted.class, started.get(0))
                .maxPlies());

        GameDecider defaults = new GameDecider(GameLimits.DEFAULT);
        GameState state = apply(defaults, GameState.INITIAL, started);
        for (int ply = 0; ply < 6; ply++) {
            state = apply(defaults, state, defaults.decide(request(SHUFFLE[ply % 4]), state));
        }
        CommandRejected rejected = assertInstanceOf(CommandRejected.class,
                defaults.decide(request(SHUFFLE[2]), state).get(0));
        assertEquals("game g-1 reached the limit of 6 plies set by torneo.game.max-plies: no further move is recorded;"
                + " the arbiter decides the result (e.g. a ruling)", rejected.reason());

        // a game of a log written before the limit was recorded is decided under the decider's own limit
        org.torneo.contracts.game.MoveEvent.GameStarted recorded =
                (org.torneo.contracts.game.MoveEvent.GameStarted) started.get(0);
        GameState unrecorded = apply(startedUnderSix, GameState.INITIAL, List.of(
                new org.torneo.contracts.game.MoveEvent.GameStarted(recorded.tournamentId(), recorded.round(),
                        recorded.board(), recorded.whitePlayerId(), recorded.blackPlayerId(), recorded.ruleset(),
                        recorded.initialFen(), recorded.hall(), recorded.timeControl(), recorded.regulations(),
                        recorded.startedAt())));
        for (int ply = 0; ply < 6; ply++) {
            unrecorded = apply(defaults, unrecorded, defaults.decide(request(SHUFFLE[ply % 4]), unrecorded));
        }
        assertInstanceOf(MovePlayed.class, defaults.decide(request(SHUFFLE[2]), unrecorded).get(0));
    }

    @Test
    void theDefaultLimitIsAboveTheLongestGameTheFide2018LawsAllow() {
        // 75-move rule and fivefold repetition: no FIDE 2018 game outlasts 17,697 plies
        assertEquals(20_000, GameLimits.DEFAULT.maxPlies());
        assertThrows(IllegalArgumentException.class, () -> new GameLimits(0));
    }

    private static GameRequest request(String uci) {
        return new GameRequest("g-1", BOARD, new GameCommand.SubmitMove(uci, null, MoveSource.BOARD, null, T0));
    }

    private static GameState apply(GameDecider decider, GameState state, Actor actor, GameCommand command) {
        return apply(decider, state, decider.decide(new GameRequest("g-1", actor, command), state));
    }

    private static GameState apply(GameDecider decider, GameState state, List<EventMessage> events) {
        for (EventMessage e : events) {
            assertEquals(false, e instanceof CommandRejected, () -> "refused: " + e);
            state = decider.evolve(state, e);
        }
        return state;
    }
}

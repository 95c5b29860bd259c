package org.torneo.game.app.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.AggregateState;

/** The projection of a game a pairing correction cancelled: its row says CANCELLED with no result; its incident. */
class GameProjectorTest {

    private static final String GAME = "t1-r1-b3";
    private static final Actor GAME_SERVICE = Actor.system("game");
    private static final Instant AT = Instant.parse("2026-11-21T10:20:00Z");
    private static final UUID CORRECTION = UUID.fromString("00000000-0000-0000-0000-00000000cace");

    private final GameDecider decider = new GameDecider();

    private GameState run(GameState state, GameCommand command, List<EventMessage> out) {
        List<EventMessage> events = decider.decide(new GameRequest(GAME, GAME_SERVICE, command), state);
        for (EventMessage e : events) {
            state = decider.evolve(state, e);
        }
        out.addAll(events);
        return state;
    }

    @Test
    void aCancelledGameRowHasThePhaseCancelledAndNoResult() {
        List<EventMessage> events = new java.util.ArrayList<>();
        GameState state = run(decider.initialState(), new GameCommand.StartGame("t1", 1, 3, "p5", "p6",
                Ruleset.DEFAULT, null, null, "Hall A", null, null, AT.minusSeconds(600)), events);
        state = run(state, new GameCommand.CancelGame("p5 and p6 had withdrawn", "chief-arbiter", CORRECTION, AT),
                events);
        GameCancelled cancelled = (GameCancelled) events.getLast();

        GameRow row = new GameRow();
        GameProjector.fill(row, new AggregateState<>(GAME, state, 2, "hash"));
        assertEquals("CANCELLED", row.phase);
        assertNull(row.result, "a cancelled game has no result");
        assertNull(row.resultName);
        assertNull(row.whiteHalfPoints);
        assertEquals(GameProjector.CANCELLED, row.endReason);
        assertTrue(row.endArticle.contains("C.04.3"), row.endArticle);
        assertFalse(row.played);
        assertEquals(AT, row.endedAt);
        assertEquals("p5", row.whitePlayerId);
        assertEquals(3, row.board);

        IncidentRow incident = GameProjector.incident(GAME + "#2", Envelope.event(UUID.randomUUID(), UUID.randomUUID(),
                null, GAME, 2, GAME_SERVICE, AT, cancelled), cancelled);
        assertEquals("CANCELLATION", incident.category);
        assertEquals("game.GameCancelled", incident.type);
        assertEquals("CANCELLED_BY_PAIRING_CORRECTION", incident.kind);
        assertEquals("p5 and p6 had withdrawn (chief-arbiter)", incident.reason);
        assertEquals(cancelled.article(), incident.article);
    }
}

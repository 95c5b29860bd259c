package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

class GameStartsTest {

    @Test
    void aPairedRoundOpensOneGamePerBoardWithStableIds() {
        RoundPaired paired = new RoundPaired("t-7", "c-1", Actor.system("pairing"), GameSpec.T0, 3,
                PairingSystemKind.values()[0], 42, List.of(new Board(1, "hall A", "p-1", "p-2"),
                new Board(2, "hall B", "p-3", "p-4")), List.<Bye>of());
        List<GameRequest> requests = GameStarts.forRound(paired, Ruleset.DEFAULT, TimeControl.example(), null);
        assertEquals(List.of("t-7-r3-b1", "t-7-r3-b2"), requests.stream().map(GameRequest::gameId).toList());
        GameDecider decider = new GameDecider();
        List<EventMessage> events = decider.decide(requests.get(1), decider.initialState());
        GameStarted started = (GameStarted) events.get(0);
        assertEquals("p-3", started.whitePlayerId());
        assertEquals("hall B", started.hall());
        assertEquals(2, started.board());
        assertEquals(TimeControl.example(), started.timeControl());
        assertTrue(started.regulations().adequateSupervision());
    }
}

package org.torneo.game.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.game.core.game.GameRequest;

class ClockEventsReadTest {

    @Test
    void clockEventsBecomeGameCommandsAtTheClocksMoment() {
        Actor clock = Actor.system("clock");
        ClockEvent.FlagFell flag = new ClockEvent.FlagFell("g-1", "c", clock, 1_000_000L, Side.WHITE, 2, 40, 40,
                true, false);
        GameRequest request = GameDefinition.read(Envelope.event(java.util.UUID.randomUUID(), java.util.UUID.randomUUID(),
                null, "g-1", 4, clock, Instant.EPOCH, flag));
        assertEquals("g-1", request.gameId());
        assertEquals(new GameCommand.ReportFlagFall(Side.WHITE, true, false, Instant.ofEpochMilli(1_000_000L)),
                request.command());
        ClockEvent.PlayerDefaulted absent = new ClockEvent.PlayerDefaulted("g-1", "c", clock, 5L, Side.BLACK, 5L,
                "FIDE 2018 6.7.1");
        assertTrue(GameDefinition.read(Envelope.event(java.util.UUID.randomUUID(), java.util.UUID.randomUUID(), null,
                "g-1", 5, clock, Instant.EPOCH, absent)).command() instanceof GameCommand.ReportDefault d
                && d.absent() == Side.BLACK);
        ClockEvent.ClockPaused paused = new ClockEvent.ClockPaused("g-1", "c", clock, 5L, "claim", 1, 1);
        assertEquals(null, GameDefinition.read(Envelope.event(java.util.UUID.randomUUID(), java.util.UUID.randomUUID(),
                null, "g-1", 6, clock, Instant.EPOCH, paused)));
    }
}

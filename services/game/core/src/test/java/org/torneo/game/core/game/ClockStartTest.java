package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.QuickplayFinishGuidelines;

class ClockStartTest {

    private static final Instant AT = Instant.parse("2026-05-01T15:00:00Z");

    private static GameStarted started(TimeControl control, QuickplayFinishGuidelines guidelines) {
        return new GameStarted("t-1", 1, 3, "w", "b", Ruleset.DEFAULT,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Main", control,
                new EventRegulations(0, true, guidelines), AT);
    }

    @Test
    void theClockStartsWithTheGamesControlAndWhetherTheGuidelinesIIIWereAnnounced() {
        StartClock announced = ClockStart.command("t-1-r1-b3", started(TimeControl.example(),
                QuickplayFinishGuidelines.INCREMENT_ON_REQUEST));
        assertEquals(TimeControl.example(), announced.control());
        assertEquals(AT.toEpochMilli(), announced.at());
        assertTrue(announced.rules().quickplayFinishAnnounced(), "FIDE 2018 III.4 announced by the regulations");

        StartClock claimsOnly = ClockStart.command("t-1-r1-b3", started(TimeControl.example(),
                QuickplayFinishGuidelines.DRAW_CLAIMS));
        // FIDE 2018 III.2.1: the Guidelines III were announced (as III.5 draw claims), so III.3.1.2 applies on the clock
        assertTrue(claimsOnly.rules().quickplayFinishAnnounced(), "III announced with draw claims");
        assertEquals(ClockStart.commandId("t-1-r1-b3").toString(), claimsOnly.commandId());

        StartClock notAnnounced = ClockStart.command("t-1-r1-b3", started(TimeControl.example(),
                QuickplayFinishGuidelines.NOT_ANNOUNCED));
        assertFalse(notAnnounced.rules().quickplayFinishAnnounced(), "no Guidelines III: no III.3.1.2 draw either");
    }

    @Test
    void aGameFromAPositionWithBlackToMoveStartsBlacksClock() {
        assertNull(ClockStart.command("g", started(TimeControl.example(), QuickplayFinishGuidelines.DRAW_CLAIMS))
                .firstToMove(), "from the initial position White's clock starts (FIDE 2018 6.6)");
        GameStarted blackToMove = new GameStarted("t-1", 1, 3, "w", "b", Ruleset.DEFAULT,
                "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40", "Main", TimeControl.example(),
                new EventRegulations(0, true, QuickplayFinishGuidelines.DRAW_CLAIMS), AT);
        assertEquals(Side.BLACK, ClockStart.command("g", blackToMove).firstToMove());
    }

    @Test
    void aGameWithoutTimeControlStartsNoClock() {
        assertNull(ClockStart.command("t-1-r1-b3", started(null, QuickplayFinishGuidelines.NOT_ANNOUNCED)));
    }
}

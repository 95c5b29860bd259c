package org.torneo.contracts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.topics.Topics;

/** The messages of the lost envelope, the resumption and the illegal move not completed: checks and catalogue. */
class ResumptionMessagesTest {

    private static final Instant AT = Instant.parse("2026-05-02T10:00:00Z");

    @Test
    void aLostEnvelopeNeedsTheStatedMoveUnlessThePositionIsLostToo() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.DeclareEnvelopeLost("  ", null, true, AT));
        assertTrue(missing.getMessage().contains("statedMove"), missing.getMessage());
        GameCommand.DeclareEnvelopeLost annulled = new GameCommand.DeclareEnvelopeLost(" ", null, false, AT);
        assertNull(annulled.statedMove());
        assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.DeclareEnvelopeLost("Nf3", new ClockReading(-1, 0), true, AT));
        assertEquals("Nf3", GameCommand.DeclareEnvelopeLost.example().statedMove());
    }

    @Test
    void clockCorrectionsAndIllegalMovesRefuseNonsense() {
        assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.CorrectClockAtResumption(Side.WHITE, -5, 10, null, AT));
        assertThrows(NullPointerException.class,
                () -> new GameCommand.CorrectClockAtResumption(null, 5, 10, null, AT));
        assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.ReportIllegalMoveNotCompleted(Side.BLACK, " ", AT));
        assertEquals("", new MoveEvent.PlayerAbsentAtResumption(3, Side.BLACK, true, null, AT).article());
    }

    @Test
    void theNewMessagesAreRegisteredOnTheGameTopics() {
        MessageCatalog catalog = MessageCatalog.standard();
        for (Class<? extends org.torneo.contracts.Message> command : java.util.List.of(GameCommand.DeclareEnvelopeLost.class,
            GameCommand.ReportAbsentAtResumption.class, GameCommand.CorrectClockAtResumption.class,
            GameCommand.ReportIllegalMoveNotCompleted.class)) {
            assertEquals(Topics.GAME_COMMANDS.name(), catalog.entryOf(command).topic().name(), command.getSimpleName());
        }
        for (Class<? extends org.torneo.contracts.Message> event : java.util.List.of(MoveEvent.EnvelopeLost.class,
                MoveEvent.PlayerAbsentAtResumption.class, MoveEvent.IllegalMoveNotCompleted.class)) {
            assertEquals(Topics.MOVES.name(), catalog.entryOf(event).topic().name(), event.getSimpleName());
        }
    }
}

package org.torneo.contracts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.codec.MessageCatalog;
import org.torneo.contracts.topics.Topics;

/** The messages by which a corrected pairing reaches a game: checks and catalogue. */
class PairingCorrectionMessagesTest {

    private static final Instant AT = Instant.parse("2026-05-02T10:00:00Z");

    @Test
    void aCorrectionNamesBothPlayersAndSaysWhy() {
        assertThrows(IllegalArgumentException.class, () -> new GameCommand.CorrectPlayers(" ", "b", "why", null, null, AT));
        assertThrows(IllegalArgumentException.class, () -> new GameCommand.CorrectPlayers("w", "", "why", null, null, AT));
        assertThrows(NullPointerException.class, () -> new GameCommand.CorrectPlayers("w", "b", null, null, null, AT));
        IllegalArgumentException noReason = assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.CorrectPlayers("w", "b", "  ", null, null, AT));
        assertTrue(noReason.getMessage().contains("reason"), noReason.getMessage());
        assertNull(new GameCommand.CorrectPlayers("w", "b", "why", " ", null, AT).correctedBy(),
                "a blank corrector means the sender");
    }

    @Test
    void theCorrectedPlayersEventKeepsWhoHadTheGameBefore() {
        UUID correction = UUID.randomUUID();
        MoveEvent.PlayersCorrected corrected = new MoveEvent.PlayersCorrected("w2", "b2", "w1", "b1", "why", "arbiter-1",
                correction, null, AT);
        assertEquals("", corrected.article());
        assertEquals(correction, corrected.pairingCorrection());
        assertThrows(NullPointerException.class, () -> new MoveEvent.PlayersCorrected("w2", "b2", null, "b1", "why",
                "arbiter-1", null, "", AT));
        assertThrows(NullPointerException.class, () -> new MoveEvent.PlayersCorrected("w2", "b2", "w1", "b1", "why",
                null, null, "", AT));
    }

    @Test
    void aCancellationSaysWhyAndABlankCancellerMeansTheSender() {
        assertThrows(NullPointerException.class, () -> new GameCommand.CancelGame(null, null, null, AT));
        assertThrows(NullPointerException.class, () -> new GameCommand.CancelGame("why", null, null, null));
        IllegalArgumentException noReason = assertThrows(IllegalArgumentException.class,
                () -> new GameCommand.CancelGame(" ", null, null, AT));
        assertTrue(noReason.getMessage().contains("reason"), noReason.getMessage());
        assertNull(new GameCommand.CancelGame("why", "  ", null, AT).cancelledBy(), "a blank canceller means the sender");
        UUID correction = UUID.randomUUID();
        assertEquals(correction, new GameCommand.CancelGame("why", "arbiter-1", correction, AT).pairingCorrection());
    }

    @Test
    void theCancelledEventNamesWhoAndWhy() {
        UUID correction = UUID.randomUUID();
        MoveEvent.GameCancelled cancelled = new MoveEvent.GameCancelled("why", "arbiter-1", correction, null, AT);
        assertEquals("", cancelled.article());
        assertEquals(correction, cancelled.pairingCorrection());
        assertThrows(NullPointerException.class, () -> new MoveEvent.GameCancelled(null, "arbiter-1", null, "", AT));
        assertThrows(NullPointerException.class, () -> new MoveEvent.GameCancelled("why", null, null, "", AT));
        assertThrows(NullPointerException.class, () -> new MoveEvent.GameCancelled("why", "arbiter-1", null, "", null));
    }

    @Test
    void theCommandGoesOnTheGameCommandsAndTheEventOnTheMoves() {
        MessageCatalog catalog = MessageCatalog.standard();
        assertEquals(Topics.GAME_COMMANDS.name(), catalog.entryOf(GameCommand.CorrectPlayers.class).topic().name());
        assertEquals("game.CorrectPlayers", catalog.entryOf(GameCommand.CorrectPlayers.class).type());
        assertEquals(Topics.MOVES.name(), catalog.entryOf(MoveEvent.PlayersCorrected.class).topic().name());
        assertEquals("game.PlayersCorrected", catalog.entryOf(MoveEvent.PlayersCorrected.class).type());
        assertEquals(Topics.GAME_COMMANDS.name(), catalog.entryOf(GameCommand.CancelGame.class).topic().name());
        assertEquals("game.CancelGame", catalog.entryOf(GameCommand.CancelGame.class).type());
        assertEquals(Topics.MOVES.name(), catalog.entryOf(MoveEvent.GameCancelled.class).topic().name());
        assertEquals("game.GameCancelled", catalog.entryOf(MoveEvent.GameCancelled.class).type());
    }
}

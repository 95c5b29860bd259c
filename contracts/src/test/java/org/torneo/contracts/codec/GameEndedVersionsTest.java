package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/** results.GameEnded version 2 carries the plies completed at the end; version 1 records are still read. */
class GameEndedVersionsTest {

    private static final Actor GAME = new Actor(Actor.Role.SYSTEM, "game");
    private static final Instant AT = Instant.parse("2026-05-01T16:20:00Z");

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope sealed(GameEnded ended) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, "g-1", 42, GAME, AT, ended),
                Envelope.GENESIS_HASH);
    }

    @Test
    void givenAnEndWithItsCompletedPlies_whenWrittenAndRead_thenThePliesAreKept() {
        GameEnded ended = GameEnded.of("g-1", "t-1", 3, 12, "p-7", "p-21", GameResult.WHITE_WINS, EndReason.RESIGNATION,
                "FIDE 2018 5.1.2", true, AT).withCompletedPlies(41);

        Envelope read = codec.decode(codec.encode(sealed(ended)));

        assertEquals(41, ((GameEnded) read.payload()).completedPlies());
        assertEquals(2, codec.catalog().entryOf(GameEnded.class).version());
    }

    @Test
    void givenAVersionOneRecordWrittenBeforeThePlies_whenRead_thenItDecodesWithNoPliesAndItsHashHolds() {
        ObjectNode v1 = codec.toTree(sealed(GameEnded.of("g-1", "t-1", 3, 12, "p-7", "p-21", GameResult.DRAW,
                EndReason.AGREEMENT, "FIDE 2018 9.1.2", true, AT)));
        ((ObjectNode) v1.get("payload")).remove(GameEnded.COMPLETED_PLIES_FIELD);
        v1.put("version", 1);
        // as the old code wrote it: hashed over its own canonical form
        v1.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(v1)));

        Envelope read = codec.decode(v1.toString());

        GameEnded ended = (GameEnded) read.payload();
        assertNull(ended.completedPlies());
        assertEquals(GameResult.DRAW, ended.result());
        assertEquals(v1.get("hash").asText(), read.hash());
    }

    @Test
    void negativePliesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GameEnded.example().withCompletedPlies(-1));
        assertEquals("completedPlies cannot be negative, got -1", e.getMessage());
    }
}

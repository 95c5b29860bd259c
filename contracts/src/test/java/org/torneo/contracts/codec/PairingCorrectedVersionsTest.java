package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;

/**
 * tournament.PairingCorrected version 2 carries the Dutch checker's warnings on a change by hand; the version 1
 * records written before them are still read (with none), so an old tournament log replays.
 */
class PairingCorrectedVersionsTest {

    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");
    private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope sealed(PairingCorrected event) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, "t-1", 9, CHIEF, AT, event),
                Envelope.GENESIS_HASH);
    }

    private static PairingCorrected swap(List<PairingWarning> warnings) {
        return new PairingCorrected("t-1", "c-9", CHIEF, AT, 3, List.of(new Board(1, "A", "p1", "p4"),
                new Board(2, "A", "p3", "p2")), List.of(), "hand change: 'p1' and 'p3' swapped; reason: late", warnings);
    }

    @Test
    void givenAChangeWithWarnings_whenWrittenAndRead_thenTheWarningsAreKept() {
        PairingCorrected changed = swap(List.of(new PairingWarning("C3", "SAME_COLOUR_THREE_TIMES", 1, List.of("p1"),
                "WWW"), new PairingWarning("C6-C7", "SCORE_DIFFERENCE", 2, List.of("p2", "p3"), "1")));

        Envelope read = codec.decode(codec.encode(sealed(changed)));

        assertEquals(changed, read.payload());
        assertEquals(2, codec.catalog().entryOf(PairingCorrected.class).version());
    }

    @Test
    void givenAVersionOneCorrectionWrittenBeforeWarnings_whenRead_thenItHasNoneAndItsHashHolds() {
        ObjectNode v1 = codec.toTree(sealed(swap(List.of())));
        ((ObjectNode) v1.get("payload")).remove(PairingCorrected.WARNINGS_FIELD);
        assertFalse(v1.get("payload").has("warnings"));
        v1.put("version", 1);
        v1.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(v1)));

        Envelope read = codec.decode(v1.toString());

        PairingCorrected corrected = (PairingCorrected) read.payload();
        assertEquals(List.of(), corrected.warnings());
        assertEquals(2, corrected.boards().size());
        assertEquals(v1.get("hash").asText(), read.hash());
    }
}

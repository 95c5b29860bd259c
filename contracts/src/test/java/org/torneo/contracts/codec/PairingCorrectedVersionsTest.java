package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.contracts.tournament.RoundSeat;
import org.torneo.contracts.tournament.SeatChange;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;

/**
 * tournament.PairingCorrected version 3 carries the change in structure (its kind, the arbiter's own reason, the
 * players it moved with their seats), version 2 the Dutch checker's warnings on a change by hand; the version 1 and 2
 * records written before them are still read (without the structure, with no warnings before version 2), so an old
 * tournament log replays.
 */
class PairingCorrectedVersionsTest {

    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");
    private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");
    private static final String SENTENCE = "hand change: 'p2' (board 1, Black) and 'p4' (board 2, Black) swapped;"
            + " reason: late";

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope sealed(PairingCorrected event) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, "t-1", 9, CHIEF, AT, event),
                Envelope.GENESIS_HASH);
    }

    private static PairingCorrected swap(List<PairingWarning> warnings) {
        return new PairingCorrected("t-1", "c-9", CHIEF, AT, 3, List.of(new Board(1, "A", "p1", "p4"),
                new Board(2, "A", "p3", "p2")), List.of(), SENTENCE, warnings, PairingChangeKind.SWAP_PLAYERS, "late",
                List.of(new SeatChange("p2", RoundSeat.onBoard(1, Side.BLACK), RoundSeat.onBoard(2, Side.BLACK)),
                        new SeatChange("p4", RoundSeat.onBoard(2, Side.BLACK), RoundSeat.onBoard(1, Side.BLACK))));
    }

    /** The sealed record as an older version wrote it: the later fields removed, the version and hash as then. */
    private ObjectNode writtenAs(int version, PairingCorrected event) {
        ObjectNode record = codec.toTree(sealed(event));
        ObjectNode payload = (ObjectNode) record.get("payload");
        payload.remove(List.of(PairingCorrected.KIND_FIELD, PairingCorrected.ARBITER_REASON_FIELD,
                PairingCorrected.MOVED_FIELD));
        if (version < 2) {
            payload.remove(PairingCorrected.WARNINGS_FIELD);
        }
        record.put("version", version);
        record.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(record)));
        return record;
    }

    @Test
    void givenAChangeInStructureWithWarnings_whenWrittenAndRead_thenEveryFieldIsKept() {
        PairingCorrected changed = swap(List.of(new PairingWarning("C3", "SAME_COLOUR_THREE_TIMES", 1, List.of("p1"),
                "WWW"), new PairingWarning("C6-C7", "SCORE_DIFFERENCE", 2, List.of("p2", "p3"), "1")));

        Envelope read = codec.decode(codec.encode(sealed(changed)));

        assertEquals(changed, read.payload());
        PairingCorrected corrected = (PairingCorrected) read.payload();
        assertTrue(corrected.structured());
        assertEquals(PairingChangeKind.SWAP_PLAYERS, corrected.kind());
        assertEquals("late", corrected.arbiterReason());
        assertEquals(RoundSeat.onBoard(2, Side.BLACK), corrected.moved().get(0).after());
        assertEquals(3, codec.catalog().entryOf(PairingCorrected.class).version());
    }

    @Test
    void givenAPairingOfALateArrivalWithTheBye_whenWrittenAndRead_thenSeatsInAByeAndOutsideTheRoundAreKept() {
        PairingCorrected paired = new PairingCorrected("t-1", "c-10", CHIEF, AT, 3, List.of(new Board(3, "A", "p8",
                "p5")), List.of(), "hand change: 'p8' (White) and 'p5' (Black), without a game, paired on board 3;"
                + " reason: arrived", List.of(), PairingChangeKind.PAIR_UNPAIRED, "arrived", List.of(
                new SeatChange("p8", null, RoundSeat.onBoard(3, Side.WHITE)),
                new SeatChange("p5", RoundSeat.inBye(ByeKind.PAIRING_BYE), RoundSeat.onBoard(3, Side.BLACK))));

        PairingCorrected read = (PairingCorrected) codec.decode(codec.encode(sealed(paired))).payload();

        assertEquals(paired, read);
        assertNull(read.moved().get(0).before(), "not in the round before");
        assertEquals(ByeKind.PAIRING_BYE, read.moved().get(1).before().bye());
    }

    @Test
    void givenAVersionTwoChangeWrittenBeforeTheStructure_whenRead_thenItHasItsReasonAndWarningsOnlyAndItsHashHolds() {
        List<PairingWarning> warnings = List.of(new PairingWarning("C3", "SAME_COLOUR_THREE_TIMES", 1, List.of("p1"),
                "WWW"));
        ObjectNode v2 = writtenAs(2, swap(warnings));
        assertFalse(v2.get("payload").has("kind") || v2.get("payload").has("moved"));

        Envelope read = codec.decode(v2.toString());

        PairingCorrected corrected = (PairingCorrected) read.payload();
        assertFalse(corrected.structured());
        assertNull(corrected.kind());
        assertNull(corrected.arbiterReason());
        assertEquals(List.of(), corrected.moved());
        assertEquals(SENTENCE, corrected.reason());
        assertEquals(warnings, corrected.warnings());
        assertEquals(v2.get("hash").asText(), read.hash());
    }

    @Test
    void givenAVersionOneCorrectionWrittenBeforeWarnings_whenRead_thenItHasNoneNorStructureAndItsHashHolds() {
        ObjectNode v1 = writtenAs(1, swap(List.of()));
        assertFalse(v1.get("payload").has("warnings"));

        Envelope read = codec.decode(v1.toString());

        PairingCorrected corrected = (PairingCorrected) read.payload();
        assertEquals(List.of(), corrected.warnings());
        assertFalse(corrected.structured());
        assertEquals(2, corrected.boards().size());
        assertEquals(v1.get("hash").asText(), read.hash());
    }

    @Test
    void aSeatIsABoardWithASideOrAByeNeverBothNorNeither() {
        assertThrows(IllegalArgumentException.class, () -> new RoundSeat(1, Side.WHITE, ByeKind.HALF_POINT));
        assertThrows(IllegalArgumentException.class, () -> new RoundSeat(0, null, null));
        assertThrows(IllegalArgumentException.class, () -> new RoundSeat(2, null, null));
        assertTrue(RoundSeat.onBoard(2, Side.BLACK).hasBoard());
        assertFalse(RoundSeat.inBye(ByeKind.ZERO_POINT).hasBoard());
    }

    @Test
    void aVersionThreeSeatThatIsBothABoardAndAByeIsRefusedWhenRead() {
        ObjectNode record = codec.toTree(sealed(swap(List.of())));
        ((ObjectNode) record.get("payload").get("moved").get(0).get("before")).put("bye", "HALF_POINT");
        record.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(record)));

        DecodingException refused = assertThrows(DecodingException.class, () -> codec.decode(record.toString()));

        assertTrue(refused.getMessage().contains("a seat is a board (from 1) with a side, or a bye of a kind"),
                refused.getMessage());
    }
}

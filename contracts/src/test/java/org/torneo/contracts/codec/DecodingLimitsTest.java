package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;

/**
 * Records past a reader's size limits, and garbage, are refused with a DecodingException that says what was wrong
 * (and where when the parser knew): never a NullPointerException or any other exception that would stop a reader.
 */
class DecodingLimitsTest {

    private final JsonCodec codec = JsonCodec.standard();

    private String submitMove(String payloadMember) {
        Envelope command = Envelope.command(UUID.fromString("11111111-1111-1111-1111-111111111111"), "g-1",
                new Actor(Actor.Role.BOARD, "b-1"), Instant.parse("2026-05-01T15:00:00Z"),
                new GameCommand.SubmitMove("e4", Notation.AUTO, MoveSource.BOARD, null,
                        Instant.parse("2026-05-01T15:00:00Z")));
        String json = codec.toJson(command);
        return payloadMember == null ? json : json.replace("\"payload\":{", "\"payload\":{" + payloadMember + ",");
    }

    private DecodingException refused(String json) {
        DecodingException bytes = assertThrows(DecodingException.class,
                () -> codec.decode(json.getBytes(StandardCharsets.UTF_8)));
        DecodingException text = assertThrows(DecodingException.class, () -> codec.decode(json));
        assertEquals(bytes.getMessage(), text.getMessage(), "both entry points give the same reason");
        return bytes;
    }

    @Test
    void nesting_one_level_past_the_limit_is_refused_with_the_limit_named() {
        int depth = JsonCodec.MAX_NESTING_DEPTH + 1;
        String deep = "[".repeat(depth) + "]".repeat(depth);
        DecodingException e = refused(submitMove("\"deep\":" + deep));
        assertTrue(e.getMessage().startsWith("record exceeds a size limit"), e.getMessage());
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
        assertTrue(e.getMessage().contains("1000"), e.getMessage());
    }

    @Test
    void nesting_of_objects_past_the_limit_is_refused_too() {
        int depth = JsonCodec.MAX_NESTING_DEPTH + 1;
        String deep = "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
        DecodingException e = refused(deep);
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
    }

    @Test
    void a_number_longer_than_the_limit_is_refused_with_the_limit_named() {
        String digits = "9".repeat(JsonCodec.MAX_NUMBER_LENGTH + 1);
        DecodingException e = refused(submitMove("\"n\":" + digits));
        assertTrue(e.getMessage().startsWith("record exceeds a size limit"), e.getMessage());
        assertTrue(e.getMessage().contains("Number value length"), e.getMessage());
    }

    @Test
    void a_long_number_in_a_known_field_is_refused_too() {
        String json = submitMove(null).replace("\"sequence\":0", "\"sequence\":" + "1".repeat(1_001));
        DecodingException e = refused(json);
        assertTrue(e.getMessage().contains("Number value length"), e.getMessage());
        // a number that fits the limit but not a long: the field is named
        DecodingException overflow = refused(submitMove(null).replace("\"sequence\":0", "\"sequence\":" + "1".repeat(40)));
        assertTrue(overflow.getMessage().contains("'sequence'"), overflow.getMessage());
    }

    @Test
    void a_string_longer_than_the_limit_is_refused_with_the_limit_named() {
        String text = "x".repeat(JsonCodec.MAX_STRING_LENGTH + 1);
        DecodingException e = refused(submitMove(null).replace("\"move\":\"e4\"", "\"move\":\"" + text + "\""));
        assertTrue(e.getMessage().startsWith("record exceeds a size limit"), e.getMessage());
        assertTrue(e.getMessage().contains("String value length"), e.getMessage());
    }

    @Test
    void a_string_at_the_limit_is_read_and_the_command_is_decoded() {
        String text = "x".repeat(JsonCodec.MAX_STRING_LENGTH);
        Envelope read = codec.decode(submitMove(null).replace("\"move\":\"e4\"", "\"move\":\"" + text + "\"")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(text, ((GameCommand.SubmitMove) read.payload()).move());
    }

    @Test
    void a_member_written_twice_is_refused_in_the_envelope_and_in_the_payload() {
        String json = submitMove(null);
        DecodingException envelope = refused("{\"aggregateId\":\"g-2\"," + json.substring(1));
        assertTrue(envelope.getMessage().contains("Duplicate field 'aggregateId'"), envelope.getMessage());
        DecodingException payload = refused(submitMove("\"move\":\"d4\""));
        assertTrue(payload.getMessage().contains("Duplicate field 'move'"), payload.getMessage());
    }

    @Test
    void malformed_json_is_refused_with_line_and_column() {
        DecodingException e = refused("{\"type\":\"game.SubmitMove\",\n \"version\": 1,, }");
        assertTrue(e.getMessage().startsWith("malformed JSON at line 2, column"), e.getMessage());
    }

    @Test
    void garbage_of_every_shape_is_a_decoding_exception() {
        List<byte[]> garbage = new java.util.ArrayList<>(List.of(new byte[0], "null".getBytes(), "[]".getBytes(),
                "\"x\"".getBytes(), "{}".getBytes(), "42".getBytes(), "{\"type\":null}".getBytes(),
                "{\"type\":\"game.SubmitMove\",\"version\":1,\"payload\":[]}".getBytes(),
                new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1}, "\ufeff{".getBytes(StandardCharsets.UTF_8)));
        SplittableRandom random = new SplittableRandom(17);
        for (int i = 0; i < 200; i++) {
            byte[] bytes = new byte[random.nextInt(1, 300)];
            random.nextBytes(bytes);
            garbage.add(bytes);
        }
        for (byte[] bytes : garbage) {
            DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(bytes));
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank());
        }
        assertThrows(DecodingException.class, () -> codec.decode((byte[]) null));
        assertThrows(DecodingException.class, () -> codec.decode((String) null));
        assertThrows(DecodingException.class, () -> codec.decode((ObjectNode) null));
    }

    @Test
    void an_upcaster_that_throws_is_the_records_problem_named_with_its_step() {
        MessageCatalog failing = MessageCatalog.builder()
                .stream(org.torneo.contracts.codec.fixtures.SampleEvent.class,
                        org.torneo.contracts.topics.Topics.MOVES)
                .upcaster("sample.Renamed", 1, v1 -> {
                    throw new NullPointerException("a field the upcaster expected");
                })
                .build();
        String v1 = "{\"type\":\"sample.Renamed\",\"version\":1,\"eventId\":\"" + UUID.randomUUID()
                + "\",\"causationId\":\"" + UUID.randomUUID() + "\",\"correlationId\":null,\"aggregateId\":\"a-1\","
                + "\"sequence\":1,\"actor\":{\"role\":\"SYSTEM\",\"id\":\"test\"},"
                + "\"occurredAt\":\"2026-05-01T15:00:00Z\",\"previousHash\":null,\"hash\":null,"
                + "\"payload\":{\"oldName\":\"Smyslov\"}}";
        DecodingException e = assertThrows(DecodingException.class, () -> new JsonCodec(failing).decode(v1));
        assertTrue(e.getMessage().startsWith("version 1 of sample.Renamed cannot be upcast to version 2"),
                e.getMessage());
        assertTrue(e.getMessage().contains("a field the upcaster expected"), e.getMessage());
    }

    @Test
    void the_hash_chain_reports_a_payload_it_cannot_re_encode_instead_of_throwing() {
        JsonCodec narrow = new JsonCodec(MessageCatalog.builder().build());
        Envelope sealed = codec.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 1,
                new Actor(Actor.Role.SYSTEM, "game"), Instant.parse("2026-05-01T15:00:00Z"),
                (org.torneo.contracts.EventMessage) new Samples().of(org.torneo.contracts.game.MoveEvent.GameStarted.class)), Envelope.GENESIS_HASH);
        Optional<String> problem = HashChain.verify(narrow, "g-1", List.of(sealed));
        assertTrue(problem.isPresent());
        assertTrue(problem.get().contains("cannot be re-encoded"), problem.get());
        assertInstanceOf(String.class, new HashChain(codec, "g-1").accept(null).orElseThrow());
    }
}

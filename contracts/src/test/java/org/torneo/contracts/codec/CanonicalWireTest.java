package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;
import org.torneo.contracts.fuzz.JsonMutator;

/**
 * A sealed record's hash is checked over its bytes as read when they are canonical (the codec writes them so), and
 * the verdict is the tree route's in every case: a record that is not canonical but carries the hash of its own bytes
 * (a writer that hashed what it wrote, not the canonical form) is refused as before.
 */
class CanonicalWireTest {

    private static final Pattern HASH_MEMBER = Pattern.compile(",\"hash\":\"[0-9a-f]{64}\"");

    private final JsonCodec codec = JsonCodec.standard();

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes, int[] span) {
        String whole = new String(bytes, StandardCharsets.ISO_8859_1);
        return whole.substring(0, span[0]) + whole.substring(span[1]);
    }

    @Test
    void theHashMemberIsFoundWhereverItStandsAndLeftOutWithOneComma() {
        String hash = "\"" + "a".repeat(64) + "\"";
        assertEquals("{\"a\":1,\"b\":2}", text(utf8("{\"a\":1,\"hash\":" + hash + ",\"b\":2}"),
                CanonicalWire.hashMember(utf8("{\"a\":1,\"hash\":" + hash + ",\"b\":2}"))));
        byte[] first = utf8("{\"hash\":" + hash + ",\"a\":[1,{\"b\":null}]}");
        assertEquals("{\"a\":[1,{\"b\":null}]}", text(first, CanonicalWire.hashMember(first)));
        byte[] last = utf8("{\"a\":\"x\",\"hash\":" + hash + "}");
        assertEquals("{\"a\":\"x\"}", text(last, CanonicalWire.hashMember(last)));
        byte[] only = utf8("{\"hash\":" + hash + "}");
        assertEquals("{}", text(only, CanonicalWire.hashMember(only)));
        // a "hash" inside the payload is an ordinary member
        byte[] nested = utf8("{\"hash\":" + hash + ",\"payload\":{\"a\":1,\"hash\":\"kept\"}}");
        assertEquals("{\"payload\":{\"a\":1,\"hash\":\"kept\"}}", text(nested, CanonicalWire.hashMember(nested)));
    }

    @Test
    void whatTheCanonicalWriterWouldNotWriteByteForByteIsNotCanonical() {
        String h = ",\"hash\":\"" + "a".repeat(64) + "\"";
        for (String notCanonical : List.of(
                "{\"a\":1" + h + ",\"b\": 2}", // whitespace
                "{ \"a\":1" + h + "}",
                "{\"a\":1" + h + "}\n", // trailing bytes
                "{\"b\":1" + h + ",\"a\":2}", // members out of order
                "{\"a\":1" + h + ",\"a\":2}", // a member twice
                "{\"a\":{\"y\":1,\"x\":2}" + h + "}", // out of order inside
                "{\"a\":\"\\u0041\"" + h + "}", // an escape the writer would not write
                "{\"a\":\"tab\\t\"" + h + "}", // any escape (conservative)
                "{\"a\":1.5" + h + "}", "{\"a\":1e3" + h + "}", "{\"a\":-0" + h + "}", "{\"a\":01" + h + "}",
                "{\"é\":1" + h + "}", // a name that is not ASCII
                "{\"a\":1" + h + h + "}", // two hashes
                "{\"a\":1,\"hash\":null}", // unsealed
                "{\"a\":1,\"hash\":7}",
                "{\"a\":1}", // no hash
                "[1]", "", "{\"a\":1" + h)) {
            assertNull(CanonicalWire.hashMember(utf8(notCanonical)), notCanonical);
        }
        // UTF-8 not in its shortest form, an encoded surrogate, past U+10FFFF, a lone continuation byte
        for (byte[] bad : List.of(new byte[]{(byte) 0xC0, (byte) 0xAF}, new byte[]{(byte) 0xE0, (byte) 0x80, (byte) 0xAF},
                new byte[]{(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[]{(byte) 0xF4, (byte) 0x90, (byte) 0x80,
                        (byte) 0x80}, new byte[]{(byte) 0x80}, new byte[]{(byte) 0xC3})) {
            byte[] record = concat(utf8("{\"a\":\""), bad, utf8("\"" + h + "}"));
            assertNull(CanonicalWire.hashMember(record), java.util.HexFormat.of().formatHex(bad));
        }
        // what it is sure of: non-ASCII text in its shortest form, negative integers, literals, empty containers
        String fine = "{\"a\":\"Müller 😀 ÿ\",\"b\":-12,\"c\":[true,false,null,{},[]],\"d\":0" + h + "}";
        assertNotNull(CanonicalWire.hashMember(utf8(fine)));
        String deep = "{\"a\":" + "[".repeat(CanonicalWire.MAX_DEPTH) + "]".repeat(CanonicalWire.MAX_DEPTH) + h + "}";
        assertNull(CanonicalWire.hashMember(utf8(deep)), "deeper than the limit: the tree route");
    }

    @Test
    void everySealedMessageOfTheCatalogueIsReadByTheStreamingPathAsTheTreeReadsIt() {
        for (Envelope sealed : sealedSamples()) {
            byte[] wire = codec.encode(sealed);
            Envelope streamed = codec.decodeStreamed(wire);
            assertNotNull(streamed, () -> "the codec's own record is canonical: " + new String(wire,
                    StandardCharsets.UTF_8));
            assertEquals(codec.decode(codec.toTree(sealed)), streamed);
            assertEquals(sealed, streamed);
            int[] span = CanonicalWire.hashMember(wire);
            assertArrayEquals(Canonical.bytesWithoutHash(codec.toTree(sealed)),
                    utf8(text(wire, span).transform(s -> new String(s.getBytes(StandardCharsets.ISO_8859_1),
                            StandardCharsets.UTF_8))), "the bytes hashed are the definition's");
        }
    }

    @Test
    void aRecordHashedOverItsOwnNonCanonicalBytesIsRefusedAsByTheTree() {
        Envelope sealed = sealedSamples().get(0);
        String wire = codec.toJson(sealed);
        for (String altered : List.of(wire.replace(",\"aggregateId\"", ", \"aggregateId\""),
                wire.replace("\"id\":\"arbiter-1\"", "\"id\":\"arbiter\\u002d1\""),
                wire.replace("{\"actor\":{\"id\":\"arbiter-1\",\"role\":\"ARBITER\"}",
                        "{\"actor\":{\"role\":\"ARBITER\",\"id\":\"arbiter-1\"}"))) {
            assertTrue(!altered.equals(wire), altered);
            byte[] selfHashed = selfHashed(utf8(altered));
            assertNull(codec.decodeStreamed(selfHashed));
            DecodingException e = assertThrows(DecodingException.class, () -> codec.decode(selfHashed));
            assertTrue(e.getMessage().contains("hash mismatch"), e.getMessage());
        }
    }

    /**
     * Mutated sealed records, each re-hashed over its own bytes as written (the case the tree route alone would judge
     * otherwise): reading the bytes (streaming path first) and reading the text (tree route only) agree on every one,
     * the same envelope or the same error.
     */
    @Test
    void theStreamingPathAndTheTreeAgreeOnMutatedRecordsHashedOverTheirOwnBytes() {
        List<byte[]> seeds = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (Envelope sealed : sealedSamples()) {
            seeds.add(codec.encode(sealed));
            types.add(codec.catalog().entryOf(sealed.payload()).type());
        }
        JsonMutator mutator = new JsonMutator(20261127L, seeds, types, 2_000);
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < 3_000; i++) {
            byte[] bytes = selfHashed(mutator.next().bytes());
            String asText = new String(bytes, StandardCharsets.UTF_8);
            Object byTree = outcome(() -> codec.decode(asText));
            assertEquals(byTree, outcome(() -> codec.decode(bytes)), asText);
            if (byTree instanceof Envelope) {
                accepted++;
            } else {
                refused++;
            }
        }
        assertTrue(accepted > 100 && refused > 100, accepted + " accepted, " + refused + " refused");
    }

    /**
     * The display reader's streaming path (hash neither checked nor kept) reads every record it takes, sealed samples
     * and mutated ones alike, to the envelope the tree route gives the record's tree less its hash member.
     */
    @Test
    void readingWithoutTheHashGivesWhatTheTreeWithoutItGives() throws Exception {
        List<byte[]> seeds = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (Envelope sealed : sealedSamples()) {
            byte[] wire = codec.encode(sealed);
            assertEquals(sealed.withChain(sealed.previousHash(), null), codec.decodeStreamedWithoutHash(wire));
            seeds.add(wire);
            types.add(codec.catalog().entryOf(sealed.payload()).type());
        }
        com.fasterxml.jackson.databind.ObjectMapper plain = new com.fasterxml.jackson.databind.ObjectMapper();
        JsonMutator mutator = new JsonMutator(20261128L, seeds, types, 2_000);
        int streamed = 0;
        for (int i = 0; i < 3_000; i++) {
            byte[] bytes = mutator.next().bytes();
            Envelope read = codec.decodeStreamedWithoutHash(bytes);
            if (read == null) {
                continue;
            }
            streamed++;
            var tree = (com.fasterxml.jackson.databind.node.ObjectNode) plain.readTree(bytes);
            tree.remove("hash");
            assertEquals(codec.decode(tree), read, new String(bytes, StandardCharsets.UTF_8));
        }
        assertTrue(streamed > 300, streamed + " read by the streaming path");
    }

    private static Object outcome(java.util.function.Supplier<Envelope> read) {
        try {
            return read.get();
        } catch (DecodingException e) {
            return e.getMessage();
        }
    }

    /** The record with its hash member replaced by the SHA-256 of its other bytes as they stand. */
    private static byte[] selfHashed(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        Matcher m = HASH_MEMBER.matcher(text);
        if (!m.find()) {
            return bytes;
        }
        byte[] without = (text.substring(0, m.start()) + text.substring(m.end())).getBytes(StandardCharsets.ISO_8859_1);
        String member = ",\"hash\":\"" + Canonical.sha256Hex(without) + "\"";
        return (text.substring(0, m.start()) + member + text.substring(m.end())).getBytes(StandardCharsets.ISO_8859_1);
    }

    private List<Envelope> sealedSamples() {
        List<Envelope> sealed = new ArrayList<>();
        Actor actor = new Actor(Actor.Role.ARBITER, "arbiter-1");
        Instant at = Instant.parse("2026-05-01T15:04:05.123Z");
        for (MessageCatalog.Entry entry : codec.catalog().entries()) {
            Message payload = (Message) new Samples().of(entry.javaType());
            if (payload instanceof CommandMessage) {
                continue;
            }
            UUID id = UUID.nameUUIDFromBytes(entry.type().getBytes(StandardCharsets.UTF_8));
            sealed.add(codec.seal(Envelope.event(id, id, "round-1", "g-1", 1, actor, at, (EventMessage) payload),
                    Envelope.GENESIS_HASH));
        }
        return sealed;
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}

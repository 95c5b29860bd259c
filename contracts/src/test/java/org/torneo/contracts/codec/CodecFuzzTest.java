package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;
import org.torneo.contracts.fuzz.JsonMutator;

/**
 * Mutated envelopes of every catalogue type (commands unsealed, events sealed) through the codec, fixed seeds: every
 * case is a clean result (an envelope that encodes again) or a DecodingException. Anything else escaping counts, and
 * must be zero. Prints the figures per kind of mutation.
 */
class CodecFuzzTest {

    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void a_few_thousand_mutated_envelopes_end_in_a_result_or_a_decoding_exception() {
        Figures figures = run(20261125L, 3_000);
        assertEquals(0, figures.escaped, figures.firstEscape);
        assertTrue(figures.errors > 0 && figures.accepted > 0, "the mutations reach both outcomes: " + figures);
    }

    @Test
    @Tag("slow")
    void a_hundred_thousand_mutated_envelopes_end_in_a_result_or_a_decoding_exception() {
        Figures figures = run(17L, 100_000);
        assertEquals(0, figures.escaped, figures.firstEscape);
    }

    /** Outcomes of a run. */
    static final class Figures {
        long cases;
        long accepted;
        long errors;
        long escaped;
        String firstEscape = "";
        final Map<JsonMutator.Kind, long[]> byKind = new EnumMap<>(JsonMutator.Kind.class);

        @Override
        public String toString() {
            return cases + " cases, " + errors + " clean errors, " + accepted + " accepted, " + escaped + " escaped";
        }
    }

    private Figures run(long seed, int cases) {
        List<byte[]> seeds = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (MessageCatalog.Entry entry : codec.catalog().entries()) {
            types.add(entry.type());
            seeds.add(codec.encode(envelopeOf((Message) new Samples().of(entry.javaType()))));
        }
        JsonMutator mutator = new JsonMutator(seed, seeds, types, JsonCodec.MAX_STRING_LENGTH + 10);
        Figures figures = new Figures();
        long started = System.nanoTime();
        for (int i = 0; i < cases; i++) {
            JsonMutator.Case next = mutator.next();
            long[] counts = figures.byKind.computeIfAbsent(next.kind(), k -> new long[3]);
            figures.cases++;
            try {
                Envelope read = codec.decode(next.bytes());
                codec.encode(read); // a result is clean only if it can be written again
                figures.accepted++;
                counts[0]++;
            } catch (DecodingException e) {
                figures.errors++;
                counts[1]++;
            } catch (RuntimeException | Error e) {
                figures.escaped++;
                counts[2]++;
                if (figures.firstEscape.isEmpty()) {
                    figures.firstEscape = next.kind() + ": " + e + " for " + abbreviated(next.text());
                }
            }
        }
        System.out.printf("codec fuzz (seed %d): %s in %d ms%n", seed, figures,
                (System.nanoTime() - started) / 1_000_000);
        figures.byKind.forEach((kind, c) -> System.out.printf("  %-16s accepted %6d, clean errors %6d, escaped %d%n",
                kind, c[0], c[1], c[2]));
        return figures;
    }

    private static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "… (" + text.length() + " chars)";
    }

    private Envelope envelopeOf(Message payload) {
        Actor actor = new Actor(Actor.Role.ARBITER, "arbiter-1");
        Instant at = Instant.parse("2026-05-01T15:04:05.123Z");
        UUID id = UUID.nameUUIDFromBytes(payload.toString().getBytes());
        if (payload instanceof CommandMessage command) {
            return Envelope.command(id, "g-1", actor, at, command);
        }
        return codec.seal(Envelope.event(id, id, null, "g-1", 1, actor, at, (EventMessage) payload),
                Envelope.GENESIS_HASH);
    }
}

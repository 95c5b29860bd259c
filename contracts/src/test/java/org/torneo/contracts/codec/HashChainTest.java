package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;

class HashChainTest {

    private final JsonCodec codec = JsonCodec.standard();
    private final Actor actor = new Actor(Actor.Role.BOARD, "board-12");

    private List<Envelope> chainOf(int length) {
        List<Envelope> events = new ArrayList<>();
        String previous = Envelope.GENESIS_HASH;
        for (int seq = 1; seq <= length; seq++) {
            Instant at = Instant.parse("2026-05-01T15:00:00Z").plusSeconds(seq * 30L);
            var move = new MoveEvent.MovePlayed(seq, seq % 2 == 1 ? Side.WHITE : Side.BLACK, "m" + seq, "a2a3",
                    "fen" + seq, MoveSource.BOARD, null, at);
            Envelope sealed = codec.seal(Envelope.event(id("e" + seq), id("c" + seq), null, "g-1", seq, actor, at,
                    move), previous);
            events.add(sealed);
            previous = sealed.hash();
        }
        return events;
    }

    private static UUID id(String seed) {
        return UUID.nameUUIDFromBytes(seed.getBytes());
    }

    @Test
    void intactChainVerifies() {
        List<Envelope> events = chainOf(5);
        assertEquals(Optional.empty(), HashChain.verify(codec, "g-1", events));
        assertEquals(Envelope.GENESIS_HASH, events.get(0).previousHash());
        assertEquals(events.get(3).hash(), events.get(4).previousHash());
    }

    @Test
    void sealingIsDeterministicAndContentSensitive() {
        assertEquals(chainOf(3), chainOf(3));
        Envelope first = chainOf(1).get(0);
        var other = new ClaimEvent.DrawOffered(Side.WHITE, 1, first.occurredAt());
        Envelope sealedOther = codec.seal(Envelope.event(first.eventId(), first.causationId(), null, "g-1", 1, actor,
                first.occurredAt(), other), Envelope.GENESIS_HASH);
        assertNotEquals(first.hash(), sealedOther.hash());
    }

    @Test
    void alteredEventIsFound() {
        List<Envelope> events = chainOf(4);
        Envelope original = events.get(2);
        var changed = new MoveEvent.MovePlayed(3, Side.WHITE, "Qxf7#", "d1f7", "fen3", MoveSource.BOARD, null,
                original.occurredAt());
        events.set(2, new Envelope(original.eventId(), original.causationId(), null, "g-1", 3, actor,
                original.occurredAt(), original.previousHash(), original.hash(), changed));
        Optional<String> problem = HashChain.verify(codec, "g-1", events);
        assertTrue(problem.orElseThrow().startsWith("g-1 #3") && problem.get().contains("does not match its content"),
                problem.get());
    }

    @Test
    void removedEventIsFound() {
        List<Envelope> events = chainOf(4);
        events.remove(1);
        assertTrue(HashChain.verify(codec, "g-1", events).orElseThrow().contains("expected sequence 2"));
    }

    @Test
    void resealedForgeryBreaksTheNextLink() {
        List<Envelope> events = chainOf(3);
        Envelope original = events.get(1);
        var forged = new MoveEvent.MovePlayed(2, Side.BLACK, "forged", "a7a6", "fen2", MoveSource.BOARD, null,
                original.occurredAt());
        events.set(1, codec.seal(Envelope.event(original.eventId(), original.causationId(), null, "g-1", 2, actor,
                original.occurredAt(), forged), original.previousHash()));
        assertTrue(HashChain.verify(codec, "g-1", events).orElseThrow().startsWith("g-1 #3"));
    }

    @Test
    void firstEventMustChainToGenesisAndCommandsAreNotSealed() {
        Envelope first = chainOf(1).get(0);
        assertThrows(IllegalArgumentException.class, () -> codec.seal(first, "a".repeat(64)));
    }
}

package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;

/**
 * tournament.PlayerRegistered and tournament.RegisterPlayer version 2 carry the player's title and federation; the
 * version 1 records written before them are still read (with neither), so an old tournament log replays.
 */
class PlayerRegisteredVersionsTest {

    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope sealed(PlayerRegistered event) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, "t-1", 3, ORGANISER, AT, event),
                Envelope.GENESIS_HASH);
    }

    private static Envelope command(RegisterPlayer command) {
        return Envelope.command(UUID.fromString("33333333-3333-3333-3333-333333333333"), "t-1", ORGANISER, AT, command);
    }

    /** The record as the code before version 2 wrote it: no title nor federation, version 1 (hashed as it was). */
    private ObjectNode asVersionOne(Envelope written) {
        ObjectNode v1 = codec.toTree(written);
        ObjectNode payload = (ObjectNode) v1.get("payload");
        payload.remove(PlayerRegistered.TITLE_FIELD);
        payload.remove(PlayerRegistered.FEDERATION_FIELD);
        assertFalse(payload.has("title") || payload.has("federation"));
        v1.put("version", 1);
        if (written.hash() != null) {
            v1.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(v1)));
        }
        return v1;
    }

    @Test
    void givenARegistrationWithTitleAndFederation_whenWrittenAndRead_thenBothAreKept() {
        PlayerRegistered registered = new PlayerRegistered("t-1", "c-1", ORGANISER, AT, "p-7", "Pérez, Ana", 2310, 1,
                "WIM", "ESP");

        Envelope read = codec.decode(codec.encode(sealed(registered)));

        assertEquals(registered, read.payload());
        assertEquals(2, codec.catalog().entryOf(PlayerRegistered.class).version());
    }

    @Test
    void givenAVersionOneRegistrationWrittenBeforeTitles_whenRead_thenItDecodesWithNeitherAndItsHashHolds() {
        ObjectNode v1 = asVersionOne(sealed(new PlayerRegistered("t-1", "c-1", ORGANISER, AT, "p-7", "Pérez, Ana", 2310,
                2, "WIM", "ESP")));

        Envelope read = codec.decode(v1.toString());

        PlayerRegistered registered = (PlayerRegistered) read.payload();
        assertEquals("p-7", registered.playerId());
        assertEquals("Pérez, Ana", registered.name());
        assertEquals(2310, registered.rating());
        assertEquals(2, registered.joinsRound());
        assertEquals("", registered.title());
        assertEquals("", registered.federation());
        assertEquals(v1.get("hash").asText(), read.hash());
    }

    @Test
    void givenAVersionOneRegisterPlayerCommand_whenRead_thenItDecodesWithNeither() {
        ObjectNode v1 = asVersionOne(command(new RegisterPlayer("t-1", "c-2", ORGANISER, AT, "p-8", "Ruiz, Eva", 1900, 1,
                "FM", "ARG")));

        RegisterPlayer command = (RegisterPlayer) codec.decode(v1.toString()).payload();

        assertEquals("p-8", command.playerId());
        assertEquals(1900, command.rating());
        assertEquals("", command.title());
        assertEquals("", command.federation());
        assertEquals(2, codec.catalog().entryOf(RegisterPlayer.class).version());
    }

    @Test
    void aRegistrationMadeWithoutTitleOrFederationHasNeither() {
        PlayerRegistered registered = new PlayerRegistered("t-1", "c-1", ORGANISER, AT, "p-7", "Ana", 0, 1);

        assertEquals("", registered.title());
        assertEquals("", registered.federation());
        assertEquals(registered, codec.decode(codec.encode(sealed(registered))).payload());
    }
}

package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.ByeRules;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/**
 * tournament.TournamentCreated and tournament.CreateTournament version 2 carry the event the tournament belongs to,
 * the organiser's bye rules and the entry deadline; the version 1 records written before them are still read (each
 * tournament its own event, no bye limits, no deadline), with the hash they were sealed with.
 */
class TournamentCreatedVersionsTest {

    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");
    private static final List<Hall> HALLS = List.of(new Hall("A", 1, 20));

    private final JsonCodec codec = JsonCodec.standard();

    private static TournamentCreated openA(String eventId, String eventName, ByeRules rules, Integer lastEntryRound) {
        return new TournamentCreated("madrid-2026-a", "c-1", ORGANISER, AT, "Open A", PairingSystemKind.DUTCH, 9,
                Scoring.classic(), "FIDE-2018-STANDARD", HALLS, null, List.of("BH/C1"), null, eventId, eventName, rules,
                lastEntryRound);
    }

    private Envelope sealed(TournamentCreated event) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, event.tournamentId(), 1, ORGANISER, AT,
                event), Envelope.GENESIS_HASH);
    }

    /** The record as the code before version 2 wrote it: none of the four fields, version 1 (hashed as it was). */
    private ObjectNode asVersionOne(Envelope written) {
        ObjectNode v1 = codec.toTree(written);
        ObjectNode payload = (ObjectNode) v1.get("payload");
        payload.remove(List.of(TournamentCreated.EVENT_ID_FIELD, TournamentCreated.EVENT_NAME_FIELD,
                TournamentCreated.BYE_RULES_FIELD, TournamentCreated.LAST_ENTRY_ROUND_FIELD));
        assertFalse(payload.has("eventId") || payload.has("byeRules") || payload.has("lastEntryRound"));
        v1.put("version", 1);
        if (written.hash() != null) {
            v1.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(v1)));
        }
        return v1;
    }

    @Test
    void givenATournamentOfAnEventWithByeRulesAndADeadline_whenWrittenAndRead_thenAllAreKept() {
        TournamentCreated created = openA("madrid-2026", "Madrid Open 2026", new ByeRules(2, 2), 3);

        Envelope read = codec.decode(codec.encode(sealed(created)));

        assertEquals(created, read.payload());
        TournamentCreated back = (TournamentCreated) read.payload();
        assertEquals("madrid-2026", back.eventId());
        assertEquals("Madrid Open 2026", back.eventName());
        assertEquals(new ByeRules(2, 2), back.byeRules());
        assertEquals(3, back.lastEntryRound());
        assertEquals(2, codec.catalog().entryOf(TournamentCreated.class).version());
    }

    @Test
    void givenAVersionOneTournamentWrittenBeforeEvents_whenRead_thenItIsItsOwnEventWithoutLimitsAndItsHashHolds() {
        ObjectNode v1 = asVersionOne(sealed(openA("madrid-2026", "Madrid Open 2026", new ByeRules(1, 2), 4)));

        Envelope read = codec.decode(v1.toString());

        TournamentCreated created = (TournamentCreated) read.payload();
        assertEquals("madrid-2026-a", created.eventId());
        assertEquals("Open A", created.eventName());
        assertEquals(ByeRules.NONE, created.byeRules());
        assertNull(created.lastEntryRound());
        assertEquals(9, created.rounds());
        assertEquals(List.of("BH/C1"), created.tieBreaks());
        assertEquals(v1.get("hash").asText(), read.hash());
    }

    @Test
    void givenAVersionOneRecordAlteredAfterSealing_whenRead_thenItsHashIsRefused() {
        ObjectNode v1 = asVersionOne(sealed(openA(null, null, null, null)));
        ((ObjectNode) v1.get("payload")).put("rounds", 11);

        DecodingException refused = assertThrows(DecodingException.class, () -> codec.decode(v1.toString()));

        assertEquals(true, refused.getMessage().contains("hash mismatch"), refused.getMessage());
    }

    @Test
    void givenAVersionOneCreateTournamentCommand_whenRead_thenItIsItsOwnEventWithoutLimits() {
        CreateTournament command = new CreateTournament("t-9", "c-2", ORGANISER, AT, "Blitz", PairingSystemKind.DUTCH,
                7, Scoring.classic(), "FIDE-2018-BLITZ", HALLS, null, null, null, "madrid-2026", "Madrid Open 2026",
                new ByeRules(0, 1), 2);
        ObjectNode v1 = codec.toTree(Envelope.command(UUID.fromString("33333333-3333-3333-3333-333333333333"), "t-9",
                ORGANISER, AT, command));
        ((ObjectNode) v1.get("payload")).remove(List.of("eventId", "eventName", "byeRules", "lastEntryRound"));
        v1.put("version", 1);

        CreateTournament read = (CreateTournament) codec.decode(v1.toString()).payload();

        assertEquals("t-9", read.eventId());
        assertEquals("Blitz", read.eventName());
        assertEquals(ByeRules.NONE, read.byeRules());
        assertNull(read.lastEntryRound());
        assertEquals(2, codec.catalog().entryOf(CreateTournament.class).version());
    }

    @Test
    void aTournamentCreatedWithoutAnEventIsItsOwnEvent() {
        TournamentCreated created = new TournamentCreated("t-1", "c-1", ORGANISER, AT, "Rapid", PairingSystemKind.DUTCH,
                5, Scoring.classic(), "FIDE-2018-RAPID", HALLS);

        assertEquals("t-1", created.eventId());
        assertEquals("Rapid", created.eventName());
        assertEquals(ByeRules.NONE, created.byeRules());
        assertEquals(created, codec.decode(codec.encode(sealed(created))).payload());
    }
}

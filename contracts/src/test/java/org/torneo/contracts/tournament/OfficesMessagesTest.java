package org.torneo.contracts.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.AssignDevice;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterDismissed;
import org.torneo.contracts.tournament.TournamentEvent.DeviceAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/** The tournament's offices (arbiters, player accounts, devices) travel on the tournament stream like its other facts. */
class OfficesMessagesTest {

    private static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void officesRoundTripThroughTheCodecInOneChain() {
        List<TournamentEvent> events = List.of(
                new TournamentCreated("t-1", "c0", ORGANISER, AT, "Open", PairingSystemKind.DUTCH, 5,
                        Scoring.classic(), "fide-2018", List.of(new Hall("A", 1, 10), new Hall("B", 11, 20))),
                new ArbiterAppointed("t-1", "c1", ORGANISER, AT, "chief-1", true, List.of()),
                new ArbiterAppointed("t-1", "c2", ORGANISER, AT, "arb-b", false, List.of("B")),
                new PlayerAccountLinked("t-1", "c3", ORGANISER, AT, "anna", "p-7"),
                new DeviceAssigned("t-1", "c4", new Actor(Actor.Role.ARBITER, "arb-b"), AT, "eboard-12", "B",
                        List.of(11, 12)),
                new ArbiterDismissed("t-1", "c5", ORGANISER, AT, "arb-b", "replaced"));
        String previous = Envelope.GENESIS_HASH;
        List<Envelope> decoded = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            TournamentEvent event = events.get(i);
            Envelope sealed = codec.seal(Envelope.event(UUID.nameUUIDFromBytes(("e" + i).getBytes()),
                    UUID.nameUUIDFromBytes(event.commandId().getBytes()), null, "t-1", i + 1, event.actor(), event.at(),
                    (EventMessage) event), previous);
            previous = sealed.hash();
            Envelope back = codec.decode(codec.encode(sealed));
            assertEquals(sealed, back);
            decoded.add(back);
        }
        assertEquals(events, decoded.stream().map(Envelope::payload).toList());
        DeviceAssigned device = (DeviceAssigned) decoded.get(4).payload();
        assertEquals(List.of(11, 12), device.boards());
        assertEquals("B", device.hall());
        assertTrue(((ArbiterAppointed) decoded.get(1).payload()).chief());
    }

    @Test
    void anAppointmentWithoutHallsOrADeviceWithoutBoardsDecodesAsEmptyLists() {
        String json = """
                {"type":"tournament.AppointArbiter","version":1,"eventId":"%s","aggregateId":"t-1","sequence":0,
                 "actor":{"role":"ORGANISER","id":"org-1"},"occurredAt":"2026-05-01T09:00:00Z",
                 "payload":{"tournamentId":"t-1","commandId":"c1","actor":{"role":"ORGANISER","id":"org-1"},
                            "at":"2026-05-01T09:00:00Z","account":"chief-1","chief":true}}
                """.formatted(UUID.nameUUIDFromBytes("x".getBytes()));
        AppointArbiter appoint = (AppointArbiter) codec.decode(json).payload();
        assertEquals(List.of(), appoint.halls());
        assertEquals(List.of(), new AssignDevice("t-1", "c", ORGANISER, AT, "d", "A", null).boards());
    }

    @Test
    void anOfficeCommandWithAnUnknownFieldTypeIsRefusedWithItsName() {
        String json = """
                {"type":"tournament.AssignDevice","version":1,"eventId":"%s","aggregateId":"t-1","sequence":0,
                 "actor":{"role":"ORGANISER","id":"org-1"},"occurredAt":"2026-05-01T09:00:00Z",
                 "payload":{"tournamentId":"t-1","commandId":"c1","actor":{"role":"ORGANISER","id":"org-1"},
                            "at":"2026-05-01T09:00:00Z","account":"d-1","hall":"A","boards":["one"]}}
                """.formatted(UUID.nameUUIDFromBytes("y".getBytes()));
        RuntimeException bad = assertThrows(RuntimeException.class, () -> codec.decode(json));
        assertTrue(bad.getMessage().contains("boards"), bad.getMessage());
    }
}

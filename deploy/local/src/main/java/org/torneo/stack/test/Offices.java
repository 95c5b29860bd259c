package org.torneo.stack.test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * Writes a tournament's offices straight onto the tournament topic, as the pairing service records them: the
 * tournament (created by its organiser, with its halls), its arbiters, the accounts of its players and its devices.
 * For the tests of services that only read that topic (game, clock): their edges decide "may this account do this?"
 * from it. The events are one chain of the tournament (sequence 1.., sealed), in one transaction-free send each.
 * <pre>
 * Offices.tournament("t-1").hall("A", 1, 10).hall("B", 11, 20).organiser("org-1")
 *         .chiefArbiter("chief").arbiter("arbiter-a", "A").player("acc-wanda", "wanda").device("board-1", "A", 1)
 *         .publish();
 * </pre>
 * The pairing service's own tests appoint through its routes instead.
 */
public final class Offices {

    private static final JsonCodec CODEC = JsonCodec.standard();

    private final String tournamentId;
    private final List<Hall> halls = new ArrayList<>();
    private final List<TournamentEvent> offices = new ArrayList<>();
    private String organiser = "organiser-1";
    private final Instant at = Instant.now();

    private Offices(String tournamentId) {
        this.tournamentId = tournamentId;
    }

    public static Offices tournament(String tournamentId) {
        return new Offices(tournamentId);
    }

    public Offices hall(String name, int firstBoard, int lastBoard) {
        halls.add(new Hall(name, firstBoard, lastBoard));
        return this;
    }

    /** The account that creates the tournament (default organiser-1). */
    public Offices organiser(String account) {
        organiser = account;
        return this;
    }

    public Offices chiefArbiter(String account) {
        offices.add(new TournamentEvent.ArbiterAppointed(tournamentId, id(), organiserActor(), at, account, true,
                List.of()));
        return this;
    }

    /** An arbiter of these halls (none in a tournament without halls). */
    public Offices arbiter(String account, String... halls) {
        offices.add(new TournamentEvent.ArbiterAppointed(tournamentId, id(), organiserActor(), at, account, false,
                List.of(halls)));
        return this;
    }

    public Offices player(String account, String playerId) {
        offices.add(new TournamentEvent.PlayerAccountLinked(tournamentId, id(), organiserActor(), at, account,
                playerId));
        return this;
    }

    /** A device serving these boards of the hall (no boards: every board of it; hall null without halls). */
    public Offices device(String account, String hall, Integer... boards) {
        offices.add(new TournamentEvent.DeviceAssigned(tournamentId, id(), organiserActor(), at, account, hall,
                List.of(boards)));
        return this;
    }

    /** The organiser sets the public broadcast's delay (tournament.BroadcastDelaySet). */
    public Offices broadcastDelay(org.torneo.contracts.tournament.BroadcastDelayMode mode, int seconds) {
        offices.add(new TournamentEvent.BroadcastDelaySet(tournamentId, id(), organiserActor(), at, mode, seconds));
        return this;
    }

    /** Publishes the tournament and its offices on torneo.tournament (key: the tournament id), in order. */
    public void publish() {
        List<TournamentEvent> events = new ArrayList<>();
        events.add(new TournamentEvent.TournamentCreated(tournamentId, id(), organiserActor(), at, tournamentId,
                PairingSystemKind.DUTCH, 9, Scoring.classic(), "FIDE_2018", halls));
        events.addAll(offices);
        String previous = Envelope.GENESIS_HASH;
        try (KafkaProducer<String, String> producer = TorneoStack.producer()) {
            long sequence = 0;
            for (TournamentEvent event : events) {
                Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, tournamentId,
                        ++sequence, event.actor(), at, event), previous);
                previous = sealed.hash();
                producer.send(new ProducerRecord<>(Topics.TOURNAMENT.name(), tournamentId, CODEC.toJson(sealed)))
                        .get(30, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish the offices of " + tournamentId + ": " + e, e);
        }
    }

    private Actor organiserActor() {
        return new Actor(Actor.Role.ORGANISER, organiser);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }
}

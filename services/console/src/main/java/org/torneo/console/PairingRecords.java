package org.torneo.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.platform.edge.auth.TopicFollower;
import org.torneo.platform.kafka.KafkaClientConfig;

/**
 * What the chief arbiter's pages show of the pairing that the pairing service's read routes do not: the forbidden
 * pairs in force (C.04.1.b; declared and lifted, with who and why) and every change to a published round (the
 * arbiter's changes by hand and corrections: who, when, what and why), folded from torneo.tournament (no group, from
 * the beginning, as {@link Refusals}). The service decides and records them; this only reads.
 */
@ApplicationScoped
public class PairingRecords {

    /** A forbidden pair in force: the two players as declared, who declared it, when and why. */
    public record ForbiddenPair(String firstPlayerId, String secondPlayerId, String by, Instant at, String reason) {
    }

    /**
     * A change recorded to a published round: who, when, what it changed (the kind and the players moved, as the
     * pairing service recorded them; for a record written before it did, read from the round's seats before and
     * after), the arbiter's reason and the Dutch checker's warnings on it (what it made
     * worse than C.04.3 wants; none for a correction or another system).
     */
    public record RoundChange(int round, String by, Instant at, RoundSeats.Change change, String reason,
                              List<PairingWarning> warnings) {
        public RoundChange {
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
        }
    }

    /**
     * How the pairing service wrote a change by hand before it recorded the arbiter's reason apart (PairingCorrected
     * versions 1 and 2): "hand change: {what}; reason: {the arbiter's reason}".
     */
    private static final String HAND_CHANGE = "hand change: ";
    private static final String HAND_CHANGE_REASON = "; reason: ";

    /** A bye requested for a round (HALF_POINT or ZERO_POINT), who entered it and when. */
    public record RequestedBye(String playerId, int round, String kind, String by, Instant at) {
    }

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    @Inject
    KafkaClientConfig kafkaClients;

    private final Map<String, Map<Set<String>, ForbiddenPair>> forbidden = new ConcurrentHashMap<>();
    private final Map<String, List<RoundChange>> changes = new ConcurrentHashMap<>();
    private final Map<String, List<RequestedBye>> byes = new ConcurrentHashMap<>();
    /**
     * Each published round's seats as they stand (tournament id, then round), to read what a correction recorded
     * before version 3 changed.
     */
    private final Map<String, Map<Integer, Map<String, RoundSeats.Seat>>> seats = new ConcurrentHashMap<>();
    /** The command ids whose decision was recorded (a forbid, a lift, a change), so a page knows it was carried out. */
    private final Set<String> recorded = ConcurrentHashMap.newKeySet();
    private volatile TopicFollower follower;

    void onStart(@Observes StartupEvent event) {
        follower = new TopicFollower(bootstrapServers, kafkaClients.security(),
                topicPrefix.orElse("") + Topics.TOURNAMENT.name(), JsonCodec.standard(), envelope -> fold(
                        (TournamentEvent) envelope.payload()), () -> {
                    forbidden.clear();
                    changes.clear();
                    byes.clear();
                    seats.clear();
                    recorded.clear();
                }, text -> text.contains("PairingForbidden") || text.contains("PairingAllowed")
                || text.contains("PairingCorrected") || text.contains("ByeRequested") || text.contains("RoundPaired"));
        follower.start();
    }

    @PreDestroy
    void stop() {
        if (follower != null) {
            follower.close();
        }
    }

    /** One event of the tournament stream (the follower's thread, or a test). */
    void fold(TournamentEvent event) {
        switch (event) {
            case TournamentEvent.PairingForbidden e -> {
                forbidden.computeIfAbsent(e.tournamentId(), t -> Collections.synchronizedMap(new LinkedHashMap<>()))
                        .put(Set.of(e.firstPlayerId(), e.secondPlayerId()), new ForbiddenPair(e.firstPlayerId(),
                                e.secondPlayerId(), e.actor() == null ? "" : e.actor().id(), e.at(), e.reason()));
                recorded.add(e.commandId());
            }
            case TournamentEvent.PairingAllowed e -> {
                Map<Set<String>, ForbiddenPair> pairs = forbidden.get(e.tournamentId());
                if (pairs != null) {
                    pairs.remove(Set.of(e.firstPlayerId(), e.secondPlayerId()));
                }
                recorded.add(e.commandId());
            }
            case TournamentEvent.RoundPaired e -> seats.computeIfAbsent(e.tournamentId(), t -> new ConcurrentHashMap<>())
                    .put(e.round(), RoundSeats.of(e.boards(), e.byes()));
            case TournamentEvent.PairingCorrected e -> {
                Map<Integer, Map<String, RoundSeats.Seat>> rounds = seats.computeIfAbsent(e.tournamentId(),
                        t -> new ConcurrentHashMap<>());
                Map<String, RoundSeats.Seat> after = RoundSeats.of(e.boards(), e.byes());
                Map<String, RoundSeats.Seat> before = rounds.put(e.round(), after);
                // the change as recorded (version 3 on); a record written before has its reason in words only: the
                // change is read from the seats before and after, the arbiter's reason from the service's sentence
                RoundSeats.Change change = e.structured() ? RoundSeats.recorded(e.kind(), e.moved())
                        : RoundSeats.between(before, after);
                String reason = e.structured() ? e.arbiterReason() : arbitersReason(e.reason());
                changes.computeIfAbsent(e.tournamentId(), t -> Collections.synchronizedList(new ArrayList<>()))
                        .add(new RoundChange(e.round(), e.actor() == null ? "" : e.actor().id(), e.at(), change,
                                reason == null ? "" : reason, e.warnings()));
                recorded.add(e.commandId());
            }
            case TournamentEvent.ByeRequested e -> {
                byes.computeIfAbsent(e.tournamentId(), t -> Collections.synchronizedList(new ArrayList<>()))
                        .add(new RequestedBye(e.playerId(), e.round(), e.kind().name(),
                                e.actor() == null ? "" : e.actor().id(), e.at()));
                recorded.add(e.commandId());
            }
            default -> {
            }
        }
    }

    /**
     * The arbiter's own reason of a change by hand recorded before version 3 (the service's sentence ends with it); a
     * correction's reason is the arbiter's text as it stands.
     */
    static String arbitersReason(String recorded) {
        if (recorded == null) {
            return "";
        }
        int at = recorded.indexOf(HAND_CHANGE_REASON);
        return recorded.startsWith(HAND_CHANGE) && at >= 0 ? recorded.substring(at + HAND_CHANGE_REASON.length())
                : recorded;
    }

    /** The byes requested in the tournament, by round then in the order recorded. */
    public List<RequestedBye> byes(String tournamentId) {
        List<RequestedBye> all = byes.get(tournamentId);
        if (all == null) {
            return List.of();
        }
        synchronized (all) {
            return all.stream().sorted(java.util.Comparator.comparingInt(RequestedBye::round)).toList();
        }
    }

    /** The tournament's forbidden pairs in force, in the order declared. */
    public List<ForbiddenPair> forbidden(String tournamentId) {
        Map<Set<String>, ForbiddenPair> pairs = forbidden.get(tournamentId);
        if (pairs == null) {
            return List.of();
        }
        synchronized (pairs) {
            return List.copyOf(pairs.values());
        }
    }

    /** The changes recorded to a round, in order. */
    public List<RoundChange> changes(String tournamentId, int round) {
        List<RoundChange> all = changes.get(tournamentId);
        if (all == null) {
            return List.of();
        }
        synchronized (all) {
            return all.stream().filter(c -> c.round() == round).toList();
        }
    }

    /** Whether the pairing service recorded the decision of this command (as far as the topic has been read). */
    public boolean recorded(String commandId) {
        return recorded.contains(commandId);
    }
}

package org.torneo.console;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.platform.edge.auth.TopicFollower;
import org.torneo.platform.kafka.KafkaClientConfig;

/**
 * The pairing service's refusals, so that a page says why a command it sent was not carried out: the pairing routes
 * answer 202 once the broker has the command, and a refusal is a {@code tournament.CommandRejected} on
 * torneo.tournament with the command's id, a reason code and a sentence. Followed from the topic's beginning (no
 * group), the latest {@value #KEPT} kept.
 */
@ApplicationScoped
public class Refusals {

    static final int KEPT = 10_000;

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    @Inject
    KafkaClientConfig kafkaClients;

    private final Map<String, TournamentEvent.CommandRejected> byCommand = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, TournamentEvent.CommandRejected> eldest) {
                    return size() > KEPT;
                }
            });
    /** The latest broadcast delay recorded per tournament (the tournament page shows it and waits for it). */
    private final Map<String, TournamentEvent.BroadcastDelaySet> delays = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile TopicFollower follower;

    void onStart(@Observes StartupEvent event) {
        follower = new TopicFollower(bootstrapServers, kafkaClients.security(),
                topicPrefix.orElse("") + Topics.TOURNAMENT.name(), JsonCodec.standard(), envelope -> {
                    if (envelope.payload() instanceof TournamentEvent.CommandRejected rejected) {
                        byCommand.put(rejected.commandId(), rejected);
                    } else if (envelope.payload() instanceof TournamentEvent.BroadcastDelaySet delay) {
                        delays.put(delay.tournamentId(), delay);
                    }
                }, () -> {
                    byCommand.clear();
                    delays.clear();
                }, text -> text.contains("CommandRejected") || text.contains("BroadcastDelaySet"));
        follower.start();
    }

    @PreDestroy
    void stop() {
        if (follower != null) {
            follower.close();
        }
    }

    /** The broadcast delay last recorded for the tournament (as far as the topic has been read). */
    public Optional<TournamentEvent.BroadcastDelaySet> delayOf(String tournamentId) {
        return Optional.ofNullable(delays.get(tournamentId));
    }

    /** The refusal of this command, if the pairing service refused it (as far as the topic has been read). */
    public Optional<String> of(String commandId) {
        TournamentEvent.CommandRejected rejected = byCommand.get(commandId);
        return rejected == null ? Optional.empty()
                : Optional.of("refused (" + rejected.reason() + "): " + rejected.message());
    }
}

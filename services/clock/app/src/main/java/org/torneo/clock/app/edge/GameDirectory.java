package org.torneo.clock.app.edge;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.topics.Topics;
import org.torneo.identity.Scope;
import org.torneo.platform.edge.auth.TopicFollower;

import io.quarkus.runtime.StartupEvent;

/**
 * Which tournament, hall, board and players each game has, as the game service recorded them (GameStarted, and
 * PlayersCorrected after a pairing correction) on the moves topic: the scope the clock's edge checks a command
 * against. The clock itself records none of it. Only those two event types are decoded.
 */
@ApplicationScoped
public class GameDirectory {

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    /** The service's Kafka sign-in, like every other client of the clock service. */
    @jakarta.inject.Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    private final Map<String, Scope> games = new ConcurrentHashMap<>();
    private TopicFollower follower;

    void onStart(@Observes StartupEvent event) {
        follower = new TopicFollower(bootstrapServers, kafkaClients.security(),
                topicPrefix.orElse("") + Topics.MOVES.name(), JsonCodec.standard(), this::fold, games::clear,
                text -> text.contains("game.GameStarted") || text.contains("game.PlayersCorrected"));
        follower.start();
    }

    @PreDestroy
    void stop() {
        if (follower != null) {
            follower.close();
        }
    }

    private void fold(Envelope envelope) {
        switch (envelope.payload()) {
            case GameStarted s -> games.put(envelope.aggregateId(), Scope.game(s.tournamentId(), s.hall(), s.board(),
                    s.whitePlayerId(), s.blackPlayerId()));
            case PlayersCorrected c -> games.computeIfPresent(envelope.aggregateId(), (id, scope) ->
                    Scope.game(scope.tournamentId(), scope.hall(), scope.board(), c.whitePlayerId(), c.blackPlayerId()));
            default -> {
            }
        }
    }

    /** The game's scope as read so far, without waiting (event-loop callers); empty when unknown. */
    public Optional<Scope> known(String gameId) {
        return Optional.ofNullable(games.get(gameId));
    }

    /** The game's scope; when unknown, waits until the moves topic has been read up to now, then asks again. */
    public Optional<Scope> scopeOf(String gameId, java.time.Duration wait) {
        Scope scope = games.get(gameId);
        if (scope == null && follower.awaitCurrent(wait)) {
            scope = games.get(gameId);
        }
        return Optional.ofNullable(scope);
    }
}

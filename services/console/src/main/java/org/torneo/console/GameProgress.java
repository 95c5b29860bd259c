package org.torneo.console;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.edge.auth.TopicFollower;
import org.torneo.platform.kafka.KafkaClientConfig;

/**
 * How far each game is, as the game service decided it: the plies played and whether it is over, folded from the
 * game's event topics (torneo.game.moves, torneo.results, and torneo.game.claims for an annulled game), which the
 * console's Kafka user reads. The scoresheet asks it, not the game service's {@code GET /games/{id}}, whether the game
 * has the move before an own move: that call, one per move made while the sheet's game was held, was the console's
 * bottleneck at 2,500 boards (docs/benchmarks.md).
 * <p>
 * Only what the fold is sure of is answered: a game whose last event here is one whose effect on the plies this does
 * not follow (a move sealed, an illegal move that stands, an annulment, colours reversed, ...) is "not known", and so is
 * every game while a topic is (re)read from its beginning; the caller then asks the game service as before.
 */
@ApplicationScoped
public class GameProgress {

    static final JsonCodec CODEC = JsonCodec.standard();

    /** What the fold knows of a game: the plies it has and whether it is over. */
    public record Known(int plies, boolean over) {
    }

    /** One game's fold; {@code sure} false once an event came whose effect on the plies is not followed here. */
    static final class Game {
        int plies;
        boolean sure = true;
        boolean over;
        boolean started;
    }

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "torneo.topic-prefix")
    Optional<String> topicPrefix;

    /** Off: every own move asks the game service, as before (a deployment that wants no further consumer). */
    @ConfigProperty(name = "torneo.console.follow-games", defaultValue = "true")
    boolean enabled;

    @Inject
    KafkaClientConfig kafkaClients;

    private final Map<String, Game> games = new ConcurrentHashMap<>();
    private final List<Follow> follows = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** One followed topic: current once everything it held at the start (or a restart) is folded. */
    private final class Follow {
        final TopicFollower follower;
        volatile boolean current;
        volatile long generation;

        Follow(String topic, java.util.function.Predicate<String> worth) {
            this.follower = new TopicFollower(bootstrapServers, kafkaClients.security(), topic, CODEC,
                    GameProgress.this::fold, this::restarted, worth);
        }

        /**
         * Read again from the beginning (first start, or after a broker failure): not current until caught up. What
         * is folded stays: the events come again in each game's order, so once caught up every game is where the
         * topic leaves it (meanwhile nothing is answered).
         */
        void restarted() {
            current = false;
            long mine = ++generation;
            Thread.ofVirtual().name("catch-up-" + follower.topic()).start(() -> {
                while (generation == mine && !follower.awaitCurrent(Duration.ofSeconds(30))) {
                    // a long backlog or a broker away: keep waiting, the GET answers meanwhile
                }
                if (generation == mine) {
                    current = true;
                }
            });
        }
    }

    void start(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        String prefix = topicPrefix.orElse("");
        follows.add(new Follow(prefix + Topics.MOVES.name(), text -> true));
        follows.add(new Follow(prefix + Topics.RESULTS.name(), text -> text.contains("\"results.")));
        follows.add(new Follow(prefix + Topics.CLAIMS.name(), text -> text.contains("ANNUL_GAME")));
        follows.forEach(f -> f.follower.start());
    }

    /** The plies and end of the game as decided, when the fold is sure of them; empty: ask the game service. */
    public Optional<Known> known(String gameId) {
        if (follows.isEmpty() || follows.stream().anyMatch(f -> !f.current)) {
            return Optional.empty();
        }
        Game game = games.get(gameId);
        if (game == null) {
            return Optional.empty();
        }
        synchronized (game) {
            return game.started && game.sure ? Optional.of(new Known(game.plies, game.over)) : Optional.empty();
        }
    }

    /** Folds one event of a game's topics (in each game's order: the topics are keyed by game or hold its id). */
    void fold(Envelope envelope) {
        String gameId = switch (envelope.payload()) {
            case ResultEvent.GameEnded e -> e.gameId();
            case ResultEvent.ResultCorrected e -> e.gameId();
            default -> envelope.aggregateId();
        };
        if (gameId == null) {
            return;
        }
        Game game = games.computeIfAbsent(gameId, g -> new Game());
        synchronized (game) {
            apply(game, envelope.payload());
        }
    }

    static void apply(Game game, Object event) {
        switch (event) {
            case MoveEvent.GameStarted started -> {
                game.started = true;
                game.plies = 0;
                game.sure = true;
            }
            case MoveEvent.MovePlayed played -> {
                game.plies = played.ply();
                game.sure = true;
            }
            // FIDE 2018 7.5.1: the position before the irregularity is restored
            case MoveEvent.MovesTakenBack back -> {
                game.plies = back.keptPlies();
                game.sure = true;
            }
            // an illegal move that stands (a completed illegal move not claimed in time) counts as a ply
            case MoveEvent.IllegalMoveRecorded illegal -> game.sure &= !illegal.stands();
            case MoveEvent.MoveCompleted completed -> { }
            case MoveEvent.PieceTouched touched -> { }
            case MoveEvent.GameCancelled cancelled -> game.over = true;
            case MoveEvent other -> game.sure = false;
            case ResultEvent.GameEnded ended -> game.over = true;
            case ResultEvent.ResultCorrected corrected -> game.over = true;
            // the game is played again from the start (its plies are then followed from its next move)
            case ClaimEvent.RulingIssued ruling -> {
                if (ruling.kind() == RulingKind.ANNUL_GAME) {
                    game.sure = false;
                    game.over = false;
                }
            }
            default -> { }
        }
    }

    @PreDestroy
    void close() {
        follows.forEach(f -> f.follower.close());
    }
}

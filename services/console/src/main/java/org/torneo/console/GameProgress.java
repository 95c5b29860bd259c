package org.torneo.console;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

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

    /**
     * What the fold knows of a game: the plies it has, whether it is over, its phase and result (the game service's
     * names: IN_PROGRESS, ENDED, CANCELLED; "1-0", "½-½", "0-1", or null) and the arbiter's decisions on it, in order.
     */
    public record Known(int plies, boolean over, String phase, String result, List<Decision> decisions) {
        Known(int plies, boolean over) {
            this(plies, over, over ? "ENDED" : "IN_PROGRESS", null, List.of());
        }
    }

    /**
     * A decision of the arbiter (or the game's, on a claim) as the game's file of incidents has it: its event type
     * (game.RulingIssued, game.ClaimRejected, game.ClaimUpheld), kind, side, article and reason, with the rejected
     * claim itself (its reason and penalty are told in the sheet's language).
     */
    public record Decision(String type, String kind, String side, String article, String reason,
                           ClaimEvent.ClaimRejected rejected) {
    }

    /** One game's fold; {@code sure} false once an event came whose effect on the plies is not followed here. */
    static final class Game {
        int plies;
        boolean sure = true;
        boolean over;
        boolean cancelled;
        boolean started;
        String result;
        final List<Decision> decisions = new ArrayList<>();
        /** The decisions' event ids: the claims topic read again (a broker failure) does not add them twice. */
        final java.util.Set<java.util.UUID> decided = new java.util.HashSet<>();
        /** The highest ply of a move this console handed to the game (the broker has it: it will be decided). */
        int sent;
        /** Requests waiting for the fold to reach a ply (see {@link #reached}). */
        final List<Waiter> waiters = new ArrayList<>();
    }

    private record Waiter(int plies, CompletableFuture<Boolean> done) {
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
        // the arbiter's decisions (an annulment among them) for the sheets' poll; the claims themselves are not needed
        follows.add(new Follow(prefix + Topics.CLAIMS.name(), text -> text.contains("game.RulingIssued")
                || text.contains("game.ClaimRejected") || text.contains("game.ClaimUpheld")));
        follows.forEach(f -> f.follower.start());
    }

    /** The plies and end of the game as decided, when the fold is sure of them; empty: ask the game service. */
    public Optional<Known> known(String gameId) {
        if (follows.isEmpty() || follows.stream().anyMatch(f -> !f.current)) {
            return Optional.empty();
        }
        return knownOfFold(gameId);
    }

    /** What the fold holds of the game, whether or not its topics are read up to now (for {@link #known}, tests). */
    Optional<Known> knownOfFold(String gameId) {
        Game game = games.get(gameId);
        if (game == null) {
            return Optional.empty();
        }
        synchronized (game) {
            return game.started && game.sure ? Optional.of(new Known(game.plies, game.over, game.cancelled
                    ? "CANCELLED" : game.over ? "ENDED" : "IN_PROGRESS", game.result, List.copyOf(game.decisions)))
                    : Optional.empty();
        }
    }

    /**
     * The game service took this console's move of {@code ply} (answered 202: the broker has the command, the game
     * decides it in the order it came). The fold learns of the move only once the game's event is read back, which
     * under load comes seconds later: meanwhile the other sheet's next own move can {@link #reached wait} for it here
     * instead of being answered "waiting" and sent again by the device.
     */
    public void sent(String gameId, int ply) {
        Game game = games.computeIfAbsent(gameId, g -> new Game());
        synchronized (game) {
            game.sent = Math.max(game.sent, ply);
        }
    }

    /** Whether this console handed the game its move of {@code ply} and the fold has not read it back yet. */
    public boolean expects(String gameId, int ply) {
        Game game = games.get(gameId);
        if (game == null) {
            return false;
        }
        synchronized (game) {
            return game.sent >= ply && game.plies < ply;
        }
    }

    /**
     * Completes with true once the fold has the game's {@code plies} (or the game ended, or the fold is no longer
     * sure of it: the caller asks again), with false after {@code bound}. No thread waits: the fold completes it.
     */
    public CompletableFuture<Boolean> reached(String gameId, int plies, Duration bound) {
        Game game = games.computeIfAbsent(gameId, g -> new Game());
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        synchronized (game) {
            if (game.plies >= plies || game.over || !game.sure) {
                return CompletableFuture.completedFuture(true);
            }
            game.waiters.add(new Waiter(plies, done));
        }
        done.completeOnTimeout(false, bound.toMillis(), TimeUnit.MILLISECONDS);
        done.whenComplete((value, failure) -> {
            synchronized (game) {
                game.waiters.removeIf(w -> w.done() == done);
            }
        });
        return done;
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
        List<CompletableFuture<Boolean>> arrived = new ArrayList<>();
        synchronized (game) {
            boolean again = envelope.payload() instanceof ClaimEvent && !game.decided.add(envelope.eventId());
            if (!again) {
                apply(game, envelope.payload());
            }
            for (java.util.Iterator<Waiter> it = game.waiters.iterator(); it.hasNext(); ) {
                Waiter w = it.next();
                if (game.plies >= w.plies() || game.over || !game.sure) {
                    arrived.add(w.done());
                    it.remove();
                }
            }
        }
        // completed outside the game's lock: what a waiter does next must not run under it
        arrived.forEach(done -> done.complete(true));
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
            case MoveEvent.GameCancelled cancelled -> {
                game.over = true;
                game.cancelled = true;
            }
            case MoveEvent other -> game.sure = false;
            case ResultEvent.GameEnded ended -> {
                game.over = true;
                game.result = ended.result().notation();
            }
            case ResultEvent.ResultCorrected corrected -> {
                game.over = true;
                game.result = corrected.result().notation();
            }
            // the decisions as the game's file of incidents words them (its projection of these events)
            case ClaimEvent.ClaimUpheld upheld -> game.decisions.add(new Decision("game.ClaimUpheld",
                    upheld.kind().name() + "_UPHELD", upheld.by().name(), upheld.article(), null, null));
            case ClaimEvent.ClaimRejected rejected -> game.decisions.add(new Decision("game.ClaimRejected",
                    rejected.kind().name() + "_REJECTED", rejected.by().name(), rejected.article(), rejected.reason(),
                    rejected));
            case ClaimEvent.RulingIssued ruling -> {
                game.decisions.add(new Decision("game.RulingIssued", ruling.kind().name(), ruling.side() == null
                        ? null : ruling.side().name(), ruling.article(), ruling.details(), null));
                if (ruling.kind() == RulingKind.ANNUL_GAME) {
                    // the game is played again from the start (its plies are then followed from its next move)
                    game.sure = false;
                    game.over = false;
                    game.result = null;
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

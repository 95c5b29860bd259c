package org.torneo.game.app;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.app.edge.ClockStarter;
import org.torneo.game.app.edge.CommandPublisher;
import org.torneo.game.app.edge.RoundStarter;
import org.torneo.game.app.projection.GameProjector;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.AggregateState;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.AsyncCommitListener;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.platform.projection.Projections;
import org.torneo.platform.service.AggregateService;
import org.torneo.platform.service.ServiceShell;

/**
 * The game service: the game aggregate on the platform runtime, the PostgreSQL projection fed by every committed
 * batch, the round starter (RoundPaired to StartGame) and the clock starter (GameStarted to StartClock). After each
 * replay (start, or starting over after a broker outage) the projection is brought up to the rebuilt state.
 */
@ApplicationScoped
public class GameApp implements AggregateService<GameRequest, EventMessage, GameState> {

    private static final Logger LOG = Logger.getLogger(GameApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    Projections projections;

    @Inject
    CommandPublisher publisher;

    /** The most plies a game may have (GameLimits: beyond it a move is refused); the default is GameLimits'. */
    @ConfigProperty(name = org.torneo.game.core.game.GameLimits.MAX_PLIES_PROPERTY, defaultValue = "20000")
    int maxPlies;

    /** The most games a tournament may have: POST /games and the round starter both refuse more (issue 17). */
    @ConfigProperty(name = RoundStarter.MAX_GAMES_PROPERTY, defaultValue = "50000")
    long maxGamesPerTournament;

    /** Commands per poll, so per Kafka transaction at most: 5,000 decided 2.3x faster than the client's 500. */
    @ConfigProperty(name = "torneo.game.max-poll-records", defaultValue = "5000")
    int maxPollRecords;

    /**
     * Threads deciding each poll, each with its own Kafka transaction over its share of the input partitions
     * (KafkaAggregateRuntime.useLanes); 0 = one lane per four processors, at least one: where the broker shares a
     * small machine, a second lane did not pay (docs/benchmarks.md).
     */
    @ConfigProperty(name = "torneo.game.lanes", defaultValue = "0")
    int lanes;

    /**
     * How long a transaction gathers inputs after the first (KafkaAggregateRuntime.gatherFor): fewer, larger
     * transactions for the broker, which lowers the p99 at a steady rate for a millisecond or two of p50
     * (docs/benchmarks.md).
     */
    @ConfigProperty(name = "torneo.game.gather", defaultValue = "PT0.005S")
    Duration gather;

    @ConfigProperty(name = "torneo.game.start-rounds", defaultValue = "true")
    boolean startRounds;

    /** Decisions the projection may lag behind before the runtime waits for it. */
    @ConfigProperty(name = "torneo.game.projection-max-pending", defaultValue = "50000")
    int projectionMaxPending;

    private ServiceShell<GameRequest, EventMessage, GameState> shell;
    private ClockStarter clockStarter;
    private RoundStarter roundStarter;
    private volatile boolean backfilled;
    /** Live batches and the backfill write the same rows: one at a time, so "insert if absent" holds. */
    private final Object projectionLock = new Object();
    /** The projection runs beside the runtime: PostgreSQL never holds up the next Kafka transaction. */
    private AsyncCommitListener<GameState> projectionQueue;

    void onStart(@Observes StartupEvent event) {
        clockStarter = new ClockStarter(publisher);
        int classes = org.torneo.game.app.runtime.ClassWarmup.load(org.torneo.game.core.game.GameDecider.class,
                org.torneo.contracts.Envelope.class, KafkaAggregateRuntime.class);
        LOG.info("game: " + classes + " classes of the core, contracts and platform loaded");
        CommitListener<GameState> projection = projections.listener(GameProjector::project);
        projectionQueue = new AsyncCommitListener<>("game-projection", decisions -> {
            synchronized (projectionLock) {
                projection.committed(decisions);
            }
        }, projectionMaxPending);
        shell = runtimes.shell(GameDefinition.definition(GameDefinition.NAME,
                                new org.torneo.game.core.game.GameLimits(maxPlies)), runtimes.codec(),
                        settings -> settings.withExtra(Map.of("max.poll.records", maxPollRecords)))
                .configure(created -> {
                    created.useLanes(lanes > 0 ? lanes : Math.max(1, Runtime.getRuntime().availableProcessors() / 4));
                    created.gatherFor(gather);
                    created.addRebuildListener(this::reloadGained);
                })
                .listener(projectionQueue)
                .listener(clockStarter::committed)
                .reload(this::reloadAfterReplay)
                .stopBefore(() -> {
                    if (roundStarter != null) {
                        roundStarter.close();
                    }
                })
                .stopAfter(() -> projectionQueue.close())
                .build();
        shell.start();
        if (startRounds) {
            roundStarter = new RoundStarter(runtimes.bootstrapServers(), runtimes.clientSecurity(),
                    runtimes.topic(Topics.TOURNAMENT.name()), publisher, this::gameExists, this::gamesOf,
                    maxGamesPerTournament, runtimes.codec());
            roundStarter.start();
        }
    }

    /** Whether every committed batch handed to the projection so far has been written. */
    public boolean projectionIdle() {
        return projectionQueue == null || projectionQueue.awaitIdle(Duration.ZERO);
    }

    /** One game as decided so far, or null when the service knows no such game. */
    public AggregateState<GameState> game(String gameId) {
        return runtime().read(store -> store.exists(gameId) ? store.stateOf(gameId) : null);
    }

    /**
     * SHA-256 of every game's sequence, last hash and {@link GameState#fingerprint()} (the state as text, the
     * record by its positions), sorted by game id: equal before a stop and after the replay. The runtime's
     * field-walking {@code stateDigest()} also sees the core Position's lazily filled legal-move caches, which a
     * replayed position has not computed yet, so it is not used for games.
     */
    public String stateDigest() {
        return runtime().read(store -> {
            StringBuilder text = new StringBuilder();
            new java.util.TreeMap<>(store.states()).forEach((id, state) -> {
                AggregateState<GameState> aggregate = store.stateOf(id);
                text.append(id).append(' ').append(aggregate.sequence()).append(' ').append(aggregate.lastHash())
                        .append(' ').append(state.fingerprint()).append('\n');
            });
            return org.torneo.platform.StateDigest.ofText(text);
        });
    }

    /** The games of a tournament this service holds (started, whatever their phase since). */
    public long gamesOf(String tournamentId) {
        return runtime().read(store -> store.states().values().stream()
                .filter(game -> game.phase() != GameState.Phase.NOT_STARTED && game.started() != null
                        && tournamentId.equals(game.started().tournamentId()))
                .count());
    }

    public boolean gameExists(String gameId) {
        AggregateState<GameState> game = game(gameId);
        return game != null && game.state().phase() != GameState.Phase.NOT_STARTED;
    }

    /**
     * Projects every event row of the log again (what each start does; a second instance starting does it over the
     * first one's rows): rows already there are kept, none is doubled. Returns how many events were read.
     */
    public long projectEventsFromLog() {
        return TopicsToEnd.envelopes("game", runtimes.clientProperties("game-projection-backfill"),
                List.of(runtimes.topic(Topics.MOVES.name()), runtimes.topic(Topics.CLAIMS.name()),
                        runtimes.topic(Topics.RESULTS.name())),
                runtimes.codec(), Duration.ofSeconds(60), Duration.ofSeconds(60), event -> true,
                chunk -> projections.run(s -> GameProjector.projectEvents(s, chunk)));
    }

    /** Writes the game rows of every game held again, as a restart's reload does; a row is replaced only if newer. */
    public void projectStatesAgain() {
        List<AggregateState<GameState>> states = shell.states();
        synchronized (projectionLock) {
            projectStates(states);
        }
    }

    private void projectStates(List<AggregateState<GameState>> states) {
        for (int from = 0; from < states.size(); from += 500) {
            List<AggregateState<GameState>> chunk = states.subList(from, Math.min(states.size(), from + 500));
            projections.run(s -> GameProjector.projectStates(s, chunk));
        }
    }

    /** After a replay the batches replayed are not told to listeners: the projection is brought up from the log. */
    private void reloadAfterReplay(Supplier<List<AggregateState<GameState>>> replayed, boolean firstOfRuntime) {
        List<AggregateState<GameState>> states = replayed.get();
        synchronized (projectionLock) {
            if (!backfilled) {
                // the event rows committed while no instance projected them (a crash between commit and
                // projection, a new database) come from the log; rows already there are kept (written once)
                long events = projectEventsFromLog();
                backfilled = true;
                LOG.info("game: " + events + " events projected from the log");
            }
            projectStates(states);
        }
        announceRunning(states);
        LOG.info("game: projection reloaded from " + states.size() + " replayed games");
    }

    /**
     * The reload runs once per replay, as soon as the runtime runs: after a first assignment that was empty (a killed
     * instance still held the partitions until its session ended) it finds no game. The games restored when the
     * partitions are gained later get here what that reload gives every game: their rows written again and, when
     * running, their clocks announced again (the StartClock may have been lost between its game's commit and the send).
     * On the runtime's thread, before it decides anything more; a cycle's first rebuild (a new store) is the reload's.
     */
    private void reloadGained(AggregateStore<GameRequest, EventMessage, GameState> store) {
        if (store != lastRebuilt) {
            lastRebuilt = store;
            return;
        }
        List<AggregateState<GameState>> states = new ArrayList<>(store.size());
        store.states().keySet().forEach(id -> states.add(store.stateOf(id)));
        synchronized (projectionLock) {
            projectStates(states);
        }
        announceRunning(states);
        LOG.info("game: " + states.size() + " games held after a change of partitions, their rows written again");
    }

    /** The runtime's store at its last rebuild (only the runtime's thread reads and writes it). */
    private AggregateStore<GameRequest, EventMessage, GameState> lastRebuilt;

    /** Announces the clock of every running game again: the clock ignores a StartClock it has seen (same id). */
    private void announceRunning(List<AggregateState<GameState>> states) {
        for (AggregateState<GameState> state : states) {
            if (state.state().phase() == GameState.Phase.IN_PROGRESS) {
                clockStarter.announce(state.aggregateId(), state.state().started());
            }
        }
    }

    @Override
    public ServiceShell<GameRequest, EventMessage, GameState> shell() {
        return shell;
    }
}

package org.torneo.bench.replay;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.game.ClockStart;
import org.torneo.game.core.rounds.RoundStarts;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.Decision;
import org.torneo.platform.StateDigest;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.stack.test.TorneoStack;

/**
 * Writes the log of a simulated Swiss event to the broker as the services would have written it: every event is
 * decided by the service's own definition (its decider, command reader and reactions) in an {@link AggregateStore},
 * sealed into its hash chain by the same code the runtime uses, and sent to the topic, key and aggregate header the
 * runtime gives it. The inputs are the commands the arbiter, the boards and the game service's round and clock
 * starters would send (tournament, registrations, a Dutch pairing per round, StartGame from {@link RoundStarts},
 * StartClock from {@link ClockStart}, seeded random legal moves each followed by the mover's clock press, as the
 * demo's boards send them, and a resignation) and every service's reactions to the
 * others' events (clock to moves and results, game to clock, pairing and rating to results and the tournament).
 *
 * <p>Simplified: one input per transaction and no transaction (the records are written with a plain idempotent
 * producer, which read_committed readers read as committed); no signed chain heads (the replay does not read them);
 * games end by resignation after their line (no draws, flags or claims); moves come with no clock readings
 * (the clock service's own presses and times are the clock's record).
 */
final class EventLogWriter implements AutoCloseable {

    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arbiter-1");
    private static final Actor BOARD = new Actor(Actor.Role.BOARD, "board");
    private static final Actor GAME_SERVICE = Actor.system("game");

    /** One service's aggregate kind as the generator runs it: its definition, codec and store. */
    static final class Service<C, E extends EventMessage, S> {
        final AggregateDefinition<C, E, S> definition;
        final JsonCodec codec;
        AggregateStore<C, E, S> store;
        final Set<String> reactsTo;

        Service(AggregateDefinition<C, E, S> definition, JsonCodec codec) {
            this.definition = definition;
            this.codec = codec;
            this.store = new AggregateStore<>(definition, codec);
            this.reactsTo = definition.reactionTopics().stream().map(TopicSpec::name).collect(Collectors.toSet());
        }

        String digest() {
            return StateDigest.of(store.states());
        }
    }

    private record Routed(Service<?, ?, ?> target, Envelope input) {
    }

    private final List<Service<?, ?, ?>> services;
    private final Service<?, ?, ?> game;
    private final Service<?, ?, ?> clock;
    private final Service<?, ?, ?> pairing;
    private final RoundStarts roundStarts;
    private final KafkaProducer<byte[], byte[]> producer;
    private final AtomicReference<Exception> sendFailure = new AtomicReference<>();
    private final Deque<Routed> queue = new ArrayDeque<>();
    /** Records written, by topic. */
    final Map<String, Long> perTopic = new TreeMap<>();
    /** Events decided, by payload type. */
    final Map<String, Long> perType = new TreeMap<>();
    /** Inputs a service's reader or decider threw on (the runtime would have dead-lettered them): must stay 0. */
    final List<String> refused = new ArrayList<>();
    long plies;

    EventLogWriter(Service<?, ?, ?> game, Service<?, ?, ?> clock, Service<?, ?, ?> pairing, Service<?, ?, ?> rating) {
        this.game = game;
        this.clock = clock;
        this.pairing = pairing;
        this.services = List.of(game, clock, pairing, rating);
        this.roundStarts = new RoundStarts(id -> game.store.exists(id), t -> 0, Long.MAX_VALUE, "max-games");
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity());
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024);
        props.put(ProducerConfig.BUFFER_MEMORY_CONFIG, 128L * 1024 * 1024);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        this.producer = new KafkaProducer<>(props);
    }

    /** The whole event: created, players entered, each round paired, played, scored and closed. */
    void writeEvent(String tournamentId, int players, int rounds, int pliesPerGame, long seed) {
        Instant start = Instant.parse("2026-06-01T09:00:00Z");
        command(pairing, tournamentId, new TournamentCommand.CreateTournament(tournamentId, id(), ARBITER, start,
                "Replay open", PairingSystemKind.DUTCH, rounds, Scoring.classic(), "FIDE_2018", List.of(),
                TimeControl.example(), List.of("BH/C1", "BH", "SB")));
        for (int p = 1; p <= players; p++) {
            command(pairing, tournamentId, new TournamentCommand.RegisterPlayer(tournamentId, id(), ARBITER, start,
                    "p" + p, String.format("Player %05d", p), 2800 - p * 1800 / players, 1));
        }
        Random random = new Random(seed);
        for (int round = 1; round <= rounds; round++) {
            Instant roundStart = start.plus(Duration.ofDays(round));
            List<Envelope> paired = command(pairing, tournamentId,
                    new TournamentCommand.PairNextRound(tournamentId, id(), ARBITER, roundStart, seed + round));
            RoundPaired pairs = paired.stream().map(Envelope::payload).filter(RoundPaired.class::isInstance)
                    .map(RoundPaired.class::cast).findFirst()
                    .orElseThrow(() -> new IllegalStateException("round not paired: " + paired));
            for (var board : pairs.boards()) {
                String gameId = RoundStarts.gameId(tournamentId, pairs.round(), board.number());
                if (!game.store.exists(gameId)) {
                    refused.add("no game started for " + gameId);
                    continue;
                }
                playGame(gameId, board.number(), roundStart.plusSeconds(board.number() % 60), random, pliesPerGame);
            }
            command(pairing, tournamentId, new TournamentCommand.CloseRound(tournamentId, id(), ARBITER,
                    roundStart.plus(Duration.ofHours(6)), round));
        }
        producer.flush();
        if (sendFailure.get() != null) {
            throw new IllegalStateException("a record was not written", sendFailure.get());
        }
    }

    private void playGame(String gameId, int board, Instant at, Random random, int pliesPerGame) {
        Position position = Position.initial();
        Instant t = at.plusSeconds(60);
        for (int ply = 0; ply < pliesPerGame; ply++) {
            Move move = randomMove(position, random);
            if (move == null) {
                break;
            }
            t = t.plusSeconds(20 + random.nextInt(40));
            command(game, gameId, new GameCommand.SubmitMove(move.uci(), Notation.UCI, MoveSource.EBOARD, null, t),
                    BOARD);
            // the mover presses the clock, which completes the move (FIDE 2018 6.2.1), as the demo's boards do
            Side mover = position.sideToMove() == org.torneo.game.core.board.Side.WHITE ? Side.WHITE : Side.BLACK;
            command(game, gameId, new GameCommand.PressClock(mover, t.plusSeconds(1)),
                    new Actor(Actor.Role.PLAYER, playerOf(gameId, mover)));
            position = position.play(move);
            plies++;
        }
        // the side to move resigns (FIDE 2018 5.1.2); a game of odd board number: White's turn or Black's alike
        Side loser = position.sideToMove() == org.torneo.game.core.board.Side.WHITE ? Side.WHITE : Side.BLACK;
        String player = playerOf(gameId, loser);
        command(game, gameId, new GameCommand.Resign(loser, t.plusSeconds(30)), new Actor(Actor.Role.PLAYER, player));
    }

    private String playerOf(String gameId, Side side) {
        Object state = game.store.stateOf(gameId).state();
        return ((org.torneo.game.core.game.GameState) state).playerOf(side);
    }

    /** A random legal move that neither mates nor stalemates and keeps more than 8 men on the board. */
    static Move randomMove(Position position, Random random) {
        List<Move> legal = new ArrayList<>(position.legalMoves());
        Collections.shuffle(legal, random);
        for (Move m : legal) {
            Position next = position.play(m);
            if (next.legalMoveCount() > 0 && Long.bitCount(next.occupancy()) > 8) {
                return m;
            }
        }
        return null;
    }

    private List<Envelope> command(Service<?, ?, ?> target, String aggregateId, CommandMessage command) {
        return command(target, aggregateId, command, ARBITER);
    }

    /** Decides a command and every reaction it causes; returns the command's own events. */
    private List<Envelope> command(Service<?, ?, ?> target, String aggregateId, CommandMessage command, Actor actor) {
        Instant at = observedAt(command);
        List<Envelope> own = decide(target, Envelope.command(UUID.randomUUID(), aggregateId, actor, at, command));
        while (!queue.isEmpty()) {
            Routed next = queue.poll();
            decide(next.target(), next.input());
        }
        return own;
    }

    private static Instant observedAt(CommandMessage command) {
        return switch (command) {
            case TournamentCommand t -> t.at();
            case GameCommand g -> g.observedAt();
            case StartClock s -> Instant.ofEpochMilli(s.at());
            default -> throw new IllegalArgumentException("no time for " + command);
        };
    }

    private <C, E extends EventMessage, S> List<Envelope> decide(Service<C, E, S> service, Envelope input) {
        AggregateStore<C, E, S>.Batch batch = service.store.begin();
        Decision<S> decision;
        try {
            decision = batch.decide(input);
        } catch (RuntimeException e) {
            batch.discard();
            refused.add(service.definition.name() + " refused " + input.payload().getClass().getSimpleName() + " of "
                    + input.aggregateId() + ": " + e);
            return List.of();
        }
        batch.commit();
        for (Envelope event : decision.events()) {
            String topic = service.codec.catalog().entryOf(event.payload()).topic().name();
            String key = service.definition.keyRule().apply(event);
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, key.getBytes(StandardCharsets.UTF_8),
                    batch.wireBytes(event));
            record.headers().add(KafkaAggregateRuntime.AGGREGATE_HEADER,
                    event.aggregateId().getBytes(StandardCharsets.UTF_8));
            producer.send(record, (metadata, error) -> {
                if (error != null) {
                    sendFailure.compareAndSet(null, error);
                }
            });
            perTopic.merge(topic, 1L, Long::sum);
            perType.merge(event.payload().getClass().getSimpleName(), 1L, Long::sum);
            route(service, topic, event);
        }
        return decision.events();
    }

    /** What the other services (and the game's round and clock starters) do with an event. */
    private void route(Service<?, ?, ?> from, String topic, Envelope event) {
        for (Service<?, ?, ?> other : services) {
            if (other != from && other.reactsTo.contains(topic)) {
                queue.add(new Routed(other, event));
            }
        }
        if (event.payload() instanceof GameStarted started) {
            StartClock start = ClockStart.command(event.aggregateId(), started);
            if (start != null) {
                queue.add(new Routed(clock, Envelope.command(UUID.fromString(start.commandId()), event.aggregateId(),
                        GAME_SERVICE, started.startedAt(), start)));
            }
        }
        if (from == pairing) {
            RoundStarts.Outcome outcome = roundStarts.on(event.eventId(), event.payload());
            if (outcome.refusal() != null) {
                refused.add("round starter: " + outcome.refusal());
            }
            for (RoundStarts.Dispatch dispatch : outcome.dispatches()) {
                if (dispatch instanceof RoundStarts.Start start) {
                    queue.add(new Routed(game, Envelope.command(start.commandId(), start.gameId(), GAME_SERVICE,
                            start.command().observedAt(), start.command())));
                }
            }
        }
    }

    /** Results written (GameEnded), for the checks. */
    long gamesEnded() {
        return perType.getOrDefault(GameEnded.class.getSimpleName(), 0L);
    }

    long total() {
        return perTopic.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Lets go of the generator's stores (the replays build their own). */
    void dropStores() {
        services.forEach(s -> s.store = null);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(30));
    }
}

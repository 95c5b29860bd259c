package org.torneo.game.app.edge;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.game.app.runtime.Rulesets;

/**
 * Starts the games of every published round: reads torneo.tournament from the beginning (read_committed, no
 * consumer group: the tournament's ruleset and time control come from its TournamentCreated, earlier on the same
 * partition) and sends one StartGame per board whose game does not exist yet, under the tournament's time control
 * (none when the tournament has none: then no clock runs). The command id is derived from the game id, so a
 * resend after a restart is a duplicate the runtime ignores.
 *
 * <p>A pairing the arbiter corrected (PairingCorrected: same players, boards rearranged) reaches the games it
 * changes: per board, a game neither paired before nor existing is started with the corrected players; a board
 * whose White and Black stay is left alone; any other gets CorrectPlayers with the corrected players, the arbiter's
 * reason and the correction's event id. That command id is derived from the correction's event id and the board, so
 * a replay or a restart sends the same id and the game service drops the repeat. The seeds are silent; current FIDE
 * practice (C.04.2; C.04.3 of 2017 F.6-F.7): only the arbiter changes a pairing made public, it is his decision
 * whether the correction affects a pairing not yet played, and a game that has begun is played as paired (the game
 * refuses the command once a move has been made, and records the refusal). A board paired before whose game is
 * not there yet gets the correction too, not a second StartGame: its StartGame may still be on its way, and a start
 * with the same command id would be dropped as a repeat; the correction follows it on the game's partition. Byes
 * need nothing from the game service.
 *
 * <p>A board of the round as published before whose number the correction no longer has (its players moved to other
 * boards, or both to byes) gets CancelGame, with a command id derived from the correction's event id and the board
 * (not the CorrectPlayers id of that board). Same source: the seeds are silent; current FIDE practice (C.04.2; C.04.3
 * of 2017 F.6-F.7): the arbiter may correct a pairing made public and a game that has begun is played as paired. So
 * the game, if no move has been made, is cancelled (not played, no result, no GameEnded: the pairing service scores
 * the byes itself); if it has begun, it refuses, records why ("the game has begun: it is played as paired; the
 * arbiter may annul it or set its result"), and the arbiter decides. A board number the correction reuses for other
 * players is not cancelled: its game gets CorrectPlayers, even when both of the players it had went to byes.
 *
 * <p>The service's bound on a tournament's games ({@value #MAX_GAMES_PROPERTY}, as at {@code POST /games}) holds here
 * too (issue 17): before it starts a round's new games (or those a correction adds) it counts the tournament's games
 * (those the game service holds, plus those it asked to start and the service does not hold yet). When the new ones
 * would pass the limit none of them is started: the round's record goes to the dead letters (service {@value #SERVICE})
 * with the reason naming the limit, its key and the counts, once, and is logged; the corrections and cancellations of
 * games that exist still go out. All or none, so that no round is half played by the service's choice; the arbiter
 * raises the limit and restarts the service, whose starter reads the topic again and starts them.
 */
public final class RoundStarter implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(RoundStarter.class.getName());

    private final String bootstrapServers;
    private final java.util.Map<String, Object> security;
    private final String topic;
    private final CommandPublisher publisher;
    private final Predicate<String> gameExists;
    private final JsonCodec codec;
    private final Map<String, Terms> tournaments = new HashMap<>();
    /** The boards of every open round as last published (paired or corrected), by round then board number. */
    private final Map<RoundKey, Map<Integer, Board>> published = new HashMap<>();
    private volatile boolean running = true;
    private final Thread thread;
    private final java.util.concurrent.atomic.AtomicLong skipped = new java.util.concurrent.atomic.AtomicLong();
    /** Origins of the records this reader dead-lettered (its earlier lives' too): read at the first one it skips. */
    private Set<String> deadLettered;
    /** The dead-letter-service header of the round starter's dead letters. */
    public static final String SERVICE = "game-round-starter";
    /** The service's bound on a tournament's games (also enforced at POST /games). */
    public static final String MAX_GAMES_PROPERTY = "torneo.game.max-games-per-tournament";

    private final java.util.function.ToLongFunction<String> gamesOf;
    private final long maxGamesPerTournament;
    /** The games this pass asked to start, by tournament, until the game service holds them. */
    private final Map<String, Set<String>> asked = new HashMap<>();
    /** Why the record being handled started none of its new games (the limit), or null. */
    private String refusal;

    /** What a tournament's games are played under, from its TournamentCreated. */
    private record Terms(Ruleset ruleset, TimeControl timeControl) {
    }

    private record RoundKey(String tournamentId, int round) {
    }

    /** A command the round starter sends to one game, as the game service, with its idempotency key. */
    public sealed interface Dispatch permits Start, Correct, Cancel {
        UUID commandId();

        String gameId();

        GameCommand command();
    }

    /** One game to start: its id and the command. */
    public record Start(String gameId, StartGame command) implements Dispatch {
        @Override
        public UUID commandId() {
            return startCommandId(gameId);
        }
    }

    /** A game whose players the arbiter's correction changed. */
    public record Correct(UUID commandId, String gameId, CorrectPlayers command) implements Dispatch {
    }

    /** A game of a board the arbiter's correction removed. */
    public record Cancel(UUID commandId, String gameId, CancelGame command) implements Dispatch {
    }

    public RoundStarter(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                        CommandPublisher publisher, Predicate<String> gameExists, JsonCodec codec) {
        this(bootstrapServers, security, topic, publisher, gameExists, tournament -> 0, Long.MAX_VALUE, codec);
    }

    /**
     * @param gamesOf               how many games a tournament has (those the game service holds)
     * @param maxGamesPerTournament the most games a tournament may have ({@value #MAX_GAMES_PROPERTY})
     */
    public RoundStarter(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                        CommandPublisher publisher, Predicate<String> gameExists,
                        java.util.function.ToLongFunction<String> gamesOf, long maxGamesPerTournament,
                        JsonCodec codec) {
        if (maxGamesPerTournament < 1) {
            throw new IllegalArgumentException(MAX_GAMES_PROPERTY + " must be at least 1, not " + maxGamesPerTournament);
        }
        this.gamesOf = gamesOf;
        this.maxGamesPerTournament = maxGamesPerTournament;
        this.bootstrapServers = bootstrapServers;
        this.security = java.util.Map.copyOf(security);
        this.topic = topic;
        this.publisher = publisher;
        this.gameExists = gameExists;
        this.codec = codec;
        this.thread = new Thread(this::loop, "game-round-starter");
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    /** The game id of a tournament board: stable, so the same pairing always names the same game. */
    public static String gameId(String tournamentId, int round, int board) {
        return org.torneo.contracts.game.BoardGameId.of(tournamentId, round, board);
    }

    public static UUID startCommandId(String gameId) {
        return UUID.nameUUIDFromBytes(("StartGame:" + gameId).getBytes(StandardCharsets.UTF_8));
    }

    /** The id of the CorrectPlayers a pairing correction sends to one board's game: the same on every replay. */
    public static UUID correctionCommandId(UUID correctionEventId, int board) {
        return UUID.nameUUIDFromBytes(("CorrectPlayers:" + correctionEventId + ":" + board)
                .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The id of the CancelGame a pairing correction sends to the game of a board it removed: the same on every replay,
     * and never the {@link #correctionCommandId} of that board.
     */
    public static UUID cancellationCommandId(UUID correctionEventId, int board) {
        return UUID.nameUUIDFromBytes(("CancelGame:" + correctionEventId + ":" + board)
                .getBytes(StandardCharsets.UTF_8));
    }

    private void loop() {
        while (running) {
            try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                tournaments.clear();
                published.clear();
                asked.clear();
                while (running) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                        for (Dispatch dispatch : handle(record)) {
                            publisher.send(dispatch.commandId(), dispatch.gameId(), ClockStarter.GAME_SERVICE,
                                    dispatch.command());
                        }
                    }
                }
            } catch (org.apache.kafka.common.errors.InterruptException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "game: round starter restarts after " + e, e);
                sleep();
            }
        }
    }

    /**
     * The commands one record of the tournament topic causes: the games a round starts, the games a pairing
     * correction starts or corrects (none for any other record). Not thread-safe: the round starter's own thread
     * calls it, in partition order.
     */
    public List<Dispatch> handle(ConsumerRecord<byte[], byte[]> record) {
        Envelope envelope;
        try {
            envelope = codec.decode(record.value());
        } catch (RuntimeException e) {
            skip(record, "cannot decode: " + e.getMessage());
            return List.of();
        }
        try {
            refusal = null;
            List<Dispatch> dispatches = dispatches(envelope);
            if (refusal != null) {
                skip(record, refusal);
            }
            return dispatches;
        } catch (RuntimeException | StackOverflowError e) {
            skip(record, "cannot act on " + envelope.payload().getClass().getSimpleName() + ": " + e);
            return List.of();
        }
    }

    /** Records skipped since the start (counted at every reading: the starter reads its topic from the beginning). */
    public long skipped() {
        return skipped.get();
    }

    /**
     * A record the round starter cannot use is one record's problem: logged, counted, dead-lettered once (not again
     * when the topic is read from the beginning), and the partition goes on.
     */
    private void skip(ConsumerRecord<byte[], byte[]> record, String reason) {
        skipped.incrementAndGet();
        LOG.warning("game: round starter skips " + record.topic() + "-" + record.partition() + "@" + record.offset()
                + ": " + reason);
        if (publisher == null) {
            return; // unit tests: no broker
        }
        try {
            if (deadLettered == null) {
                deadLettered = new HashSet<>(org.torneo.platform.DeadLetters.origins(consumerProperties(),
                        publisher.topicPrefix() + org.torneo.contracts.topics.Topics.DEAD_LETTER.name(), SERVICE,
                        Set.of(topic), Duration.ofSeconds(30)));
            }
            if (deadLettered.add(org.torneo.platform.DeadLetters.origin(record.topic(), record.partition(),
                    record.offset()))) {
                publisher.deadLetter(org.torneo.platform.DeadLetters.of(record, SERVICE, reason));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "game: round starter cannot dead-letter " + record.topic() + "-"
                    + record.partition() + "@" + record.offset(), e);
        }
    }

    private List<Dispatch> dispatches(Envelope envelope) {
        switch (envelope.payload()) {
            case TournamentCreated created -> {
                Ruleset ruleset = Rulesets.parse(created.rulesetId()).orElseGet(() -> {
                    // the design's default ruleset (FIDE 2018 standard) when the id names no edition
                    LOG.warning("game: tournament " + created.tournamentId() + " ruleset '" + created.rulesetId()
                            + "' names no edition; its games use FIDE 2018 standard");
                    return Ruleset.DEFAULT;
                });
                tournaments.put(created.tournamentId(), new Terms(ruleset, created.timeControl()));
                return List.of();
            }
            case RoundPaired round -> {
                return starts(round);
            }
            case PairingCorrected correction -> {
                return corrections(envelope.eventId(), correction);
            }
            case RoundClosed closed -> {
                // a closed round's pairings can no longer be corrected: forget its boards
                published.remove(new RoundKey(closed.tournamentId(), closed.round()));
                return List.of();
            }
            default -> {
                return List.of();
            }
        }
    }

    private List<Dispatch> starts(RoundPaired round) {
        Map<Integer, Board> boards = published.computeIfAbsent(new RoundKey(round.tournamentId(), round.round()),
                k -> new HashMap<>());
        List<Dispatch> starts = new ArrayList<>();
        for (Board board : round.boards()) {
            boards.put(board.number(), board);
            String gameId = gameId(round.tournamentId(), round.round(), board.number());
            if (gameExists.test(gameId)) {
                continue;
            }
            starts.add(start(round.tournamentId(), round.round(), board, round.at()));
        }
        return admitted(round.tournamentId(), round.round(), starts);
    }

    /**
     * The new games of one record, all of them when the tournament stays within its limit, none otherwise (then
     * {@link #refusal} says why). Not a Law: the service's bound on its work (issue 17), as at POST /games.
     */
    private <D extends Dispatch> List<D> admitted(String tournamentId, int round, List<D> starts) {
        long adding = starts.stream().filter(d -> d instanceof Start).count();
        if (adding == 0) {
            return starts;
        }
        Set<String> pending = asked.computeIfAbsent(tournamentId, t -> new HashSet<>());
        pending.removeIf(gameExists); // held by the service now: counted by gamesOf
        long has = gamesOf.applyAsLong(tournamentId) + pending.size();
        if (has + adding > maxGamesPerTournament) {
            refusal = String.format(java.util.Locale.ROOT, "round %d of tournament %s would start %,d games where the "
                    + "tournament has %,d, past the limit set by %s (%,d): none of them is started", round,
                    tournamentId, adding, has, MAX_GAMES_PROPERTY, maxGamesPerTournament);
            return starts.stream().filter(d -> !(d instanceof Start)).toList();
        }
        starts.stream().filter(d -> d instanceof Start).forEach(d -> pending.add(d.gameId()));
        return starts;
    }

    private Start start(String tournamentId, int round, Board board, Instant at) {
        Terms terms = tournaments.getOrDefault(tournamentId, new Terms(Ruleset.DEFAULT, null));
        // FIDE 2018 6.3.1: every game is played under the time control the event specified in advance
        return new Start(gameId(tournamentId, round, board.number()), new StartGame(tournamentId, round,
                board.number(), board.white(), board.black(), terms.ruleset(), null, null, board.hall(),
                terms.timeControl(), null, at));
    }

    /**
     * C.04.2; C.04.3 (2017) F.6-F.7 (the seeds are silent: current FIDE practice): the arbiter's correction of a
     * pairing made public reaches every game of the round whose White or Black it changes, and cancels the game of
     * every board it removes; whether a game has begun, and so is played as paired, the game itself decides.
     */
    private List<Dispatch> corrections(UUID correctionEventId, PairingCorrected correction) {
        Map<Integer, Board> boards = published.computeIfAbsent(
                new RoundKey(correction.tournamentId(), correction.round()), k -> new HashMap<>());
        String reason = correction.reason() == null || correction.reason().isBlank()
                ? "the arbiter corrected the pairing of round " + correction.round() : correction.reason();
        String correctedBy = correction.actor() == null ? null : correction.actor().id();
        List<Dispatch> dispatches = new ArrayList<>();
        Set<Integer> kept = new HashSet<>();
        for (Board board : correction.boards()) {
            kept.add(board.number());
            Board before = boards.put(board.number(), board);
            String gameId = gameId(correction.tournamentId(), correction.round(), board.number());
            if (before == null && !gameExists.test(gameId)) {
                dispatches.add(start(correction.tournamentId(), correction.round(), board, correction.at()));
            } else if (before == null || !before.white().equals(board.white()) || !before.black().equals(board.black())) {
                dispatches.add(new Correct(correctionCommandId(correctionEventId, board.number()), gameId,
                        new CorrectPlayers(board.white(), board.black(), reason, correctedBy, correctionEventId,
                                correction.at())));
            }
        }
        // C.04.2; C.04.3 (2017) F.6-F.7: a board the correction no longer has is not played; its game, if not begun,
        // is cancelled (a number reused for other players was corrected above, even if its players went to byes)
        List<Integer> removed = boards.keySet().stream().filter(number -> !kept.contains(number)).sorted().toList();
        for (int number : removed) {
            boards.remove(number);
            dispatches.add(new Cancel(cancellationCommandId(correctionEventId, number),
                    gameId(correction.tournamentId(), correction.round(), number),
                    new CancelGame(reason, correctedBy, correctionEventId, correction.at())));
        }
        return admitted(correction.tournamentId(), correction.round(), dispatches);
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        return new KafkaConsumer<>(consumerProperties());
    }

    private Properties consumerProperties() {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "game-round-starter");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return props;
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.torneo.cli.demo;

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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.torneo.audit.log.EventLog;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.rating.RatingEvent.StandingsComputed;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.platform.kafka.TopicsToEnd;

/**
 * The demo as the edge of the system: it sends commands with the contracts codec and reads the committed
 * events of its own tournament (its id, and the game ids that start with it) from every event topic,
 * keeping them in log order per topic for the export the audit reads.
 */
final class Edge implements AutoCloseable {

    static final List<TopicSpec> EVENT_TOPICS = List.of(Topics.TOURNAMENT, Topics.MOVES, Topics.CLAIMS, Topics.RESULTS,
            Topics.CLOCK, Topics.RATINGS);

    private final String tournamentId;
    private final JsonCodec codec = JsonCodec.standard();
    private final KafkaProducer<String, byte[]> producer;
    private final TopicsToEnd.Reader events;
    private final Thread reader;
    private volatile boolean running = true;
    private volatile RuntimeException readerFailure;

    // guarded by this
    private final List<TournamentEvent> tournamentEvents = new ArrayList<>();
    private final Set<String> gamesStarted = new HashSet<>();
    private final Set<String> clocksStarted = new HashSet<>();
    private final Map<String, GameEnded> gamesEnded = new HashMap<>();
    private final List<Logged> logged = new ArrayList<>();
    private final Map<String, Integer> eventCounts = new java.util.TreeMap<>();
    private StandingsComputed standings;
    private final AtomicLong movesPlayed = new AtomicLong();
    /** How far behind the services run: the latest press seen on the clock topic, against when it was made. */
    private long lagMillis;
    private long lagSeenAt;
    private long peakLagMillis;

    Edge(String bootstrapServers, String tournamentId) {
        this.tournamentId = tournamentId;
        // the edge principal: may write the command topics and read the event topics, nothing else
        Map<String, Object> security = org.torneo.cli.KafkaSignIn.as("edge");
        Properties p = new Properties();
        p.putAll(security);
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true); // keeps each game's commands in order on retries
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "torneo-demo-edge");
        producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
        Properties c = new Properties();
        c.putAll(security);
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-demo-reader");
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        // the tournament id is new, so nothing of it lies before the current ends
        events = TopicsToEnd.open(c, java.util.stream.Stream.concat(EVENT_TOPICS.stream(), java.util.stream.Stream.of(
                Topics.CHAIN_HEADS, Topics.CHAIN_ANCHORS)).map(TopicSpec::name).toList(), Duration.ofSeconds(60),
                TopicsToEnd.From.END);
        reader = new Thread(this::read, "torneo-demo-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Sends one command, keyed by its aggregate. A send the broker did not acknowledge (it was killed, the delivery
     * timed out) is sent again, the same record with the SAME command id: the deciding service takes a command id once,
     * so a command that did get through the first time is a duplicate it ignores.
     */
    void send(String topic, String aggregateId, UUID commandId, Actor actor, Instant observedAt, CommandMessage command) {
        byte[] value = codec.encode(Envelope.command(commandId, aggregateId, actor, observedAt, command));
        synchronized (this) {
            sentCommands.add(commandId);
        }
        send(new ProducerRecord<>(topic, aggregateId, value), 1);
    }

    private void send(ProducerRecord<String, byte[]> record, int attempt) {
        producer.send(record, (metadata, failure) -> {
            if (failure != null && running && attempt < MAX_SEND_ATTEMPTS) {
                resends.incrementAndGet();
                send(record, attempt + 1); // from the producer's I/O thread: send() only queues the record
            } else if (failure != null) {
                unsent.incrementAndGet();
            }
        });
    }

    static final int MAX_SEND_ATTEMPTS = 20;
    private final AtomicLong resends = new AtomicLong();
    private final AtomicLong unsent = new AtomicLong();
    // guarded by this: every command id sent; per command id the kinds of events it caused (topic/aggregate/type)
    private final java.util.LinkedHashSet<UUID> sentCommands = new java.util.LinkedHashSet<>();
    private final Map<UUID, List<String>> decisions = new HashMap<>();
    // guarded by this: when (edge wall clock) each committed event and each MovePlayed was read
    private final List<Long> eventsReadAt = new ArrayList<>();
    private final List<Long> movesReadAt = new ArrayList<>();

    /** Sends that were repeated after the broker did not acknowledge them. */
    long resends() {
        return resends.get();
    }

    /** Sends given up after {@link #MAX_SEND_ATTEMPTS} attempts. */
    long unsent() {
        return unsent.get();
    }

    synchronized java.util.Set<UUID> sentCommands() {
        return new java.util.LinkedHashSet<>(sentCommands);
    }

    /** Per command id (causation id of the events read), the events it caused as "topic aggregate type". */
    synchronized Map<UUID, List<String>> decisions() {
        Map<UUID, List<String>> copy = new HashMap<>();
        decisions.forEach((id, events) -> copy.put(id, List.copyOf(events)));
        return copy;
    }

    /** The first time (edge wall clock, ms) at or after {@code from} that a committed event was read; -1 if none. */
    synchronized long firstEventReadAfter(long from) {
        return firstAfter(eventsReadAt, from);
    }

    /** The first time at or after {@code from} that a MovePlayed was read; -1 if none. */
    synchronized long firstMoveReadAfter(long from) {
        return firstAfter(movesReadAt, from);
    }

    private static long firstAfter(List<Long> times, long from) {
        for (long time : times) {
            if (time >= from) {
                return time;
            }
        }
        return -1;
    }

    void flush() {
        producer.flush();
    }

    private void read() {
        try {
            while (running) {
                events.poll(Duration.ofMillis(200), this::take);
            }
        } catch (org.apache.kafka.common.errors.WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            readerFailure = e;
        }
    }

    private void take(ConsumerRecord<byte[], byte[]> record) {
        if (record.topic().equals(Topics.CHAIN_HEADS.name())) {
            takeHeads(record.value());
            return;
        }
        String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        if (record.topic().equals(Topics.CHAIN_ANCHORS.name())) {
            if (tournamentId.equals(key)) {
                synchronized (this) {
                    anchors.add(new String(record.value(), StandardCharsets.UTF_8));
                    notifyAll();
                }
            }
            return;
        }
        if (key == null || !(key.equals(tournamentId) || key.startsWith(tournamentId + "-"))) {
            return;
        }
        take(record.topic(), record.value());
    }

    private void take(String topic, byte[] value) {
        Envelope envelope;
        try {
            envelope = codec.decode(value);
        } catch (RuntimeException e) {
            return; // the services dead-letter what they cannot read; the audit sees the line unreadable below
        }
        synchronized (this) {
            long readAt = System.currentTimeMillis();
            eventsReadAt.add(readAt);
            if (envelope.payload() instanceof MovePlayed) {
                movesReadAt.add(readAt);
            }
            if (envelope.causationId() != null) {
                decisions.computeIfAbsent(envelope.causationId(), id -> new ArrayList<>())
                        .add(topic + " " + envelope.aggregateId() + " " + envelope.payload().getClass().getSimpleName());
            }
            logged.add(new Logged(topic, envelope.aggregateId(), envelope.sequence(),
                    EventLog.line(topic, new String(value, StandardCharsets.UTF_8))));
            eventCounts.merge(envelope.payload().getClass().getSimpleName(), 1, Integer::sum);
            switch (envelope.payload()) {
                case TournamentEvent event when event.tournamentId().equals(tournamentId) -> tournamentEvents.add(event);
                case GameStarted started -> gamesStarted.add(envelope.aggregateId());
                case ClockStarted started -> clocksStarted.add(envelope.aggregateId());
                case ClockSwitched switched -> observeLag(System.currentTimeMillis() - switched.at());
                case MovePlayed played -> movesPlayed.incrementAndGet();
                case GameEnded ended when ended.tournamentId().equals(tournamentId) -> gamesEnded.put(ended.gameId(), ended);
                case StandingsComputed computed when computed.tournamentId().equals(tournamentId) -> standings = computed;
                default -> {
                }
            }
            notifyAll();
        }
    }

    /** A services' heads note (issue 17) that names an aggregate of the tournament: kept whole for the export. */
    private void takeHeads(byte[] value) {
        String note = new String(value, StandardCharsets.UTF_8);
        boolean ours;
        try {
            ours = org.torneo.contracts.signing.ChainHeads.read(org.torneo.contracts.signing.SignedNote.parse(note))
                    .heads().stream().map(org.torneo.contracts.signing.ChainHead::aggregateId)
                    .anyMatch(id -> id.equals(tournamentId) || id.startsWith(tournamentId + "-")
                            || id.startsWith(tournamentId + "/"));
        } catch (IllegalArgumentException e) {
            return; // not ours to judge here: the audit of a full export names it
        }
        if (ours) {
            synchronized (this) {
                headsNotes.add(EventLog.noteLine(Topics.CHAIN_HEADS.name(), note));
            }
        }
    }

    /** The heads notes read that name the tournament's aggregates, as export lines. */
    synchronized List<String> headsNotes() {
        return List.copyOf(headsNotes);
    }

    private final List<String> headsNotes = new ArrayList<>();
    private final List<String> anchors = new ArrayList<>();

    /** The round anchors the pairing service published for the tournament (signed checkpoints), in order. */
    synchronized List<String> anchors() {
        return List.copyOf(anchors);
    }

    /** Waits until the condition (evaluated under this edge's lock) holds; false after the timeout. */
    synchronized boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (readerFailure != null) {
                throw new IllegalStateException("reading the event topics failed: " + readerFailure.getMessage(),
                        readerFailure);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, Math.min(left / 1_000_000, 500)));
        }
        return true;
    }

    synchronized List<TournamentEvent> tournamentEvents() {
        return List.copyOf(tournamentEvents);
    }

    synchronized boolean started(String gameId) {
        return gamesStarted.contains(gameId);
    }

    /** A press made at the edge {@code sample} ms ago has just been recorded by the clock service. */
    private void observeLag(long sample) {
        long now = System.currentTimeMillis();
        // a decaying maximum: a spike counts at once and fades by a quarter of a second per second
        long decayed = lagMillis - (now - lagSeenAt) / 4;
        lagMillis = Math.max(Math.max(0, sample), decayed);
        lagSeenAt = now;
        peakLagMillis = Math.max(peakLagMillis, sample);
    }

    /** The longest a press took to reach the clock service since the last call (for the progress line). */
    synchronized long takePeakLagMillis() {
        long peak = peakLagMillis;
        peakLagMillis = 0;
        return peak;
    }

    /**
     * How long a move takes from the edge to the clock service just now (demo, game service, clock service and
     * back to the demo's reader): what a player at the board waits to see his opponent's move recorded.
     */
    synchronized long lagMillis() {
        return Math.max(0, lagMillis - (System.currentTimeMillis() - lagSeenAt) / 4);
    }

    synchronized boolean clockStarted(String gameId) {
        return clocksStarted.contains(gameId);
    }

    synchronized GameEnded ended(String gameId) {
        return gamesEnded.get(gameId);
    }

    synchronized StandingsComputed standings() {
        return standings;
    }

    /** A record as read: its line of the export, and where it sits in its chain. */
    record Logged(String topic, String aggregateId, long sequence, String line) {

        /**
         * The chain a record belongs to: one per aggregate and service (the clock and the rating service write
         * chains of their own under the game and tournament ids).
         */
        String chain() {
            return topic.startsWith("torneo.clock") ? "clock:" + aggregateId
                    : topic.equals(Topics.RATINGS.name()) ? "rating:" + aggregateId : aggregateId;
        }
    }

    /**
     * The tournament's history for the export: every chain in sequence order (a game's events come from three
     * topics and are read interleaved), the chains in the order their first event was read.
     */
    synchronized List<Logged> history() {
        return inChainOrder(logged);
    }

    static List<Logged> inChainOrder(List<Logged> logged) {
        Map<String, Integer> chainOrder = new HashMap<>();
        for (Logged record : logged) {
            chainOrder.putIfAbsent(record.chain(), chainOrder.size());
        }
        List<Logged> sorted = new ArrayList<>(logged);
        sorted.sort(java.util.Comparator.<Logged>comparingInt(r -> chainOrder.get(r.chain()))
                .thenComparingLong(Logged::sequence));
        return sorted;
    }

    /** How many events of each type were read (simple class names), for the demo's summary. */
    synchronized Map<String, Integer> eventCounts() {
        return Map.copyOf(eventCounts);
    }

    long movesPlayed() {
        return movesPlayed.get();
    }

    @Override
    public void close() {
        running = false;
        events.wakeup();
        try {
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        events.close();
        producer.close(Duration.ofSeconds(5));
    }
}

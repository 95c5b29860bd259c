package org.torneo.feed.app.kafka;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.app.store.FeedStore;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.kafka.TopicsToEnd;

/**
 * Reads every input topic with one plain read_committed consumer (no consumer group: the positions live in
 * the {@link FeedStore}, next to the feed events derived from the records before them) and applies each
 * record to the {@link FeedModel}.
 *
 * <p>A start (and a start-over after a failure): the stored events come back with their ids, the topics are
 * read from the beginning, records before the stored positions only rebuild the model's state (no event, no
 * id), records from the positions on are applied live. Per poll: the records are decoded in parallel and
 * applied in the order read (their feed events staged, hidden); then, on the store thread while the next poll
 * is read, the poll's malformed records go to torneo.deadletter with the reason (acknowledged by the broker
 * first), the staged events and the new positions are stored in one transaction, and only then do
 * subscribers see the events. Polls are stored in the order read. A failure anywhere (broker, database) discards the
 * model and starts over from the store: an id once seen is never reassigned. The Kafka client reconnects by
 * itself when the broker comes back.
 */
public final class FeedReader {

    private static final Logger LOG = Logger.getLogger(FeedReader.class);
    /** The dead-letter-service header of the feed's dead letters. */
    public static final String SERVICE = "feed";
    static final List<String> TOPICS = List.of(Topics.TOURNAMENT.name(), Topics.MOVES.name(), Topics.CLAIMS.name(),
            Topics.CLOCK.name(), Topics.RESULTS.name(), Topics.RATINGS.name());
    private static final Duration BACK_OFF = Duration.ofSeconds(2);

    private final FeedModel model;
    private final String bootstrapServers;
    /** How it signs in: the feed's own Kafka user, which may read the event topics and write only dead letters. */
    private final java.util.Map<String, Object> security;
    private final FeedStore store;
    private final boolean deadLetters;

    private final JsonCodec codec = JsonCodec.standard();
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile boolean caughtUp;
    private volatile KafkaConsumer<byte[], byte[]> consumer;
    private KafkaProducer<byte[], byte[]> deadLetterProducer;
    private Thread thread;
    /** Only touched by the reader thread. */
    private Committer committer;
    private final java.util.concurrent.atomic.LongAdder storeTransactions = new java.util.concurrent.atomic.LongAdder();
    /** Whether this reader sets the consumer-lag gauges (the service's own reader only: see {@link #measureLag}). */
    private final boolean measuresLag;
    /**
     * The lag gauges' values by topic, on Micrometer's global registry (the app's Prometheus registry): shared by the
     * readers one feed starts one after another ({@code FeedConsumer.restart()}), as a registry keeps the first gauge
     * registered under a name and tags.
     */
    private static final Map<String, java.util.concurrent.atomic.AtomicLong> LAG =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.LongAdder storedEvents = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder storeNanos = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAccumulator storeMaxNanos =
            new java.util.concurrent.atomic.LongAccumulator(Math::max, 0);

    /**
     * @param store       where events and positions are kept ({@link FeedStore#NONE}: rebuilt from the topics)
     * @param deadLetters whether malformed records are sent to torneo.deadletter (false for a second, checking reader)
     */
    public FeedReader(String bootstrapServers, java.util.Map<String, Object> security, FeedModel model, FeedStore store,
                      boolean deadLetters) {
        this.bootstrapServers = bootstrapServers;
        this.security = java.util.Map.copyOf(security);
        this.model = model;
        this.store = store;
        this.deadLetters = deadLetters;
        this.measuresLag = deadLetters;
    }

    /**
     * Sets the operator's consumer-lag gauge ({@code torneo_consumer_lag{service="feed",topic}}, README "Metrics", as
     * the platform's runtime does for the other services) of each input topic: the records behind the end of its
     * partitions, from the positions the consumer already knows (no request to the broker). Only the service's own
     * reader (the one that dead-letters); a checking reader built beside it is not the service's consumer.
     */
    void measureLag(KafkaConsumer<byte[], byte[]> c) {
        if (!measuresLag) {
            return;
        }
        Map<String, Long> lagByTopic = new HashMap<>();
        TOPICS.forEach(topic -> lagByTopic.put(topic, 0L));
        for (TopicPartition partition : c.assignment()) {
            java.util.OptionalLong lag = c.currentLag(partition);
            if (lag.isPresent()) {
                lagByTopic.merge(partition.topic(), lag.getAsLong(), Long::sum);
            }
        }
        lagByTopic.forEach((topic, records) -> LAG.computeIfAbsent(topic, t -> {
            java.util.concurrent.atomic.AtomicLong value = new java.util.concurrent.atomic.AtomicLong();
            io.micrometer.core.instrument.Gauge.builder(org.torneo.platform.metrics.RuntimeMeters.LAG, value,
                            java.util.concurrent.atomic.AtomicLong::get)
                    .description("Records of an input topic not yet read").tag("service", "feed").tag("topic", t)
                    .register(io.micrometer.core.instrument.Metrics.globalRegistry);
            return value;
        }).set(records));
    }

    /** A reader that keeps nothing and dead-letters nothing: it rebuilds the model from the topics alone. */
    public FeedReader(String bootstrapServers, java.util.Map<String, Object> security, FeedModel model) {
        this(bootstrapServers, security, model, FeedStore.NONE, false);
    }

    public void start() {
        running.set(true);
        thread = new Thread(this::run, "feed-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    public void stop() {
        running.set(false);
        KafkaConsumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        try {
            if (thread != null) {
                thread.join(30_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (deadLetterProducer != null) {
            deadLetterProducer.close(Duration.ofSeconds(5));
        }
    }

    /** True once the records present at start have been applied (the readiness check). */
    public boolean caughtUp() {
        return caughtUp;
    }

    /** What storing cost so far: transactions, events, mean and max milliseconds per transaction. */
    public String storeStats() {
        long transactions = storeTransactions.sum();
        return String.format(java.util.Locale.ROOT, "%d store transactions, %d events (%.1f per transaction),"
                        + " %.1f ms mean, %.1f ms max", transactions, storedEvents.sum(),
                transactions == 0 ? 0.0 : storedEvents.sum() / (double) transactions,
                transactions == 0 ? 0.0 : storeNanos.sum() / 1e6 / transactions, storeMaxNanos.get() / 1e6);
    }

    private void run() {
        while (running.get()) {
            try {
                session();
            } catch (WakeupException e) {
                // stop() woke the consumer
            } catch (RuntimeException e) {
                caughtUp = false;
                if (!running.get()) {
                    break;
                }
                LOG.errorf(e, "feed reader failed; starting over from the stored events in %s", BACK_OFF);
                try {
                    Thread.sleep(BACK_OFF.toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /** One life of the reader: restore, replay up to the stored positions, then apply live until stopped. */
    private void session() {
        caughtUp = false;
        model.reset("the feed's reader starts over");
        // a delay set before this start may be read after the facts it holds back: they wait until it is known
        model.awaitDelaySettings();
        FeedStore.Stored stored = store.load();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(consumerProps(), new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            consumer = c;
            if (!running.get()) {
                return;
            }
            List<TopicPartition> partitions = partitions(c);
            if (partitions == null) {
                return;
            }
            c.assign(partitions);
            Map<TopicPartition, Long> endAtStart = c.endOffsets(partitions);
            List<TopicPartition> beyond = stored.positions().entrySet().stream()
                    .filter(e -> e.getValue() > endAtStart.getOrDefault(e.getKey(), 0L)).map(Map.Entry::getKey).toList();
            if (!beyond.isEmpty()) {
                // the topics were recreated (a new broker, an old database): the stored ids mean nothing now
                LOG.warnf("stored feed positions lie beyond the end of %s: the feed forgets its stored events and"
                        + " rebuilds them from the topics (ids start again from 1)", beyond);
                store.clear();
                stored = FeedStore.Stored.EMPTY;
            }
            for (FeedModel.Logged logged : stored.events()) {
                model.restore(logged.tournamentId(), logged.event());
            }
            Map<TopicPartition, Long> resumeAt = stored.positions();
            Set<String> alreadyDeadLettered = deadLetters ? feedDeadLetters() : Set.of();
            LOG.infof("feed restored %d events from its store; re-reading the topics up to %s", stored.events().size(),
                    resumeAt);
            c.seekToBeginning(partitions);
            committer = new Committer();
            List<TopicPartition> tournamentStream = partitions.stream()
                    .filter(p -> p.topic().equals(Topics.TOURNAMENT.name())).toList();
            boolean delaysRead = false;
            while (running.get()) {
                committer.check();
                ConsumerRecords<byte[], byte[]> records = c.poll(Duration.ofMillis(200));
                boolean delaysNowRead = !delaysRead && tournamentStream.stream()
                        .allMatch(p -> c.position(p) >= endAtStart.getOrDefault(p, 0L));
                if (!records.isEmpty() || delaysNowRead) {
                    apply(records, resumeAt, alreadyDeadLettered, delaysNowRead);
                    delaysRead |= delaysNowRead;
                }
                measureLag(c);
                if (!caughtUp && endAtStart.entrySet().stream().allMatch(e -> c.position(e.getKey()) >= e.getValue())) {
                    caughtUp = true;
                    LOG.infof("feed replayed its topics: %s", model.stats());
                }
            }
        } finally {
            consumer = null;
            if (committer != null) {
                committer.finish();
                committer = null;
            }
        }
    }

    /** One poll's work left to do once the model has applied it, in order. */
    private record Batch(FeedModel.Staged staged, Map<TopicPartition, Long> positions,
                         List<ProducerRecord<byte[], byte[]>> dead) {
    }

    /**
     * Stores the polls' events one batch after another on its own thread, so the reader decodes and applies the
     * next poll meanwhile (the reader waits only when four polls are already waiting). Per batch: dead letters
     * sent and acknowledged, then events and positions in one transaction, then the events shown; polls that
     * queued up while a transaction ran are stored together in the next one. The first
     * failure stops it; the reader sees it at its next poll and starts over.
     */
    private final class Committer {
        private static final Batch END = new Batch(null, Map.of(), List.of());
        private final java.util.concurrent.BlockingQueue<Batch> queue = new java.util.concurrent.ArrayBlockingQueue<>(4);
        private final Thread thread;
        private volatile RuntimeException failure;

        Committer() {
            thread = new Thread(this::run, "feed-store");
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            try {
                List<Batch> batches = new ArrayList<>();
                while (true) {
                    batches.clear();
                    batches.add(queue.take());
                    // the polls that queued up while the last transaction ran go into one transaction together
                    queue.drainTo(batches);
                    boolean end = batches.remove(END);
                    if (failure == null && !batches.isEmpty()) {
                        commit(batches);
                    }
                    if (end) {
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void commit(List<Batch> batches) {
            try {
                List<ProducerRecord<byte[], byte[]>> dead = new ArrayList<>();
                List<FeedModel.Logged> events = new ArrayList<>();
                Map<TopicPartition, Long> positions = new HashMap<>();
                for (Batch batch : batches) {
                    dead.addAll(batch.dead());
                    events.addAll(batch.staged().events());
                    positions.putAll(batch.positions()); // later polls are further on
                }
                if (!dead.isEmpty()) {
                    sendDeadLetters(dead);
                }
                long started = System.nanoTime();
                store.save(events, positions);
                long took = System.nanoTime() - started;
                storeTransactions.increment();
                storedEvents.add(events.size());
                storeNanos.add(took);
                storeMaxNanos.accumulate(took);
                for (Batch batch : batches) {
                    model.release(batch.staged());
                }
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        /** Hands a batch over; waits while two are waiting. */
        void submit(Batch batch) {
            check();
            try {
                while (!queue.offer(batch, 200, TimeUnit.MILLISECONDS)) {
                    check();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while handing a batch to the store", e);
            }
        }

        /** Throws the store's failure, if any, on the reader's thread. */
        void check() {
            RuntimeException e = failure;
            if (e != null) {
                throw new IllegalStateException("storing the feed failed: " + e.getMessage(), e);
            }
        }

        /** Lets the waiting batches be stored (on a stop), then ends the thread. */
        void finish() {
            try {
                if (!queue.offer(END, 30, TimeUnit.SECONDS)) {
                    thread.interrupt();
                }
                thread.join(60_000);
            } catch (InterruptedException e) {
                thread.interrupt();
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Applies one poll; {@code delaysRead}: the poll took the tournament stream to where it ended at the start, so the
     * games' facts that waited for the broadcast delays are logged now, stored with this poll.
     */
    private void apply(ConsumerRecords<byte[], byte[]> records, Map<TopicPartition, Long> resumeAt,
                       Set<String> alreadyDeadLettered, boolean delaysRead) {
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(records.count());
        records.forEach(batch::add);
        // decoding is most of the cost: done in parallel, applied in the order read
        Object[] decoded = new Object[batch.size()];
        if (batch.size() > 64) {
            Arrays.parallelSetAll(decoded, i -> decode(batch.get(i)));
        } else {
            Arrays.setAll(decoded, i -> decode(batch.get(i)));
        }
        Map<TopicPartition, Long> positions = new HashMap<>();
        List<ProducerRecord<byte[], byte[]>> dead = new ArrayList<>();
        for (int i = 0; i < decoded.length; i++) {
            ConsumerRecord<byte[], byte[]> record = batch.get(i);
            TopicPartition partition = new TopicPartition(record.topic(), record.partition());
            boolean live = record.offset() >= resumeAt.getOrDefault(partition, 0L);
            if (decoded[i] instanceof Envelope envelope) {
                try {
                    if (live) {
                        model.stage(envelope);
                    } else {
                        model.replay(envelope);
                    }
                    decoded[i] = null;
                } catch (RuntimeException | StackOverflowError e) {
                    // one record the model cannot take is that record's problem: dead-lettered (once), never a
                    // start-over that would meet it again
                    decoded[i] = "feed cannot apply " + envelope.payload().getClass().getSimpleName() + " "
                            + envelope.eventId() + ": " + e;
                }
            }
            if (decoded[i] != null) {
                model.skip();
                if (live) {
                    boolean send = deadLetters && !alreadyDeadLettered.contains(origin(record.topic(),
                            record.partition(), record.offset()));
                    LOG.warnf("feed %s %s-%d@%d: %s", send ? "dead-letters" : deadLetters
                            ? "skips (dead-lettered before)" : "skips", record.topic(), record.partition(),
                            record.offset(), decoded[i]);
                    if (send) {
                        String reason = decoded[i].toString();
                        dead.add(DeadLetters.of(record, SERVICE, reason.startsWith("feed cannot apply") ? reason
                                : "feed cannot read the record: " + reason));
                    }
                }
            }
            if (live) {
                positions.put(partition, record.offset() + 1);
            }
        }
        if (delaysRead) {
            model.delaySettingsRead();
        }
        FeedModel.Staged staged = model.takeStaged();
        // a replayed record can stage events too: a game's event the store lacks (FeedModel.replay)
        if (!positions.isEmpty() || !staged.events().isEmpty()) {
            committer.submit(new Batch(staged, positions, dead));
        }
    }

    /** Sends the dead letters and waits for the broker to have them before their positions are stored. */
    private void sendDeadLetters(List<ProducerRecord<byte[], byte[]>> dead) {
        if (deadLetterProducer == null) {
            Properties props = new Properties();
            props.putAll(security);
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
            props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "30000");
            props.put(ProducerConfig.CLIENT_ID_CONFIG, "torneo-feed-deadletters");
            deadLetterProducer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
        }
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (ProducerRecord<byte[], byte[]> record : dead) {
            sent.add(deadLetterProducer.send(record));
        }
        for (Future<RecordMetadata> future : sent) {
            try {
                future.get(2, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while dead-lettering", e);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("cannot dead-letter to " + Topics.DEAD_LETTER.name() + ": " + e, e);
            }
        }
    }

    /**
     * The origins (topic:partition:offset) of the feed's earlier dead letters, so that a feed rebuilding from
     * the topics (new database) does not dead-letter the same record twice.
     */
    private Set<String> feedDeadLetters() {
        Set<String> origins = new HashSet<>();
        Properties props = consumerProps();
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-feed-deadletter-check");
        TopicsToEnd.read(props, List.of(Topics.DEAD_LETTER.name()), Duration.ofSeconds(30), null, running::get, r -> {
            if (SERVICE.equals(DeadLetters.header(r.headers(), DeadLetters.SERVICE))) {
                origins.add(origin(DeadLetters.header(r.headers(), DeadLetters.TOPIC),
                        Integer.parseInt(DeadLetters.header(r.headers(), DeadLetters.PARTITION)),
                        Long.parseLong(DeadLetters.header(r.headers(), DeadLetters.OFFSET))));
            }
        });
        return origins;
    }

    private static String origin(String topic, int partition, long offset) {
        return topic + ":" + partition + ":" + offset;
    }

    private Properties consumerProps() {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "20");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-feed");
        return props;
    }

    /**
     * The envelope, or the reason it cannot be read. The hash chain is not re-verified here: the
     * producing services seal and check their chains and the audit verifies them; the feed only
     * displays (verification tripled the cost of a record), but every field is still decoded strictly: by the codec's
     * streaming reader when it takes the record (no tree), else from the record's tree as before.
     */
    private Object decode(ConsumerRecord<byte[], byte[]> record) {
        try {
            if (record.value() == null) {
                return "no value (a tombstone)";
            }
            Envelope streamed = codec.decodeStreamedWithoutHash(record.value());
            if (streamed != null) {
                return streamed;
            }
            JsonNode tree = json.readTree(record.value());
            if (!(tree instanceof ObjectNode root)) {
                return "not a JSON object";
            }
            root.remove("hash");
            return codec.decode(root);
        } catch (IOException | RuntimeException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    /** Every partition of the input topics, waiting for topics that do not exist yet. */
    private List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> c) {
        while (running.get()) {
            List<TopicPartition> all = new ArrayList<>();
            boolean missing = false;
            for (String topic : TOPICS) {
                List<PartitionInfo> infos;
                try {
                    infos = c.partitionsFor(topic, Duration.ofSeconds(10));
                } catch (org.apache.kafka.common.errors.TimeoutException e) {
                    infos = List.of();
                }
                if (infos == null || infos.isEmpty()) {
                    missing = true;
                    break;
                }
                infos.forEach(i -> all.add(new TopicPartition(i.topic(), i.partition())));
            }
            if (!missing) {
                return all;
            }
            LOG.info("feed waits for its input topics to exist");
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return null;
            }
        }
        return null;
    }
}

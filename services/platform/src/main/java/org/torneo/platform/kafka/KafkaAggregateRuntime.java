package org.torneo.platform.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.Decision;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.StateDigest;

/**
 * Hosts one aggregate kind on Kafka: consume-transform-produce with Kafka transactions.
 *
 * <p>Cycle: a transactional producer is initialised (fencing any previous instance with the same
 * transactional id and aborting its open transaction); the event topics are replayed from the
 * beginning with a read_committed consumer up to their last stable offsets, rebuilding every
 * aggregate; then the command topics (and the reaction topics: other services' events the
 * aggregate reacts to) are consumed (read_committed, no auto-commit). Each poll's
 * records are one transaction: the events decided, the dead letters, and the consumed offsets
 * commit together or not at all, so a crash never loses or duplicates an event. A command whose
 * id already caused events produces nothing. A record that cannot be decoded, is not a command,
 * or whose processing throws goes to torneo.deadletter and the partition goes on.
 *
 * <p>When the transaction fails (broker gone, fenced, timeout) the batch is discarded and the
 * cycle starts over after a short pause: new clients, replay, consume from the committed offsets.
 * All durable state is in Kafka, so starting over is always correct.
 *
 * <p>Several instances of a service share its input partitions by partition number ({@link PartitionOwnership}):
 * the replay waits for the group's assignment and keeps only the aggregates of this instance's numbers; on every
 * change of the assignment the runtime drops the aggregates of the numbers lost, restores those of the numbers gained
 * and catches the log reader up with what was committed since it last read, before any input is decided. A reaction
 * for an aggregate another instance holds is forwarded to it. The transactional ids carry the instance id
 * ({@link InstanceIds}), so instances never fence each other.
 */
public final class KafkaAggregateRuntime<C, E extends EventMessage, S> implements AutoCloseable {

    public enum Status { NEW, STARTING, REPLAYING, RUNNING, RECOVERING, STOPPED, FAILED }

    /** Below the producer's default max.request.size (1 MiB) with room for headers. */
    private static final int MAX_EVENT_BYTES = 900 * 1024;
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    private static final Logger LOG = Logger.getLogger(KafkaAggregateRuntime.class.getName());

    private final AggregateDefinition<C, E, S> definition;
    private final JsonCodec codec;
    private final KafkaSettings settings;
    private final List<CommitListener<S>> listeners = new CopyOnWriteArrayList<>();
    private final List<java.util.function.Consumer<AggregateStore<C, E, S>>> rebuildListeners =
            new CopyOnWriteArrayList<>();
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final AtomicLong committedBatches = new AtomicLong();
    private final AtomicLong decideNanos = new AtomicLong();
    private final AtomicLong commitNanos = new AtomicLong();
    private final AtomicLong listenerNanos = new AtomicLong();
    private final AtomicLong batchRecords = new AtomicLong();
    private final AtomicLong deadLetters = new AtomicLong();
    private final AtomicLong eventsProduced = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong restarts = new AtomicLong();
    private final AtomicLong heldBack = new AtomicLong();
    private final AtomicLong unreadableEvents = new AtomicLong();
    /** Dead letters for unreadable records of the event topics, sent after the catch-up that met them. */
    private final List<ProducerRecord<byte[], byte[]>> pendingReports = new ArrayList<>();
    /** Origins of the event-topic records already dead-lettered: read from the topic at the first one met. */
    private java.util.Set<String> reportedUnreadable;

    private final java.util.Set<String> commandTopicNames;
    private volatile org.torneo.platform.snapshot.SnapshotStore snapshotStore;
    private org.torneo.platform.snapshot.SnapshotCodec<S> snapshotCodec;
    private long snapshotEvery;
    private long eventsSinceSnapshot;
    private final AtomicLong snapshotsSaved = new AtomicLong();
    private volatile AggregateStore<C, E, S> store;
    private volatile Status status = Status.NEW;
    private volatile String statusDetail = "";
    private volatile boolean running;
    private volatile KafkaConsumer<byte[], byte[]> commandConsumer;
    /** Which partition numbers this instance holds and decides (set by each cycle once the input topics are known). */
    private volatile PartitionOwnership ownership;
    private volatile java.util.Set<Integer> heldPartitions = java.util.Set.of();
    private volatile java.util.Set<TopicPartition> assignedInputs = java.util.Set.of();
    /** Stopped as by a kill (halt()): the clients are dropped without leaving the group or ending a transaction. */
    private volatile boolean halted;
    private final AtomicLong forwarded = new AtomicLong();
    /** Header of every event record: its aggregate id, so a replay skips the aggregates it does not hold undecoded. */
    public static final String AGGREGATE_HEADER = "torneo-aggregate";
    /**
     * Header of an input forwarded to its aggregate's partition of the first command topic (it came on a partition of
     * another number: not keyed by its aggregate): the topic it came from. The receiving instance takes it as that
     * topic's input.
     */
    public static final String FORWARDED_FROM_HEADER = "torneo-forwarded-from";
    private Thread thread;
    private int lanes = 1;
    private Duration gather = Duration.ZERO;
    private java.util.concurrent.ExecutorService laneThreads;
    private final org.torneo.platform.metrics.RuntimeMeters meters;

    public KafkaAggregateRuntime(AggregateDefinition<C, E, S> definition, JsonCodec codec, KafkaSettings settings) {
        this.definition = Objects.requireNonNull(definition, "definition");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.store = new AggregateStore<>(definition, codec);
        this.commandTopicNames = java.util.Set.copyOf(topicNames(definition.commandTopics()));
        this.meters = org.torneo.platform.metrics.RuntimeMeters.global(definition.name());
    }

    public void addListener(CommitListener<S> listener) {
        listeners.add(listener);
    }

    /**
     * Keeps a snapshot in {@code store} every {@code everyEvents} produced events and starts from the
     * latest one: the state it holds plus the events after its positions. Call before start(). A
     * state the snapshot codec cannot round-trip exactly is never saved (replay from the beginning
     * stays the fallback); a snapshot that cannot be read is ignored.
     */
    public synchronized void enableSnapshots(org.torneo.platform.snapshot.SnapshotStore store, Class<S> stateType,
                                             long everyEvents) {
        if (thread != null) {
            throw new IllegalStateException("enable snapshots before start()");
        }
        if (everyEvents < 1) {
            throw new IllegalArgumentException("everyEvents must be >= 1");
        }
        this.snapshotCodec = new org.torneo.platform.snapshot.SnapshotCodec<>(stateType);
        this.snapshotEvery = everyEvents;
        this.snapshotStore = store;
    }

    /**
     * Decides each poll in {@code count} lanes at once, on as many threads, each lane with its own transactional
     * producer: the records of input partition p go to lane p % count, and each lane commits its events with the
     * offsets of its partitions in its own transaction (a crash loses or doubles nothing, as with one lane). An
     * aggregate is decided by one lane at a time: a lane that meets an aggregate another lane holds in the same
     * poll (its inputs came on partitions of different lanes, e.g. topics with different partition counts) aborts
     * and decides its share again once the other lanes have committed. Call before start(); the default is 1.
     */
    public synchronized void useLanes(int count) {
        if (thread != null) {
            throw new IllegalStateException("choose the lanes before start()");
        }
        if (count < 1) {
            throw new IllegalArgumentException("lanes must be >= 1, got " + count);
        }
        this.lanes = count;
    }

    public int lanes() {
        return lanes;
    }

    /**
     * After a poll that returned inputs, keeps polling until {@code window} has passed since it, so one transaction
     * covers the inputs of the whole window: fewer, larger transactions, much less work for the broker (each
     * transaction adds its partitions, writes its offsets and its markers). Costs each input up to the window in
     * latency. Call before start(); the default is none.
     */
    public synchronized void gatherFor(Duration window) {
        if (thread != null) {
            throw new IllegalStateException("choose the gathering window before start()");
        }
        if (window.isNegative()) {
            throw new IllegalArgumentException("the gathering window must not be negative: " + window);
        }
        this.gather = window;
    }

    public long snapshotsSaved() {
        return snapshotsSaved.get();
    }

    /**
     * Told (on the runtime's thread, before it decides anything more) whenever the state was rebuilt
     * from the log: after the replay of each cycle (the start, and every start-over after a broker
     * outage) and after a catch-up that applied other instances' events. Schedulers and
     * projections that mirror the state reload from it here.
     */
    public void addRebuildListener(java.util.function.Consumer<AggregateStore<C, E, S>> listener) {
        rebuildListeners.add(listener);
    }

    private void rebuilt(AggregateStore<C, E, S> current) {
        for (var listener : rebuildListeners) {
            try {
                listener.accept(current);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, definition.name() + ": rebuild listener failed", e);
            }
        }
    }

    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException(definition.name() + " runtime already started");
        }
        running = true;
        status = Status.STARTING;
        if (lanes > 1) {
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger(1);
            laneThreads = java.util.concurrent.Executors.newFixedThreadPool(lanes - 1, work -> {
                Thread lane = new Thread(work, "torneo-" + definition.name() + "-lane-" + next.getAndIncrement());
                lane.setDaemon(true);
                return lane;
            });
        }
        thread = new Thread(this::runCycles, "torneo-" + definition.name());
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits until the runtime consumes commands (replay done); false on timeout or failure. */
    public boolean awaitRunning(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (status == Status.RUNNING) {
                return true;
            }
            if (status == Status.FAILED || status == Status.STOPPED) {
                return false;
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return status == Status.RUNNING;
    }

    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
        }
        KafkaConsumer<byte[], byte[]> consumer = commandConsumer;
        if (consumer != null) {
            consumer.wakeup();
        }
        if (t != null) {
            try {
                t.join(settings.maxBlock().toMillis() + 5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (laneThreads != null) {
            laneThreads.shutdownNow();
        }
        status = Status.STOPPED;
    }

    // ------------------------------------------------------------------ observation

    public Status status() {
        return status;
    }

    public String statusDetail() {
        return statusDetail;
    }

    public String name() {
        return definition.name();
    }

    /** Reads the store consistently (not while a batch is being applied). */
    public <T> T read(Function<AggregateStore<C, E, S>, T> query) {
        lock.readLock().lock();
        try {
            return query.apply(store);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** SHA-256 of every aggregate's state: equal before a stop and after the restart's replay. */
    public String stateDigest() {
        return read(s -> StateDigest.of(s.states()));
    }

    /**
     * Where the runtime's thread spent its time since it started, summed over committed batches: deciding,
     * encoding and handing records to the producer; committing the transaction (offsets, flush, commit); and the
     * commit listeners. For benchmarks and health output.
     */
    public record Timings(long batches, long records, long decideNanos, long commitNanos, long listenerNanos) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "%d batches of %.0f records on average; per batch: decide+send %.2f ms, commit %.2f ms, listeners %.2f ms",
                    batches, batches == 0 ? 0.0 : (double) records / batches, perBatch(decideNanos), perBatch(commitNanos),
                    perBatch(listenerNanos));
        }

        private double perBatch(long nanos) {
            return batches == 0 ? 0.0 : nanos / 1e6 / batches;
        }
    }

    public Timings timings() {
        return new Timings(committedBatches.get(), batchRecords.get(), decideNanos.get(), commitNanos.get(),
                listenerNanos.get());
    }

    public long committedBatches() {
        return committedBatches.get();
    }

    public long deadLetters() {
        return deadLetters.get();
    }

    public long eventsProduced() {
        return eventsProduced.get();
    }

    public long duplicates() {
        return duplicates.get();
    }

    public long restarts() {
        return restarts.get();
    }

    /**
     * Records of the event topics that could not be read or applied while replaying (counted at every meeting: a
     * start-over replays them again); each is dead-lettered once.
     */
    public long unreadableEvents() {
        return unreadableEvents.get();
    }

    /** Lane shares decided again after the other lanes because they met an aggregate another lane held. */
    public long heldBack() {
        return heldBack.get();
    }

    /**
     * The partition numbers of the input topics whose aggregates this instance holds and decides ({@link
     * PartitionOwnership}); empty before the first assignment and after a stop.
     */
    public java.util.Set<Integer> heldPartitions() {
        return heldPartitions;
    }

    /** The input partitions (topic and number) the group assigned to this instance, as of its last rebalance. */
    public java.util.Set<TopicPartition> assignedInputs() {
        return assignedInputs;
    }

    /** The partition count of the input topics (0 before the first cycle has read it). */
    public int inputPartitions() {
        PartitionOwnership owned = ownership;
        return owned == null ? 0 : owned.partitions();
    }

    /** Inputs forwarded to the partition of their aggregate (they came on another partition number). */
    public long forwarded() {
        return forwarded.get();
    }

    /**
     * Stops abruptly (failover tests): the runtime's thread ends after the batch in hand and its producers are dropped
     * without a word to the broker (no flush, no abort, nothing handed over). The consumer is closed, and so leaves
     * its group at once: a process killed with SIGKILL sends nothing, and the group then waits for the session timeout
     * (the broker's group.consumer.session.timeout.ms: 45 s by default, 10 s on the local stack and in deploy/k8s)
     * before the others take its partitions; that wait is the chaos run's to measure, with real processes.
     */
    public void halt() {
        halted = true;
        close();
    }

    // ------------------------------------------------------------------ the cycle

    private void runCycles() {
        long backoffMillis = 200;
        while (running) {
            try {
                runOneCycle();
                backoffMillis = 200;
            } catch (WakeupException e) {
                if (!running) {
                    break;
                }
            } catch (PartitionOwnership.NotCoPartitioned e) {
                // a configuration error: starting over cannot heal it, and deciding would fork chains
                status = Status.FAILED;
                statusDetail = e.getMessage();
                LOG.severe(statusDetail);
                running = false;
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    break;
                }
                restarts.incrementAndGet();
                status = Status.RECOVERING;
                statusDetail = "starting over from the log after: " + e;
                LOG.log(Level.WARNING, definition.name() + ": " + statusDetail, e);
                sleep(backoffMillis);
                backoffMillis = Math.min(backoffMillis * 2, 5_000);
            } catch (Error e) {
                status = Status.FAILED;
                statusDetail = e.toString();
                throw e;
            }
        }
        status = Status.STOPPED;
    }

    private void runOneCycle() {
        List<KafkaProducer<byte[], byte[]>> producers = new ArrayList<>(lanes);
        KafkaConsumer<byte[], byte[]> log = null;
        KafkaConsumer<byte[], byte[]> consumer = null;
        try {
            for (int lane = 0; lane < lanes; lane++) {
                producers.add(new KafkaProducer<>(producerProperties(lane)));
            }
            for (KafkaProducer<byte[], byte[]> producer : producers) {
                producer.initTransactions();
            }
            status = Status.REPLAYING;
            statusDetail = "waiting for the partitions of " + topicNames(definition.commandTopics())
                    + topicNames(definition.reactionTopics());
            long replayStarted = System.nanoTime();
            consumer = new KafkaConsumer<>(commandConsumerProperties());
            commandConsumer = consumer;
            List<String> inputs = new ArrayList<>(topicNames(definition.commandTopics()));
            inputs.addAll(topicNames(definition.reactionTopics()));
            PartitionOwnership owned = PartitionOwnership.check(definition.name(),
                    PartitionOwnership.partitionCounts(consumer, inputs, settings.maxBlock()));
            ownership = owned;
            log = new KafkaConsumer<>(replayConsumerProperties("-replay"));
            assignFromBeginning(log);
            AggregateStore<C, E, S> fromSnapshot = restoreSnapshot(log);
            AggregateStore<C, E, S> rebuilt = fromSnapshot != null ? fromSnapshot
                    : new AggregateStore<>(definition, codec);
            long restoredEvents = rebuilt.foldedEvents();
            if (fromSnapshot != null) {
                // a snapshot holds the whole service: read on from it; the first assignment drops what is not ours
                owned.holdAll();
                catchUp(log, rebuilt);
            }
            RebalanceWatch watch = new RebalanceWatch();
            consumer.subscribe(inputs, watch);
            boolean first = true;
            while (running) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(settings.pollTimeout());
                if (!gather.isZero() && !records.isEmpty()) {
                    records = gatherMore(consumer, records);
                }
                measureLag(consumer, inputs);
                if (watch.changed || (first && consumer.groupMetadata().generationId() > 0)) {
                    // Partitions assigned or revoked (the first assignment too): drop the aggregates of the numbers
                    // lost, restore those of the numbers gained, and read what was committed since the log reader
                    // last read (another instance may have advanced them), all before deciding anything.
                    watch.changed = false;
                    // the first time into the new store, which then replaces the last cycle's (seen until then)
                    takeOwnership(owned, consumer, log, first ? rebuilt : store, first);
                    if (first) {
                        lock.writeLock().lock();
                        try {
                            store = rebuilt;
                        } finally {
                            lock.writeLock().unlock();
                        }
                        rebuilt(rebuilt);
                        first = false;
                        meters.replayed(Duration.ofNanos(System.nanoTime() - replayStarted));
                        status = Status.RUNNING;
                        statusDetail = (fromSnapshot != null ? "restored a snapshot of " + restoredEvents
                                + " events, then " : "") + "replayed " + store.replayedEvents() + " events; "
                                + store.size() + " aggregates of partitions " + owned.held() + " of "
                                + owned.partitions() + (store.gaps().isEmpty() ? "" : "; gaps: " + store.gaps());
                    }
                }
                reportUnreadable(producers.get(0)); // what a catch-up (assignment, snapshot) met
                records = owned.decidable(consumer, records);
                if (!records.isEmpty()) {
                    eventsSinceSnapshot += processPoll(producers, consumer, records);
                    if (snapshotStore != null && eventsSinceSnapshot >= snapshotEvery && owned.holdsAll()) {
                        eventsSinceSnapshot = 0;
                        takeSnapshot(log);
                    }
                }
            }
        } finally {
            commandConsumer = null;
            if (halted) {
                // as a killed process: no flush, no abort; the transaction left open (if any) stays open
                closeQuietly(consumer);
                producers.forEach(p -> p.close(Duration.ZERO));
            } else {
                closeQuietly(consumer);
                producers.forEach(KafkaAggregateRuntime::closeQuietly);
            }
            closeQuietly(log);
            heldPartitions = java.util.Set.of();
            assignedInputs = java.util.Set.of();
        }
    }

    /**
     * Applies the consumer's current assignment (see {@link PartitionOwnership}): the aggregates of the partition
     * numbers lost are dropped (nothing of theirs is in flight: each batch commits before the next poll, and the
     * revocation happens inside a poll), those of the numbers gained are restored from the log up to the log reader's
     * positions, and then every held aggregate is caught up with what was committed since. Partitions of numbers not
     * wholly assigned here are paused.
     */
    private void takeOwnership(PartitionOwnership owned, KafkaConsumer<byte[], byte[]> consumer,
                               KafkaConsumer<byte[], byte[]> log, AggregateStore<C, E, S> target, boolean first) {
        java.util.Set<TopicPartition> assignment = consumer.assignment();
        PartitionOwnership.Change change = owned.update(assignment);
        consumer.pause(change.pause());
        consumer.resume(change.resume());
        awaitStableOffsets(consumer, change.resume());
        long before = target.replayedEvents();
        int dropped = 0;
        lock.writeLock().lock();
        try {
            if (!change.lost().isEmpty()) {
                dropped = target.drop(id -> change.lost().contains(owned.partitionOf(id)));
                owned.release(change.lost());
            }
            if (!change.gained().isEmpty()) {
                restore(log, target, owned, change.gained());
                owned.hold(change.gained());
            }
            catchUp(log, target);
        } finally {
            lock.writeLock().unlock();
        }
        heldPartitions = owned.held();
        assignedInputs = java.util.Set.copyOf(assignment);
        if (!change.isEmpty()) {
            LOG.info(definition.name() + "-" + settings.instanceId() + ": holds partitions " + owned.held() + " of "
                    + owned.partitions() + (change.gained().isEmpty() ? "" : ", gained " + change.gained())
                    + (change.lost().isEmpty() ? "" : ", lost " + change.lost() + " (" + dropped + " aggregates dropped)")
                    + (change.pause().isEmpty() ? "" : "; paused (number not wholly assigned) " + change.pause()));
        }
        if (!first && (target.replayedEvents() > before || dropped > 0)) {
            rebuilt(target);
        }
    }

    /**
     * Waits for the committed offsets of {@code partitions}. A read_committed consumer asks for stable offsets, so
     * this waits while a transaction of the partitions' previous owner is still open (until it commits or aborts: a
     * killed instance's open transaction ends at the transaction timeout, or at once when it restarts under its own
     * instance id and fences it); afterwards the log reader sees that transaction's events, before anything is decided
     * here on the aggregates it touched.
     */
    private void awaitStableOffsets(KafkaConsumer<byte[], byte[]> consumer, java.util.Set<TopicPartition> partitions) {
        for (TopicPartition partition : partitions) {
            while (running) {
                try {
                    consumer.position(partition, settings.maxBlock());
                    break;
                } catch (org.apache.kafka.common.errors.TimeoutException stillOpen) {
                    statusDetail = "waiting for the committed offsets of " + partition
                            + " (a transaction of its previous owner is still open)";
                    LOG.info(definition.name() + ": " + statusDetail);
                }
            }
        }
    }

    /**
     * Folds into {@code target} the aggregates of {@code numbers} (just gained) from the beginning of the event topics
     * up to the log reader's positions (what came after them, the catch-up reads for every held number).
     */
    private void restore(KafkaConsumer<byte[], byte[]> log, AggregateStore<C, E, S> target, PartitionOwnership owned,
                         java.util.Set<Integer> numbers) {
        java.util.function.Predicate<String> ours = id -> numbers.contains(owned.partitionOf(id));
        PartitionRestore.read(log, () -> new KafkaConsumer<>(replayConsumerProperties("-restore")),
                record -> replayRecord(target, record, ours), () -> running, settings.pollTimeout(),
                settings.maxBlock());
    }

    /**
     * The inputs of {@code first} and of the polls until the gathering window has passed, each partition's in offset
     * order. A partition revoked meanwhile (a rebalance inside a poll) is left out: its new owner reads it from the
     * committed offsets, and nothing of it was decided here.
     */
    private ConsumerRecords<byte[], byte[]> gatherMore(KafkaConsumer<byte[], byte[]> consumer,
                                                       ConsumerRecords<byte[], byte[]> first) {
        Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> gathered = new HashMap<>();
        for (TopicPartition partition : first.partitions()) {
            gathered.computeIfAbsent(partition, p -> new ArrayList<>()).addAll(first.records(partition));
        }
        long until = System.nanoTime() + gather.toNanos();
        for (long left = gather.toNanos(); left > 0 && running; left = until - System.nanoTime()) {
            ConsumerRecords<byte[], byte[]> more = consumer.poll(Duration.ofNanos(left));
            for (TopicPartition partition : more.partitions()) {
                gathered.computeIfAbsent(partition, p -> new ArrayList<>()).addAll(more.records(partition));
            }
        }
        gathered.keySet().retainAll(consumer.assignment());
        return new ConsumerRecords<>(gathered, Map.of());
    }

    /** Closing must not hang on a dead broker (the default close waits forever for the producer). */
    private static void closeQuietly(AutoCloseable client) {
        try {
            if (client instanceof KafkaProducer<?, ?> producer) {
                producer.close(CLOSE_TIMEOUT);
            } else if (client instanceof KafkaConsumer<?, ?> consumer) {
                consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(CLOSE_TIMEOUT));
            } else {
                client.close();
            }
        } catch (Exception e) {
            LOG.log(Level.FINE, "closing a Kafka client", e);
        }
    }

    /**
     * Notes every change of the assignment (the first one included); the runtime applies it after the poll, before it
     * decides anything. Nothing is in flight at a revocation: each batch is committed before the next poll.
     */
    private static final class RebalanceWatch implements ConsumerRebalanceListener {
        private volatile boolean changed;

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            changed = true;
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            changed = true; // another instance may own them already: drop their aggregates before the next decision
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            changed = true;
        }
    }

    /** Assigns every partition of the event topics to the log reader, from the beginning. */
    private void assignFromBeginning(KafkaConsumer<byte[], byte[]> log) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (TopicSpec topic : definition.eventTopics()) {
            List<PartitionInfo> infos = log.partitionsFor(settings.topic(topic.name()), settings.maxBlock());
            if (infos != null) {
                infos.forEach(p -> partitions.add(new TopicPartition(p.topic(), p.partition())));
            }
        }
        log.assign(partitions);
        log.seekToBeginning(partitions);
    }

    /**
     * Reads the event topics from where the log reader stands up to their last stable offsets (under
     * read_committed nothing in doubt is read) and folds what it reads into {@code target}.
     */
    private void catchUp(KafkaConsumer<byte[], byte[]> log, AggregateStore<C, E, S> target) {
        Map<TopicPartition, Long> end = new HashMap<>(log.endOffsets(log.assignment(), settings.maxBlock()));
        end.entrySet().removeIf(e -> log.position(e.getKey(), settings.maxBlock()) >= e.getValue());
        while (!end.isEmpty() && running) {
            PartitionOwnership owned = ownership;
            replayRecords(target, log.poll(settings.pollTimeout()),
                    owned == null ? id -> true : owned::holdsAggregate);
            end.entrySet().removeIf(e -> log.position(e.getKey(), settings.maxBlock()) >= e.getValue());
        }
    }

    /** Polls larger than this decode their records in parallel (the common pool and this thread). */
    private static final int PARALLEL_DECODING_FROM = 64;

    /**
     * Folds a poll of the event topics in the order read, as {@link #replayRecord} one by one. Decoding (most of a
     * replay's CPU, and pure: the codec is thread-safe) is done first for the whole poll, in parallel when it is
     * large; selecting and applying stay on this thread, in order, so the store, the skips and the dead letters are
     * the same as record by record.
     */
    private void replayRecords(AggregateStore<C, E, S> rebuilt, ConsumerRecords<byte[], byte[]> records,
                               java.util.function.Predicate<String> held) {
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(records.count());
        for (ConsumerRecord<byte[], byte[]> record : records) {
            if (isHeld(record, held)) {
                batch.add(record);
            }
        }
        Object[] decoded = new Object[batch.size()];
        java.util.stream.IntStream indices = java.util.stream.IntStream.range(0, decoded.length);
        (decoded.length > PARALLEL_DECODING_FROM ? indices.parallel() : indices)
                .forEach(i -> decoded[i] = decodeOrFailure(batch.get(i)));
        for (int i = 0; i < decoded.length; i++) {
            fold(rebuilt, batch.get(i), decoded[i], held);
        }
    }

    /**
     * Folds one record of an event topic. One that cannot be decoded or applied (a forked or broken chain, an event
     * the state cannot take) is skipped, counted, logged and dead-lettered once: it is one record's problem, and the
     * replay goes on. Never throws for a record, or every start-over would meet it again.
     */
    private void replayRecord(AggregateStore<C, E, S> rebuilt, ConsumerRecord<byte[], byte[]> record,
                              java.util.function.Predicate<String> held) {
        if (isHeld(record, held)) {
            fold(rebuilt, record, decodeOrFailure(record), held);
        }
    }

    /** False when the aggregate header (written with every event since issue 21) names an aggregate not held here. */
    private static boolean isHeld(ConsumerRecord<byte[], byte[]> record, java.util.function.Predicate<String> held) {
        org.apache.kafka.common.header.Header header = record.headers().lastHeader(AGGREGATE_HEADER);
        return header == null || held.test(new String(header.value(), java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The record's envelope, or what decoding it threw (the codec's DecodingException, whatever the bytes). */
    private Object decodeOrFailure(ConsumerRecord<byte[], byte[]> record) {
        try {
            return codec.decode(record.value());
        } catch (RuntimeException | StackOverflowError e) {
            return e;
        }
    }

    /** Applies a decoded record (see {@link #replayRecord}), or reports why it cannot be. */
    private void fold(AggregateStore<C, E, S> rebuilt, ConsumerRecord<byte[], byte[]> record, Object decoded,
                      java.util.function.Predicate<String> held) {
        String reason;
        if (decoded instanceof Envelope event) {
            if (record.headers().lastHeader(AGGREGATE_HEADER) == null && !held.test(event.aggregateId())) {
                return;
            }
            try {
                rebuilt.replay(event);
                return;
            } catch (RuntimeException | StackOverflowError e) {
                reason = "cannot replay: " + e;
            }
        } else if (decoded instanceof DecodingException e) {
            reason = "cannot decode: " + e.getMessage();
        } else {
            reason = "cannot replay: " + decoded;
        }
        // an event log is written only by services through this codec; say so loudly and go on
        unreadableEvents.incrementAndGet();
        LOG.severe(definition.name() + ": skips the unreadable event at " + record.topic() + "-" + record.partition()
                + "@" + record.offset() + ": " + reason);
        if (reportedUnreadable == null) {
            reportedUnreadable = previousReports();
        }
        if (reportedUnreadable.add(org.torneo.platform.DeadLetters.origin(record.topic(), record.partition(),
                record.offset()))) {
            pendingReports.add(deadLetter(record, reason));
        }
    }

    /** The event-topic records this service dead-lettered before (an earlier life of this service included). */
    private java.util.Set<String> previousReports() {
        try {
            return new java.util.HashSet<>(DeadLetters.origins(common(), settings.topic(
                    org.torneo.contracts.topics.Topics.DEAD_LETTER.name()), definition.name(),
                    java.util.Set.copyOf(topicNames(definition.eventTopics())), settings.maxBlock()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, definition.name() + ": cannot read the earlier dead letters; an unreadable event"
                    + " may be dead-lettered again", e);
            return new java.util.HashSet<>();
        }
    }

    /** Dead-letters the unreadable event records met since the last call, in a transaction of their own. */
    private void reportUnreadable(KafkaProducer<byte[], byte[]> producer) {
        if (pendingReports.isEmpty()) {
            return;
        }
        List<ProducerRecord<byte[], byte[]>> reports = List.copyOf(pendingReports);
        producer.beginTransaction();
        try {
            reports.forEach(producer::send);
            producer.commitTransaction();
        } catch (RuntimeException e) {
            try {
                producer.abortTransaction();
            } catch (RuntimeException abortFailure) {
                e.addSuppressed(abortFailure);
            }
            // forget that they were reported: the start-over's replay meets them again and reports them then
            reports.forEach(r -> reportedUnreadable.remove(DeadLetters.origin(DeadLetters.header(r.headers(),
                    DeadLetters.TOPIC), Integer.parseInt(DeadLetters.header(r.headers(), DeadLetters.PARTITION)),
                    Long.parseLong(DeadLetters.header(r.headers(), DeadLetters.OFFSET)))));
            pendingReports.clear();
            throw e;
        }
        pendingReports.clear();
        deadLetters.addAndGet(reports.size());
        reports.forEach(r -> meters.deadLettered(DeadLetters.header(r.headers(), DeadLetters.TOPIC)));
    }

    /**
     * Sets the consumer-lag gauge of each input topic: the records behind the end of its partitions this instance
     * reads, from the positions the consumer knows already (no request to the broker); 0 for a topic none of whose
     * partitions are assigned here.
     */
    private void measureLag(KafkaConsumer<byte[], byte[]> consumer, List<String> inputs) {
        Map<String, Long> lagByTopic = new java.util.HashMap<>();
        inputs.forEach(topic -> lagByTopic.put(topic, 0L));
        for (TopicPartition partition : consumer.assignment()) {
            java.util.OptionalLong lag = consumer.currentLag(partition);
            if (lag.isPresent()) {
                lagByTopic.merge(partition.topic(), lag.getAsLong(), Long::sum);
            }
        }
        lagByTopic.forEach(meters::lag);
    }

    /** Returns how many events the poll's committed transactions produced. */
    private long processPoll(List<KafkaProducer<byte[], byte[]>> producers, KafkaConsumer<byte[], byte[]> consumer,
                             ConsumerRecords<byte[], byte[]> records) {
        ConsumerGroupMetadata group = consumer.groupMetadata();
        int count = producers.size();
        List<List<List<ConsumerRecord<byte[], byte[]>>>> byLane = new ArrayList<>(count);
        for (int lane = 0; lane < count; lane++) {
            byLane.add(new ArrayList<>());
        }
        for (TopicPartition partition : records.partitions()) {
            byLane.get(partition.partition() % count).add(records.records(partition));
        }
        // each lane decides its partitions' records merged by timestamp (what was written first, first: PollOrder)
        List<List<ConsumerRecord<byte[], byte[]>>> shares = new ArrayList<>(count);
        for (List<List<ConsumerRecord<byte[], byte[]>>> lanePartitions : byLane) {
            shares.add(lanePartitions.isEmpty() ? new ArrayList<>() : PollOrder.byTimestamp(lanePartitions));
        }
        if (count == 1) {
            return finish(runLane(0, producers.get(0), shares.get(0), group, null));
        }
        Map<String, Integer> holders = new java.util.concurrent.ConcurrentHashMap<>();
        List<java.util.concurrent.Future<LaneRun>> others = new ArrayList<>();
        for (int lane = 1; lane < count; lane++) {
            if (!shares.get(lane).isEmpty()) {
                int index = lane;
                others.add(laneThreads.submit(() -> runLane(index, producers.get(index), shares.get(index), group,
                        holders)));
            }
        }
        List<LaneRun> runs = new ArrayList<>(count);
        RuntimeException failure = null;
        try {
            if (!shares.get(0).isEmpty()) {
                runs.add(runLane(0, producers.get(0), shares.get(0), group, holders));
            }
        } catch (RuntimeException e) {
            failure = e;
        }
        for (java.util.concurrent.Future<LaneRun> other : others) {
            try {
                runs.add(other.get());
            } catch (java.util.concurrent.ExecutionException e) {
                RuntimeException cause = e.getCause() instanceof RuntimeException r ? r
                        : new KafkaException("lane failed", e.getCause());
                if (failure == null) {
                    failure = cause;
                } else {
                    failure.addSuppressed(cause);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WakeupException();
            }
        }
        long produced = 0;
        List<LaneRun> again = new ArrayList<>();
        for (LaneRun run : runs) {
            if (run.committed()) {
                produced += finish(run); // committed to Kafka: the store and the listeners must know it
            } else {
                again.add(run);
            }
        }
        if (failure != null) {
            throw failure; // start over: replay and resume from the committed offsets
        }
        for (LaneRun run : again) { // the other lanes are done: no one holds an aggregate any more
            heldBack.incrementAndGet();
            produced += finish(runLane(run.lane(), producers.get(run.lane()), run.records(), group, null));
        }
        return produced;
    }

    /**
     * One lane's transaction over its share of a poll; not committed ({@code batch == null}) when it met an aggregate
     * another lane holds.
     */
    private record LaneRun(int lane, List<ConsumerRecord<byte[], byte[]>> records, AggregateStore<?, ?, ?>.Batch batch,
                           long produced, List<String> deadFrom, long decideNanos, long commitNanos) {
        boolean committed() {
            return batch != null;
        }
    }

    /**
     * Marks the output of an input whose aggregate another lane holds in this poll. Its own instance, compared by
     * identity: {@code List.of()} is shared by every empty list and would mark any empty output.
     */
    private static final List<ProducerRecord<byte[], byte[]>> HELD_BY_ANOTHER_LANE =
            java.util.Collections.unmodifiableList(new ArrayList<>());

    private LaneRun runLane(int lane, KafkaProducer<byte[], byte[]> producer, List<ConsumerRecord<byte[], byte[]>> records,
                            ConsumerGroupMetadata group, Map<String, Integer> holders) {
        AggregateStore<C, E, S>.Batch batch = store.begin();
        long produced = 0;
        long forwards = 0;
        List<String> deadFrom = new ArrayList<>(); // the source topic of each dead letter
        long started = System.nanoTime();
        long decided;
        producer.beginTransaction();
        try {
            for (ConsumerRecord<byte[], byte[]> record : records) {
                List<ProducerRecord<byte[], byte[]>> outputs = handle(record, batch, lane, holders);
                if (outputs == HELD_BY_ANOTHER_LANE) {
                    batch.discard();
                    producer.abortTransaction();
                    return new LaneRun(lane, records, null, 0, List.of(), 0, 0);
                }
                for (ProducerRecord<byte[], byte[]> out : outputs) {
                    producer.send(out);
                    if (out.topic().equals(settings.topic(org.torneo.contracts.topics.Topics.DEAD_LETTER.name()))) {
                        deadFrom.add(DeadLetters.header(out.headers(), DeadLetters.TOPIC));
                    } else if (commandTopicNames.contains(out.topic())) {
                        forwards++;
                    } else {
                        produced++;
                    }
                }
            }
            publishHeads(producer, batch);
            decided = System.nanoTime();
            producer.sendOffsetsToTransaction(nextOffsets(records), group);
            producer.commitTransaction();
            forwarded.addAndGet(forwards);
        } catch (RuntimeException e) {
            batch.discard();
            try {
                producer.abortTransaction();
            } catch (RuntimeException abortFailure) {
                e.addSuppressed(abortFailure);
            }
            throw e;
        }
        return new LaneRun(lane, records, batch, produced, deadFrom, decided - started, System.nanoTime() - decided);
    }

    /**
     * Signs this service's chain heads with {@code key} (issue 17): every transaction that writes events also writes,
     * in the same transaction, one signed note listing each of them (topic, sequence, hash, aggregate) to
     * torneo.chain.heads, so no one without the key can re-seal a chain unnoticed. Call before start(); null: none.
     */
    public synchronized void signHeadsWith(org.torneo.contracts.signing.ServiceKey key) {
        if (thread != null) {
            throw new IllegalStateException("choose the signing key before start()");
        }
        this.headKey = key;
    }

    /** Signed head notes published, and the time spent building and signing them (for benchmarks). */
    public long signedHeads() {
        return signedHeads.get();
    }

    public long signNanos() {
        return signNanos.get();
    }

    private volatile org.torneo.contracts.signing.ServiceKey headKey;
    private final AtomicLong signedHeads = new AtomicLong();
    private final AtomicLong signNanos = new AtomicLong();

    /** The heads note(s) of the lane's decisions, sent inside its transaction; nothing when no key or no event. */
    private void publishHeads(KafkaProducer<byte[], byte[]> producer, AggregateStore<C, E, S>.Batch batch) {
        org.torneo.contracts.signing.ServiceKey key = headKey;
        if (key == null) {
            return;
        }
        long started = System.nanoTime();
        List<org.torneo.contracts.signing.ChainHead> heads = new ArrayList<>();
        for (Decision<S> decision : batch.decisions()) {
            for (Envelope event : decision.events()) {
                heads.add(new org.torneo.contracts.signing.ChainHead(codec.catalog().entryOf(event.payload()).topic()
                        .name(), event.aggregateId(), event.sequence(), event.hash()));
            }
        }
        if (heads.isEmpty()) {
            return;
        }
        String topic = settings.topic(org.torneo.contracts.topics.Topics.CHAIN_HEADS.name());
        byte[] recordKey = key.service().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (var note : org.torneo.contracts.signing.ChainHeads.of(key.service(), java.time.Instant.now(), heads)) {
            producer.send(new ProducerRecord<>(topic, recordKey,
                    note.sign(key).encode().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            signedHeads.incrementAndGet();
        }
        signNanos.addAndGet(System.nanoTime() - started);
    }

    /** A lane's transaction committed: its decisions become the store's state, then the listeners hear of them. */
    @SuppressWarnings("unchecked")
    private long finish(LaneRun run) {
        AggregateStore<C, E, S>.Batch batch = (AggregateStore<C, E, S>.Batch) run.batch();
        long started = System.nanoTime();
        lock.writeLock().lock();
        try {
            batch.commit();
        } finally {
            lock.writeLock().unlock();
        }
        long committed = System.nanoTime();
        committedBatches.incrementAndGet();
        batchRecords.addAndGet(run.records().size());
        decideNanos.addAndGet(run.decideNanos());
        commitNanos.addAndGet(run.commitNanos() + (committed - started));
        eventsProduced.addAndGet(run.produced());
        deadLetters.addAndGet(run.deadFrom().size());
        duplicates.addAndGet(batch.decisions().stream().filter(Decision::duplicate).count());
        meters.committed(batch.decisions());
        run.deadFrom().forEach(meters::deadLettered);
        for (CommitListener<S> listener : listeners) {
            try {
                listener.committed(batch.decisions());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, definition.name() + ": commit listener failed (events are committed)", e);
            }
        }
        listenerNanos.addAndGet(System.nanoTime() - committed);
        return run.produced();
    }

    /** The snapshot's store, with the log reader positioned after it; null when there is none usable. */
    private AggregateStore<C, E, S> restoreSnapshot(KafkaConsumer<byte[], byte[]> log) {
        org.torneo.platform.snapshot.SnapshotStore snapshots = snapshotStore;
        if (snapshots == null) {
            return null;
        }
        try {
            var found = snapshots.load(definition.name());
            if (found.isEmpty()) {
                return null;
            }
            var snapshot = found.get();
            AggregateStore<C, E, S> restored = AggregateStore.restore(definition, codec,
                    snapshotCodec.read(snapshot.stateJson()), snapshot.events());
            for (TopicPartition partition : log.assignment()) {
                Long position = snapshot.positions().get(partition.topic() + ":" + partition.partition());
                if (position != null) {
                    log.seek(partition, position);
                }
            }
            return restored;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, definition.name() + ": snapshot not usable, replaying from the beginning", e);
            log.seekToBeginning(log.assignment());
            return null;
        }
    }

    /**
     * Catches the store up with the log (so it equals the fold of the log up to the reader's
     * positions), checks that the state round-trips through the snapshot codec, and saves it.
     */
    private void takeSnapshot(KafkaConsumer<byte[], byte[]> log) {
        org.torneo.platform.snapshot.SnapshotStore snapshots = snapshotStore;
        try {
            String json;
            long events;
            Map<String, Long> positions = new HashMap<>();
            long before = store.replayedEvents();
            lock.writeLock().lock();
            try {
                catchUp(log, store);
                if (!store.isConsistent()) {
                    return;
                }
                var content = store.snapshotContent();
                json = snapshotCodec.write(content);
                var back = AggregateStore.restore(definition, codec, snapshotCodec.read(json), 0);
                // compared by digest (sets and maps in canonical order), not by JSON text
                if (!StateDigest.of(back.states()).equals(StateDigest.of(store.states()))
                        || !java.util.Set.copyOf(back.snapshotContent().processedInputs())
                        .equals(java.util.Set.copyOf(content.processedInputs()))) {
                    snapshotStore = null;
                    LOG.warning(definition.name() + ": the state does not survive the snapshot codec exactly;"
                            + " snapshots disabled (replay from the beginning stays correct)");
                    return;
                }
                events = store.foldedEvents();
                for (TopicPartition partition : log.assignment()) {
                    positions.put(partition.topic() + ":" + partition.partition(),
                            log.position(partition, settings.maxBlock()));
                }
            } finally {
                lock.writeLock().unlock();
            }
            if (store.replayedEvents() > before) {
                rebuilt(store);
            }
            snapshots.save(new org.torneo.platform.snapshot.Snapshot(definition.name(), positions, events, json));
            snapshotsSaved.incrementAndGet();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, definition.name() + ": snapshot not saved (replay still works)", e);
        }
    }

    /**
     * The records one input produces: its events, or its dead letter. Whatever goes wrong with one record (decoding,
     * deciding, writing its events) is that record's problem: any RuntimeException (and a stack overflow) dead-letters
     * it with the reason, its decision taken back, and the partition goes on. Only the broker's failures abort the
     * transaction (they are thrown by the producer, not here).
     */
    private List<ProducerRecord<byte[], byte[]>> handle(ConsumerRecord<byte[], byte[]> record,
                                                        AggregateStore<C, E, S>.Batch batch, int lane,
                                                        Map<String, Integer> holders) {
        int decisionsBefore = batch.decisions().size();
        try {
            return handleRecord(record, batch, lane, holders);
        } catch (RuntimeException | StackOverflowError e) {
            if (batch.decisions().size() > decisionsBefore) {
                batch.forget(batch.decisions().get(batch.decisions().size() - 1));
            }
            return List.of(deadLetter(record, "processing failed: " + e));
        }
    }

    private List<ProducerRecord<byte[], byte[]>> handleRecord(ConsumerRecord<byte[], byte[]> record,
                                                              AggregateStore<C, E, S>.Batch batch, int lane,
                                                              Map<String, Integer> holders) {
        Envelope command;
        try {
            command = codec.decode(record.value());
        } catch (DecodingException e) {
            return List.of(deadLetter(record, "cannot decode: " + e.getMessage()));
        }
        String forwardedFrom = forwardedFrom(record);
        boolean commandTopic = commandTopicNames.contains(record.topic()) && forwardedFrom == null;
        if (commandTopic && !command.isCommand()) {
            return List.of(deadLetter(record, "expected a command on " + record.topic()
                    + ", got the event " + codec.catalog().entryOf(command.payload()).type()));
        }
        if (!commandTopic && command.isCommand()) {
            return List.of(deadLetter(record, "expected an event on " + record.topic()
                    + ", got the command " + codec.catalog().entryOf(command.payload()).type()));
        }
        PartitionOwnership owned = ownership;
        if (!commandTopic && owned != null) {
            // a reaction not keyed by its aggregate (the clock hears of a game's end on the results, keyed by
            // tournament) may be for an aggregate another instance holds: only its holder decides it
            String aggregate = targetOf(command);
            if (aggregate != null && !owned.holdsAggregate(aggregate)) {
                return List.of(forward(record, aggregate, owned));
            }
        }
        if (holders != null) {
            String aggregate = targetOf(command);
            Integer holder = aggregate == null ? null : holders.putIfAbsent(aggregate, lane);
            if (holder != null && holder != lane) {
                return HELD_BY_ANOTHER_LANE;
            }
        }
        Decision<S> decision;
        long deciding = System.nanoTime();
        try {
            decision = batch.decide(command);
            meters.decisionTook(System.nanoTime() - deciding);
        } catch (RuntimeException | StackOverflowError e) {
            // A stack overflow is one input's problem (a pathological position, say), and the stack is unwound
            // here: dead-letter the input as for an exception instead of letting the runtime's thread die.
            return List.of(deadLetter(record, "processing failed: " + e));
        }
        List<ProducerRecord<byte[], byte[]>> out = new ArrayList<>(decision.events().size());
        for (Envelope event : decision.events()) {
            String topic = settings.topic(codec.catalog().entryOf(event.payload()).topic().name());
            String key = definition.keyRule().apply(event);
            byte[] value = batch.wireBytes(event);
            if (value.length > MAX_EVENT_BYTES) {
                // the broker would refuse it and the transaction would fail again on every retry
                batch.forget(decision);
                return List.of(deadLetter(record, "processing failed: event " + event.sequence() + " of "
                        + event.aggregateId() + " would be " + value.length + " bytes (limit " + MAX_EVENT_BYTES + ")"));
            }
            ProducerRecord<byte[], byte[]> eventRecord = new ProducerRecord<>(topic,
                    key.getBytes(java.nio.charset.StandardCharsets.UTF_8), value);
            eventRecord.headers().add(AGGREGATE_HEADER,
                    event.aggregateId().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.add(eventRecord);
        }
        return out;
    }

    /** The reaction topic a forwarded input came from (null: not forwarded, or a header naming no reaction topic). */
    private String forwardedFrom(ConsumerRecord<byte[], byte[]> record) {
        org.apache.kafka.common.header.Header header = record.headers().lastHeader(FORWARDED_FROM_HEADER);
        if (header == null || !commandTopicNames.contains(record.topic())) {
            return null;
        }
        String from = new String(header.value(), java.nio.charset.StandardCharsets.UTF_8);
        return topicNames(definition.reactionTopics()).contains(from) ? from : null;
    }

    /**
     * The input as it came, keyed by its aggregate, to the first command topic: it lands on the aggregate's partition
     * number, whose holder decides it (its envelope id stays the idempotency key, so a forward repeated after a crash
     * is a duplicate there). Sent in the batch's transaction with the input's offset: forwarded exactly once. Without a
     * command topic there is nowhere to send it: dead-lettered with the reason.
     */
    private ProducerRecord<byte[], byte[]> forward(ConsumerRecord<byte[], byte[]> record, String aggregate,
                                                   PartitionOwnership owned) {
        if (definition.commandTopics().isEmpty()) {
            return deadLetter(record, "the input is for " + aggregate + " (partition " + owned.partitionOf(aggregate)
                    + "), which another instance holds, and " + definition.name()
                    + " has no command topic to forward it to: key its topic by the aggregate");
        }
        ProducerRecord<byte[], byte[]> out = new ProducerRecord<>(settings.topic(definition.commandTopics().get(0).name()),
                aggregate.getBytes(java.nio.charset.StandardCharsets.UTF_8), record.value());
        out.headers().add(FORWARDED_FROM_HEADER, record.topic().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return out;
    }

    /** The aggregate an input is for; null when that cannot be told (deciding it will dead-letter it). */
    private String targetOf(Envelope input) {
        try {
            return definition.targetAggregate().apply(input);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private ProducerRecord<byte[], byte[]> deadLetter(ConsumerRecord<byte[], byte[]> record, String reason) {
        ProducerRecord<byte[], byte[]> dead = DeadLetters.of(record, definition.name(), reason);
        return new ProducerRecord<>(settings.topic(dead.topic()), null, dead.key(), dead.value(), dead.headers());
    }

    private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(List<ConsumerRecord<byte[], byte[]>> records) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : records) {
            // a partition's records are in offset order: the last one seen is the highest
            offsets.put(new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
        }
        return offsets;
    }

    // ------------------------------------------------------------------ client properties

    private Properties common() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        props.putAll(settings.extra());
        return props;
    }

    /** Lane 0 keeps the transactional id of a runtime without lanes, so a restart with lanes fences it. */
    private String producerId(int lane) {
        return definition.name() + "-" + settings.instanceId() + (lane == 0 ? "" : "-lane-" + lane);
    }

    private Properties producerProperties(int lane) {
        Properties props = common();
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, producerId(lane));
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) settings.maxBlock().toMillis());
        props.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 60_000);
        props.putIfAbsent(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Math.max(settings.maxBlock().toMillis(),
                30_000));
        props.putIfAbsent(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        // A transaction's records are all flushed by its commit, so lingering costs no latency: it turns the
        // records decided in one poll into a few large produce requests instead of many small ones, which roughly
        // halved the commit time at 2,000 moves/s (less work for the broker, no small requests in flight to wait for).
        props.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, 131_072);
        // A transaction begun right after the previous commit often meets CONCURRENT_TRANSACTIONS (the broker is
        // still writing the markers, a millisecond or two). The client then waits min(20 ms, retry.backoff.ms) for
        // the partitions and the full retry.backoff.ms (100 ms by default) for the offsets: that wait, not the work,
        // was most of a move's latency. Retry soon; the backoff still grows exponentially on real failures.
        props.putIfAbsent(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 2);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, producerId(lane) + "-producer");
        return props;
    }

    private Properties consumerBase() {
        Properties props = common();
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) settings.maxBlock().toMillis());
        return props;
    }

    private Properties replayConsumerProperties(String role) {
        Properties props = consumerBase();
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, definition.name() + "-" + settings.instanceId() + role);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2_000);
        return props;
    }

    private Properties commandConsumerProperties() {
        Properties props = consumerBase();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, definition.name());
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, definition.name() + "-" + settings.instanceId() + "-commands");
        props.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200);
        // The consumer group protocol of KIP-848 (brokers 4.0+): its consumer fetches on a background thread while
        // the runtime decides and commits, so a command waits for the next poll, not for a fetch sent after it. At
        // 2,000 moves/s it cut the game service's median command-to-event latency by about three times.
        props.putIfAbsent(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        // Co-partitioning (PartitionOwnership): the coordinator's range assignor gives each instance the same partition
        // numbers of every input topic; the default server assignor (uniform) does not. Under the classic protocol the
        // client's default assignor list starts with the RangeAssignor, which does the same.
        if ("consumer".equalsIgnoreCase(String.valueOf(props.get(ConsumerConfig.GROUP_PROTOCOL_CONFIG)))) {
            props.putIfAbsent(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, "range");
        }
        return props;
    }

    private List<String> topicNames(List<TopicSpec> topics) {
        return topics.stream().map(t -> settings.topic(t.name())).toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.torneo.platform.edge.auth;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;

/**
 * Follows one topic from its beginning on a daemon thread (read_committed, every partition assigned, no consumer
 * group: every instance of a service reads all of it) and hands each decoded envelope to a consumer, in partition
 * order. A record that is not an envelope (garbage, a type this build does not know) is skipped with a warning: the
 * topic's owner answers for its records, a reader must survive any of them. After a failure (broker gone) it reads
 * the topic again from the beginning, after {@code onRestart} cleared what it had folded.
 * <p>
 * {@link #awaitCurrent(Duration)} lets a request wait until everything written before it is folded: an edge that
 * would refuse a command asks it first, so that an arbiter appointed a moment ago is not refused.
 */
public final class TopicFollower implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TopicFollower.class.getName());

    private final String bootstrapServers;
    /** The service's Kafka sign-in ({@code KafkaClientConfig.security()}; empty for an unauthenticated broker). */
    private final java.util.Map<String, Object> security;
    private final String topic;
    private final JsonCodec codec;
    private final Consumer<Envelope> sink;
    private final Runnable onRestart;
    private final java.util.function.Predicate<String> worthDecoding;
    private final Thread thread;
    private final ConcurrentLinkedQueue<CompletableFuture<Void>> waiting = new ConcurrentLinkedQueue<>();
    private volatile boolean running = true;
    private volatile boolean started;
    private volatile long folded;
    private volatile long skipped;

    public TopicFollower(String bootstrapServers, String topic, JsonCodec codec, Consumer<Envelope> sink,
                         Runnable onRestart) {
        this(bootstrapServers, topic, codec, sink, onRestart, text -> true);
    }

    /**
     * @param worthDecoding a cheap test of the record's text before it is decoded (e.g. it names the one event type
     *                      the sink folds); records it refuses are passed over
     */
    public TopicFollower(String bootstrapServers, String topic, JsonCodec codec, Consumer<Envelope> sink,
                         Runnable onRestart, java.util.function.Predicate<String> worthDecoding) {
        this(bootstrapServers, java.util.Map.of(), topic, codec, sink, onRestart, worthDecoding);
    }

    /**
     * @param security the service's Kafka sign-in properties ({@code KafkaClientConfig.security()}), like every other
     *                 client of the service
     */
    public TopicFollower(String bootstrapServers, java.util.Map<String, Object> security, String topic,
                         JsonCodec codec, Consumer<Envelope> sink, Runnable onRestart,
                         java.util.function.Predicate<String> worthDecoding) {
        this.worthDecoding = worthDecoding;
        this.bootstrapServers = bootstrapServers;
        this.security = java.util.Map.copyOf(security);
        this.topic = topic;
        this.codec = codec;
        this.sink = sink;
        this.onRestart = onRestart;
        this.thread = new Thread(this::loop, "follow-" + topic);
        this.thread.setDaemon(true);
    }

    public synchronized void start() {
        if (!started) {
            started = true;
            thread.start();
        }
    }

    public String topic() {
        return topic;
    }

    /** Envelopes handed on so far (since the last restart). */
    public long folded() {
        return folded;
    }

    /** Records that were not envelopes, skipped. */
    public long skipped() {
        return skipped;
    }

    /**
     * Waits until every record the topic held when this was called has been read; false when that did not happen
     * within {@code timeout} (broker down, a long backlog).
     */
    public boolean awaitCurrent(Duration timeout) {
        start();
        CompletableFuture<Void> done = new CompletableFuture<>();
        waiting.add(done);
        try {
            done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            waiting.remove(done);
        }
    }

    private void loop() {
        while (running) {
            try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
                List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                onRestart.run();
                folded = 0;
                // waiters with the end offsets they need: taken from the queue, checked after each poll
                Map<CompletableFuture<Void>, Map<TopicPartition, Long>> targets = new HashMap<>();
                while (running) {
                    for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                        fold(record);
                    }
                    List<CompletableFuture<Void>> arrived = new ArrayList<>();
                    for (CompletableFuture<Void> w; (w = waiting.poll()) != null; ) {
                        arrived.add(w);
                    }
                    if (!arrived.isEmpty()) {
                        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
                        arrived.forEach(w -> targets.put(w, ends));
                    }
                    for (Iterator<Map.Entry<CompletableFuture<Void>, Map<TopicPartition, Long>>> it =
                         targets.entrySet().iterator(); it.hasNext(); ) {
                        Map.Entry<CompletableFuture<Void>, Map<TopicPartition, Long>> entry = it.next();
                        if (entry.getKey().isDone() || reached(consumer, entry.getValue())) {
                            entry.getKey().complete(null);
                            it.remove();
                        }
                    }
                }
            } catch (org.apache.kafka.common.errors.InterruptException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.log(Level.WARNING, "follower of " + topic + " reads it again after " + e);
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private static boolean reached(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        Set<TopicPartition> assigned = consumer.assignment();
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            // position: the next offset to read (control records of transactions count; read_committed skips aborted)
            if (assigned.contains(end.getKey()) && consumer.position(end.getKey(), Duration.ofSeconds(5)) < end.getValue()) {
                return false;
            }
        }
        return true;
    }

    private void fold(ConsumerRecord<byte[], byte[]> record) {
        Envelope envelope;
        String text = new String(record.value() == null ? new byte[0] : record.value(),
                java.nio.charset.StandardCharsets.UTF_8);
        if (!worthDecoding.test(text)) {
            return;
        }
        try {
            envelope = codec.decode(text);
        } catch (RuntimeException e) {
            skipped++;
            LOG.warning("follower of " + topic + ": record " + record.partition() + "/" + record.offset()
                    + " skipped, not an envelope: " + e.getMessage());
            return;
        }
        try {
            sink.accept(envelope);
            folded++;
        } catch (RuntimeException e) {
            skipped++;
            LOG.log(Level.WARNING, "follower of " + topic + ": record " + record.partition() + "/" + record.offset()
                    + " (" + envelope.payload().getClass().getSimpleName() + ") skipped: " + e, e);
        }
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "follow-" + topic);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(props);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        waiting.forEach(w -> w.complete(null));
    }
}

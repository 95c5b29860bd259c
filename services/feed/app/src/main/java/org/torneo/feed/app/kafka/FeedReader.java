package org.torneo.feed.app.kafka;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.app.model.FeedModel;


/**
 * Reads every input topic from the beginning with one plain read_committed consumer (no consumer
 * group: the feed is a read model, it commits nothing and writes nothing) and applies each record
 * to the {@link FeedModel}. The client library reconnects by itself when the broker comes back.
 * A record that does not decode is counted and skipped: its producer owns the dead letter.
 */
public final class FeedReader {

    private static final Logger LOG = Logger.getLogger(FeedReader.class);
    static final List<String> TOPICS = List.of(Topics.TOURNAMENT.name(), Topics.MOVES.name(), Topics.CLAIMS.name(),
            Topics.CLOCK.name(), Topics.RESULTS.name(), Topics.RATINGS.name());

    private final FeedModel model;
    private final String bootstrapServers;

    private final JsonCodec codec = JsonCodec.standard();
    private final ObjectMapper json = new ObjectMapper();
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile boolean caughtUp;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    public FeedReader(String bootstrapServers, FeedModel model) {
        this.bootstrapServers = bootstrapServers;
        this.model = model;
    }

    public void start() {
        running.set(true);
        thread = new Thread(this::run, "feed-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    public void stop() {
        running.set(false);
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        try {
            if (thread != null) {
                thread.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True once the records present at start have been applied (the readiness check). */
    public boolean caughtUp() {
        return caughtUp;
    }

    private void run() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "20");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-feed");
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(props, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            consumer = c;
            List<TopicPartition> partitions = partitions(c);
            if (partitions == null) {
                return;
            }
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> endAtStart = c.endOffsets(partitions);
            while (running.get()) {
                ConsumerRecords<String, byte[]> records = c.poll(Duration.ofMillis(200));
                List<ConsumerRecord<String, byte[]>> batch = new ArrayList<>(records.count());
                records.forEach(batch::add);
                // decoding is most of the cost: done in parallel, applied in the order read
                Object[] decoded = new Object[batch.size()];
                if (batch.size() > 64) {
                    Arrays.parallelSetAll(decoded, i -> decode(batch.get(i)));
                } else {
                    Arrays.setAll(decoded, i -> decode(batch.get(i)));
                }
                for (int i = 0; i < decoded.length; i++) {
                    if (decoded[i] instanceof Envelope envelope) {
                        model.apply(envelope);
                    } else {
                        ConsumerRecord<String, byte[]> record = batch.get(i);
                        model.skip();
                        LOG.warnf("feed skips %s-%d@%d: %s", record.topic(), record.partition(), record.offset(),
                                decoded[i]);
                    }
                }
                if (!caughtUp && endAtStart.entrySet().stream().allMatch(e -> c.position(e.getKey()) >= e.getValue())) {
                    caughtUp = true;
                    LOG.infof("feed replayed its topics: %s", model.stats());
                }
            }
        } catch (WakeupException e) {
            // shutting down
        } catch (RuntimeException e) {
            LOG.error("feed consumer stopped", e);
        }
    }

    /**
     * The envelope, or the reason it cannot be read. The hash chain is not re-verified here: the
     * producing services seal and check their chains and the audit verifies them; the feed only
     * displays (verification tripled the cost of a record), but every field is still decoded strictly.
     */
    private Object decode(ConsumerRecord<String, byte[]> record) {
        try {
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
    private List<TopicPartition> partitions(KafkaConsumer<String, byte[]> c) {
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

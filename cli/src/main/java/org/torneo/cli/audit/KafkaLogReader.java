package org.torneo.cli.audit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.torneo.audit.log.TournamentExport;
import org.torneo.audit.log.TournamentExport.RawRecord;
import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackHome;

/** Reads every event topic from the beginning to its end offsets (read_committed), without a consumer group. */
final class KafkaLogReader {

    private KafkaLogReader() {
    }

    /** The broker of the running local stack, when there is one. */
    static String defaultBootstrap() {
        try {
            String bootstrap = StackHome.fromSystem().readState().getProperty("kafka.bootstrap");
            if (bootstrap != null && !bootstrap.isBlank()) {
                return bootstrap;
            }
        } catch (RuntimeException e) {
            // no local stack state: the user must say where Kafka is
        }
        throw new Command.UsageException("no running local stack found: give --bootstrap host:port");
    }

    static List<RawRecord> readAll(String bootstrap, Duration timeout) {
        Properties c = new Properties();
        c.putAll(org.torneo.cli.KafkaSignIn.as("audit")); // the read-only audit principal
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-audit-export");
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        List<RawRecord> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            Map<String, List<PartitionInfo>> existing = consumer.listTopics(timeout);
            for (String topic : TournamentExport.topics()) {
                for (PartitionInfo p : existing.getOrDefault(topic, List.of())) {
                    partitions.add(new TopicPartition(topic, p.partition()));
                }
            }
            if (partitions.isEmpty()) {
                return records;
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = new HashMap<>(consumer.endOffsets(partitions, timeout));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!done(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new Command.UsageException("Kafka at " + bootstrap + " did not deliver the topics up to their"
                            + " end offsets within " + timeout.toSeconds() + " s");
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    records.add(new RawRecord(r.topic(), r.partition(), r.offset(), r.timestamp(), r.key(),
                            r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8)));
                }
            }
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new Command.UsageException("cannot read Kafka at " + bootstrap + ": " + e.getMessage());
        }
        return records;
    }

    private static boolean done(KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}

package org.torneo.cli.audit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.torneo.audit.log.TournamentExport;
import org.torneo.audit.log.TournamentExport.RawRecord;
import org.torneo.cli.Command;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.stack.supervisor.StackHome;

/** Reads every event topic from the beginning to its end offsets (read_committed, the platform's reader). */
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
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, "torneo-audit-export");
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        List<RawRecord> records = new ArrayList<>();
        TopicsToEnd.Reach reach;
        try {
            reach = TopicsToEnd.read(c, TournamentExport.topics(), timeout, timeout, () -> true, r ->
                    records.add(new RawRecord(r.topic(), r.partition(), r.offset(), r.timestamp(),
                            r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8),
                            r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8))));
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new Command.UsageException("cannot read Kafka at " + bootstrap + ": " + e.getMessage());
        }
        if (!reach.complete()) {
            throw new Command.UsageException("Kafka at " + bootstrap + " did not deliver the topics up to their"
                    + " end offsets within " + timeout.toSeconds() + " s");
        }
        return records;
    }
}

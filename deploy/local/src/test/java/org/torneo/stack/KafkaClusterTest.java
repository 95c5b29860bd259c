package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.kafka.KafkaBroker;
import org.torneo.stack.test.KafkaClients;

/**
 * Issue 21: the local stack with three combined KRaft nodes ({@code ./torneo up --brokers 3}). The catalogue and the
 * transaction state log are on three replicas with two in sync required, SASL and ACLs hold as on one broker, and with
 * one node killed ({@code kill -9}) transactions still commit and nothing committed before is lost; the node comes back
 * on its port and log.
 *
 * <p>Slow: three broker JVMs take 11 s alone but 91 s and more on a loaded machine. In one full run the first node
 * exited while the three were forming their quorum (after 200 s, its log's reason lost with the temporary folder);
 * {@code KafkaCluster.start} now reports every node's failure with its ports, log and reason
 * ({@code KafkaClusterStartTest}), so a next failure says which node failed and why.
 */
@org.junit.jupiter.api.Tag("slow")
class KafkaClusterTest {

    @TempDir
    static Path workDir;
    static LocalStack stack;

    @BeforeAll
    static void startCluster() {
        stack = LocalStack.start(new LocalStack.Options(workDir, 0, 0, 2, false, 3));
        System.out.printf("three-node cluster + topics + PostgreSQL ready in %d ms%n", stack.startupTime().toMillis());
    }

    @AfterAll
    static void stopCluster() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void every_topic_and_the_transaction_log_have_three_replicas_and_need_two_in_sync() throws Exception {
        assertEquals(3, stack.brokers().size());
        assertEquals(3, stack.bootstrapServers().split(",").length, stack.bootstrapServers());
        try (Admin admin = stack.broker().admin()) {
            assertEquals(3, admin.describeCluster().nodes().get().size());
            var moves = admin.describeTopics(List.of(Topics.MOVES.name())).allTopicNames().get().get(Topics.MOVES.name());
            moves.partitions().forEach(p -> assertEquals(3, p.replicas().size(), "replicas of " + p));
            ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, "1");
            Map<String, String> configs = admin.describeConfigs(List.of(broker)).all().get().get(broker).entries()
                    .stream().collect(java.util.stream.Collectors.toMap(ConfigEntry::name, e -> String.valueOf(e.value())));
            assertEquals("2", configs.get("min.insync.replicas"));
            assertEquals("3", configs.get("transaction.state.log.replication.factor"));
            assertEquals("2", configs.get("transaction.state.log.min.isr"));
            assertEquals("3", configs.get("offsets.topic.replication.factor"));
        }
    }

    @Test
    void transactions_commit_while_one_node_is_dead_and_nothing_committed_is_lost() {
        String topic = Topics.MOVES.name();
        String bootstrap = stack.bootstrapServers();
        Map<String, Object> game = stack.kafkaCredentials().clientProperties(KafkaAccess.GAME.user());
        Map<String, Object> audit = stack.kafkaCredentials().clientProperties(KafkaAccess.AUDIT.user());
        try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(bootstrap, game, "game-cluster-test")) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-1", "before e2e4"));
            producer.commitTransaction();
        }
        KafkaBroker second = stack.brokers().get(1);
        long pid = second.pid();
        int port = second.port();
        second.kill();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "node 2 is gone");
        try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(bootstrap, game, "game-cluster-test")) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-1", "while node 2 is dead e7e5"));
            producer.commitTransaction();
        }
        assertEquals(List.of("before e2e4", "while node 2 is dead e7e5"),
                KafkaClients.readCommittedValues(bootstrap, audit, topic, 2, Duration.ofSeconds(60)));
        second.start();
        assertTrue(second.isRunning());
        assertEquals(port, second.port(), "same port after the restart");
        stack.brokers().getFirst().kill(); // another node: the restarted one holds its replicas again
        try {
            assertEquals(List.of("before e2e4", "while node 2 is dead e7e5"),
                    KafkaClients.readCommittedValues(bootstrap, audit, topic, 2, Duration.ofSeconds(60)),
                    "read with node 1 dead: nothing lost, nothing doubled");
        } finally {
            stack.brokers().getFirst().start();
        }
    }
}

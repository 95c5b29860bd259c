package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
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
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.postgres.PostgresServer;
import org.torneo.stack.test.KafkaClients;

/**
 * The real broker and PostgreSQL, started through the library: transactions work, the catalogue
 * exists with its configs, and a broker killed with SIGKILL comes back on the same port and log.
 */
class BrokerCrashRecoveryTest {

    @TempDir
    static Path workDir;
    static LocalStack stack;

    @BeforeAll
    static void startStack() {
        stack = LocalStack.start(new LocalStack.Options(workDir, 0, 0, 2, false));
        System.out.printf("local stack ready in %d ms (broker + %d topics + PostgreSQL; broker alone %d ms)%n",
                stack.startupTime().toMillis(), stack.topics().size(), stack.broker().lastStartTime().toMillis());
    }

    @AfterAll
    static void stopStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void catalogueTopicsKeepEverything() throws Exception {
        try (Admin admin = stack.broker().admin()) {
            var description = admin.describeTopics(List.of(Topics.MOVES.name())).allTopicNames().get()
                    .get(Topics.MOVES.name());
            assertEquals(2, description.partitions().size(), "partition override applies");
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, Topics.MOVES.name());
            Map<String, String> configs = admin.describeConfigs(List.of(resource)).all().get().get(resource)
                    .entries().stream().collect(java.util.stream.Collectors.toMap(ConfigEntry::name, ConfigEntry::value));
            assertEquals("-1", configs.get("retention.ms"));
            assertEquals("delete", configs.get("cleanup.policy"));
            var deadLetter = admin.describeTopics(List.of(Topics.DEAD_LETTER.name())).allTopicNames().get()
                    .get(Topics.DEAD_LETTER.name());
            assertEquals(1, deadLetter.partitions().size(), "the dead-letter topic keeps one partition");
        }
    }

    @Test
    void transactionsSurviveABrokerKilledWithSigkill() {
        String topic = Topics.MOVES.name();
        String bootstrap = stack.bootstrapServers();
        // as the game service (the moves' only writer, transactional ids game-...); read back as the audit
        Map<String, Object> game = stack.kafkaCredentials().clientProperties(KafkaAccess.GAME.user());
        Map<String, Object> audit = stack.kafkaCredentials().clientProperties(KafkaAccess.AUDIT.user());
        try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(bootstrap, game, "game-crash-test")) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-1", "aborted e2e4"));
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-1", "before crash e2e4"));
            producer.commitTransaction();
        }
        assertEquals(List.of("before crash e2e4"), KafkaClients.readCommittedValues(bootstrap, audit, topic, 1,
                Duration.ofSeconds(30)));

        long pidBefore = stack.broker().pid();
        int portBefore = stack.broker().port();
        stack.broker().kill();
        assertFalse(ProcessHandle.of(pidBefore).map(ProcessHandle::isAlive).orElse(false), "broker process is gone");
        assertFalse(Ports.isListening(portBefore), "nothing listens on the broker port after the kill");

        stack.broker().start();
        System.out.printf("broker restarted after SIGKILL in %d ms%n", stack.broker().lastStartTime().toMillis());
        assertNotEquals(pidBefore, stack.broker().pid(), "a new broker process");
        assertEquals(portBefore, stack.broker().port(), "same port after restart");
        assertEquals(bootstrap, stack.bootstrapServers());

        try (KafkaProducer<String, String> producer = KafkaClients.transactionalProducer(bootstrap, game, "game-crash-test")) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-1", "after crash e7e5"));
            producer.commitTransaction();
        }
        assertEquals(List.of("before crash e2e4", "after crash e7e5"),
                KafkaClients.readCommittedValues(bootstrap, audit, topic, 2, Duration.ofSeconds(30)),
                "the log survived the crash, the aborted record stays invisible, the new one is there once");
    }

    /**
     * The broker's kill -9 leaves its controller up, so the restarted broker gains each {@code __consumer_offsets}
     * partition once, at a new leader epoch. The combined node it replaced gained them at the old epoch, lost them and
     * gained them again, and Kafka's group coordinator could then keep dead members forever
     * ({@code BrokerSettings#singleNode}).
     */
    @Test
    void aRestartedBrokerGainsEachOffsetsPartitionOnceWhileItsControllerLivesOn() throws Exception {
        String group = "crash-test-group";
        var partition = new org.apache.kafka.common.TopicPartition(Topics.MOVES.name(), 0);
        try (Admin admin = stack.broker().admin()) {
            admin.alterConsumerGroupOffsets(group, Map.of(partition,
                    new org.apache.kafka.clients.consumer.OffsetAndMetadata(0))).all().get();
        }
        long controllerPid = stack.broker().controllerPid();
        assertTrue(controllerPid > 0, "the broker has a controller process of its own");
        long logBefore = java.nio.file.Files.size(stack.broker().logFile());

        stack.broker().kill();
        stack.broker().start();

        assertEquals(controllerPid, stack.broker().controllerPid(), "the controller lived through the broker's kill");
        try (Admin admin = stack.broker().admin()) {
            var offsets = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
            assertEquals(0, offsets.get(partition).offset(), "the group's offset survived (its partition loaded)");
        }
        String restartLog;
        try (var in = java.nio.file.Files.newInputStream(stack.broker().logFile())) {
            in.skipNBytes(logBefore);
            restartLog = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String coordinatorLines = restartLog.lines()
                .filter(line -> line.contains("__consumer_offsets") && line.contains("CoordinatorRuntime"))
                .collect(java.util.stream.Collectors.joining("\n"));
        for (int p = 0; p < 4; p++) {
            String loading = "Scheduling loading of metadata from __consumer_offsets-" + p + " with epoch";
            assertEquals(1, restartLog.split(java.util.regex.Pattern.quote(loading), -1).length - 1,
                    "__consumer_offsets-" + p + " loaded once after the restart:\n" + coordinatorLines);
        }
        // (the fence, published first, unloads nothing: "Ignored unloading ... since metadata was never loaded")
        assertFalse(restartLog.contains("Started unloading metadata for __consumer_offsets"),
                "no partition lost again after the restart:\n" + coordinatorLines);
    }

    @Test
    void postgresCreatesIsolatedDatabases() throws Exception {
        PostgresServer postgres = stack.postgres();
        PgDatabase first = postgres.createDatabase("isolation_a");
        PgDatabase second = postgres.createDatabase("isolation_b");
        try (Connection connection = PostgresServer.connect(first); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE projection (id text primary key)");
            statement.execute("INSERT INTO projection VALUES ('game-1')");
        }
        try (Connection connection = PostgresServer.connect(second); Statement statement = connection.createStatement();
             ResultSet tables = statement.executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_name = 'projection'")) {
            assertTrue(tables.next());
            assertEquals(0, tables.getInt(1), "the second database does not see the first one's table");
        }
        Map<String, String> config = stack.appConfig(first, "clock");
        assertEquals(stack.bootstrapServers(), config.get("kafka.bootstrap.servers"));
        assertTrue(config.get("kafka.sasl.jaas.config").contains("username=\"torneo-clock\""), "the clock's own user");
        assertEquals("postgresql://127.0.0.1:" + postgres.port() + "/isolation_a", config.get("quarkus.datasource.reactive.url"));
    }
}

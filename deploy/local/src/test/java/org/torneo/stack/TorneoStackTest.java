package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TorneoStack;

/** The Quarkus test resource as an app's test sees it (without Quarkus: the calls Quarkus makes). */
class TorneoStackTest {

    @Test
    void everyAppStartGetsTheBrokerAndAFreshDatabase() throws Exception {
        TorneoStack first = new TorneoStack();
        first.init(Map.of());
        Map<String, String> firstConfig = first.start();
        String firstDatabase = TorneoStack.currentDatabase().name();
        TorneoStack second = new TorneoStack();
        second.init(Map.of());
        Map<String, String> secondConfig = second.start();

        assertEquals(TorneoStack.bootstrapServers(), firstConfig.get("kafka.bootstrap.servers"));
        assertEquals(firstConfig.get("kafka.bootstrap.servers"), secondConfig.get("kafka.bootstrap.servers"),
                "one broker per JVM");
        assertNotEquals(firstConfig.get("quarkus.datasource.reactive.url"), secondConfig.get("quarkus.datasource.reactive.url"),
                "each app start gets its own database");
        assertTrue(firstConfig.get("quarkus.datasource.reactive.url").endsWith("/" + firstDatabase));
        assertEquals("postgres", firstConfig.get("quarkus.datasource.username"));
        assertEquals("false", firstConfig.get("quarkus.devservices.enabled"));

        try (Connection connection = TorneoStack.jdbc(TorneoStack.currentDatabase());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT current_database()")) {
            assertTrue(rows.next());
            assertEquals(TorneoStack.currentDatabase().name(), rows.getString(1));
        }
        first.stop();
        second.stop();
        try (Admin admin = TorneoStack.admin()) {
            assertTrue(admin.listTopics().names().get().contains(Topics.GAME_COMMANDS.name()),
                    "stop() leaves the stack and its catalogue in place");
        }
    }

    @Test
    void theNextAppStartRevivesABrokerThatATestLeftKilled() {
        TorneoStack.bootstrapServers();
        long before = TorneoStack.brokerPid();
        TorneoStack.killBroker();
        assertEquals(-1, TorneoStack.brokerPid());
        TorneoStack next = new TorneoStack();
        next.init(Map.of());
        Map<String, String> config = next.start();
        assertTrue(TorneoStack.brokerPid() > 0 && TorneoStack.brokerPid() != before, "a new broker process");
        assertEquals(TorneoStack.bootstrapServers(), config.get("kafka.bootstrap.servers"), "on the same address");
    }

    @Test
    void eachAppGetsItsOwnKafkaUser() throws Exception {
        TorneoStack feed = new TorneoStack();
        feed.init(Map.of(TorneoStack.PRINCIPAL_ARG, "feed"));
        Map<String, String> config = feed.start();
        assertEquals("SASL_PLAINTEXT", config.get("kafka.security.protocol"));
        assertEquals("SCRAM-SHA-512", config.get("kafka.sasl.mechanism"));
        assertTrue(config.get("kafka.sasl.jaas.config").contains("username=\"torneo-feed\""), config.toString());
        assertThrows(IllegalArgumentException.class,
                () -> new TorneoStack().init(Map.of(TorneoStack.PRINCIPAL_ARG, "referee")));
        // an app names its principal in its application.properties (quarkus.application.name torneo-ROLE)
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("app-properties");
        java.nio.file.Files.writeString(dir.resolve("application.properties"), "quarkus.application.name=torneo-clock\n");
        try (var loader = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, null)) {
            Thread current = Thread.currentThread();
            ClassLoader before = current.getContextClassLoader();
            current.setContextClassLoader(loader);
            try {
                TorneoStack clock = new TorneoStack();
                clock.init(Map.of());
                assertTrue(clock.start().get("kafka.sasl.jaas.config").contains("username=\"torneo-clock\""));
            } finally {
                current.setContextClassLoader(before);
            }
        }
    }

    @Test
    void sharedDatabaseAndBadInitArgs() {
        TorneoStack shared = new TorneoStack();
        shared.init(Map.of(TorneoStack.DATABASE_ARG, "shared"));
        Map<String, String> config = shared.start();
        assertTrue(config.get("quarkus.datasource.reactive.url").endsWith("/postgres"));
        assertThrows(IllegalArgumentException.class, () -> new TorneoStack().init(Map.of(TorneoStack.DATABASE_ARG, "Mine!")));
    }

    @Test
    void aNamedDatabaseSurvivesAnAppRestart() throws Exception {
        TorneoStack before = new TorneoStack();
        before.init(Map.of(TorneoStack.DATABASE_ARG, "restart_test"));
        Map<String, String> first = before.start();
        try (Connection connection = TorneoStack.jdbc(TorneoStack.currentDatabase());
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE snapshot (game text primary key)");
            statement.execute("INSERT INTO snapshot VALUES ('game-9')");
        }
        before.stop();
        TorneoStack after = new TorneoStack();
        after.init(Map.of(TorneoStack.DATABASE_ARG, "restart_test"));
        Map<String, String> second = after.start();
        assertEquals(first.get("quarkus.datasource.reactive.url"), second.get("quarkus.datasource.reactive.url"));
        try (Connection connection = TorneoStack.jdbc(TorneoStack.currentDatabase());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT game FROM snapshot")) {
            assertTrue(rows.next());
            assertEquals("game-9", rows.getString(1));
        }
    }

    @Test
    void uniqueTopicsIsolateTestsAndReadCommittedHidesAbortedWrites() {
        String topic = TorneoStack.createTopic("moves-test", 2);
        String other = TorneoStack.createTopic("moves-test", 2);
        assertNotEquals(topic, other);
        try (KafkaProducer<String, String> producer = TorneoStack.transactionalProducer("stack-test-" + topic)) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-7", "d2d4"));
            producer.commitTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-7", "never happened"));
            producer.abortTransaction();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "game-7", "d7d5"));
            producer.commitTransaction();
        }
        assertEquals(List.of("d2d4", "d7d5"), TorneoStack.readCommittedValues(topic, 2, Duration.ofSeconds(30)));
        assertEquals(List.of(), TorneoStack.readCommittedValues(other, 1, Duration.ofSeconds(2)),
                "nothing leaks into the other test's topic");
    }

    @Test
    void readingOneKeyOfASharedTopicSkipsOtherTestsRecords() {
        String topic = Topics.CLOCK.name();
        try (KafkaProducer<String, String> producer = TorneoStack.transactionalProducer("stack-test-keys")) {
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "someone-elses-game", "ClockStarted"));
            producer.send(new ProducerRecord<>(topic, "my-game", "ClockStarted"));
            producer.send(new ProducerRecord<>(topic, "someone-elses-game", "ClockSwitched"));
            producer.send(new ProducerRecord<>(topic, "my-game", "ClockSwitched"));
            producer.commitTransaction();
        }
        assertEquals(List.of("ClockStarted", "ClockSwitched"),
                TorneoStack.readCommittedValuesForKey(topic, "my-game", 2, Duration.ofSeconds(30)));
    }
}

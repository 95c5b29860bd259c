package org.torneo.stack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.apache.kafka.clients.admin.Admin;
import org.torneo.stack.kafka.KafkaBroker;
import org.torneo.stack.kafka.TopicCatalogue;
import org.torneo.stack.postgres.EmbeddedPostgresServer;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.postgres.PostgresServer;

/**
 * The two servers every service needs: a Kafka broker (own process) with the topic catalogue, and
 * PostgreSQL (embedded, or external through TORNEO_PG_URL). Used by the tests' {@code TorneoStack}
 * and by {@code ./torneo up}.
 */
public final class LocalStack implements AutoCloseable {

    /**
     * @param workDir            broker files (and PostgreSQL data when persistent) go here
     * @param kafkaPort          0 = free port
     * @param postgresPort       0 = free port (embedded only)
     * @param partitions         partitions per catalogue topic; 0 = the catalogue's defaults
     * @param persistentPostgres keep PostgreSQL data in workDir/postgres (else a temporary directory)
     */
    public record Options(Path workDir, int kafkaPort, int postgresPort, int partitions, boolean persistentPostgres) {

        /** Settings for tests: throw-away PostgreSQL, free ports, partitions from TORNEO_PARTITIONS (default 3). */
        public static Options forTests(Path workDir) {
            return new Options(workDir, 0, 0, intFromEnv("TORNEO_PARTITIONS", 3), false);
        }

        static int intFromEnv(String name, int fallback) {
            String value = System.getenv(name);
            if (value == null || value.isBlank()) {
                return fallback;
            }
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + "='" + value + "' is not a whole number");
            }
        }
    }

    private final KafkaBroker broker;
    private final PostgresServer postgres;
    private final List<String> topics;
    private final Duration startupTime;

    private LocalStack(KafkaBroker broker, PostgresServer postgres, List<String> topics, Duration startupTime) {
        this.broker = broker;
        this.postgres = postgres;
        this.topics = topics;
        this.startupTime = startupTime;
    }

    /** Starts PostgreSQL and the broker side by side, then creates the catalogue's topics. */
    public static LocalStack start(Options options) {
        long started = System.nanoTime();
        PostgresServer external = PostgresServer.externalFromEnvironment();
        CompletableFuture<PostgresServer> postgres = external != null
                ? CompletableFuture.completedFuture(external)
                : CompletableFuture.supplyAsync(() -> EmbeddedPostgresServer.start(new EmbeddedPostgresServer.Settings(
                        options.persistentPostgres() ? options.workDir().resolve("postgres").resolve("data") : null,
                        options.postgresPort(),
                        options.workDir().resolve("postgres.log"))));
        KafkaBroker broker = KafkaBroker.at(options.workDir().resolve("kafka"), options.kafkaPort());
        List<String> topics;
        try {
            broker.start();
            try (Admin admin = broker.admin()) {
                topics = TopicCatalogue.createCatalogue(admin, options.partitions());
            }
        } catch (RuntimeException e) {
            broker.stop();
            postgres.thenAccept(PostgresServer::close);
            throw e;
        }
        PostgresServer server;
        try {
            server = postgres.join();
        } catch (CompletionException e) {
            broker.stop();
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        return new LocalStack(broker, server, topics, Duration.ofNanos(System.nanoTime() - started));
    }

    public KafkaBroker broker() {
        return broker;
    }

    public PostgresServer postgres() {
        return postgres;
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /** The catalogue topics that were created. */
    public List<String> topics() {
        return topics;
    }

    /** Time from the call to {@link #start} until broker, topics and PostgreSQL were ready. */
    public Duration startupTime() {
        return startupTime;
    }

    /** The Kafka passwords of this stack. */
    public org.torneo.stack.kafka.KafkaCredentials kafkaCredentials() {
        return broker.credentials();
    }

    /**
     * The configuration the Torneo Quarkus app of {@code role} (game, clock, pairing, rating, feed) needs: that of
     * {@link #appConfig(PgDatabase)} plus its own Kafka credentials ({@code kafka.sasl.jaas.config} ...).
     */
    public Map<String, String> appConfig(PgDatabase database, String role) {
        Map<String, String> config = appConfig(database);
        config.putAll(broker.credentials().quarkusConfig(role));
        return config;
    }

    /** The configuration a Torneo Quarkus app needs to run against this stack and the given database (no Kafka user). */
    public Map<String, String> appConfig(PgDatabase database) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kafka.bootstrap.servers", bootstrapServers());
        config.put("quarkus.datasource.reactive.url", database.reactiveUrl());
        config.put("quarkus.datasource.jdbc.url", database.jdbcUrl());
        config.put("quarkus.datasource.username", database.user());
        config.put("quarkus.datasource.password", database.password());
        return config;
    }

    @Override
    public void close() {
        try {
            broker.stop();
        } finally {
            postgres.close();
        }
    }
}

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
    public record Options(Path workDir, int kafkaPort, int postgresPort, int partitions, boolean persistentPostgres,
                          int brokers) {

        public Options {
            if (brokers != 1 && brokers != 3) {
                throw new IllegalArgumentException("the local stack runs 1 or 3 Kafka brokers, not " + brokers);
            }
        }

        /** One broker. */
        public Options(Path workDir, int kafkaPort, int postgresPort, int partitions, boolean persistentPostgres) {
            this(workDir, kafkaPort, postgresPort, partitions, persistentPostgres, 1);
        }

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
    /** Null with one broker; else the three-node cluster ({@code broker} is its node 1). */
    private final org.torneo.stack.kafka.KafkaCluster cluster;
    private final PostgresServer postgres;
    private final List<String> topics;
    private final Duration startupTime;

    private LocalStack(KafkaBroker broker, org.torneo.stack.kafka.KafkaCluster cluster, PostgresServer postgres,
                       List<String> topics, Duration startupTime) {
        this.broker = broker;
        this.cluster = cluster;
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
        org.torneo.stack.kafka.KafkaCluster cluster = options.brokers() == 1 ? null
                : org.torneo.stack.kafka.KafkaCluster.at(options.workDir().resolve("kafka-cluster"), options.kafkaPort(),
                        options.brokers());
        KafkaBroker broker = cluster != null ? cluster.nodes().getFirst()
                : KafkaBroker.at(options.workDir().resolve("kafka"), options.kafkaPort());
        Runnable stopKafka = cluster != null ? cluster::stop : broker::stop;
        List<String> topics;
        try {
            if (cluster != null) {
                cluster.start();
            } else {
                broker.start();
            }
            try (Admin admin = cluster != null ? cluster.admin() : broker.admin()) {
                topics = TopicCatalogue.createCatalogue(admin, options.partitions());
            }
        } catch (RuntimeException e) {
            stopKafka.run();
            postgres.thenAccept(PostgresServer::close);
            throw e;
        }
        PostgresServer server;
        try {
            server = postgres.join();
        } catch (CompletionException e) {
            stopKafka.run();
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        return new LocalStack(broker, cluster, server, topics, Duration.ofNanos(System.nanoTime() - started));
    }

    public KafkaBroker broker() {
        return broker;
    }

    /** The Kafka nodes: one, or the three of the cluster (node N at index N - 1). */
    public List<KafkaBroker> brokers() {
        return cluster != null ? cluster.nodes() : List.of(broker);
    }

    public PostgresServer postgres() {
        return postgres;
    }

    public String bootstrapServers() {
        return cluster != null ? cluster.bootstrapServers() : broker.bootstrapServers();
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
            if (cluster != null) {
                cluster.stop();
            } else {
                broker.stop();
            }
        } finally {
            postgres.close();
        }
    }
}

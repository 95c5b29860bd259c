package org.torneo.stack.test;

import java.time.Duration;
import java.util.List;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.torneo.stack.kafka.TopicCatalogue;
import org.torneo.stack.postgres.ExternalPostgres;
import org.torneo.stack.postgres.PostgresServer;

/**
 * TORNEO_STACK=containers: Kafka (apache/kafka, KRaft) and PostgreSQL 17 in Docker through
 * Testcontainers. Needs a Docker engine and, in the app's test dependencies,
 * org.testcontainers:testcontainers-kafka and testcontainers-postgresql (optional here).
 * Killing/restarting the broker is not offered: the container's mapped port would change.
 */
final class ContainersRunningStack implements RunningStack {

    static final String KAFKA_IMAGE = "apache/kafka:4.1.1";
    static final String POSTGRES_IMAGE = "postgres:17";

    private final KafkaContainer kafka;
    private final PostgreSQLContainer postgresContainer;
    private final PostgresServer postgres;
    private final Duration startupTime;

    private ContainersRunningStack(KafkaContainer kafka, PostgreSQLContainer postgresContainer, Duration startupTime) {
        this.kafka = kafka;
        this.postgresContainer = postgresContainer;
        this.postgres = new ExternalPostgres(postgresContainer.getHost(), postgresContainer.getMappedPort(5432),
                postgresContainer.getDatabaseName(), postgresContainer.getUsername(), postgresContainer.getPassword());
        this.startupTime = startupTime;
    }

    static ContainersRunningStack start(int partitions) {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException("TORNEO_STACK=containers but no Docker engine is reachable;"
                    + " unset TORNEO_STACK to use the embedded broker and PostgreSQL");
        }
        long started = System.nanoTime();
        KafkaContainer kafka = new KafkaContainer(KAFKA_IMAGE)
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
                .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0");
        PostgreSQLContainer postgres = new PostgreSQLContainer(POSTGRES_IMAGE)
                .withDatabaseName("postgres").withUsername("postgres").withPassword("postgres");
        kafka.start();
        postgres.start();
        try (Admin admin = Admin.create(java.util.Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.getBootstrapServers()))) {
            TopicCatalogue.createCatalogue(admin, partitions);
        }
        return new ContainersRunningStack(kafka, postgres, Duration.ofNanos(System.nanoTime() - started));
    }

    @Override
    public String kind() {
        return "containers";
    }

    @Override
    public String bootstrapServers() {
        return kafka.getBootstrapServers();
    }

    @Override
    public PostgresServer postgres() {
        return postgres;
    }

    @Override
    public Duration startupTime() {
        return startupTime;
    }

    @Override
    public void killBroker() {
        throw new UnsupportedOperationException("killing the broker needs the embedded stack (unset TORNEO_STACK)");
    }

    @Override
    public void startBroker() {
        throw new UnsupportedOperationException("restarting the broker needs the embedded stack (unset TORNEO_STACK)");
    }

    @Override
    public long brokerPid() {
        return -1;
    }

    @Override
    public void close() {
        for (AutoCloseable container : List.<AutoCloseable>of(kafka, postgresContainer)) {
            try {
                container.close();
            } catch (Exception e) {
                // best effort at JVM exit; Testcontainers' reaper removes what is left
            }
        }
    }
}

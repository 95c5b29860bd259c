package org.torneo.stack.test;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.stack.kafka.KafkaAccessSetup;
import org.torneo.stack.kafka.KafkaCredentials;
import org.torneo.stack.kafka.TopicCatalogue;
import org.torneo.stack.postgres.ExternalPostgres;
import org.torneo.stack.postgres.PostgresServer;

/**
 * TORNEO_STACK=containers: Kafka (apache/kafka, KRaft) and PostgreSQL 17 in Docker through
 * Testcontainers. Needs a Docker engine and, in the app's test dependencies,
 * org.testcontainers:testcontainers-kafka and testcontainers-postgresql (optional here).
 * Killing/restarting the broker is not offered: the container's mapped port would change.
 * <p>
 * Security as on the embedded broker (authentication on every listener, StandardAuthorizer, nothing allowed
 * without an ACL, KafkaAccess's principals and ACLs): the image formats its storage itself, so the admin is a
 * PLAIN user of the broker's config, and it creates the principals' SCRAM-SHA-512 users and ACLs after the start.
 */
final class ContainersRunningStack implements RunningStack {

    static final String KAFKA_IMAGE = "apache/kafka:4.1.1";
    static final String POSTGRES_IMAGE = "postgres:17";

    private final KafkaContainer kafka;
    private final KafkaCredentials credentials;
    private final PostgreSQLContainer postgresContainer;
    private final PostgresServer postgres;
    private final Duration startupTime;

    private ContainersRunningStack(KafkaContainer kafka, KafkaCredentials credentials,
                                   PostgreSQLContainer postgresContainer, Duration startupTime) {
        this.kafka = kafka;
        this.credentials = credentials;
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
        KafkaCredentials credentials = KafkaCredentials.generate().withPlainAdmin();
        KafkaContainer kafka = new KafkaContainer(KAFKA_IMAGE)
                .withEnv(securityEnvironment(credentials))
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
                .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0");
        PostgreSQLContainer postgres = new PostgreSQLContainer(POSTGRES_IMAGE)
                .withDatabaseName("postgres").withUsername("postgres").withPassword("postgres");
        kafka.start();
        postgres.start();
        Map<String, Object> adminConfig = new HashMap<>(credentials.adminProperties());
        adminConfig.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.getBootstrapServers());
        try (Admin admin = Admin.create(adminConfig)) {
            KafkaAccessSetup.apply(admin, credentials);
            TopicCatalogue.createCatalogue(admin, partitions);
        }
        return new ContainersRunningStack(kafka, credentials, postgres, Duration.ofNanos(System.nanoTime() - started));
    }

    /**
     * The apache/kafka image's environment for the same security as the embedded broker, on Testcontainers'
     * listeners (PLAINTEXT: the mapped port for clients, BROKER: inter-broker, CONTROLLER). The image turns
     * KAFKA_A_B into a.b (and ___ into -).
     */
    static Map<String, String> securityEnvironment(KafkaCredentials credentials) {
        String admin = KafkaAccess.ADMIN_USER;
        String adminPassword = credentials.password(admin);
        String controllerPassword = credentials.password("controller");
        String plain = "org.apache.kafka.common.security.plain.PlainLoginModule required";
        Map<String, String> env = new LinkedHashMap<>();
        env.put("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP",
                "BROKER:SASL_PLAINTEXT,PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT");
        env.put("KAFKA_SASL_ENABLED_MECHANISMS", "SCRAM-SHA-512,PLAIN");
        // clients (the mapped port): the principals by SCRAM, the admin by PLAIN; every mechanism its JAAS entry
        env.put("KAFKA_LISTENER_NAME_PLAINTEXT_SASL_ENABLED_MECHANISMS", "SCRAM-SHA-512,PLAIN");
        env.put("KAFKA_LISTENER_NAME_PLAINTEXT_SCRAM___SHA___512_SASL_JAAS_CONFIG",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        env.put("KAFKA_LISTENER_NAME_PLAINTEXT_PLAIN_SASL_JAAS_CONFIG", plain + " user_" + admin + "=\""
                + adminPassword + "\";");
        // inter-broker: the admin by PLAIN
        env.put("KAFKA_LISTENER_NAME_BROKER_SASL_ENABLED_MECHANISMS", "PLAIN");
        env.put("KAFKA_SASL_MECHANISM_INTER_BROKER_PROTOCOL", "PLAIN");
        env.put("KAFKA_LISTENER_NAME_BROKER_PLAIN_SASL_JAAS_CONFIG", plain + " username=\"" + admin + "\" password=\""
                + adminPassword + "\" user_" + admin + "=\"" + adminPassword + "\";");
        env.put("KAFKA_LISTENER_NAME_CONTROLLER_SASL_ENABLED_MECHANISMS", "PLAIN");
        env.put("KAFKA_SASL_MECHANISM_CONTROLLER_PROTOCOL", "PLAIN");
        env.put("KAFKA_LISTENER_NAME_CONTROLLER_PLAIN_SASL_JAAS_CONFIG", plain + " username=\"controller\" password=\""
                + controllerPassword + "\" user_controller=\"" + controllerPassword + "\";");
        env.put("KAFKA_AUTHORIZER_CLASS_NAME", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        env.put("KAFKA_SUPER_USERS", "User:" + admin + ";User:controller");
        env.put("KAFKA_ALLOW_EVERYONE_IF_NO_ACL_FOUND", "false");
        return env;
    }

    @Override
    public KafkaCredentials kafkaCredentials() {
        return credentials;
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

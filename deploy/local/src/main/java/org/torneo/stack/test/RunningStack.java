package org.torneo.stack.test;

import java.time.Duration;

import org.torneo.stack.postgres.PostgresServer;

/**
 * What the test resource started: a broker address, a PostgreSQL, and (embedded stack only) a
 * handle to kill and restart the broker.
 */
interface RunningStack extends AutoCloseable {

    String kind();

    String bootstrapServers();

    /** The broker's passwords (admin and every principal of KafkaAccess). */
    org.torneo.stack.kafka.KafkaCredentials kafkaCredentials();

    PostgresServer postgres();

    Duration startupTime();

    /** SIGKILL the broker process (embedded only). */
    void killBroker();

    /** Start the broker again on the same port and log directory (embedded only). */
    void startBroker();

    long brokerPid();

    @Override
    void close();
}

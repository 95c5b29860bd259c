package org.torneo.stack.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

import org.torneo.stack.LocalStack;
import org.torneo.stack.postgres.PostgresServer;

/** The default: a broker process from the Maven jars and embedded (or TORNEO_PG_URL) PostgreSQL. */
final class EmbeddedRunningStack implements RunningStack {

    private final Path workDir;
    private final LocalStack stack;

    private EmbeddedRunningStack(Path workDir, LocalStack stack) {
        this.workDir = workDir;
        this.stack = stack;
    }

    static EmbeddedRunningStack start() {
        try {
            Path workDir = Files.createTempDirectory("torneo-stack-");
            return new EmbeddedRunningStack(workDir, LocalStack.start(LocalStack.Options.forTests(workDir)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot create a work directory for the test stack", e);
        }
    }

    @Override
    public String kind() {
        return "embedded";
    }

    @Override
    public String bootstrapServers() {
        return stack.bootstrapServers();
    }

    @Override
    public org.torneo.stack.kafka.KafkaCredentials kafkaCredentials() {
        return stack.kafkaCredentials();
    }

    @Override
    public PostgresServer postgres() {
        return stack.postgres();
    }

    @Override
    public Duration startupTime() {
        return stack.startupTime();
    }

    @Override
    public void killBroker() {
        stack.broker().kill();
    }

    @Override
    public void startBroker() {
        stack.broker().start();
    }

    @Override
    public long brokerPid() {
        return stack.broker().pid();
    }

    @Override
    public void close() {
        try {
            stack.close();
        } finally {
            deleteQuietly(workDir);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory: leaving it behind is harmless
        }
    }
}

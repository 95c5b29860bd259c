package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.stack.kafka.KafkaBroker;
import org.torneo.stack.kafka.TopicCatalogue;
import org.torneo.stack.postgres.EmbeddedPostgresServer;
import org.torneo.stack.postgres.PostgresServer;

/**
 * Prints start-up figures of the stack's pieces (no timing is asserted):
 * {@code ./mvnw -q -B -o -pl deploy/local test -Pslow -Dtest=StackStartupBenchmark}
 */
@Tag("slow")
class StackStartupBenchmark {

    private static final int ROUNDS = 3;

    @Test
    void printStartupFigures(@TempDir Path workDir) {
        List<Long> brokerFirst = new ArrayList<>();
        List<Long> topics = new ArrayList<>();
        List<Long> afterKill = new ArrayList<>();
        List<Long> afterStop = new ArrayList<>();
        List<Long> postgres = new ArrayList<>();
        List<Long> wholeStack = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            KafkaBroker broker = KafkaBroker.at(workDir.resolve("broker-" + round), 0);
            try {
                broker.start();
                brokerFirst.add(broker.lastStartTime().toMillis());
                long started = System.nanoTime();
                try (Admin admin = broker.admin()) {
                    TopicCatalogue.createCatalogue(admin, 3);
                }
                topics.add((System.nanoTime() - started) / 1_000_000);
                broker.kill();
                broker.start();
                afterKill.add(broker.lastStartTime().toMillis());
                broker.stop();
                broker.start();
                afterStop.add(broker.lastStartTime().toMillis());
            } finally {
                broker.stop();
            }
            long started = System.nanoTime();
            try (PostgresServer server = EmbeddedPostgresServer.start(EmbeddedPostgresServer.Settings.temporary())) {
                postgres.add((System.nanoTime() - started) / 1_000_000);
                assertTrue(server.isHealthy());
            }
            try (LocalStack stack = LocalStack.start(new LocalStack.Options(workDir.resolve("stack-" + round), 0, 0, 3, false))) {
                wholeStack.add(stack.startupTime().toMillis());
            }
        }
        System.out.println("stack start-up, " + ROUNDS + " rounds, milliseconds (min / avg / max):");
        print("broker first start (format + launch + ready)", brokerFirst);
        print("create the 10 catalogue topics", topics);
        print("broker restart after SIGKILL", afterKill);
        print("broker restart after clean stop", afterStop);
        print("embedded PostgreSQL (copy of the cached cluster + start)", postgres);
        print("whole stack (broker + topics + PostgreSQL, in parallel)", wholeStack);
    }

    private static void print(String what, List<Long> millis) {
        LongSummaryStatistics stats = millis.stream().mapToLong(Long::longValue).summaryStatistics();
        System.out.printf("  %-58s %6d / %6.0f / %6d   %s%n", what, stats.getMin(), stats.getAverage(), stats.getMax(), millis);
    }
}

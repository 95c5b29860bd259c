package org.torneo.clock.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent.ClockStarted;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.test.TorneoStack;

/**
 * Benchmark (prints figures, asserts only correctness): the latency from a clock's deadline to its
 * FlagFell event committed on torneo.clock, with 5,000 running clocks in the real service on the
 * local stack. Goal (issue 5): at most 50 ms.
 * <ul>
 *   <li>A: 5,000 clocks running for hours and 100 probe clocks whose flags fall 100 ms apart;</li>
 *   <li>B: 5,000 clocks whose flags all fall within 10 seconds (500 flags a second).</li>
 * </ul>
 * Run: {@code ./mvnw -o -pl services/clock/app test -Pslow -Dtest=FlagLatencyBenchmarkTest}.
 */
@Tag("slow")
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class FlagLatencyBenchmarkTest {

    private static final int CLOCKS = 5_000;

    @Inject
    ClockApp app;

    private final Map<String, Long> startedCommitted = new ConcurrentHashMap<>();
    private final Map<String, Long> latency = new ConcurrentHashMap<>();
    private final Map<String, Integer> flags = new ConcurrentHashMap<>();
    /** Deadline to the scheduler's check (the CheckFlag's time, which the event's envelope carries). */
    private final Map<String, Long> timerLateness = new ConcurrentHashMap<>();

    @Test
    void deadlineToFlagFellWithFiveThousandRunningClocks() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
        app.addListener(decisions -> {
            long now = System.currentTimeMillis();
            decisions.forEach(d -> d.events().forEach(e -> {
                if (e.payload() instanceof FlagFell flag) {
                    latency.put(d.aggregateId(), now - flag.at());
                    timerLateness.put(d.aggregateId(), e.occurredAt().toEpochMilli() - flag.at());
                    flags.merge(d.aggregateId(), 1, Integer::sum);
                } else if (e.payload() instanceof ClockStarted) {
                    startedCommitted.put(d.aggregateId(), now);
                }
            }));
        });

        // A: 5,000 clocks running for hours, then 100 probes falling 100 ms apart
        long t0 = System.currentTimeMillis();
        List<ClockCommand> background = new ArrayList<>();
        for (int i = 0; i < CLOCKS; i++) {
            background.add(ClockStackSupport.start("bench-a-" + i, t0, ClockStackSupport.suddenDeath(3 * 3_600_000L)));
        }
        send(background);
        awaitStarted("bench-a-", CLOCKS, t0);
        long p0 = System.currentTimeMillis() + 3_000;
        List<ClockCommand> probes = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            probes.add(ClockStackSupport.start("bench-p-" + i, p0, ClockStackSupport.suddenDeath(2_000 + i * 100L)));
        }
        send(probes);
        awaitFlags("bench-p-", 100, Duration.ofSeconds(120));
        report("A: 100 probe flags with " + CLOCKS + " clocks running", "bench-p-");

        // B: 5,000 flags within 10 s
        long b0 = System.currentTimeMillis();
        long lead = 40_000;
        List<ClockCommand> falling = new ArrayList<>();
        for (int i = 0; i < CLOCKS; i++) {
            falling.add(ClockStackSupport.start("bench-b-" + i, b0, ClockStackSupport.suddenDeath(lead + i * 2L)));
        }
        send(falling);
        awaitStarted("bench-b-", CLOCKS, b0);
        long lastStart = startedCommitted.entrySet().stream().filter(e -> e.getKey().startsWith("bench-b-"))
                .mapToLong(Map.Entry::getValue).max().orElseThrow();
        System.out.printf("clock bench: B's starts all committed %d ms before the first deadline%n",
                b0 + lead - lastStart);
        awaitFlags("bench-b-", CLOCKS, Duration.ofSeconds(lead / 1000 + 180));
        report("B: " + CLOCKS + " flags falling within 10 s", "bench-b-");

        flags.forEach((game, count) -> assertEquals(1, count, game + " flagged " + count + " times"));
    }

    private void send(List<ClockCommand> commands) throws Exception {
        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            for (ClockCommand c : commands) {
                edge.send(new ProducerRecord<>(Topics.CLOCK_COMMANDS.name(), c.gameId(),
                        ClockStackSupport.CODEC.toJson(Envelope.command(UUID.fromString(c.commandId()), c.gameId(),
                                c.actor(), Instant.ofEpochMilli(c.at()), c))));
            }
            edge.flush();
        }
    }

    private void awaitStarted(String prefix, int count, long sentAt) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (countWith(startedCommitted, prefix) < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(count, countWith(startedCommitted, prefix), "clocks started");
        System.out.printf("clock bench: %d StartClock committed in %d ms%n", count, System.currentTimeMillis() - sentAt);
    }

    private void awaitFlags(String prefix, int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (countWith(latency, prefix) < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(count, countWith(latency, prefix), "flags fallen");
    }

    private static long countWith(Map<String, Long> map, String prefix) {
        return map.keySet().stream().filter(k -> k.startsWith(prefix)).count();
    }

    private void report(String title, String prefix) {
        report(title, prefix, latency, "deadline -> FlagFell committed");
        report(title, prefix, timerLateness, "of which deadline -> CheckFlag sent");
    }

    private void report(String title, String prefix, Map<String, Long> figures, String what) {
        List<Long> values = new ArrayList<>();
        figures.forEach((game, ms) -> {
            if (game.startsWith(prefix)) {
                values.add(ms);
            }
        });
        Collections.sort(values);
        assertTrue(values.get(0) >= 0, "a flag fell before its deadline");
        double mean = values.stream().mapToLong(Long::longValue).average().orElse(0);
        System.out.printf("clock bench %s: %s (ms): n=%d min=%d p50=%d p90=%d p99=%d max=%d"
                        + " mean=%.1f; within 50 ms: %.1f%%; load average %s%n",
                title, what, values.size(), values.get(0), pct(values, 50), pct(values, 90), pct(values, 99),
                values.get(values.size() - 1), mean,
                100.0 * values.stream().filter(v -> v <= 50).count() / values.size(), loadAverage());
    }

    private static long pct(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }
}

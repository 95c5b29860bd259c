package org.torneo.bench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.clock.app.runtime.ClockDefinition;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.app.kafka.FeedReader;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.core.Views;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.game.GameState;
import org.torneo.pairing.app.runtime.PairingDefinition;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.StateDigest;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.rating.core.sheet.RatingSheet;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 21 point 4: how long each service takes to rebuild its state from the log of a whole event at start. Writes the
 * event's log to the stack's real broker ({@link EventLogWriter}: the services' own deciders), then starts each
 * service's own runtime on it as a new process would and times it to ready: the platform's
 * {@link KafkaAggregateRuntime} for game, clock, pairing and rating (one instance, then two instances of one group
 * sharing the partitions), the feed's {@link FeedReader} (one reader: it has no consumer group). Prints records per
 * topic, seconds, events/s and the heap; fails when a replayed state is not the written one (per-aggregate digests,
 * games, finished games, results, rounds).
 * Run: ./mvnw -pl bench/replay test -Pslow -Dtest=ReplayBenchmarkTest [-Dreplay.players=300 -Dreplay.rounds=7
 * -Dreplay.plies=80 -Dreplay.instances=2 -Dreplay.services=game,clock,pairing,rating,feed]
 */
@Tag("slow")
class ReplayBenchmarkTest {

    private static final int PLAYERS = Integer.getInteger("replay.players", 300);
    private static final int ROUNDS = Integer.getInteger("replay.rounds", 7);
    private static final int PLIES = Integer.getInteger("replay.plies", 80);
    /** Largest number of instances measured per runtime service (1 only: -Dreplay.instances=1). */
    private static final int MAX_INSTANCES = Integer.getInteger("replay.instances", 2);
    /** The services whose replay is timed (-Dreplay.services=game,feed); all by default. */
    private static final Set<String> SERVICES = Set.of(System.getProperty("replay.services",
            "game,clock,pairing,rating,feed").split(","));
    private static final Duration READY_WITHIN = Duration.ofMinutes(30);
    private static final String T = "replay-open";

    /** What the generator's store held: the digest of its aggregates, their number, the service's figures. */
    private record Expected(String digest, int aggregates, List<Long> figures) {
    }

    private static <S> Expected expected(AggregateStore<?, ?, S> store,
                                         Function<java.util.Collection<S>, List<Long>> figures) throws Exception {
        return new Expected(digestOf(store.states()), store.size(), figures.apply(store.states().values()));
    }

    private static List<Long> gameFigures(java.util.Collection<GameState> states) {
        long over = states.stream().filter(GameState::isOver).count();
        long results = states.stream().filter(s -> s.result() != null).count();
        return List.of((long) states.size(), over, results);
    }

    private static List<Long> clockFigures(java.util.Collection<ClockState> states) {
        long stopped = states.stream().filter(s -> s.status() == org.torneo.clock.core.clock.ClockStatus.STOPPED)
                .count();
        long moves = states.stream().mapToLong(ClockState::completedMoves).sum();
        return List.of((long) states.size(), stopped, moves);
    }

    @Test
    void everyServiceReplaysAWholeEventToTheStateItWrote() throws Exception {
        // given the log of a whole event, written by the services' deciders
        JsonCodec standard = JsonCodec.standard();
        var game = new EventLogWriter.Service<>(GameDefinition.DEFINITION, standard);
        var clock = new EventLogWriter.Service<>(ClockDefinition.definition(id -> false), standard);
        var pairing = new EventLogWriter.Service<>(PairingDefinition.DEFINITION, standard);
        var rating = new EventLogWriter.Service<>(RatingDefinition.definition(List.of("PTS", "BH/C1", "BH", "SB")),
                RatingDefinition.CODEC);
        String bootstrap = TorneoStack.bootstrapServers();
        System.out.println("REPLAY BENCH stack " + TorneoStack.kind() + " up; " + load());
        long games;
        long ended;
        Map<String, Long> perTopic;
        Map<String, Expected> expected = new TreeMap<>();
        long written = System.nanoTime();
        try (EventLogWriter writer = new EventLogWriter(game, clock, pairing, rating)) {
            writer.writeEvent(T, PLAYERS, ROUNDS, PLIES, 20260601L);
            assertEquals(List.of(), writer.refused, "every input was decided (none the runtime would dead-letter)");
            games = game.store.size();
            ended = writer.gamesEnded();
            perTopic = writer.perTopic;
            System.out.printf(Locale.ROOT, "REPLAY BENCH wrote %,d records in %.1f s: %d players, %d rounds, %,d games,"
                            + " %,d plies, %,d results; per topic %s; per type %s; %s%n", writer.total(),
                    (System.nanoTime() - written) / 1e9, PLAYERS, ROUNDS, games, writer.plies, ended, perTopic,
                    writer.perType, load());
            assertEquals((long) ROUNDS * (PLAYERS / 2), games, "a game per board");
            assertEquals(games, ended, "every game ended");
            expected.put("game", expected(game.store, ReplayBenchmarkTest::gameFigures));
            expected.put("clock", expected(clock.store, ReplayBenchmarkTest::clockFigures));
            expected.put("pairing", expected(pairing.store, ReplayBenchmarkTest::pairingFigures));
            expected.put("rating", expected(rating.store, ReplayBenchmarkTest::ratingFigures));
            assertEquals(List.of(games, games, games), expected.get("game").figures(), "games, finished, with a result");
            assertEquals(List.of(1L, (long) ROUNDS, games), expected.get("pairing").figures(),
                    "tournaments, rounds closed, results recorded");
            assertEquals(List.of(1L, games), expected.get("rating").figures(), "sheets, games scored");
            assertEquals(List.of(games, games, writer.plies), expected.get("clock").figures(),
                    "clocks, stopped, moves completed");
            writer.dropStores();
        }
        KafkaSettings base = KafkaSettings.of(bootstrap, "replay").withExtra(TorneoStack.clientSecurity());
        List<String> lines = new ArrayList<>();
        for (int instances = 1; instances <= MAX_INSTANCES; instances++) {
            // when each service starts on it, then it holds what was written
            if (SERVICES.contains("game")) {
                lines.add(replay(GameDefinition.DEFINITION, standard, base, instances, expected.get("game"), perTopic,
                        ReplayBenchmarkTest::gameFigures, "games, finished, with a result"));
            }
            if (SERVICES.contains("clock")) {
                lines.add(replay(ClockDefinition.definition(id -> false), standard, base, instances,
                        expected.get("clock"), perTopic, ReplayBenchmarkTest::clockFigures,
                        "clocks, stopped, moves completed"));
            }
            if (SERVICES.contains("pairing")) {
                lines.add(replay(PairingDefinition.DEFINITION, standard, base, instances, expected.get("pairing"),
                        perTopic, ReplayBenchmarkTest::pairingFigures, "tournaments, rounds closed, results recorded"));
            }
            if (SERVICES.contains("rating")) {
                lines.add(replay(RatingDefinition.definition(List.of("PTS", "BH/C1", "BH", "SB")),
                        RatingDefinition.CODEC, base, instances, expected.get("rating"), perTopic,
                        ReplayBenchmarkTest::ratingFigures, "sheets, games scored"));
            }
        }
        if (SERVICES.contains("feed")) {
            lines.add(feed(bootstrap, perTopic, games));
        }
        System.out.println("REPLAY BENCH summary (" + PLAYERS + " players x " + ROUNDS + " rounds, " + PLIES
                + " plies a game):");
        lines.forEach(l -> System.out.println("REPLAY BENCH   " + l));
    }

    private static List<Long> pairingFigures(java.util.Collection<TournamentState> tournaments) {
        long closed = 0;
        long results = 0;
        for (TournamentState t : tournaments) {
            for (int r = 1; r <= t.lastRound(); r++) {
                var round = t.round(r).orElseThrow();
                closed += round.closed() ? 1 : 0;
                results += round.results().size();
            }
        }
        return List.of((long) tournaments.size(), closed, results);
    }

    private static List<Long> ratingFigures(java.util.Collection<RatingSheet> sheets) {
        long scored = 0;
        for (RatingSheet sheet : sheets) {
            for (int r = 1; r <= sheet.lastRound(); r++) {
                scored += sheet.round(r).games().size();
            }
        }
        return List.of((long) sheets.size(), scored);
    }

    /**
     * Starts {@code instances} runtimes of one group on the log, times them until all are running and hold every
     * aggregate between them, checks the state and prints the figures.
     */
    private static <C, E extends EventMessage, S> String replay(AggregateDefinition<C, E, S> definition,
            JsonCodec codec, KafkaSettings base, int instances, Expected expected, Map<String, Long> perTopic,
            Function<java.util.Collection<S>, List<Long>> figures, String what) throws Exception {
        String service = definition.name();
        // a group of its own per measurement: no member of an earlier one to wait for
        AggregateDefinition<C, E, S> named = definition.named(service + "-replay-" + instances);
        long events = definition.eventTopics().stream().mapToLong(t -> perTopic.getOrDefault(t.name(), 0L)).sum();
        settle();
        resetPeaks();
        long before = heapUsed();
        List<KafkaAggregateRuntime<C, E, S>> runtimes = new ArrayList<>();
        Cpu cpu = new Cpu("torneo-" + named.name());
        long started = System.nanoTime();
        try {
            for (int i = 1; i <= instances; i++) {
                KafkaSettings settings = new KafkaSettings(base.bootstrapServers(), "replay-" + instances + "-" + i,
                        base.pollTimeout(), base.maxBlock(), base.topicPrefix(), base.extra());
                KafkaAggregateRuntime<C, E, S> runtime = new KafkaAggregateRuntime<>(named, codec, settings);
                runtimes.add(runtime);
                runtime.start();
            }
            long deadline = System.nanoTime() + READY_WITHIN.toNanos();
            while (!whole(runtimes, expected.aggregates())) {
                assertTrue(System.nanoTime() < deadline, service + " not ready within " + READY_WITHIN + ": "
                        + runtimes.stream().map(KafkaAggregateRuntime::statusDetail).toList());
                Thread.sleep(10);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            String cpuSpent = cpu.spent();
            long peak = peakHeap();
            long retained = retainedHeap(before);
            // then it holds what was written: every aggregate, each in the state the deciders left it
            Map<String, S> states = new TreeMap<>();
            long replayed = 0;
            for (KafkaAggregateRuntime<C, E, S> runtime : runtimes) {
                assertEquals(0, runtime.unreadableEvents(), service + ": unreadable events");
                runtime.read(store -> {
                    assertEquals(Map.of(), store.gaps(), service + ": aggregates stopped at a gap");
                    states.putAll(store.states());
                    return null;
                });
                replayed += runtime.read(AggregateStore::replayedEvents);
            }
            List<Long> got = figures.apply(states.values());
            List<String> split = runtimes.stream().map(r -> r.read(AggregateStore::size) + " aggregates on partitions "
                    + new java.util.TreeSet<>(r.heldPartitions())).toList();
            String line = String.format(Locale.ROOT, "%-7s %d instance%s: ready in %6.2f s (CPU %s),"
                            + " %,d events applied (%,d records on its event topics) = %,.0f events/s; heap peak %,d MB,"
                            + " retained %,d MB (%,d MB before); %s %s; %s; %s",
                    service, instances, instances == 1 ? " " : "s", seconds, cpuSpent, replayed, events, replayed / seconds,
                    peak >> 20, retained >> 20, before >> 20, what, got, instances == 1 ? "" : String.join(" | ", split), load());
            System.out.println("REPLAY BENCH " + line);
            assertEquals(expected.aggregates(), states.size(), service + ": aggregates");
            assertEquals(expected.digest(), digestOf(states), service + ": the replayed states are the written ones");
            assertEquals(expected.figures(), got, service + ": " + what);
            if (instances == 1) {
                assertEquals(events, replayed, service + ": every event of its topics applied");
            } else {
                // an instance that held a partition before the group shared them out replayed it too, then dropped it
                assertTrue(replayed >= events, service + ": every event of its topics applied");
            }
            return line;
        } finally {
            for (KafkaAggregateRuntime<C, E, S> runtime : runtimes) {
                runtime.close();
            }
        }
    }

    /**
     * Every runtime running, each with partitions of its own when there are several (the group has shared them out:
     * the first one up may have held them all for a moment), and all aggregates held between them.
     */
    private static boolean whole(List<? extends KafkaAggregateRuntime<?, ?, ?>> runtimes, int aggregates) {
        int held = 0;
        Set<Integer> partitions = new HashSet<>();
        for (KafkaAggregateRuntime<?, ?, ?> runtime : runtimes) {
            if (runtime.status() != KafkaAggregateRuntime.Status.RUNNING
                    || runtimes.size() > 1 && runtime.heldPartitions().isEmpty()) {
                return false;
            }
            for (Integer p : runtime.heldPartitions()) {
                if (!partitions.add(p)) {
                    return false;
                }
            }
            held += runtime.read(AggregateStore::size);
        }
        return held == aggregates;
    }

    /** The feed's reader (no store, no dead letters) on the event topics to their end. */
    private static String feed(String bootstrap, Map<String, Long> perTopic, long games) throws Exception {
        long records = List.of(Topics.TOURNAMENT, Topics.MOVES, Topics.CLAIMS, Topics.CLOCK, Topics.RESULTS,
                Topics.RATINGS).stream().mapToLong(t -> perTopic.getOrDefault(t.name(), 0L)).sum();
        settle();
        resetPeaks();
        long before = heapUsed();
        FeedModel model = new FeedModel(java.time.Clock.systemUTC());
        FeedReader reader = new FeedReader(bootstrap, TorneoStack.clientSecurity(), model);
        Cpu cpu = new Cpu("feed-", "ForkJoinPool.commonPool-");
        long started = System.nanoTime();
        reader.start();
        try {
            long deadline = System.nanoTime() + READY_WITHIN.toNanos();
            while (!reader.caughtUp()) {
                assertTrue(System.nanoTime() < deadline, "feed not caught up within " + READY_WITHIN);
                Thread.sleep(10);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            String cpuSpent = cpu.spent();
            long peak = peakHeap();
            long retained = retainedHeap(before);
            Views.FeedStats stats = model.stats();
            long boards = 0;
            long withResult = 0;
            for (int r = 1; r <= ROUNDS; r++) {
                for (Views.BoardView board : model.round(T, r, FeedFilter.ALL).boards()) {
                    boards++;
                    withResult += board.result() != null && !board.result().isBlank() && !board.live() ? 1 : 0;
                }
            }
            String line = String.format(Locale.ROOT, "feed    1 instance : caught up in %6.2f s (CPU %s),"
                            + " %,d records applied (%,d of them counted as skipped: nothing to show) = %,.0f records/s;"
                            + " heap peak %,d MB, retained %,d MB (%,d MB before); boards, with a result [%d, %d]; %s",
                    seconds, cpuSpent, stats.applied(),
                    stats.skipped(), stats.applied() / seconds, peak >> 20, retained >> 20, before >> 20, boards, withResult, load());
            System.out.println("REPLAY BENCH " + line);
            assertEquals(records, stats.applied(), "feed: every record of its topics applied");
            assertEquals(games, boards, "feed: boards");
            assertEquals(games, withResult, "feed: finished boards with their result");
            return line;
        } finally {
            reader.stop();
        }
    }

    /** One SHA-256 over the aggregates in id order, each its state's canonical digest (no whole-store dump). */
    static String digestOf(Map<String, ?> states) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (var entry : new TreeMap<>(states).entrySet()) {
            sha.update(entry.getKey().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(StateDigest.of(entry.getValue()).getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
        }
        return java.util.HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The CPU time spent since it was made by the threads whose name starts with one of the prefixes (a runtime's
     * own thread and lanes; the feed's reader and the common pool it decodes in), and by the whole test JVM (its
     * collector and compiler too; the broker is a process of its own): the replay's work, which the wall time shows
     * only on a quiet machine.
     */
    private static final class Cpu {
        private final List<String> prefixes;
        private final Map<Long, Long> threadsBefore;
        private final long processBefore;

        Cpu(String... prefixes) {
            this.prefixes = List.of(prefixes);
            this.threadsBefore = threads();
            this.processBefore = process();
        }

        private Map<Long, Long> threads() {
            var bean = ManagementFactory.getThreadMXBean();
            Map<Long, Long> cpu = new java.util.HashMap<>();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (prefixes.stream().anyMatch(thread.getName()::startsWith)) {
                    cpu.put(thread.threadId(), Math.max(0, bean.getThreadCpuTime(thread.threadId())));
                }
            }
            return cpu;
        }

        private static long process() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }

        /** "its threads X s, the JVM Y s". */
        String spent() {
            long threads = 0;
            for (var entry : threads().entrySet()) {
                threads += entry.getValue() - threadsBefore.getOrDefault(entry.getKey(), 0L);
            }
            return String.format(Locale.ROOT, "its threads %.2f s, the JVM %.2f s", threads / 1e9,
                    (process() - processBefore) / 1e9);
        }
    }

    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(200);
    }

    private static void resetPeaks() {
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** The heap the replayed state keeps: used after a collection, less what was used before the start. */
    private static long retainedHeap(long before) throws InterruptedException {
        settle();
        return Math.max(0, heapUsed() - before);
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** The load averages (1, 5, 15 min) from /proc/loadavg, as `uptime` shows them. */
    static String load() {
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
            return "load " + f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException e) {
            return "load ?";
        }
    }
}

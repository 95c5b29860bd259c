package org.torneo.cli.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.torneo.cli.Command;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;

/**
 * {@code ./torneo chaos}: the demo tournament of a seed, twice on one local stack: first undisturbed, then while a
 * seeded {@link FaultSchedule} kills ({@code kill -9}) every service process, the Kafka broker and PostgreSQL at
 * points of the tournament (in a round, in a pairing, in a replay right after a restart) and the stack's supervisor
 * starts them again. It then compares the two runs and prints one line: commands sent, decided, lost, duplicated;
 * per service whether the digest of what it wrote is the same; the audit's discrepancies; feed events missing.
 *
 * <p>Why two runs agree: every move, offer, claim and resignation follows from the seed (GamePlanner), flag falls are
 * planned (a player stops moving), pairings follow from results, and every command carries the instant the edge sent
 * it, so a command that reaches a service late (its service was down) is decided as if on time. The clock service
 * checks a flag {@code --flag-grace} after its deadline, longer than a restart takes, so that presses made in time but
 * held up by a dead service land first. Instants, ids and clock readings differ between any two runs; the digests
 * leave them out ({@link RunRecord}).
 */
@CommandLine.Command(name = "chaos", description = {"run the demo tournament of a seed undisturbed, then again while every"
        + " process is killed (kill -9) and restarted; compare"})
public final class ChaosCommand extends Command {

    // The defaults are issue 21's run: at least 300 boards (602 players: 300 and a bye, then 301) and every process
    // killed twice (the default faults), in two rounds (about 22 minutes for both runs on 2 cores)
    @Option(names = "--players", paramLabel = "N", description = "players (default ${DEFAULT-VALUE})")
    int players = 602;

    @Option(names = "--rounds", paramLabel = "R", description = "rounds (default ${DEFAULT-VALUE})")
    int rounds = 2;

    @Option(names = "--seed", paramLabel = "S", description = "the seed of the tournament and of the faults (default ${DEFAULT-VALUE})")
    long seed = 11;

    @Option(names = "--faults", paramLabel = "N", description = "faults, 0 to 200 (default: 2 per process)")
    int faults = -1;

    @Option(names = "--halls", paramLabel = "H", description = "playing halls (default ${DEFAULT-VALUE})")
    int halls = 4;

    @Option(names = "--speed", paramLabel = "X", description = "as demo's --speed (default ${DEFAULT-VALUE})")
    double speed = 1;

    @Option(names = "--flag-grace", paramLabel = "DURATION",
            description = "how long after a deadline the clock service checks a flag, PT0S to PT10M (default ${DEFAULT-VALUE})")
    Duration grace = Duration.ofSeconds(180);

    @Option(names = "--targets", paramLabel = "game,kafka,...", split = ",",
            description = "the processes to kill (default: every service, kafka (kafka-1..3), postgres)")
    List<String> targets = List.of();

    @Option(names = "--brokers", paramLabel = "1|3", description = "Kafka brokers (default ${DEFAULT-VALUE})")
    int brokers = 1;

    @Option(names = "--instances", paramLabel = "N", description = "instances of every service but the feed and the console,"
            + " 1 to 4, each a target of its own: game, game-2, ... (default ${DEFAULT-VALUE})")
    int instances = 1;

    record Options(int players, int rounds, long seed, int faults, int halls, double speed, Duration flagGrace,
                   List<String> targets, int brokers, int instances) {
    }

    /** The options, checked: a value out of its range is a usage error naming the option. */
    Options options() {
        if (brokers != 1 && brokers != 3) {
            throw usageError("--brokers must be 1 or 3, not " + brokers);
        }
        if (faults < -1 || faults > 200) {
            throw usageError("--faults must be 0 to 200, not " + faults);
        }
        if (grace.isNegative() || grace.compareTo(Duration.ofMinutes(10)) > 0) {
            throw usageError("--flag-grace must be PT0S to PT10M, not " + grace);
        }
        return new Options(players, rounds, seed, faults, halls, speed, grace, List.copyOf(targets), brokers,
                org.torneo.cli.stack.UpCommand.instances(instances));
    }

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        Options options = options();
        List<String> demoArgs = List.of("--players", Integer.toString(options.players()), "--rounds",
                Integer.toString(options.rounds()), "--seed", Long.toString(options.seed()), "--halls",
                Integer.toString(Math.min(options.halls(), options.players() / 2)), "--speed",
                Double.toString(options.speed()));
        // its checks, before anything starts
        DemoOptions.of(options.players(), options.rounds(), Math.min(options.halls(), options.players() / 2),
                options.speed(), options.seed(), false, "STANDARD");
        StackHome home = StackHome.fromSystem();
        if (home.liveSupervisor().isPresent()) {
            err.println("torneo chaos: a stack is running; it starts its own (with restarts on): ./torneo down first");
            return 2;
        }
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TORNEO_CLOCK_FLAG_GRACE", options.flagGrace().toString());
        environment.put("TORNEO_RESTART", "on");
        environment.put("TORNEO_BROKERS", Integer.toString(options.brokers()));
        environment.put("TORNEO_INSTANCES", Integer.toString(options.instances()));
        if (System.getenv("TORNEO_SERVICE_READY_SECONDS") == null) {
            environment.put("TORNEO_SERVICE_READY_SECONDS", "900"); // eight JVMs on a small shared machine start slowly
        }
        if (System.getenv("TORNEO_KEYCLOAK") == null) {
            environment.put("TORNEO_KEYCLOAK", "off"); // the demo's edge talks Kafka: no sign-in needed
        }
        StackControl stack = new StackControl(home, out, err);
        try {
            return compare(options, demoArgs, environment, home, out, err);
        } finally {
            stack.down();
        }
    }

    private int compare(Options options, List<String> demoArgs, Map<String, String> environment, StackHome home,
                        PrintStream out, PrintStream err) throws Exception {
        // 1. undisturbed
        out.println("chaos: run 1 of 2, undisturbed (seed " + options.seed() + ")");
        DemoCommand quiet = demo(environment);
        int quietStatus = quiet.run(demoArgs, out, err);
        if (quiet.lastEdge == null) {
            err.println("torneo chaos: the undisturbed run did not start (status " + quietStatus + ")");
            return 1;
        }
        RunRecord baseline = RunRecord.of(quiet.tournamentId(), quiet.lastEdge, quiet.lastReport, quiet.lastFeedPort);
        // 2. the same seed under faults
        Properties state = home.readState();
        List<String> targets = new ArrayList<>(List.of(state.getProperty("services", "").split(",")));
        targets.removeIf(String::isBlank);
        int brokers = Integer.parseInt(state.getProperty("kafka.brokers", "1"));
        if (brokers == 1) {
            targets.add("kafka");
        } else {
            for (int n = 1; n <= brokers; n++) {
                targets.add("kafka-" + n); // one at a time: the injector waits for a node to be back before the next
            }
        }
        if (state.getProperty("postgres.pid") != null) {
            targets.add("postgres");
        }
        if (!options.targets().isEmpty()) {
            for (String target : options.targets()) {
                if (!targets.contains(target)) {
                    err.println("torneo chaos: --targets names '" + target + "', which this stack does not run; it runs "
                            + targets);
                    return 2;
                }
            }
            targets = new ArrayList<>(options.targets());
        }
        int boards = options.players() / 2;
        long moves = FaultSchedule.plannedMoves(options.seed(), options.rounds(), boards);
        int faults = options.faults() >= 0 ? options.faults() : 2 * targets.size();
        FaultSchedule schedule = FaultSchedule.plan(options.seed(), targets, faults, moves, options.rounds());
        out.println("chaos: run 2 of 2, " + schedule.kills() + " kill(s) planned over " + moves + " planned moves: "
                + schedule.faults().stream().map(FaultSchedule.Fault::describe).toList());
        DemoCommand chaotic = demo(environment);
        chaotic.startStack = false; // the first run's stack, with its restart policy
        RunRecord[] disturbed = new RunRecord[1];
        FaultInjector injector = new FaultInjector(schedule, home, out);
        try {
            chaotic.onEdge = injector::start;
            chaotic.beforePairing = injector::beforePairing;
            // taken before the edge closes: a service restarted late (a partition gained only when a killed
            // instance's session ended) writes a round's presses after the last game ended, and a closed edge would
            // read none of them
            chaotic.beforeEdgeCloses = edge -> {
                injector.finish();
                awaitAllUp(home, Duration.ofMinutes(5));
                awaitServices(edge, baseline, Duration.ofMinutes(10));
                awaitFeed(chaotic, baseline, Duration.ofMinutes(3));
                disturbed[0] = RunRecord.of(chaotic.tournamentId(), edge, chaotic.lastReport, chaotic.lastFeedPort);
                if (!disturbed[0].serviceEvents().containsKey("feed")) {
                    out.println("chaos: the feed's log of " + chaotic.tournamentId() + " was not read (port "
                            + chaotic.lastFeedPort + "): " + RunRecord.lastFeedFailure);
                }
            };
            int status = chaotic.run(demoArgs, out, err);
            if (chaotic.lastEdge == null || disturbed[0] == null) {
                err.println("torneo chaos: the disturbed run did not start (status " + status + ")");
                return 1;
            }
        } finally {
            injector.close();
        }
        printFigures(injector, home.readState(), chaotic.lastEdge, out);
        return summarize(options, baseline, disturbed[0], injector, chaotic.lastEdge, out);
    }

    /**
     * A restarted feed is healthy before it has read everything again: wait until its log of the tournament holds as
     * many events as the undisturbed run's, or stops growing for 20 s.
     */
    private static void awaitFeed(DemoCommand run, RunRecord baseline, Duration timeout) throws InterruptedException {
        if (run.lastFeedPort == null) {
            return;
        }
        int wanted = baseline.serviceEvents().getOrDefault("feed", 0);
        long deadline = System.nanoTime() + timeout.toNanos();
        int last = -1;
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            List<com.fasterxml.jackson.databind.JsonNode> log = RunRecord.feedLog(run.lastFeedPort, run.tournamentId());
            int size = log == null ? -1 : log.size();
            if (size >= wanted) {
                return;
            }
            if (size != last) {
                last = size;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > QUIET.toNanos()) {
                return;
            }
            Thread.sleep(1000);
        }
    }

    /**
     * How long nothing new may arrive before a service counts as caught up: a broker killed near the end restarts in
     * minutes on a loaded machine, and the services then read what waited (a round's presses, its results).
     */
    static final Duration QUIET = Duration.ofSeconds(120);

    /**
     * Waits until every service wrote, as far as the edge has read, at least as many events as in the undisturbed run,
     * or nothing new came for {@link #QUIET}: the record must not be taken while a service still catches up after the
     * last fault (a comparison taken then counts its backlog as lost).
     */
    private static void awaitServices(Edge edge, RunRecord baseline, Duration timeout) throws InterruptedException {
        if (edge == null) {
            return;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        long stableSince = System.nanoTime();
        Map<String, Integer> last = Map.of();
        while (System.nanoTime() < deadline) {
            Map<String, Integer> counts = new java.util.TreeMap<>();
            for (Edge.Logged logged : edge.history()) {
                counts.merge(RunRecord.serviceOf(logged.topic()), 1, Integer::sum);
            }
            boolean caughtUp = baseline.serviceEvents().entrySet().stream().filter(e -> !e.getKey().equals("feed"))
                    .allMatch(e -> counts.getOrDefault(e.getKey(), 0) >= e.getValue());
            if (caughtUp) {
                return;
            }
            if (!counts.equals(last)) {
                last = counts;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > QUIET.toNanos()) {
                return;
            }
            Thread.sleep(1000);
        }
    }

    private static DemoCommand demo(Map<String, String> environment) {
        DemoCommand demo = new DemoCommand();
        demo.stackEnvironment = environment;
        // a round waits for its last game much longer than the demo does: a restart, and the flag grace
        demo.quietTimeout = Duration.ofMinutes(6);
        demo.plannedInstants = true;
        return demo;
    }

    /** Waits until the supervisor has every service healthy, the broker and PostgreSQL running again. */
    private static void awaitAllUp(StackHome home, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Properties state = home.readState();
            boolean up = true;
            for (String service : state.getProperty("services", "").split(",")) {
                if (!service.isBlank() && !alive(FaultInjector.pidOf(service, state))
                        || !service.isBlank() && state.getProperty("service." + service + ".restarts") != null
                        && state.getProperty("service." + service + ".healthy.at") == null) {
                    up = false;
                }
            }
            int brokers = Integer.parseInt(state.getProperty("kafka.brokers", "1"));
            for (int n = 1; n <= brokers; n++) {
                up &= alive(FaultInjector.pidOf(brokers == 1 ? "kafka" : "kafka-" + n, state));
            }
            if (state.getProperty("postgres.pid") != null) {
                up &= alive(FaultInjector.pidOf("postgres", state));
            }
            if (up) {
                return;
            }
            Thread.sleep(200);
        }
    }

    private static boolean alive(long pid) {
        return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void printFigures(FaultInjector injector, Properties state, Edge edge, PrintStream out) {
        int instances = Integer.parseInt(state.getProperty("instances", "1"));
        out.println("chaos: kill -9 of " + (instances > 1 ? "one of " + instances + " game service instances"
                : "the game service") + " to the next move decided (read by the edge), ms: "
                + injector.gameKillToNextMoveMillis());
        out.println("chaos: kill -9 of the broker to the next committed event (read by the edge), ms: "
                + injector.brokerKillToNextCommitMillis());
        StringBuilder replay = new StringBuilder("chaos: restart to healthy (replay done) per process, ms:");
        for (String service : state.getProperty("services", "").split(",")) {
            String times = state.getProperty("service." + service + ".recoveries.ms");
            if (times != null) {
                replay.append(' ').append(service).append(" [").append(times.replace(' ', ',')).append(']');
            }
        }
        for (String server : List.of("kafka", "kafka-1", "kafka-2", "kafka-3", "postgres")) {
            String times = state.getProperty(server + ".recoveries.ms");
            if (times != null) {
                replay.append(' ').append(server).append(" [").append(times.replace(' ', ',')).append(']');
            }
        }
        out.println(replay);
        if (edge != null) {
            out.println("chaos: the edge re-sent " + edge.resends() + " command(s) the broker had not acknowledged (same"
                    + " command ids); " + edge.unsent() + " given up");
        }
    }

    private static int summarize(Options options, RunRecord baseline, RunRecord disturbed, FaultInjector injector,
                                 Edge edge, PrintStream out) {
        long lost = Math.max(0, disturbed.undecided() - baseline.undecided()) + (edge == null ? 0 : edge.unsent());
        long duplicated = Math.max(0, disturbed.duplicated() - baseline.duplicated());
        List<String> digests = new ArrayList<>();
        boolean allEqual = true;
        for (String service : baseline.serviceDigests().keySet()) {
            boolean equal = baseline.serviceDigests().get(service).equals(disturbed.serviceDigests().get(service));
            allEqual &= equal;
            digests.add(service + (equal ? " equal" : " DIFFERENT"));
        }
        for (String service : disturbed.serviceDigests().keySet()) {
            if (!baseline.serviceDigests().containsKey(service)) {
                digests.add(service + " DIFFERENT");
                allEqual = false;
            }
        }
        int feedMissing = 0;
        List<String> missingKinds = new ArrayList<>();
        for (var entry : baseline.feedEvents().entrySet()) {
            int missing = Math.max(0, entry.getValue() - disturbed.feedEvents().getOrDefault(entry.getKey(), 0));
            feedMissing += missing;
            if (missing > 0) {
                missingKinds.add(entry.getKey() + " x" + missing);
            }
        }
        if (!missingKinds.isEmpty()) {
            // which kinds of feed event (type, round, hall, board) the disturbed run lacks: where to look first
            out.println("chaos: the feed lacks " + (missingKinds.size() > 40
                    ? missingKinds.subList(0, 40) + " and " + (missingKinds.size() - 40) + " more" : missingKinds));
        }
        if (disturbed.feedIdGaps() > 0) {
            out.println("chaos: the feed's log of the disturbed run has " + disturbed.feedIdGaps() + " gap(s) in its ids");
        }
        if (!allEqual) {
            for (String service : baseline.serviceDigests().keySet()) {
                out.printf("chaos: %s wrote %d event(s) undisturbed, %d under faults%n", service,
                        baseline.serviceEvents().getOrDefault(service, 0), disturbed.serviceEvents().getOrDefault(service, 0));
            }
        }
        out.println("chaos: undisturbed run: " + baseline.auditLine() + "; commands sent " + baseline.sent().size()
                + ", without an event " + baseline.undecided());
        Map<String, Integer> kills = injector.killsByTarget();
        int killed = kills.values().stream().mapToInt(Integer::intValue).sum();
        out.printf("chaos: seed %d, %d kill -9 %s%s: commands sent %d, decided %d, lost %d, duplicated %d; digests %s;"
                        + " audit discrepancies %d; feed events missing %d%n",
                options.seed(), killed, kills, injector.notFired() > 0 ? " (" + injector.notFired() + " planned fault(s)"
                        + " not reached)" : "", disturbed.sent().size(), disturbed.decided(), lost, duplicated,
                String.join(", ", digests), Math.max(0, disturbed.auditDiscrepancies()), feedMissing);
        boolean clean = lost == 0 && duplicated == 0 && allEqual && disturbed.auditDiscrepancies() == 0
                && feedMissing == 0 && disturbed.feedIdGaps() <= 0 && injector.failure() == null;
        return clean ? 0 : 1;
    }
}

package org.torneo.cli.demo;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.torneo.stack.supervisor.StackHome;

/**
 * Carries out a {@link FaultSchedule} during a demo run: at each fault's point it sends SIGKILL
 * ({@link ProcessHandle#destroyForcibly()}, i.e. {@code kill -9}) to the process the stack's supervisor started for the
 * target (its pid from .torneo/state.properties), then waits until the supervisor (TORNEO_RESTART=on) has it running
 * and healthy again before the next fault, so one process is down at a time. It measures the time from a kill of the
 * game service to the next move the edge reads, and from a broker kill to the next committed event the edge reads.
 */
final class FaultInjector implements AutoCloseable {

    /** One kill that was really sent. */
    record Kill(String target, long pid, long at, boolean duringReplay) {
    }

    private final FaultSchedule schedule;
    private final StackHome home;
    private final PrintStream out;
    private final Thread thread;
    private final List<Kill> kills = new ArrayList<>();
    private final List<Long> gameToMoveMillis = new ArrayList<>();
    private final List<Long> brokerToCommitMillis = new ArrayList<>();
    private volatile Edge edge;
    private volatile int pairingRound;
    private volatile boolean running = true;
    private volatile String failure;
    /** When (edge wall clock) the single broker killed last was seen running again; -1 while it is down. */
    private volatile long brokerBackAt = -1;

    FaultInjector(FaultSchedule schedule, StackHome home, PrintStream out) {
        this.schedule = schedule;
        this.home = home;
        this.out = out;
        this.thread = new Thread(this::run, "torneo-chaos-faults");
        this.thread.setDaemon(true);
    }

    /** Binds to the edge of the run and starts. */
    void start(Edge edge) {
        this.edge = edge;
        thread.start();
    }

    /** Called just before round {@code round}'s pairing is asked for: a pairing fault of that round fires now. */
    void beforePairing(int round) {
        pairingRound = round;
        // give a pairing fault its chance to fire while the pairing service works on the command
        long until = System.currentTimeMillis() + 300;
        while (System.currentTimeMillis() < until && nextPairingFaultIs(round)) {
            sleep(20);
        }
    }

    private volatile int next;

    private boolean nextPairingFaultIs(int round) {
        int i = next;
        return i < schedule.faults().size() && schedule.faults().get(i).atPairing() == round;
    }

    private void run() {
        try {
            for (int i = 0; i < schedule.faults().size() && running; i++) {
                next = i;
                FaultSchedule.Fault fault = schedule.faults().get(i);
                while (running && !due(fault)) {
                    sleep(20);
                }
                if (!running) {
                    return;
                }
                if (fault.atPairing() > 0) {
                    sleep(150); // the pairing command is on its way: the service dies while it decides it
                }
                fire(fault);
            }
            next = schedule.faults().size();
        } catch (RuntimeException e) {
            failure = e.toString();
            out.println("chaos: fault injection stopped: " + e);
        }
    }

    private boolean due(FaultSchedule.Fault fault) {
        if (fault.atPairing() > 0) {
            return pairingRound >= fault.atPairing();
        }
        return edge.movesPlayed() >= fault.atMove();
    }

    private void fire(FaultSchedule.Fault fault) {
        Properties before = home.readState();
        long pid = pidOf(fault.target(), before);
        if (pid <= 0) {
            out.println("chaos: " + fault.target() + " has no pid in the stack's state: not killed");
            return;
        }
        int restartsBefore = restarts(fault.target(), before);
        long killedPid = pid;
        if (fault.target().equals("kafka")) {
            brokerBackAt = -1;
        }
        long killedAt = kill(fault.target(), pid, false);
        if (fault.target().equals("game") || fault.target().matches("game-\\d+")) {
            // with several instances one of them is killed: the others take its partitions over
            measureAsync(() -> edge.firstMoveReadAfter(killedAt), killedAt, gameToMoveMillis);
        } else if (fault.target().equals("kafka")) {
            // the only broker: nothing commits until it is back; what the edge reads before that was fetched before
            // the kill, so the clock starts at the kill and stops at the first event read after the new process runs
            measureAsync(() -> {
                long back = brokerBackAt;
                return back < 0 ? -1 : edge.firstEventReadAfter(back);
            }, killedAt, brokerToCommitMillis);
        } else if (fault.target().startsWith("kafka-")) {
            // one node of three: the others go on; an event read within 200 ms may have been fetched before the kill
            measureAsync(() -> edge.firstEventReadAfter(killedAt + 200), killedAt, brokerToCommitMillis);
        }
        if (fault.replayKillMs() > 0) {
            long restarted = awaitNewPid(fault.target(), pid, 180_000);
            if (restarted > 0) {
                sleep(fault.replayKillMs());
                Properties now = home.readState();
                boolean replaying = !isService(fault.target()) || now.getProperty("service." + fault.target() + ".healthy.at") == null;
                kill(fault.target(), restarted, replaying);
                killedPid = restarted;
                restartsBefore++;
            }
        }
        // the next fault may strike another process while this one replays; a broker or PostgreSQL is back first
        if (isService(fault.target())) {
            awaitNewPid(fault.target(), killedPid, 300_000);
        } else {
            awaitRecovered(fault.target(), restartsBefore + 1, 300_000);
            if (fault.target().equals("kafka")) {
                brokerBackAt = System.currentTimeMillis();
            }
        }
    }

    private long kill(String target, long pid, boolean duringReplay) {
        long at = System.currentTimeMillis();
        boolean sent = ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false);
        synchronized (this) {
            if (sent) {
                kills.add(new Kill(target, pid, at, duringReplay));
            }
        }
        out.printf("chaos: %s kill -9 %s (pid %d)%s at %d moves%n", Instant.ofEpochMilli(at), target, pid,
                duringReplay ? " while it replays after its restart" : "", edge.movesPlayed());
        return at;
    }

    private void measureAsync(java.util.function.LongSupplier firstAfter, long killedAt, List<Long> into) {
        Thread watcher = new Thread(() -> {
            long deadline = System.currentTimeMillis() + 600_000;
            while (running && System.currentTimeMillis() < deadline) {
                long seen = firstAfter.getAsLong();
                if (seen >= 0) {
                    synchronized (this) {
                        into.add(seen - killedAt);
                    }
                    return;
                }
                sleep(20);
            }
        }, "torneo-chaos-measure");
        watcher.setDaemon(true);
        watcher.start();
    }

    private long awaitNewPid(String target, long oldPid, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            long pid = pidOf(target, home.readState());
            if (pid > 0 && pid != oldPid && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return pid;
            }
            sleep(20);
        }
        return -1;
    }

    /** Until the supervisor counts the restart and (a service) reports it healthy. */
    private void awaitRecovered(String target, int restarts, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            Properties state = home.readState();
            if (restarts(target, state) >= restarts
                    && (!isService(target) || state.getProperty("service." + target + ".healthy.at") != null)) {
                return;
            }
            sleep(100);
        }
        throw new IllegalStateException(target + " was not running again " + timeoutMillis / 1000 + " s after its kill");
    }

    /** A service (not {@code kafka}, a cluster node {@code kafka-N}, or {@code postgres}). */
    static boolean isService(String target) {
        return !target.startsWith("kafka") && !target.equals("postgres");
    }

    static long pidOf(String target, Properties state) {
        String key = isService(target) ? "service." + target + ".pid" : target + ".pid";
        try {
            return Long.parseLong(state.getProperty(key, "-1").trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int restarts(String target, Properties state) {
        String key = isService(target) ? "service." + target + ".restarts" : target + ".restarts";
        return Integer.parseInt(state.getProperty(key, "0").trim());
    }

    /** Waits until the last fault's process is back (or the timeout), then stops. */
    void finish() {
        running = false;
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized List<Kill> kills() {
        return List.copyOf(kills);
    }

    /** Kills per target, in the order the targets were first killed. */
    synchronized Map<String, Integer> killsByTarget() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        kills.forEach(k -> counts.merge(k.target(), 1, Integer::sum));
        return counts;
    }

    synchronized List<Long> gameKillToNextMoveMillis() {
        return List.copyOf(gameToMoveMillis);
    }

    synchronized List<Long> brokerKillToNextCommitMillis() {
        return List.copyOf(brokerToCommitMillis);
    }

    /** Faults of the schedule that never fired (the tournament ended first). */
    int notFired() {
        return schedule.faults().size() - next;
    }

    String failure() {
        return failure;
    }

    @Override
    public void close() {
        finish();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

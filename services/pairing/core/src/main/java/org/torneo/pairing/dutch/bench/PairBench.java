package org.torneo.pairing.dutch.bench;

import java.io.PrintStream;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.dutch.RandomTournamentGenerator;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfReader;
import org.torneo.trf.TrfWriter;

/**
 * Prints the time to pair one round of each TRF given with the Dutch engine: wall time, CPU time of the pairing
 * thread, and the peak heap in use while pairing (sampled every 5 ms; it includes garbage not yet collected).
 * <ul>
 *   <li>{@code PairBench IN.trf...}</li>
 *   <li>{@code PairBench --generate PLAYERS ROUNDS SEED [--save OUT.trf]}: an event whose first ROUNDS − 1
 *       rounds are paired by the Dutch engine; times the pairing of round ROUNDS;</li>
 *   <li>{@code PairBench --generate-fast PLAYERS ROUNDS SEED [--save OUT.trf]}: the same, but the history is
 *       paired by a quick score-order Swiss (for fields too big to build with the engine in reasonable time);
 *       only the last round is paired by the Dutch engine, and timed.</li>
 * </ul>
 * Run with {@code -Xmx1g} to check the memory target. Figures on the shared 2-vCPU machine (CPU time of the
 * pairing thread, session 3, load average 7–12; the package documentation has the full table):
 * {@code --generate-fast 1000 3 1} 1.13–1.22 s (the JVM's first Dutch pairing; 5.2 s in session 2),
 * {@code --generate 1000 3 1} 0.62 s, {@code --generate 1000 6 1} 0.28–0.31 s (12–13 s before the bracket-alone
 * shortcut, 0.81 s in session 2), {@code --generate 2000 6 1} 1.8–2.0 s (7.6 s), {@code --generate-fast 5000 6 1}
 * 25.0–25.8 s within {@code -Xmx1g} (151 s). On a busy machine the wall time of a fresh JVM is mostly the JIT's.
 */
public final class PairBench {

    private PairBench() {
    }

    public static void main(String[] args) throws Exception {
        run(List.of(args), System.out);
    }

    /** What {@code ./torneo bench pair ARGS} runs: the forms above, one figure line per timed round on {@code out}. */
    public static void run(List<String> args, PrintStream out) throws java.io.IOException {
        if (args.isEmpty()) {
            throw new IllegalArgumentException(USAGE);
        }
        if (args.get(0).equals("--generate") || args.get(0).equals("--generate-fast")) {
            if (args.size() != 4 && !(args.size() == 6 && args.get(4).equals("--save"))) {
                throw new IllegalArgumentException(USAGE);
            }
            int players = positive(args.get(1), "PLAYERS");
            int rounds = positive(args.get(2), "ROUNDS");
            if (rounds < 2) {
                throw new IllegalArgumentException("ROUNDS must be >= 2 (the round timed comes after a history), got "
                        + rounds);
            }
            long seed;
            try {
                seed = Long.parseLong(args.get(3));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("SEED must be a whole number, got '" + args.get(3) + "'");
            }
            boolean fast = args.get(0).equals("--generate-fast");
            var generator = new RandomTournamentGenerator(players, rounds - 1, 35, 3, 2, 1);
            var generated = fast ? generator.generate(new Random(seed), PairBench::quickSwiss)
                    : generator.generate(new Random(seed));
            TrfDocument doc = generated.document().withHeader("XXR", Integer.toString(rounds));
            if (args.size() == 6) {
                TrfWriter.write(doc, Path.of(args.get(5)));
            }
            time((fast ? "generated (quick-Swiss history) p" : "generated p") + players + " round " + rounds, doc,
                    out);
            return;
        }
        for (String file : args) {
            time(file, TrfReader.read(Path.of(file)), out);
        }
    }

    public static final String USAGE = "usage: bench pair --generate PLAYERS ROUNDS SEED [--save OUT.trf]"
            + " | --generate-fast PLAYERS ROUNDS SEED [--save OUT.trf] | FILE.trf...";

    private static int positive(String text, String name) {
        try {
            int value = Integer.parseInt(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // worded below
        }
        throw new IllegalArgumentException(name + " must be a whole number > 0, got '" + text + "'");
    }

    static void time(String name, TrfDocument doc) {
        time(name, doc, System.out);
    }

    static void time(String name, TrfDocument doc, PrintStream out) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        SwissTournament t = SwissTournament.fromTrf(doc);
        System.gc();
        // the heap in use (live data and not yet collected garbage), sampled while pairing
        AtomicLong peak = new AtomicLong();
        AtomicBoolean pairing = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (pairing.get()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        String outcome;
        try {
            List<Pairing> pairs = DutchPairer.pair(t);
            outcome = pairs.size() + " lines";
        } catch (NoValidPairingException e) {
            outcome = "no valid pairing";
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        pairing.set(false);
        out.printf("%s: %d players to pair, %s, wall %.2f s, cpu %.2f s, peak heap in use %d MB (max %d MB)%n",
                name, t.playersToPair().size(), outcome, wall, cpu, peak.get() >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
    }

    /**
     * A quick Swiss for building big histories: players in score order, each paired with the next one it has not
     * met, preferring one whose colour preference differs; the PAB to the lowest eligible player.
     */
    static List<Pairing> quickSwiss(SwissTournament t) throws NoValidPairingException {
        List<SwissPlayer> order = new ArrayList<>(t.playersToPair());
        order.sort(Comparator.comparingInt((SwissPlayer p) -> -t.acceleratedScore(p, 0))
                .thenComparingInt(SwissPlayer::rankIndex));
        List<Pairing> pairs = new ArrayList<>();
        if ((order.size() & 1) != 0) {
            int bye = order.size() - 1;
            while (bye >= 0 && !t.eligibleForBye(order.get(bye))) {
                bye--;
            }
            if (bye < 0) {
                throw new NoValidPairingException("nobody can take the PAB");
            }
            pairs.add(new Pairing(order.remove(bye).startNumber(), 0));
        }
        boolean[] used = new boolean[order.size()];
        for (int i = 0; i < order.size(); i++) {
            if (used[i]) {
                continue;
            }
            SwissPlayer p = order.get(i);
            int chosen = -1;
            for (int j = i + 1; j < order.size() && (chosen == -1 || j < i + 40); j++) {
                if (used[j] || met(p, order.get(j))) {
                    continue;
                }
                if (order.get(j).colourPreference() != p.colourPreference() || p.colourPreference() == Colour.NONE) {
                    chosen = j;
                    break;
                }
                if (chosen == -1) {
                    chosen = j;
                }
            }
            if (chosen == -1) {
                throw new NoValidPairingException("the quick Swiss found no opponent for " + p.startNumber());
            }
            used[i] = true;
            used[chosen] = true;
            SwissPlayer q = order.get(chosen);
            boolean pWhite = p.colourPreference() == Colour.WHITE || q.colourPreference() == Colour.BLACK
                    || (p.colourPreference() == Colour.NONE && (i & 2) == 0);
            pairs.add(pWhite ? new Pairing(p.startNumber(), q.startNumber()) : new Pairing(q.startNumber(), p.startNumber()));
        }
        return pairs;
    }

    private static boolean met(SwissPlayer a, SwissPlayer b) {
        for (var m : a.matches()) {
            if (m.played() && m.opponent() == b.id()) {
                return true;
            }
        }
        return false;
    }
}

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
 *   <li>{@code PairBench --matrix [--heap SIZE] [--players N,..] [--rounds R,..] [--seed S] [--warm RUNS]} (issue 24): for each
 *       field size (default 1000,2000,5000,9999: a TRF start number has four digits, so 9,999 stands for 10,000)
 *       and round (default 1,3,9; the history paired by the quick Swiss), a fresh JVM with that heap (default
 *       512m) pairs the round once (cold: the engine's first pairing in the JVM) and then RUNS times more (warm:
 *       the fastest; default 2), and one line is printed per cell: wall and CPU time cold and warm (CPU of the pairing
 *       thread, and of the whole process, i.e. with the garbage collector and the JIT compiler), peak heap.</li>
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
        if (args.get(0).equals("--matrix")) {
            matrix(args.subList(1, args.size()), out);
            return;
        }
        if (args.get(0).equals("--cell")) {
            cell(positive(args.get(1), "PLAYERS"), positive(args.get(2), "ROUND"), Long.parseLong(args.get(3)),
                    args.size() > 4 ? positive(args.get(4), "WARM") : 2, out);
            return;
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
            + " | --generate-fast PLAYERS ROUNDS SEED [--save OUT.trf] | FILE.trf..."
            + " | --matrix [--heap SIZE] [--players N,..] [--rounds R,..] [--seed S] [--warm RUNS]";

    /** Runs each cell of the matrix in a JVM of its own (so that "cold" is cold) and prints its line. */
    static void matrix(List<String> args, PrintStream out) throws java.io.IOException {
        String heap = "512m";
        List<Integer> players = List.of(1000, 2000, 5000, 9999);
        List<Integer> rounds = List.of(1, 3, 9);
        long seed = 1;
        int warmRuns = 2;
        for (int i = 0; i < args.size(); i += 2) {
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("option " + args.get(i) + " needs a value; " + USAGE);
            }
            String value = args.get(i + 1);
            switch (args.get(i)) {
                case "--heap" -> heap = value;
                case "--players" -> players = numbers(value, "--players");
                case "--rounds" -> rounds = numbers(value, "--rounds");
                case "--seed" -> seed = wholeNumber(value, "--seed");
                case "--warm" -> warmRuns = positive(value, "--warm");
                default -> throw new IllegalArgumentException("unknown option " + args.get(i) + "; " + USAGE);
            }
        }
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        out.printf("Dutch engine, one round per JVM (-Xmx%s), seed %d; cold = first pairing in the JVM, warm = best"
                + " of the next %d%n", heap, seed, warmRuns);
        for (int p : players) {
            for (int r : rounds) {
                ProcessBuilder pb = new ProcessBuilder(javaBin, "-Xmx" + heap, "-Xss16m", "-XX:+UseParallelGC", "-cp",
                        System.getProperty("java.class.path"), PairBench.class.getName(), "--cell",
                        Integer.toString(p), Integer.toString(r), Long.toString(seed), Integer.toString(warmRuns));
                pb.redirectErrorStream(true);
                Process process = pb.start();
                String text = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                try {
                    int code = process.waitFor();
                    out.print(code == 0 ? text : String.format("p%d round %d: failed (exit %d): %s", p, r, code,
                            text.strip().replace('\n', ' ')) + System.lineSeparator());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.destroy();
                    return;
                }
                out.flush();
            }
        }
    }

    private static long wholeNumber(String text, String name) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + text + "'");
        }
    }

    private static List<Integer> numbers(String text, String option) {
        List<Integer> list = new ArrayList<>();
        for (String part : text.split(",")) {
            list.add(positive(part.strip(), option));
        }
        return list;
    }

    /** One cell: a field of {@code players} about to pair {@code round}, paired three times in this JVM. */
    static void cell(int players, int round, long seed, int warmRuns, PrintStream out) {
        // the generator pairs every round it builds; the field as it stands before the last one is the one timed
        SwissTournament[] field = new SwissTournament[1];
        var generator = new RandomTournamentGenerator(players, round, 35, 3, 2, 1);
        generator.generate(new Random(seed), t -> {
            if (t.playedRounds() == round - 1) {
                field[0] = t;
            }
            return quickSwiss(t);
        });
        if (field[0] == null) {
            throw new IllegalStateException("the quick Swiss could not build the history of " + players + " players");
        }
        Figures cold = measure(field[0]);
        Figures warm = measure(field[0]);
        for (int i = 1; i < warmRuns; i++) {
            Figures again = measure(field[0]);
            if (again.wall() < warm.wall()) {
                warm = again;
            }
        }
        out.printf("p%d round %d: %s; cold wall %.2f s cpu %.2f s (process %.2f s) heap %d MB;"
                        + " warm wall %.2f s cpu %.2f s (process %.2f s) heap %d MB; max heap %d MB%n",
                players, round, cold.outcome(), cold.wall(), cold.cpu(), cold.processCpu(), cold.peakHeapMb(),
                warm.wall(), warm.cpu(), warm.processCpu(), warm.peakHeapMb(), Runtime.getRuntime().maxMemory() >> 20);
    }

    record Figures(String outcome, double wall, double cpu, double processCpu, long peakHeapMb) {
    }

    static Figures measure(SwissTournament t) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.gc();
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
        long process0 = os.getProcessCpuTime();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        String outcome;
        try {
            outcome = t.playersToPair().size() + " to pair, " + DutchPairer.pair(t).size() + " lines";
        } catch (NoValidPairingException e) {
            outcome = "no valid pairing";
        }
        double wall = (System.nanoTime() - wall0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        double processCpu = (os.getProcessCpuTime() - process0) / 1e9;
        pairing.set(false);
        peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
        return new Figures(outcome, wall, cpu, processCpu, peak.get() >> 20);
    }

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
        // the last players may have met every player left to them: then again, the bottom ones choosing first
        for (int attempt = 0; ; attempt++) {
            List<Pairing> attempted = quickSwissAttempt(order, 4 * attempt);
            if (attempted != null) {
                pairs.addAll(attempted);
                return pairs;
            }
            if (4 * attempt >= order.size()) {
                throw new NoValidPairingException("the quick Swiss found no complete pairing");
            }
        }
    }

    /** The quick Swiss with the {@code tail} lowest players paired first (each with the nearest above); null on failure. */
    private static List<Pairing> quickSwissAttempt(List<SwissPlayer> order, int tail) {
        List<Pairing> pairs = new ArrayList<>();
        boolean[] used = new boolean[order.size()];
        for (int i = order.size() - 1; i >= Math.max(0, order.size() - tail); i--) {
            if (used[i]) {
                continue;
            }
            int chosen = -1;
            for (int j = i - 1; j >= 0; j--) {
                if (!used[j] && !met(order.get(i), order.get(j))) {
                    chosen = j;
                    break;
                }
            }
            if (chosen == -1) {
                return null;
            }
            used[i] = true;
            used[chosen] = true;
            pairs.add(quickPair(order.get(chosen), order.get(i), chosen));
        }
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
                return null;
            }
            used[i] = true;
            used[chosen] = true;
            pairs.add(quickPair(p, order.get(chosen), i));
        }
        return pairs;
    }

    private static Pairing quickPair(SwissPlayer p, SwissPlayer q, int i) {
        boolean pWhite = p.colourPreference() == Colour.WHITE || q.colourPreference() == Colour.BLACK
                || (p.colourPreference() == Colour.NONE && (i & 2) == 0);
        return pWhite ? new Pairing(p.startNumber(), q.startNumber()) : new Pairing(q.startNumber(), p.startNumber());
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

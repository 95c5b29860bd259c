package org.torneo.pairing.dutch.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.dutch.RandomTournamentGenerator;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfReader;

/**
 * Prints the time to pair one round of each TRF given (wall and CPU time of the pairing thread, heap used).
 * {@code java -cp ... org.torneo.pairing.dutch.bench.PairBench IN.trf...} or
 * {@code ... PairBench --generate PLAYERS ROUNDS SEED} (times pairing the last round of a generated event).
 */
public final class PairBench {

    private PairBench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("--generate")) {
            int players = Integer.parseInt(args[1]);
            int rounds = Integer.parseInt(args[2]);
            long seed = Long.parseLong(args[3]);
            var generated = new RandomTournamentGenerator(players, rounds - 1, 35, 3, 2, 1)
                    .generate(new Random(seed));
            TrfDocument doc = generated.document().withHeader("XXR", Integer.toString(rounds));
            time("generated p" + players + " round " + rounds, doc);
            return;
        }
        for (String file : args) {
            time(file, TrfReader.read(Path.of(file)));
        }
    }

    static void time(String name, TrfDocument doc) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        SwissTournament t = SwissTournament.fromTrf(doc);
        System.gc();
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
        Runtime rt = Runtime.getRuntime();
        long usedMb = (rt.totalMemory() - rt.freeMemory()) >> 20;
        System.out.printf("%s: %d players to pair, %s, wall %.2f s, cpu %.2f s, heap in use %d MB%n", name,
                t.playersToPair().size(), outcome, wall, cpu, usedMb);
    }
}

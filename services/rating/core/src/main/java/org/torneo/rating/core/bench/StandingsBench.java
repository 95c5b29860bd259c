package org.torneo.rating.core.bench;

import java.util.Arrays;
import java.util.List;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * Prints how long the standings take for a generated field (default 5,000 players x 11 rounds,
 * 6 tie-breaks after points): {@code java ... StandingsBench [players] [rounds] [iterations]}.
 * The time covers everything after the last result: flattening the cross table, every tie-break
 * and the ranking. CPU time is printed beside wall time because the build machine is shared.
 */
public final class StandingsBench {

    public static final List<String> TIE_BREAKS = List.of("PTS", "DE", "BH/C1", "BH", "SB", "PS", "ARO");

    private StandingsBench() {
    }

    public static void main(String[] args) {
        int players = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        Tournament t = GeneratedField.generate(players, rounds, 20260101L);
        List<TieBreakSpec> specs = TIE_BREAKS.stream().map(TieBreakSpec::parse).toList();
        for (TieBreakRules rules : TieBreakRules.values()) {
            long cold = System.nanoTime();
            Standings first = StandingsCalculator.compute(t, rules, specs);
            cold = System.nanoTime() - cold;
            for (int i = 0; i < 10; i++) {
                StandingsCalculator.compute(t, rules, specs); // warm-up
            }
            long[] times = new long[iterations];
            long[] cpu = new long[iterations];
            int checksum = 0;
            var threads = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int i = 0; i < iterations; i++) {
                long cpuStart = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                Standings s = StandingsCalculator.compute(t, rules, specs);
                times[i] = System.nanoTime() - start;
                cpu[i] = threads.getCurrentThreadCpuTime() - cpuStart;
                checksum += s.order()[0];
            }
            Arrays.sort(times);
            Arrays.sort(cpu);
            System.out.printf("standings %d players x %d rounds, %s (%s): first call %.1f ms wall; warm: median %.1f ms"
                            + " wall / %.1f ms CPU, p90 %.1f ms wall, best %.1f ms wall over %d runs"
                            + " (leader %d, checksum %d)%n",
                    players, rounds, String.join(" ", TIE_BREAKS), rules, cold / 1e6, times[iterations / 2] / 1e6,
                    cpu[iterations / 2] / 1e6, times[(int) (iterations * 0.9)] / 1e6, times[0] / 1e6, iterations,
                    first.order()[0] + 1, checksum);
        }
    }
}

package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.rating.core.sheet.RatingDecider;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.rating.core.sheet.RatingSheet;

/**
 * Issue 7's speed figure, in process: 5,000 players x 11 rounds, six tie-breaks; the time from the
 * last result of the event to its StandingsComputed, sealed and encoded as the runtime publishes
 * it, wall and CPU time. Prints figures, asserts none (run: ./mvnw -o -pl services/rating/app test -Pslow
 * -Dtest=LastResultToStandingsBenchmark).
 */
@Tag("slow")
class LastResultToStandingsBenchmark {

    static final List<String> SIX = List.of("PTS", "BH/C1", "BH", "SB", "PS", "WIN");

    @Test
    void lastResultToPublishedStandings() {
        int players = Integer.getInteger("bench.players", 5000);
        int rounds = Integer.getInteger("bench.rounds", 11);
        List<EventMessage> inputs = BenchField.events("t-bench", players, rounds, 7L);
        RatingDecider decider = new RatingDecider(SIX);
        long t0 = System.nanoTime();
        RatingSheet state = decider.initialState();
        for (EventMessage input : inputs.subList(0, inputs.size() - 1)) {
            for (EventMessage e : decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state)) {
                state = decider.evolve(state, e);
            }
        }
        long foldMillis = (System.nanoTime() - t0) / 1_000_000;
        EventMessage last = inputs.get(inputs.size() - 1);
        int iterations = 15;
        long[] nanos = new long[iterations];
        long[] decideNanos = new long[iterations];
        long[] cpuNanos = new long[iterations];
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        int bytes = 0;
        for (int i = 0; i < iterations; i++) {
            long cpuStart = cpu.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            List<EventMessage> out = decider.decide(new RatingDecider.Input(last, Fixtures.at(last)), state);
            decideNanos[i] = System.nanoTime() - start;
            RatingEvent.StandingsComputed standings = assertInstanceOf(RatingEvent.StandingsComputed.class, out.get(1));
            Envelope sealed = RatingDefinition.CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null,
                    "t-bench", 1, Fixtures.GAME, standings.computedAt(), standings), Envelope.GENESIS_HASH);
            bytes = RatingDefinition.CODEC.encode(sealed).length;
            nanos[i] = System.nanoTime() - start;
            cpuNanos[i] = cpu.getCurrentThreadCpuTime() - cpuStart;
            assertEquals(players, standings.rows().size());
            assertEquals(rounds, standings.afterRound());
        }
        long first = nanos[0];
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        Arrays.sort(decideNanos);
        Arrays.sort(cpuNanos);
        System.out.printf("rating bench: %d players x %d rounds, tie-breaks %s; %d inputs folded in %d ms%n",
                players, rounds, SIX, inputs.size() - 1, foldMillis);
        System.out.printf("rating bench: last result -> StandingsComputed (decide + standings + seal + encode, %d bytes):"
                        + " first %.1f ms, median %.1f ms, min %.1f ms over %d runs%n", bytes, first / 1e6,
                sorted[iterations / 2] / 1e6, sorted[0] / 1e6, iterations);
        System.out.printf("rating bench: CPU time of the same (this thread): median %.1f ms, min %.1f ms"
                + " (wall differs by the machine's load)%n", cpuNanos[iterations / 2] / 1e6, cpuNanos[0] / 1e6);
        System.out.printf("rating bench: of which decide (fact + standings + message): median %.1f ms, min %.1f ms%n",
                decideNanos[iterations / 2] / 1e6, decideNanos[0] / 1e6);
    }
}

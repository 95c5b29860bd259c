package org.torneo.cli.demo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The seeded plan of a chaos run: which process is killed ({@code kill -9}) at which point of the tournament. A point
 * is a count of moves the edge has seen played (so it falls in the middle of a round, while games, clocks and their
 * transactions run), or the moment a round's pairing is asked for (the pairing service dies while it pairs). A fault
 * may be doubled: the restarted process is killed again a moment after it was started, while it replays its log.
 * Everything follows from the seed; nothing from the wall clock.
 *
 * @param faults in the order they fire
 */
record FaultSchedule(List<Fault> faults) {

    /**
     * One kill.
     *
     * @param target       a service name, {@code kafka} (the broker) or {@code postgres}
     * @param atMove       fire once this many moves were seen (-1: at a pairing)
     * @param atPairing    fire just before this round's pairing is asked for (-1: at a move count)
     * @param replayKillMs > 0: kill the restarted process again this long after it was started (during its replay)
     */
    record Fault(String target, long atMove, int atPairing, long replayKillMs) {

        String describe() {
            return target + (atPairing > 0 ? " at the pairing of round " + atPairing : " at move " + atMove)
                    + (replayKillMs > 0 ? ", again " + replayKillMs + " ms into its restart" : "");
        }
    }

    /**
     * @param targets    the processes to kill (each gets its share of the faults, in a seeded order)
     * @param faults     how many faults (a doubled one kills twice): with n faults per target, each is killed n times or more
     * @param totalMoves how many moves the tournament's plans hold (the faults fall between 3 % and 75 % of them: games end
     *                   before their plan does, e.g. by agreement)
     * @param rounds     the tournament's rounds (pairing faults go to rounds 2..rounds)
     */
    static FaultSchedule plan(long seed, List<String> targets, int faults, long totalMoves, int rounds) {
        Random random = new Random(seed * 0x9E3779B97F4A7C15L ^ 0xC4A05L);
        List<String> order = new ArrayList<>();
        while (order.size() < faults) {
            List<String> round = new ArrayList<>(targets);
            Collections.shuffle(round, random);
            order.addAll(round);
        }
        List<Fault> planned = new ArrayList<>();
        boolean pairingKilled = false;
        for (int i = 0; i < faults; i++) {
            String target = order.get(i);
            boolean doubled = random.nextInt(3) == 0;
            long replayKill = doubled ? 500 + random.nextInt(2500) : 0;
            if (target.equals("pairing") && !pairingKilled && rounds >= 2) {
                pairingKilled = true; // once in the middle of a pairing, the other times in a round
                planned.add(new Fault(target, -1, 2 + random.nextInt(rounds - 1), replayKill));
            } else {
                long at = Math.max(1, Math.round(totalMoves * (0.03 + 0.72 * random.nextDouble())));
                planned.add(new Fault(target, at, -1, replayKill));
            }
        }
        // in tournament order: pairing faults by the moves played before their round, estimated evenly
        planned.sort(java.util.Comparator.comparingLong(f -> f.atPairing() > 0
                ? Math.round(totalMoves * (f.atPairing() - 1) / (double) rounds) : f.atMove()));
        return new FaultSchedule(List.copyOf(planned));
    }

    /** The moves of all planned games of a tournament of {@code boards} boards (its plans follow from the seed). */
    static long plannedMoves(long seed, int rounds, int boards) {
        long moves = 0;
        for (int round = 1; round <= rounds; round++) {
            for (int board = 1; board <= boards; board++) {
                moves += GamePlanner.plan(seed, round, board).steps().stream().filter(s -> s instanceof Step.Play).count();
            }
        }
        return moves;
    }

    int kills() {
        return faults.stream().mapToInt(f -> f.replayKillMs() > 0 ? 2 : 1).sum();
    }
}

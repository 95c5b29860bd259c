package org.torneo.clock.core.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.schedule.DeadlineIndex;
import org.torneo.clock.core.timecontrol.Classification;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.TimeControl;

/**
 * Prints figures for the clock core (not a test: it reads the machine's timer only to measure itself).
 * {@code java -cp ... org.torneo.clock.core.bench.ClockBenchmark [games] [moves]}: decides and folds
 * {@code games} clocks through {@code moves} presses each in simulated time, keeping every deadline in
 * a {@link DeadlineIndex} and flagging clocks exactly as the app's scheduler would.
 */
public final class ClockBenchmark {

    private ClockBenchmark() {
    }

    public static void main(String[] args) {
        int games = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int moves = args.length > 1 ? Integer.parseInt(args[1]) : 80;
        for (int round = 1; round <= 3; round++) {
            run(games, moves, round == 3);
        }
    }

    private static void run(int games, int moves, boolean print) {
        Actor board = new Actor(Actor.Role.BOARD, "bench");
        TimeControl control = TimeControlParser.parse("40/90+30, 30+30");
        Ruleset ruleset = new Ruleset(Edition.FIDE_2018, Classification.classify(control, Edition.FIDE_2018));
        ClockRules rules = new ClockRules(ruleset, Edition.FIDE_2018.defaultTime().toMillis(), false);
        long t0 = 1_700_000_000_000L;
        Random random = new Random(42);
        ClockState[] states = new ClockState[games];
        List<List<ClockEvent>> logs = new ArrayList<>();
        DeadlineIndex index = new DeadlineIndex();
        long decisions = 0;
        long flags = 0;
        long start = System.nanoTime();
        for (int g = 0; g < games; g++) {
            String id = "g" + g;
            List<ClockEvent> log = new ArrayList<>();
            logs.add(log);
            states[g] = apply(states[g] == null ? ClockState.initial(id) : states[g],
                    new StartClock(id, "s", board, t0, control, rules), log);
            index.update(id, states[g].deadline());
            decisions++;
        }
        // simulated time, in global order: the next press of every game and the deadlines in the index
        PriorityQueue<long[]> presses = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        for (int g = 0; g < games; g++) {
            presses.add(new long[] {t0 + think(random), g, 0});
        }
        while (!presses.isEmpty()) {
            long[] next = presses.poll();
            long at = next[0];
            int g = (int) next[1];
            for (String due : index.due(at)) {
                int dg = Integer.parseInt(due.substring(1));
                long deadline = states[dg].deadline().orElseThrow();
                states[dg] = apply(states[dg], new CheckFlag(due, "cf", board, deadline), logs.get(dg));
                index.update(due, states[dg].deadline());
                decisions++;
                flags++;
            }
            ClockState s = states[g];
            if (s.deadline().isEmpty()) {
                continue;
            }
            states[g] = apply(s, new PressClock("g" + g, "p", board, at, s.toMove()), logs.get(g));
            index.update("g" + g, states[g].deadline());
            decisions++;
            if (next[2] + 1 < moves * 2L) {
                presses.add(new long[] {at + think(random), g, next[2] + 1});
            } else {
                states[g] = apply(states[g], new StopClock("g" + g, "stop", board, at, "game over"), logs.get(g));
                index.update("g" + g, states[g].deadline());
                decisions++;
            }
        }
        long decideNanos = System.nanoTime() - start;
        long events = 0;
        long replayStart = System.nanoTime();
        for (int g = 0; g < games; g++) {
            ClockState replayed = ClockDecider.fold("g" + g, logs.get(g));
            if (!replayed.equals(states[g])) {
                throw new IllegalStateException("replay differs for game g" + g);
            }
            events += logs.get(g).size();
        }
        long replayNanos = System.nanoTime() - replayStart;
        if (print) {
            System.out.printf("clocks: %d, commands decided: %d (%d flags), events: %d%n", games, decisions, flags, events);
            System.out.printf("decide+evolve+index: %.2f us per command, %.0f commands/s%n",
                    decideNanos / 1000.0 / decisions, decisions / (decideNanos / 1e9));
            System.out.printf("replay: %.3f ms for all %d clocks, %.2f us per event; every replay identical%n",
                    replayNanos / 1e6, games, replayNanos / 1000.0 / events);
            System.out.printf("running clocks left in the deadline index: %d%n", index.size());
        }
    }

    private static ClockState apply(ClockState s, ClockCommand c, List<ClockEvent> log) {
        ClockState out = s;
        for (ClockEvent e : ClockDecider.decide(c, s)) {
            log.add(e);
            out = ClockDecider.evolve(out, e);
        }
        return out;
    }

    /** Mostly under two minutes a move; now and then a player sinks into thought for an hour and a half. */
    private static long think(Random random) {
        return random.nextInt(400) == 0 ? 5_400_000 : random.nextInt(120_000);
    }
}

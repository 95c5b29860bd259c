package org.torneo.game.core.game.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * The cost of a move late in a very long game: a game under the FIDE 1997 Laws (no fivefold repetition, no 75-move
 * rule, so nothing ends it) of {@code plies} plies in which only the knights move, never capturing, never giving
 * check, repeating positions that nobody claims. Each ply is decided and evolved as the
 * service does; the mean cost of a ply over the first and the last 1,000 plies is printed (the best of
 * {@code rounds} runs after a warm-up run). A cost that grows with the game's length shows as a last/first ratio
 * well above 1.
 *
 * <pre>java -cp ... org.torneo.game.core.game.bench.LongGameBench [plies] [rounds] [seed]</pre>
 */
public final class LongGameBench {

    /**
     * The initial position: only the knights move (no pawn moves, no captures, so the halfmove clock never resets);
     * with every piece on the board the dead-position test answers at once, so a ply costs what the game's own
     * bookkeeping costs.
     */
    static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final Actor BOARD = new Actor(Actor.Role.BOARD, "bench");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "bench");
    private static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");
    private static final int WINDOW = 1_000;

    private LongGameBench() {
    }

    /**
     * Mean nanoseconds per ply over the first and the last {@link #WINDOW} plies, their medians (steadier on a busy
     * machine, where a preempted ply weighs on the mean), and the plies of the game.
     */
    public record Figures(int plies, double firstNanosPerPly, double lastNanosPerPly, long firstMedianNanos,
                          long lastMedianNanos, long distinctRepeats) {
        public double ratio() {
            return lastNanosPerPly / firstNanosPerPly;
        }
    }

    public static void main(String[] args) {
        int plies = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1997L;
        Figures best = run(plies, rounds, seed, System.out);
        System.out.printf(Locale.ROOT, "best: first %,d plies %.3f ms/ply, last %,d plies %.3f ms/ply, last/first %.2f;"
                        + " medians %.3f and %.3f ms/ply%n", WINDOW, best.firstNanosPerPly() / 1e6, WINDOW,
                best.lastNanosPerPly() / 1e6, best.ratio(), best.firstMedianNanos() / 1e6, best.lastMedianNanos() / 1e6);
    }

    /** Plays the game {@code rounds} times after one warm-up, printing each; the best (lowest last window) returned. */
    public static Figures run(int plies, int rounds, long seed, java.io.PrintStream out) {
        if (plies < 2 * WINDOW) {
            throw new IllegalArgumentException("plies must be at least " + 2 * WINDOW);
        }
        List<String> moves = wander(plies, seed);
        GameDecider decider = new GameDecider();
        out.printf(Locale.ROOT, "%,d plies under FIDE 1997 from %s (seed %d), decide + evolve per ply%n", plies, START,
                seed);
        play(decider, moves); // warm-up
        Figures best = null;
        for (int r = 1; r <= rounds; r++) {
            Figures f = play(decider, moves);
            out.printf(Locale.ROOT, "  round %d: first %,d plies %.3f ms/ply, last %,d plies %.3f ms/ply (last/first "
                            + "%.2f); medians %.3f and %.3f ms/ply; %,d plies repeated a position%n", r, WINDOW,
                    f.firstNanosPerPly() / 1e6, WINDOW, f.lastNanosPerPly() / 1e6, f.ratio(), f.firstMedianNanos() / 1e6,
                    f.lastMedianNanos() / 1e6, f.distinctRepeats());
            if (best == null || f.lastNanosPerPly() < best.lastNanosPerPly()) {
                best = f;
            }
        }
        return best;
    }

    private static Figures play(GameDecider decider, List<String> moves) {
        GameState state = apply(decider, GameState.INITIAL, ORGANISER, new GameCommand.StartGame("t", 1, 1, "w", "b",
                new Ruleset(Ruleset.Edition.FIDE_1997, Ruleset.Category.STANDARD), START, T0));
        long first = 0;
        long last = 0;
        long repeats = 0;
        int n = moves.size();
        long[] firstPlies = new long[WINDOW];
        long[] lastPlies = new long[WINDOW];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            GameState next = apply(decider, state, BOARD, new GameCommand.SubmitMove(moves.get(i), null,
                    MoveSource.BOARD, null, T0));
            long nanos = System.nanoTime() - start;
            if (next.ply() != state.ply() + 1 || next.isOver()) {
                throw new IllegalStateException("ply " + (i + 1) + " (" + moves.get(i) + ") was not played as a move "
                        + "of a game that goes on: " + next.phase());
            }
            state = next;
            if (state.record().occurrences() > 1) {
                repeats++;
            }
            if (i < WINDOW) {
                first += nanos;
                firstPlies[i] = nanos;
            } else if (i >= n - WINDOW) {
                last += nanos;
                lastPlies[i - (n - WINDOW)] = nanos;
            }
        }
        java.util.Arrays.sort(firstPlies);
        java.util.Arrays.sort(lastPlies);
        return new Figures(n, (double) first / WINDOW, (double) last / WINDOW, firstPlies[WINDOW / 2],
                lastPlies[WINDOW / 2], repeats);
    }

    /**
     * The moves of the game: each a knight move that captures nothing and gives no check, chosen by a
     * seeded generator (the same seed gives the same game), so the game never ends; half the time the piece the
     * player moved last goes back when it can, so positions repeat often (and nobody claims).
     */
    static List<String> wander(int plies, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Position p = Position.fromFen(START);
        List<String> moves = new ArrayList<>(plies);
        while (moves.size() < plies) {
            List<Move> quiet = new ArrayList<>();
            for (Move m : p.legalMoves()) {
                PieceType type = p.pieceTypeAt(m.from()).orElseThrow();
                boolean capture = p.pieceTypeAt(m.to()).isPresent();
                if (type == PieceType.KNIGHT && !capture && !p.play(m).inCheck()) {
                    quiet.add(m);
                }
            }
            if (quiet.isEmpty()) {
                throw new IllegalStateException("no quiet move at ply " + moves.size() + ": " + p.toFen());
            }
            Move m = quiet.get(random.nextInt(quiet.size()));
            if (moves.size() >= 2 && random.nextBoolean()) {
                String last = moves.get(moves.size() - 2); // the mover's previous move, played back
                String back = last.substring(2, 4) + last.substring(0, 2);
                m = quiet.stream().filter(q -> q.uci().equals(back)).findFirst().orElse(m);
            }
            moves.add(m.uci());
            p = p.play(m);
        }
        return moves;
    }

    private static GameState apply(GameDecider decider, GameState state, Actor actor, GameCommand command) {
        for (EventMessage e : decider.decide(new GameRequest("bench", actor, command), state)) {
            if (e instanceof CommandRejected rejected) {
                throw new IllegalStateException("refused: " + rejected.reason());
            }
            state = decider.evolve(state, e);
        }
        return state;
    }
}

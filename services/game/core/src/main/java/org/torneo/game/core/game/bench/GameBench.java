package org.torneo.game.core.game.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.San;

/**
 * Decided moves per second for the pure game decider (decide + evolve, FIDE 2018 standard, bare-material dead
 * position test) over the games of a corpus TSV (the conformance corpus' games.expected.tsv: start FEN in column
 * 2, UCI moves in column 18). Moves are submitted once as UCI and once as SAN. Then the heap the decided games'
 * states hold, per ply.
 *
 * <pre>java -cp ... org.torneo.game.core.game.bench.GameBench [games.expected.tsv] [rounds]</pre>
 */
public final class GameBench {

    private static final Actor BOARD = new Actor(Actor.Role.BOARD, "bench");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "bench");
    private static final Instant T0 = Instant.parse("2026-05-01T15:00:00Z");

    private GameBench() {
    }

    record BenchGame(String fen, List<String> uci, List<String> san) {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args.length > 0 ? args[0] : "services/game/core/src/test/resources/laws/games.expected.tsv");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<BenchGame> games = read(file);
        int moves = games.stream().mapToInt(g -> g.uci().size()).sum();
        System.out.printf(Locale.ROOT, "%d games, %d moves from %s%n", games.size(), moves, file);
        GameDecider decider = new GameDecider();
        for (String notation : List.of("uci", "san")) {
            run(decider, games, notation); // warm-up
            long best = Long.MAX_VALUE;
            int decided = 0;
            for (int r = 0; r < rounds; r++) {
                long start = System.nanoTime();
                decided = run(decider, games, notation);
                long nanos = System.nanoTime() - start;
                best = Math.min(best, nanos);
                System.out.printf(Locale.ROOT, "  %s round %d: %,d moves in %.3f s = %,.0f moves/s%n", notation, r + 1,
                        decided, nanos / 1e9, decided / (nanos / 1e9));
            }
            System.out.printf(Locale.ROOT, "%s best: %,.0f decided moves/s (decide + evolve, one thread)%n", notation,
                    decided / (best / 1e9));
        }
        retained(decider, games);
    }

    private static int run(GameDecider decider, List<BenchGame> games, String notation) {
        int decided = 0;
        for (BenchGame game : games) {
            GameState state = play(decider, game, notation);
            decided += state == null ? 0 : state.ply();
        }
        return decided;
    }

    /** The game's state after its moves (null when its start was refused), each decided and evolved. */
    private static GameState play(GameDecider decider, BenchGame game, String notation) {
        GameState state = decider.initialState();
        state = apply(decider, state, ORGANISER, new GameCommand.StartGame("t", 1, 1, "w", "b", Ruleset.DEFAULT,
                game.fen(), T0));
        if (state.phase() != GameState.Phase.IN_PROGRESS) {
            return null;
        }
        List<String> moves = notation.equals("uci") ? game.uci() : game.san();
        for (String move : moves) {
            if (state.isOver()) {
                break;
            }
            GameState next = apply(decider, state, BOARD, new GameCommand.SubmitMove(move, null, MoveSource.BOARD,
                    null, T0));
            if (next == state) {
                throw new IllegalStateException("move " + move + " refused at ply " + (state.ply() + 1));
            }
            state = next;
        }
        return state;
    }

    /**
     * The heap a service holds per ply for the games it decided: every game kept at its last state (as the game
     * service keeps them), heap in use measured after collections before and after. An estimate, as any heap figure.
     */
    private static void retained(GameDecider decider, List<BenchGame> games) {
        long before = usedAfterCollections();
        List<GameState> kept = new ArrayList<>(games.size());
        long plies = 0;
        for (BenchGame game : games) {
            GameState state = play(decider, game, "uci");
            if (state != null) {
                kept.add(state);
                plies += state.ply();
            }
        }
        long bytes = usedAfterCollections() - before;
        java.lang.ref.Reference.reachabilityFence(kept); // the states must not be collected before they are measured
        System.out.printf(Locale.ROOT, "retained: %,d games kept at their last state, %,d plies: %,d bytes of heap,"
                        + " %.0f bytes per ply (%.1f KB per game)%n", kept.size(), plies, bytes,
                (double) bytes / Math.max(1, plies), bytes / 1024.0 / Math.max(1, kept.size()));
    }

    private static long usedAfterCollections() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static GameState apply(GameDecider decider, GameState state, Actor actor, GameCommand command) {
        for (EventMessage e : decider.decide(new GameRequest("bench", actor, command), state)) {
            if (e instanceof CommandRejected rejected) {
                return state; // e.g. a corpus FEN the game start refuses: the game is skipped
            }
            state = decider.evolve(state, e);
        }
        return state;
    }

    private static List<BenchGame> read(Path file) throws IOException {
        List<BenchGame> games = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 1; i < lines.size(); i++) {
            String[] row = lines.get(i).split("\t", -1);
            if (row.length < 18) {
                continue;
            }
            String fen = "startpos".equals(row[1]) ? null : row[1];
            List<String> uci = row[17].isBlank() ? List.of() : List.of(row[17].trim().split(" "));
            List<String> san = new ArrayList<>();
            try {
                Position p = fen == null ? Position.initial() : Position.fromFen(fen);
                for (String m : uci) {
                    var move = MoveParser.parse(p, m).move();
                    san.add(San.write(p, move));
                    p = p.play(move);
                }
            } catch (RuntimeException e) {
                continue; // not replayable as given: left out of the benchmark
            }
            games.add(new BenchGame(fen, uci, san));
        }
        return games;
    }
}

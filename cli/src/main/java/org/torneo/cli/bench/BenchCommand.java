package org.torneo.cli.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.Board;
import org.torneo.game.core.board.Fen;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;

/**
 * {@code bench pair ...}: the Dutch pairing of one round (see {@link #pair}).
 * {@code bench perft}: single-thread speed figures of the Laws of Chess engine: perft 6 from the initial position and
 * perft 5 from Kiwipete (nodes/s, counting at the leaves), validating one submitted move (ns), replaying a
 * 100-ply game with full draw bookkeeping (µs).
 */
public final class BenchCommand implements Command {
    static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /** The first 100 plies of a game of the conformance corpus (dev-g0002), in UCI. */
    static final String GAME_100_PLIES = "f2f3 g8f6 b2b4 f6g4 c1a3 h8g8 a3b2 g4e3 d2d4 b7b6 h2h4 e3c4 e1f2 c4b2 h4h5 "
            + "b6b5 e2e3 a7a5 c2c3 b8c6 h1h3 g7g6 d1a4 g8h8 h3h4 b2d3 f2g3 d7d5 f1d3 c8f5 g3f4 a8a7 f4g5 e7e6 g5f4 d8g5 "
            + "f4g5 f5e4 b1d2 c6d8 a1e1 c7c5 d3c2 e8d7 h5h6 f7f6 g5f4 b5a4 c2e4 d7e8 h4h5 d5e4 h5c5 a7e7 d2b3 d8b7 c5c6 "
            + "e8f7 e1a1 f8g7 f3e4 g7f8 a2a3 e6e5 d4e5 b7c5 g1h3 f8g7 c6e6 g6g5 f4f3 f6e5 e6e7 f7f8 a1g1 g7h6 h3f2 f8g8 "
            + "f2d3 c5d7 b3c5 d7b6 g1f1 b6c8 e7a7 c8b6 f3e2 b6d5 b4a5 d5b6 f1e1 b6c8 c3c4 c8b6 a7f7 b6a8";

    @Override
    public String summary() {
        return "speed figures: bench perft (the rules engine) | bench pair ... (the Dutch pairing of one round)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty() && args.get(0).equals("pair")) {
            return pair(args.subList(1, args.size()), out);
        }
        if (args.size() != 1 || !args.get(0).equals("perft")) {
            throw new UsageException("usage: bench perft | " + org.torneo.pairing.dutch.bench.PairBench.USAGE
                    .substring("usage: ".length()));
        }
        out.println("single thread, Java " + Runtime.version() + ", counting at the leaves (bulk); "
                + Runtime.getRuntime().availableProcessors() + " processors visible");
        // warm-up so the JIT has compiled the generator before timing
        Board warm = Position.initial().toBoard();
        for (int i = 0; i < 3; i++) {
            warm.perft(5);
            Position.fromFen(KIWIPETE).toBoard().perft(4);
        }
        perft(out, "perft 6 initial position", Fen.INITIAL, 6, 119_060_324L);
        perft(out, "perft 5 Kiwipete        ", KIWIPETE, 5, 193_690_690L);

        // validating one submitted move: parse the UCI text and check it is one legal move of the position
        // each validation starts from a fresh Position (nothing cached from an earlier run), built from a board copy
        List<Board> positions = new ArrayList<>();
        List<String> moves = new ArrayList<>();
        Position p = Position.initial();
        for (String uci : GAME_100_PLIES.split(" ")) {
            positions.add(p.toBoard());
            moves.add(uci);
            p = p.play(MoveParser.parse(p, uci).move());
        }
        int[] ok = new int[1];
        Runnable validateAll = () -> {
            for (int i = 0; i < positions.size(); i++) {
                ParsedMove parsed = MoveParser.parse(Position.of(positions.get(i)), moves.get(i));
                if (parsed.isOk()) {
                    ok[0]++;
                }
            }
        };
        double ns = time(validateAll, positions.size(), 2_000);
        out.printf("validate one submitted move (fresh position, UCI text -> legal move): %.0f ns average%n", ns);

        String[] game = GAME_100_PLIES.split(" ");
        Runnable replay = () -> {
            GameRecord record = GameRecord.start(Position.initial());
            for (String uci : game) {
                record = record.play(MoveParser.parse(record.position(), uci).move());
                if (DrawRules.automaticEnding(record, DeadPositionOracle.BARE_MATERIAL) != DrawRules.Ending.NONE) {
                    throw new IllegalStateException("the bench game ended early");
                }
                DrawRules.threefoldRepetition(record);
                DrawRules.fiftyMoveRule(record);
            }
            ok[0] += record.ply();
        };
        double replayNs = time(replay, 1, 3_000);
        out.printf("replay a 100-ply game with full draw bookkeeping: %.1f µs average%n", replayNs / 1000.0);
        return ok[0] > 0 ? 0 : 1;
    }

    /** Best of three runs: the machine may be shared, the best run is the least disturbed one. */
    /**
     * {@code bench pair}: the time of pairing one round with the FIDE Dutch engine (wall and CPU of the pairing, peak
     * heap), on a generated mid-tournament field or on TRF files; see PairBench.
     */
    private static int pair(List<String> args, PrintStream out) {
        out.println("Java " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors()
                + " processors visible, max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB");
        try {
            org.torneo.pairing.dutch.bench.PairBench.run(args, out);
        } catch (IllegalArgumentException e) { // the usage, a bad number, or a TRF error with its line and column
            throw new UsageException(e.getMessage());
        } catch (java.io.IOException e) {
            throw new UsageException("cannot read: " + e.getMessage());
        }
        return 0;
    }

    private static void perft(PrintStream out, String label, String fen, int depth, long expected) {
        long best = Long.MAX_VALUE;
        long nodes = 0;
        for (int run = 0; run < 3; run++) {
            Board board = Position.fromFen(fen).toBoard();
            long start = System.nanoTime();
            nodes = board.perft(depth);
            best = Math.min(best, System.nanoTime() - start);
        }
        out.printf("%s: %,d nodes in %.3f s = %.1f million nodes/s (best of 3)%s%n", label, nodes, best / 1e9,
                nodes / (best / 1e3), nodes == expected ? "" : "  WRONG COUNT, expected " + expected);
    }

    /**
     * Average ns per operation: after a warm-up, three timed rounds of {@code repetitions} batches (each batch doing
     * {@code perBatch} operations); the best round counts.
     */
    private static double time(Runnable batch, int perBatch, int repetitions) {
        for (int i = 0; i < repetitions; i++) {
            batch.run();
        }
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < repetitions; i++) {
                batch.run();
            }
            best = Math.min(best, System.nanoTime() - start);
        }
        return best / (double) (repetitions * (long) perBatch);
    }
}

package org.torneo.game.core.deadposition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.torneo.game.core.board.Board;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;

/**
 * Can a side still checkmate by ANY series of legal moves, however unskilled the play of both sides (a helpmate
 * question)? This decides dead positions (FIDE 2018 1.5 / 5.2.2, 1997 and 2001 9.6: the game is drawn at once when
 * neither side can), flag fall (2018 6.9, 1997/2001 6.10: the game is drawn when the opponent cannot mate by any
 * series of legal moves) and the second illegal move (2018 7.5.5).
 *
 * <p>The answer is SOUND: {@link Verdict#UNWINNABLE} only when proved (material lemmas, exhausted search, locked
 * fortress); {@link Verdict#WINNABLE} always comes with a replayable helpmate line; when the bounded search gives up
 * the answer is {@link Verdict#UNDETERMINED}. Deterministic: a node limit, never a clock. The procedure follows the
 * structure of Ambrona's Chess Unwinnability Analyzer (own implementation): forced moves, a quick search, the static
 * fortress test now and after each reply, then iterative deepening.
 */
public final class CanMate {
    /** The default node budget (the same order as the reference analyser's 5,000,000). */
    public static final long DEFAULT_NODE_LIMIT = 5_000_000;
    private static final long QUICK_NODE_LIMIT = 10_000;
    private static final long NODES_PER_DEPTH = 10_000;
    private static final int FORCED_MOVES_LIMIT = 100;

    private CanMate() {
    }

    public static MateAbility canMate(Position position, Side intendedWinner) {
        return canMate(position, intendedWinner, DEFAULT_NODE_LIMIT);
    }

    /** Both sides: the position is dead (FIDE 2018 5.2.2) iff neither can mate. */
    public static boolean isDead(Position position) {
        return canMate(position, Side.WHITE).unwinnable() && canMate(position, Side.BLACK).unwinnable();
    }

    public static MateAbility canMate(Position position, Side intendedWinner, long nodeLimit) {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(intendedWinner, "intendedWinner");
        int winner = intendedWinner.ordinal();
        Board board = position.toBoard();

        // A position where the side to move could take the king cannot arise from legal play (FIDE 2018 3.9.2).
        if (board.isAttacked(board.kingSquare(board.sideToMove() ^ 1), board.sideToMove(), board.occupancy())) {
            return answer(intendedWinner, Verdict.UNWINNABLE, List.of(), 0);
        }
        ForcedMoves forced = playForcedMoves(board);
        if (forced.cycle()) {
            return answer(intendedWinner, Verdict.UNWINNABLE, List.of(), 0);
        }
        if (forced.replies() == 0) {
            boolean mate = board.inCheck() && board.sideToMove() != winner;
            return mate ? witness(position, intendedWinner, forced.prefix(), new int[0], 0)
                    : answer(intendedWinner, Verdict.UNWINNABLE, List.of(), 0);
        }
        if (MaterialLimits.impossibleToWin(board, winner)) {
            return answer(intendedWinner, Verdict.UNWINNABLE, List.of(), 0);
        }
        return new Analysis(position, intendedWinner, board, forced, nodeLimit).searchAfterForcedMoves();
    }

    /**
     * The moves played while the side to move had only one, and what is left: the replies (the legal moves) of the
     * position reached, or a cycle (a forced repetition, which can never be left).
     */
    private record ForcedMoves(List<Integer> prefix, int[] moves, int replies, boolean cycle) {
    }

    /** Forced moves: while there is one legal move, play it (on the board); a forced cycle can never be left. */
    private static ForcedMoves playForcedMoves(Board board) {
        List<Integer> prefix = new ArrayList<>();
        int[] moves = new int[Board.MAX_MOVES];
        Set<Long> seen = new HashSet<>();
        seen.add(board.repetitionKey());
        int n = board.generateLegal(moves, 0);
        while (n == 1 && prefix.size() < FORCED_MOVES_LIMIT) {
            board.make(moves[0]);
            prefix.add(moves[0]);
            if (!seen.add(board.repetitionKey())) {
                return new ForcedMoves(prefix, moves, 0, true);
            }
            n = board.generateLegal(moves, 0);
        }
        return new ForcedMoves(prefix, moves, n, false);
    }

    /** The searches after the forced moves, in order, sharing one table and one node count. */
    private static final class Analysis {
        private final Position position;
        private final Side intendedWinner;
        private final int winner;
        private final Board board;
        private final ForcedMoves forced;
        private final long nodeLimit;
        private final TranspositionTable table = new TranspositionTable(20);
        private long nodes;

        Analysis(Position position, Side intendedWinner, Board board, ForcedMoves forced, long nodeLimit) {
            this.position = position;
            this.intendedWinner = intendedWinner;
            this.winner = intendedWinner.ordinal();
            this.board = board;
            this.forced = forced;
            this.nodeLimit = nodeLimit;
        }

        MateAbility searchAfterForcedMoves() {
            // Quick search: two plies plus free extensions, no table.
            HelpmateSearch quick = new HelpmateSearch(board, winner, table);
            if (quick.run(2, QUICK_NODE_LIMIT, false)) {
                return witness(position, intendedWinner, forced.prefix(), quick.mateLine(), quick.totalNodes());
            }
            nodes = quick.totalNodes();
            if (!quick.interrupted()) {
                return unwinnable();
            }
            // Static fortress test, now and after every reply (with that reply's forced continuation).
            if (Fortress.unwinnable(board, winner)) {
                return unwinnable();
            }
            List<Integer> openReplies = repliesNotProvedUnwinnable();
            if (openReplies.isEmpty()) {
                return unwinnable();
            }
            // Iterative deepening over the replies not yet settled.
            return openReplies.size() == forced.replies() ? deepenFromHere() : deepenAfterEach(openReplies);
        }

        private List<Integer> repliesNotProvedUnwinnable() {
            List<Integer> openReplies = new ArrayList<>();
            for (int i = 0; i < forced.replies(); i++) {
                int reply = forced.moves()[i];
                board.make(reply);
                if (!unwinnableWithForcedMoves(board, winner, new HashSet<>(), 0)) {
                    openReplies.add(reply);
                }
                board.unmake(reply);
            }
            return openReplies;
        }

        private MateAbility deepenFromHere() {
            Deepening d = deepen(board, winner, table, nodeLimit - nodes);
            nodes += d.nodes;
            if (d.verdict == Verdict.WINNABLE) {
                return witness(position, intendedWinner, forced.prefix(), d.line, nodes);
            }
            return answer(intendedWinner, d.verdict, List.of(), nodes);
        }

        private MateAbility deepenAfterEach(List<Integer> roots) {
            int unwinnableRoots = 0;
            for (int root : roots) {
                board.make(root);
                table.clear();
                Deepening d = deepen(board, winner, table, nodeLimit - nodes);
                board.unmake(root);
                nodes += d.nodes;
                if (d.verdict == Verdict.WINNABLE) {
                    int[] line = new int[d.line.length + 1];
                    line[0] = root;
                    System.arraycopy(d.line, 0, line, 1, d.line.length);
                    return witness(position, intendedWinner, forced.prefix(), line, nodes);
                }
                if (d.verdict == Verdict.UNWINNABLE) {
                    unwinnableRoots++;
                }
                if (nodes >= nodeLimit) {
                    break;
                }
            }
            return answer(intendedWinner, unwinnableRoots == roots.size() ? Verdict.UNWINNABLE : Verdict.UNDETERMINED,
                    List.of(), nodes);
        }

        private MateAbility unwinnable() {
            return answer(intendedWinner, Verdict.UNWINNABLE, List.of(), nodes);
        }
    }

    private record Deepening(Verdict verdict, int[] line, long nodes) {
    }

    private static Deepening deepen(Board board, int winner, TranspositionTable table, long budget) {
        HelpmateSearch search = new HelpmateSearch(board, winner, table);
        for (int depth = 2; depth <= 1000; depth++) {
            table.clear();
            if (search.run(depth, depth * NODES_PER_DEPTH, true)) {
                return new Deepening(Verdict.WINNABLE, search.mateLine(), search.totalNodes());
            }
            if (!search.interrupted()) {
                return new Deepening(Verdict.UNWINNABLE, new int[0], search.totalNodes());
            }
            if (search.totalNodes() > budget) {
                break;
            }
        }
        return new Deepening(Verdict.UNDETERMINED, new int[0], search.totalNodes());
    }

    /** The fortress test after playing out forced moves (a forced repetition can never be left: no mate). */
    private static boolean unwinnableWithForcedMoves(Board board, int winner, Set<Long> seen, int depth) {
        int[] moves = new int[Board.MAX_MOVES];
        int n = board.generateLegal(moves, 0);
        if (n == 0) {
            return !board.inCheck() || board.sideToMove() == winner;
        }
        if (n == 1 && depth < FORCED_MOVES_LIMIT) {
            if (!seen.add(board.repetitionKey())) {
                return true;
            }
            board.make(moves[0]);
            boolean result = unwinnableWithForcedMoves(board, winner, seen, depth + 1);
            board.unmake(moves[0]);
            return result;
        }
        return Fortress.unwinnable(board, winner);
    }

    private static MateAbility answer(Side winner, Verdict verdict, List<String> line, long nodes) {
        return new MateAbility(winner, verdict, line, nodes);
    }

    /** Builds the UCI witness and checks it once more by replaying it on the immutable position. */
    private static MateAbility witness(Position start, Side winner, List<Integer> prefix, int[] line, long nodes) {
        List<String> uci = new ArrayList<>();
        Position p = start;
        List<Integer> all = new ArrayList<>(prefix);
        for (int m : line) {
            all.add(m);
        }
        for (int m : all) {
            Move move = new Move(m);
            uci.add(move.uci());
            p = p.play(move);
        }
        if (!p.isCheckmate() || p.sideToMove() == winner) {
            throw new IllegalStateException("internal error: helpmate witness does not end in mate for " + winner);
        }
        return answer(winner, Verdict.WINNABLE, uci, nodes);
    }
}

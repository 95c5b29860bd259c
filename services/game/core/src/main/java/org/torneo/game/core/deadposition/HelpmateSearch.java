package org.torneo.game.core.deadposition;

import static org.torneo.game.core.board.Board.BISHOP;
import static org.torneo.game.core.board.Board.KING;
import static org.torneo.game.core.board.Board.KNIGHT;
import static org.torneo.game.core.board.Board.PAWN;

import org.torneo.game.core.board.Board;

/**
 * A depth-bounded search over ALL legal moves of both sides for a checkmate by the intended winner (a helpmate).
 * Exhaustive within its bound, so when it finishes without hitting any bound and without a mate, no mate exists
 * (every line ended in a terminal position or one where {@link MaterialLimits#impossibleToWin} holds).
 *
 * <p>Move ordering and depth are steered as in Ambrona's analyser (own implementation): moves that bring the
 * winner's pieces toward a mating corner, captures and advanced pawn pushes by the winner, and cooperative loser
 * moves (its king to the corner, its pawns toward a needed promotion) cost no depth ("reward"); loser captures and
 * uncooperative moves cost extra depth ("punish"). Deterministic: no randomness, no clock.
 */
final class HelpmateSearch {
    private static final int MAX_PLY = 1200;
    private static final int REWARD_PLY_LIMIT = 400;
    private static final int NORMAL = 0;
    private static final int REWARD = 1;
    private static final int PUNISH = 2;

    private final Board board;
    private final int winner;
    private final int loser;
    private final TranspositionTable table;
    private final int[][] moveBuffers = new int[MAX_PLY + 1][];
    private final int[] line = new int[MAX_PLY + 1];

    private int maxDepth;
    private boolean useTable;
    private long localLimit;
    private long localNodes;
    private long totalNodes;
    private boolean interrupted;
    private int mateLength = -1;
    private int ply;

    HelpmateSearch(Board board, int winner, TranspositionTable table) {
        this.board = board;
        this.winner = winner;
        this.loser = winner ^ 1;
        this.table = table;
    }

    /** One bounded pass; true when a mate was found (then {@link #mateLine()} holds it). */
    boolean run(int depthBound, long nodeBound, boolean withTable) {
        this.maxDepth = depthBound;
        this.localLimit = nodeBound;
        this.localNodes = 0;
        this.useTable = withTable;
        this.interrupted = false;
        this.ply = 0;
        boolean mate = findMate(0, false, false);
        totalNodes += localNodes;
        return mate;
    }

    boolean interrupted() {
        return interrupted;
    }

    long totalNodes() {
        return totalNodes;
    }

    /** The moves (board ints) of the mate found by the last successful {@link #run}. */
    int[] mateLine() {
        return java.util.Arrays.copyOf(line, mateLength);
    }

    private int[] buffer(int atPly) {
        int[] b = moveBuffers[atPly];
        if (b == null) {
            b = new int[Board.MAX_MOVES];
            moveBuffers[atPly] = b;
        }
        return b;
    }

    /**
     * The search at one node: a mate by the winner within the depth left, trying every legal move in order, each
     * steered ({@link #steer}) to cost no depth, one ply or extra depth. The recursion stays in this one method so that
     * a long line costs one stack frame a ply.
     */
    private boolean findMate(int depth, boolean pastProgress, boolean wasSemiBlocked) {
        int movesLeft = maxDepth - depth;
        long key = 0;
        if (useTable) {
            key = board.repetitionKey();
            if (table.probe(key) >= movesLeft) {
                return false; // already searched at least as deep (or being searched higher up the line)
            }
        }
        if (MaterialLimits.impossibleToWin(board, winner)) {
            return false;
        }
        int[] moves = buffer(ply);
        int count = board.generateLegal(moves, 0);
        orderByPieceType(moves, count);
        if (count == 0) {
            return loserIsMated();
        }
        if (depth >= maxDepth || localNodes > localLimit || ply >= MAX_PLY) {
            interrupted = true;
            return false;
        }
        if (useTable) {
            table.store(key, movesLeft);
        }

        boolean needLoserPromotion = MaterialLimits.needsLoserPromotion(board, winner);
        boolean winnersTurn = board.sideToMove() == winner;
        boolean semiBlockedStructure = MaterialLimits.onlyPawnsAndBishops(board)
                && MaterialLimits.blockedPawns(board) >= 4 && !MaterialLimits.hasLonelyPawns(board);
        int unblockingTarget = MaterialLimits.semiBlockedSquare(board);
        boolean semiBlocked = unblockingTarget >= 0;
        boolean darkCorner = darkCorner();

        for (int i = 0; i < count; i++) {
            int move = moves[i];
            int variation = steer(move, winnersTurn, darkCorner, needLoserPromotion);
            if (semiBlockedStructure) {
                variation = steerInSemiBlockedStructure(variation, move, winnersTurn, darkCorner, unblockingTarget,
                        semiBlocked || wasSemiBlocked);
            }
            if (ply > REWARD_PLY_LIMIT && variation == REWARD) {
                variation = NORMAL; // stop free extensions on very long lines
            }
            int newDepth = switch (variation) {
                case REWARD -> depth;
                case PUNISH -> Math.min(maxDepth, depth + 3);
                default -> pastProgress ? depth : depth + 1;
            };

            board.make(move);
            line[ply] = move;
            ply++;
            localNodes++;
            boolean mate = findMate(newDepth, variation == REWARD, semiBlocked || wasSemiBlocked);
            ply--;
            board.unmake(move);
            if (mate) {
                return true;
            }
        }
        return false;
    }

    /** No legal move: a mate when the loser is in check (then the line so far is the mate). */
    private boolean loserIsMated() {
        if (board.inCheck() && board.sideToMove() == loser) {
            mateLength = ply;
            return true;
        }
        return false;
    }

    /**
     * The winner is rewarded for an advanced pawn push, a capture or a step toward the mating corner; the loser for
     * cooperating (its king to the corner, its pawn toward a needed minor promotion) and punished for a capture or,
     * when it must promote, for any other move.
     */
    private int steer(int move, boolean winnersTurn, boolean darkCorner, boolean needLoserPromotion) {
        int from = move & 63;
        int to = (move >>> 6) & 63;
        int piece = board.pieceAt(from) % 6;
        boolean capture = isCapture(move);
        int target = target(piece, winnersTurn, darkCorner);
        int variation = NORMAL;
        if (winnersTurn) {
            if (advancedPawnPush(piece, from) || capture || approaches(from, to, target, piece, false)) {
                variation = REWARD;
            }
        } else {
            if (needLoserPromotion) {
                int promotion = (move >>> 12) & 7;
                boolean heavyPromotion = promotion == Board.QUEEN || promotion == Board.ROOK;
                variation = piece == PAWN && !heavyPromotion ? REWARD : PUNISH;
            }
            if (approaches(from, to, target, piece, false)) {
                variation = REWARD;
            } else if (capture) {
                variation = PUNISH;
            }
        }
        return variation;
    }

    /**
     * Only pawns and bishops, pawns blocked: once a blocked structure is (or was) semi-open, the winner's captures and
     * the kings' steps toward the opening are rewarded and everything else punished; before, bishops and kings heading
     * for the corner are rewarded when the loser has more than one bishop.
     */
    private int steerInSemiBlockedStructure(int variation, int move, boolean winnersTurn, boolean darkCorner,
            int unblockingTarget, boolean semiBlockedOnThisLine) {
        int from = move & 63;
        int to = (move >>> 6) & 63;
        int piece = board.pieceAt(from) % 6;
        if (semiBlockedOnThisLine) {
            if (isCapture(move) && winnersTurn) {
                return REWARD;
            } else if (piece == KING) {
                return unblockingTarget >= 0 && approaches(from, to, unblockingTarget, piece, false) ? REWARD : NORMAL;
            }
            return PUNISH;
        } else if (approaches(from, to, target(piece, winnersTurn, darkCorner), piece, true)
                && Long.bitCount(board.pieces(loser, BISHOP)) > 1) {
            return REWARD;
        }
        return variation;
    }

    private boolean isCapture(int move) {
        return board.pieceAt((move >>> 6) & 63) != Board.EMPTY || ((move >>> 15) & 3) == 2;
    }

    /**
     * Pawn moves first, then knights, bishops, rooks, queens and the king last (the order of Stockfish's generator,
     * which the reference analyser's depth-first search inherits); stable within a piece type. Deterministic.
     */
    private void orderByPieceType(int[] moves, int count) {
        for (int i = 1; i < count; i++) {
            int move = moves[i];
            int rank = board.pieceAt(move & 63) % 6;
            int j = i - 1;
            while (j >= 0 && board.pieceAt(moves[j] & 63) % 6 > rank) {
                moves[j + 1] = moves[j];
                j--;
            }
            moves[j + 1] = move;
        }
    }

    /**
     * Mating corner: dark when the winner has a dark-squared bishop, or has no bishop and the loser has a
     * light-squared one (the loser's bishop may then block a flight square).
     */
    private boolean darkCorner() {
        long winnerBishops = board.pieces(winner, BISHOP);
        long loserBishops = board.pieces(loser, BISHOP);
        return (winnerBishops & MaterialLimits.DARK_SQUARES) != 0
                || (winnerBishops == 0 && (loserBishops & ~MaterialLimits.DARK_SQUARES) != 0);
    }

    /** Where the moving piece should go: the loser's king to the corner, the winner's king two squares from it. */
    private int target(int piece, boolean winnersTurn, boolean darkCorner) {
        boolean king = piece == KING;
        int target = winnersTurn ? (king ? 47 /* h6 */ : 63 /* h8 */) : (king ? 63 /* h8 */ : 62 /* g8 */);
        if (!darkCorner) {
            target ^= 7; // mirror the file: a8 corner
        }
        if (winner == Board.BLACK) {
            target ^= 63; // rotate: a1 / h1 corner
        }
        return target;
    }

    private boolean advancedPawnPush(int piece, int from) {
        if (piece != PAWN) {
            return false;
        }
        int rank = from >>> 3;
        int relativeRank = board.sideToMove() == Board.WHITE ? rank : 7 - rank;
        return relativeRank > 3;
    }

    private static boolean approaches(int from, int to, int target, int piece, boolean bishopsToo) {
        if (piece == KING || (bishopsToo && piece == BISHOP)) {
            return Distances.king(to, target) < Distances.king(from, target);
        }
        if (piece == KNIGHT) {
            return Distances.knight(to, target) < Distances.knight(from, target);
        }
        return false;
    }
}

package org.torneo.game.core.deadposition;

import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.InsufficientMaterial;

/**
 * A dead-position oracle (FIDE 2018 1.5 / 5.2.2, 1997/2001 9.6) backed by {@link CanMate}: dead iff it is proved that
 * neither side can mate. SOUND: true only on a proof; an undetermined analysis counts as "not dead".
 *
 * <p>Like {@link DeadPositionOracle#BARE_MATERIAL}, a position without legal moves is answered "not dead": checkmate and
 * stalemate are their own endings (FIDE 2018 5.1.1, 5.2.1); callers that want the corpus' wider sense add stalemate.
 *
 * <p>Fast enough for replaying games ply by ply: stalemate and the bare-material cases are answered at once; the
 * helpmate analysis runs only where a dead position is possible at all beyond those, namely when the side to move
 * has one legal move it is played out (forced sequences, a forced cycle is dead), and the analysis runs only when
 * every pawn is locked head-on by an enemy pawn, only a few minor pieces remain and the static fortress test
 * already proves one side unable to mate (pawn fortresses). Elsewhere the answer is "not dead" without analysis; this misses no position of
 * the corpus, but a fortress with many pieces would only be found by {@link CanMate#isDead} itself.
 */
public final class HelpmateDeadPositionOracle implements DeadPositionOracle {
    /** Node budget per side: enough for every dead position of the corpus, small enough for ply-by-ply replay. */
    public static final long DEFAULT_NODE_LIMIT = 50_000;
    public static final HelpmateDeadPositionOracle DEFAULT = new HelpmateDeadPositionOracle(DEFAULT_NODE_LIMIT);
    private static final int MAX_PIECES_IN_FORTRESS = 4;
    private static final int FORCED_MOVES_LIMIT = 100;

    private final long nodeLimit;

    /** With {@link #DEFAULT_NODE_LIMIT}; registered as the {@code DeadPositionOracle} service (META-INF/services). */
    public HelpmateDeadPositionOracle() {
        this(DEFAULT_NODE_LIMIT);
    }

    public HelpmateDeadPositionOracle(long nodeLimit) {
        this.nodeLimit = nodeLimit;
    }

    @Override
    public boolean isDead(Position position) {
        if (position.legalMoveCount() == 0) {
            return false; // checkmate (5.1.1) or stalemate (5.2.1): those endings have their own rules, as in BARE_MATERIAL
        }
        Position p = position;
        java.util.Set<Long> seen = new java.util.HashSet<>();
        // Forced moves (one legal move) are played out first: what matters is the first position with a choice.
        for (int forced = 0; ; forced++) {
            int legal = p.legalMoveCount();
            if (legal == 0) {
                return !p.inCheck(); // FIDE 2018 5.2.1: stalemate; a checkmate is never dead
            }
            if (InsufficientMaterial.bareMaterialDead(p)) {
                return true;
            }
            if (legal > 1) {
                break;
            }
            if (!seen.add(p.repetitionKey())) {
                return true; // a forced cycle never ends in mate
            }
            if (forced == FORCED_MOVES_LIMIT) {
                return false; // not known
            }
            p = p.play(p.legalMoves().get(0));
        }
        if (!lockedWithFewPieces(p)) {
            return false;
        }
        // the search alone rarely proves an open king-and-pawn position dead: go on only if the static fortress
        // test already shuts out one side
        org.torneo.game.core.board.Board board = p.toBoard();
        if (!Fortress.unwinnable(board, 0) && !Fortress.unwinnable(board, 1)) {
            return false;
        }
        // the side with more material first: its mate, if any, is usually found at once and settles the question
        Side first = material(p, Side.WHITE) >= material(p, Side.BLACK) ? Side.WHITE : Side.BLACK;
        return CanMate.canMate(p, first, nodeLimit).unwinnable()
                && CanMate.canMate(p, first.opponent(), nodeLimit).unwinnable();
    }

    private static int material(Position p, Side side) {
        return Long.bitCount(p.pieces(side, PieceType.PAWN)) + 3 * Long.bitCount(p.pieces(side, PieceType.KNIGHT))
                + 3 * Long.bitCount(p.pieces(side, PieceType.BISHOP)) + 5 * Long.bitCount(p.pieces(side, PieceType.ROOK))
                + 9 * Long.bitCount(p.pieces(side, PieceType.QUEEN));
    }

    /** Every pawn faces an enemy pawn on the square in front of it, no rook or queen, and at most a few minor pieces. */
    static boolean lockedWithFewPieces(Position position) {
        long white = position.pieces(Side.WHITE, PieceType.PAWN);
        long black = position.pieces(Side.BLACK, PieceType.PAWN);
        if (white == 0 || (white << 8) != black) {
            return false;
        }
        for (Side side : Side.values()) {
            if ((position.pieces(side, PieceType.ROOK) | position.pieces(side, PieceType.QUEEN)) != 0) {
                return false; // a rook or queen is never shut in by a pawn wall alone in practice: not analysed
            }
        }
        long kingsAndPawns = white | black | position.pieces(Side.WHITE, PieceType.KING) | position.pieces(Side.BLACK, PieceType.KING);
        return Long.bitCount(position.occupancy() & ~kingsAndPawns) <= MAX_PIECES_IN_FORTRESS;
    }

}

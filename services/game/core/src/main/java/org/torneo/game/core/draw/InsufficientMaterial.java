package org.torneo.game.core.draw;

import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;

/**
 * Simple material predicates. NOT the FIDE dead-position definition (FIDE 2018 5.2.2 / 1997 9.6: no series of
 * legal moves can lead to mate); for that use a {@link DeadPositionOracle}.
 */
public final class InsufficientMaterial {
    private static final long LIGHT_SQUARES = 0x55AA55AA55AA55AAL;

    private InsufficientMaterial() {
    }

    /**
     * The chess.js 1.4.0 {@code isInsufficientMaterial()} predicate, kept for comparison with other software:
     * true when only the kings are left, or exactly one knight or bishop besides them, or every other piece is a
     * bishop and all of them stand on squares of one colour. It says nothing about e.g. K+N v K+N or blocked pawns.
     */
    public static boolean chessJsRule(Position position) {
        long all = position.occupancy();
        int count = Long.bitCount(all);
        if (count == 2) {
            return true;
        }
        long minors = position.pieces(Side.WHITE, PieceType.KNIGHT) | position.pieces(Side.BLACK, PieceType.KNIGHT)
                | position.pieces(Side.WHITE, PieceType.BISHOP) | position.pieces(Side.BLACK, PieceType.BISHOP);
        if (count == 3 && Long.bitCount(minors) == 1) {
            return true;
        }
        long bishops = position.pieces(Side.WHITE, PieceType.BISHOP) | position.pieces(Side.BLACK, PieceType.BISHOP);
        return count == Long.bitCount(bishops) + 2 && ((bishops & LIGHT_SQUARES) == 0 || (bishops & ~LIGHT_SQUARES) == 0);
    }

    /**
     * A SOUND partial dead-position rule on bare material (FIDE 2018 5.2.2, 1997 9.6): no pawns, rooks or queens,
     * and either at most one minor piece in total, or only bishops all standing on squares of one colour.
     * In all of these no sequence of legal moves can end in mate. Many dead positions (blocked pawn walls, ...)
     * are not recognised: the caller must treat false as "not known to be dead".
     */
    public static boolean bareMaterialDead(Position position) {
        long all = position.occupancy();
        long bishops = position.pieces(Side.WHITE, PieceType.BISHOP) | position.pieces(Side.BLACK, PieceType.BISHOP);
        long knights = position.pieces(Side.WHITE, PieceType.KNIGHT) | position.pieces(Side.BLACK, PieceType.KNIGHT);
        long kings = position.pieces(Side.WHITE, PieceType.KING) | position.pieces(Side.BLACK, PieceType.KING);
        long others = all & ~bishops & ~knights & ~kings;
        if (others != 0) {
            return false;
        }
        if (Long.bitCount(bishops | knights) <= 1) {
            return true; // K v K, K+N v K, K+B v K
        }
        return knights == 0 && ((bishops & LIGHT_SQUARES) == 0 || (bishops & ~LIGHT_SQUARES) == 0);
    }
}

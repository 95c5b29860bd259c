package org.torneo.game.core.deadposition;

import static org.torneo.game.core.board.Board.BISHOP;
import static org.torneo.game.core.board.Board.KING;
import static org.torneo.game.core.board.Board.KNIGHT;
import static org.torneo.game.core.board.Board.PAWN;
import static org.torneo.game.core.board.Board.QUEEN;
import static org.torneo.game.core.board.Board.ROOK;

import org.torneo.game.core.board.Board;

/**
 * Static material facts about one intended winner (no move is made). Both predicates are sound: they never declare
 * a mate impossible when one exists.
 */
final class MaterialLimits {
    static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;

    private MaterialLimits() {
    }

    /**
     * True when the winner's material alone can never mate, so a mate needs a promotion by the loser first:
     * <ul>
     *   <li>the winner has king and one knight and the loser has no knight, bishop or rook (only pawns and
     *   queens);</li>
     *   <li>the winner has king and bishops all on one colour, there is no bishop of the other colour, and the
     *   loser has no knight.</li>
     * </ul>
     * These are the material lemmas of Ambrona's analyser (the weaker-side rows of the corpus exercise them):
     * the flight squares a knight or a one-coloured bishop leaves open can only be closed by loser pieces that
     * could equally capture the checker or interpose.
     */
    static boolean needsLoserPromotion(Board board, int winner) {
        int loser = winner ^ 1;
        long winnerPieces = board.occupancy(winner);
        long minorsAndRooks = board.pieces(loser, KNIGHT) | board.pieces(loser, BISHOP) | board.pieces(loser, ROOK);
        if (Long.bitCount(winnerPieces) == 2 && Long.bitCount(board.pieces(winner, KNIGHT)) == 1 && minorsAndRooks == 0) {
            return true;
        }
        long winnerBishops = board.pieces(winner, BISHOP);
        long colour = (winnerBishops & DARK_SQUARES) != 0 ? DARK_SQUARES : ~DARK_SQUARES;
        long allBishops = board.pieces(0, BISHOP) | board.pieces(1, BISHOP);
        return Long.bitCount(winnerPieces) == Long.bitCount(winnerBishops) + 1
                && (allBishops & ~colour) == 0
                && board.pieces(loser, KNIGHT) == 0;
    }

    /** True when the winner certainly cannot mate from here: a lone king, or a needed loser promotion without pawns. */
    static boolean impossibleToWin(Board board, int winner) {
        if (Long.bitCount(board.occupancy(winner)) == 1) {
            return true; // a king alone never gives check (FIDE 2018 3.8: kings may not stand adjacent)
        }
        return board.pieces(winner ^ 1, PAWN) == 0 && needsLoserPromotion(board, winner);
    }

    /** No knight, rook or queen of either side. */
    static boolean onlyPawnsAndBishops(Board board) {
        for (int c = 0; c < 2; c++) {
            if ((board.pieces(c, KNIGHT) | board.pieces(c, ROOK) | board.pieces(c, QUEEN)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** White pawns directly blocked by a black pawn. */
    static int blockedPawns(Board board) {
        return Long.bitCount((board.pieces(0, PAWN) << 8) & board.pieces(1, PAWN));
    }

    /** A pawn is "lonely" when the other side has no pawn on its file (then the structure is not closed). */
    static boolean hasLonelyPawns(Board board) {
        int whiteFiles = 0;
        int blackFiles = 0;
        for (long p = board.pieces(0, PAWN); p != 0; p &= p - 1) {
            whiteFiles |= 1 << (Long.numberOfTrailingZeros(p) & 7);
        }
        for (long p = board.pieces(1, PAWN); p != 0; p &= p - 1) {
            blackFiles |= 1 << (Long.numberOfTrailingZeros(p) & 7);
        }
        return whiteFiles != blackFiles;
    }

    /** A square between a white pawn and a black pawn two ranks above it (a "semi-blocked" file), or -1. */
    static int semiBlockedSquare(Board board) {
        long between = (board.pieces(0, PAWN) << 8) & (board.pieces(1, PAWN) >>> 8);
        return between == 0 ? -1 : Long.numberOfTrailingZeros(between);
    }

    static boolean isKing(Board board, int square) {
        int piece = board.pieceAt(square);
        return piece != Board.EMPTY && piece % 6 == KING;
    }
}

package org.torneo.game.core.deadposition;

import static org.torneo.game.core.board.Board.BISHOP;
import static org.torneo.game.core.board.Board.KING;
import static org.torneo.game.core.board.Board.KNIGHT;
import static org.torneo.game.core.board.Board.PAWN;
import static org.torneo.game.core.board.Board.QUEEN;
import static org.torneo.game.core.board.Board.ROOK;

import org.torneo.game.core.board.Attacks;
import org.torneo.game.core.board.Board;
import org.torneo.game.core.board.Side;

/**
 * Static unwinnability of locked positions (pawn fortresses), an own reading of the "semi-static" idea of Ambrona's
 * analyser: over-approximate, for every man on the board, the set of squares it can EVER stand on, then ask whether
 * any of the intended winner's men could ever give check to the loser's king inside the region that king can reach.
 *
 * <p>The reachability is the least fixpoint of rules that each allow at least every real move:
 * <ul>
 *   <li>a piece may step (sliders one square at a time) onto a square that was empty at the start, or whose
 *       original occupant may leave or be captured, or that holds an enemy man other than the king;</li>
 *   <li>a pawn pushes onto a square that may be empty and captures onto a square some enemy man (not the king) may
 *       stand on; a pawn that may reach its last rank may become anything anywhere (FIDE 2018 3.7.5);</li>
 *   <li>a king never steps onto a square attacked by an enemy pawn that can never move and never be captured.</li>
 * </ul>
 * By induction over any game from the position, every man stays within its set, so the conclusions are SOUND.
 * A position where en passant is legal now is not judged (the rules above do not model the pawn's past move).
 */
final class Fortress {
    private static final long FILE_A = 0x0101010101010101L;
    private static final long FILE_H = FILE_A << 7;
    private static final long RANK_1 = 0xFFL;
    private static final long RANK_8 = RANK_1 << 56;
    private static final long ALL = -1L;

    private final int count;
    private final int[] origin = new int[32];
    private final int[] colour = new int[32];
    private final int[] type = new int[32];
    private final long[] reach = new long[32];
    private final boolean[] promoted = new boolean[32];
    private final long initiallyEmpty;
    /** Per colour, the squares where its men may capture (where its pieces may stand, its pawns' capture targets). */
    private long captureSquaresCache0;
    private long captureSquaresCache1;

    private Fortress(Board board) {
        int n = 0;
        for (long occ = board.occupancy(); occ != 0; occ &= occ - 1) {
            int s = Long.numberOfTrailingZeros(occ);
            int piece = board.pieceAt(s);
            origin[n] = s;
            colour[n] = piece / 6;
            type[n] = piece % 6;
            reach[n] = 1L << s;
            n++;
        }
        count = n;
        initiallyEmpty = ~board.occupancy();
    }

    /** True when it is proved that {@code winner} can never checkmate in this position. */
    static boolean unwinnable(Board board, int winner) {
        int[] moves = new int[Board.MAX_MOVES];
        int n = board.generateLegal(moves, 0);
        if (n == 0) {
            return !board.inCheck() || board.sideToMove() == winner; // stalemate, or the winner is mated
        }
        if (board.hasLegalEnPassant()) {
            return false;
        }
        Fortress fortress = new Fortress(board);
        fortress.saturate();
        return fortress.noMateFor(winner);
    }

    private boolean removable(int k) {
        return type[k] != KING && (reach[k] != (1L << origin[k]) || ((captureSquares(colour[k] ^ 1) >>> origin[k]) & 1) != 0)
                || type[k] == KING && reach[k] != (1L << origin[k]);
    }

    private long captureSquares(int c) {
        return c == 0 ? captureSquaresCache0 : captureSquaresCache1;
    }

    private void saturate() {
        boolean changed = true;
        long[] pawnCaptures = new long[32];
        while (changed) {
            changed = false;
            // facts derived from the current sets
            long[] standable = new long[2]; // squares where a non-king man of that colour may stand
            long[] captures = new long[2];
            for (int k = 0; k < count; k++) {
                if (type[k] != KING) {
                    standable[colour[k]] |= reach[k];
                }
                captures[colour[k]] |= type[k] == PAWN && !promoted[k] ? pawnCaptures[k] : reach[k];
            }
            captureSquaresCache0 = captures[0];
            captureSquaresCache1 = captures[1];
            long removableSquares = 0;
            long[] fixedPawnAttacks = new long[2];
            long[] enemyNonKing = new long[2]; // initial squares of men of that colour other than the king
            for (int k = 0; k < count; k++) {
                if (removable(k)) {
                    removableSquares |= 1L << origin[k];
                } else if (type[k] == PAWN) {
                    fixedPawnAttacks[colour[k]] |= Attacks.pawn(Side.values()[colour[k]], origin[k]);
                }
                if (type[k] != KING) {
                    enemyNonKing[colour[k]] |= 1L << origin[k];
                }
            }
            long mayBeEmpty = initiallyEmpty | removableSquares;

            for (int k = 0; k < count; k++) {
                int c = colour[k];
                long before = reach[k];
                if (promoted[k]) {
                    continue;
                }
                if (type[k] == PAWN) {
                    growPawn(k, c, mayBeEmpty, standable, pawnCaptures);
                } else {
                    long enterable = mayBeEmpty | enemyNonKing[c ^ 1];
                    if (type[k] == KING) {
                        enterable &= ~fixedPawnAttacks[c ^ 1];
                    }
                    long r = reach[k];
                    while (true) {
                        long next = r | (steps(type[k], r) & enterable);
                        if (next == r) {
                            break;
                        }
                        r = next;
                    }
                    reach[k] = r;
                }
                if (reach[k] != before) {
                    changed = true;
                }
            }
            // pawn captures can grow without reach growing (targets already in reach): recompute caps above each round
            if (!changed) {
                long[] again = new long[2];
                for (int k = 0; k < count; k++) {
                    again[colour[k]] |= type[k] == PAWN && !promoted[k] ? pawnCaptures[k] : reach[k];
                }
                changed = again[0] != captures[0] || again[1] != captures[1];
            }
        }
    }

    /** A pawn's reach: pushes into squares that may be empty, captures onto squares an enemy man may stand on. */
    private void growPawn(int k, int c, long mayBeEmpty, long[] standable, long[] pawnCaptures) {
        long r = reach[k];
        long caps = pawnCaptures[k];
        while (true) {
            long push = (c == 0 ? r << 8 : r >>> 8) & mayBeEmpty;
            long diagonal = c == 0 ? ((r & ~FILE_A) << 7) | ((r & ~FILE_H) << 9)
                    : ((r & ~FILE_A) >>> 9) | ((r & ~FILE_H) >>> 7);
            long capture = diagonal & standable[c ^ 1];
            long next = r | push | capture;
            caps |= capture;
            if (next == r) {
                break;
            }
            r = next;
        }
        pawnCaptures[k] = caps;
        if ((r & (c == 0 ? RANK_8 : RANK_1)) != 0) {
            promoted[k] = true; // FIDE 2018 3.7.5: it may become any piece and then go anywhere
            r = ALL;
            pawnCaptures[k] = ALL;
        }
        reach[k] = r;
    }

    /** Squares one step away from any square of {@code from} for a man of this type (sliders one square). */
    private static long steps(int pieceType, long from) {
        long orthogonal = ((from & ~FILE_H) << 1) | ((from & ~FILE_A) >>> 1) | (from << 8) | (from >>> 8);
        long diagonal = ((from & ~FILE_H) << 9) | ((from & ~FILE_A) << 7) | ((from & ~FILE_H) >>> 7) | ((from & ~FILE_A) >>> 9);
        return switch (pieceType) {
            case KNIGHT -> knightSteps(from);
            case BISHOP -> diagonal;
            case ROOK -> orthogonal;
            case QUEEN, KING -> orthogonal | diagonal;
            default -> 0;
        };
    }

    private static long knightSteps(long from) {
        long result = 0;
        for (long f = from; f != 0; f &= f - 1) {
            result |= Attacks.knight(Long.numberOfTrailingZeros(f));
        }
        return result;
    }

    /** Squares a man may attack at some time (from every square it may stand on). */
    private long attackable(int k) {
        if (promoted[k]) {
            return ALL;
        }
        long r = reach[k];
        if (type[k] == PAWN) {
            return colour[k] == 0 ? ((r & ~FILE_A) << 7) | ((r & ~FILE_H) << 9)
                    : ((r & ~FILE_A) >>> 9) | ((r & ~FILE_H) >>> 7);
        }
        return r | steps(type[k], r);
    }

    private boolean noMateFor(int winner) {
        int loser = winner ^ 1;
        int loserKing = -1;
        int winnerKing = -1;
        for (int k = 0; k < count; k++) {
            if (type[k] == KING) {
                if (colour[k] == loser) {
                    loserKing = k;
                } else {
                    winnerKing = k;
                }
            }
        }
        long region = reach[loserKing];
        long bishopVisitors = 0; // squares of the winner's bishops that can check in the region
        boolean otherVisitor = false;
        for (int k = 0; k < count; k++) {
            if (colour[k] != winner || type[k] == KING || (attackable(k) & region) == 0) {
                continue;
            }
            if (type[k] == BISHOP && !promoted[k]) {
                bishopVisitors |= 1L << origin[k];
            } else {
                otherVisitor = true;
            }
        }
        if (!otherVisitor && bishopVisitors == 0) {
            return true; // no man of the winner can ever give check where the loser's king can be
        }
        if (otherVisitor) {
            return false;
        }
        long dark = MaterialLimits.DARK_SQUARES;
        if ((bishopVisitors & dark) != 0 && (bishopVisitors & ~dark) != 0) {
            return false;
        }
        // Only bishops of one colour can give check: a mated king on s needs every flight square of the other
        // colour closed by a man standing on it, or guarded by the winner's king.
        long bishopColour = (bishopVisitors & dark) != 0 ? dark : ~dark;
        long checkable = 0;
        for (int k = 0; k < count; k++) {
            if (((bishopVisitors >>> origin[k]) & 1) != 0) {
                checkable |= attackable(k);
            }
        }
        long winnerKingZone = steps(KING, steps(KING, reach[winnerKing])) | reach[winnerKing];
        for (long candidates = region & bishopColour & checkable; candidates != 0; candidates &= candidates - 1) {
            int s = Long.numberOfTrailingZeros(candidates);
            if (((winnerKingZone >>> s) & 1) != 0) {
                return false; // the winner's king could help; not judged
            }
            long flights = Attacks.king(s) & region & ~bishopColour;
            int blockers = 0;
            for (int k = 0; k < count; k++) {
                if (k != loserKing && k != winnerKing && (reach[k] & flights) != 0) {
                    blockers++;
                }
            }
            if (blockers >= Long.bitCount(flights)) {
                return false;
            }
        }
        return true;
    }
}

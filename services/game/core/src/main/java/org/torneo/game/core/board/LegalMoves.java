package org.torneo.game.core.board;

import static org.torneo.game.core.board.Board.BISHOP;
import static org.torneo.game.core.board.Board.EMPTY;
import static org.torneo.game.core.board.Board.KING;
import static org.torneo.game.core.board.Board.KING_TO;
import static org.torneo.game.core.board.Board.KNIGHT;
import static org.torneo.game.core.board.Board.PAWN;
import static org.torneo.game.core.board.Board.QUEEN;
import static org.torneo.game.core.board.Board.RANK_1;
import static org.torneo.game.core.board.Board.RANK_2;
import static org.torneo.game.core.board.Board.RANK_7;
import static org.torneo.game.core.board.Board.RANK_8;
import static org.torneo.game.core.board.Board.ROOK;
import static org.torneo.game.core.board.Board.ROOK_TO;
import static org.torneo.game.core.board.Board.WHITE;

/**
 * The legal moves of a {@link Board}'s side to move (FIDE 2018 3.1-3.10): listed for play, or counted without
 * listing them (perft counts at the leaves). Pins and checks are computed once per position, then each piece's
 * moves are masked by them, so no move is made and unmade to test its legality.
 */
final class LegalMoves {

    private LegalMoves() {
    }

    /**
     * Writes all legal moves of the side to move into {@code out} from index {@code n}; returns the new end index.
     */
    static int generate(Board b, int[] out, int n) {
        final int us = b.sideToMove;
        final int them = us ^ 1;
        final long own = b.colours[us];
        final long enemy = b.colours[them];
        final long all = own | enemy;
        final int king = Long.numberOfTrailingZeros(b.pieces[us * 6 + KING]);
        final long enemyOrthogonal = b.pieces[them * 6 + ROOK] | b.pieces[them * 6 + QUEEN];
        final long enemyDiagonal = b.pieces[them * 6 + BISHOP] | b.pieces[them * 6 + QUEEN];
        final long checkers = (Attacks.KNIGHT[king] & b.pieces[them * 6 + KNIGHT])
                | (Attacks.PAWN[us][king] & b.pieces[them * 6 + PAWN])
                | (Attacks.rook(king, all) & enemyOrthogonal)
                | (Attacks.bishop(king, all) & enemyDiagonal);

        // King steps: never onto an attacked square; the king itself must not shield the square (FIDE 3.8.1, 3.9.2)
        final long withoutKing = all ^ (1L << king);
        for (long t = Attacks.KING[king] & ~own & ~b.pieces[them * 6 + KING]; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            if (!b.isAttacked(to, them, withoutKing)) {
                out[n++] = Move.encode(king, to, 0, Move.NORMAL, 0);
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n; // double check: only the king may move
        }
        // the enemy king is never captured (FIDE 2018 1.4.1); it can only be attackable after an illegal move
        // was allowed to stand (A.4.2 / B.4), and must not crash generation then
        final long target = (checkers == 0 ? ~own
                : checkers | Attacks.BETWEEN[king][Long.numberOfTrailingZeros(checkers)]) & ~b.pieces[them * 6 + KING];

        final long pinned = pinned(king, own, enemy, all, enemyOrthogonal, enemyDiagonal);

        // A pinned knight can never move along its pin line.
        for (long p = b.pieces[us * 6 + KNIGHT] & ~pinned; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            n = addAll(out, n, from, Attacks.KNIGHT[from] & target);
        }
        for (long p = b.pieces[us * 6 + BISHOP] | b.pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.bishop(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n = addAll(out, n, from, t);
        }
        for (long p = b.pieces[us * 6 + ROOK] | b.pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.rook(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n = addAll(out, n, from, t);
        }

        n = addPawnMoves(b, out, n, king, target, pinned, checkers);
        if (checkers == 0) {
            n = addCastling(b, out, n, us, king, all);
        }
        return n;
    }

    /** The pieces of the side to move pinned to its king (each the only piece between the king and a slider). */
    private static long pinned(int king, long own, long enemy, long all, long enemyOrthogonal, long enemyDiagonal) {
        long pinned = 0;
        for (long s = (Attacks.rook(king, enemy) & enemyOrthogonal) | (Attacks.bishop(king, enemy) & enemyDiagonal);
             s != 0; s &= s - 1) {
            long between = Attacks.BETWEEN[king][Long.numberOfTrailingZeros(s)] & all;
            if (between != 0 && (between & (between - 1)) == 0 && (between & own) != 0) {
                pinned |= between;
            }
        }
        return pinned;
    }

    /** Pawn pushes, captures, promotions and en passant, within {@code target} and the pins. */
    private static int addPawnMoves(Board b, int[] out, int n, int king, long target, long pinned, long checkers) {
        final int us = b.sideToMove;
        final int them = us ^ 1;
        final long enemy = b.colours[them];
        final long all = b.colours[us] | enemy;
        final long enemyOrthogonal = b.pieces[them * 6 + ROOK] | b.pieces[them * 6 + QUEEN];
        final long enemyDiagonal = b.pieces[them * 6 + BISHOP] | b.pieces[them * 6 + QUEEN];
        final int up = us == WHITE ? 8 : -8;
        final long startRank = us == WHITE ? RANK_2 : RANK_7;
        final int ep = b.enPassantSquare;
        for (long p = b.pieces[us * 6 + PAWN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long fromBit = 1L << from;
            long allowed = (pinned & fromBit) != 0 ? Attacks.LINE[king][from] & target : target;
            int one = from + up;
            if ((all & (1L << one)) == 0) {
                if ((allowed & (1L << one)) != 0) {
                    n = addPawnMove(out, n, from, one);
                }
                if ((fromBit & startRank) != 0) {
                    int two = one + up;
                    if ((all & (1L << two)) == 0 && (allowed & (1L << two)) != 0) {
                        out[n++] = Move.encode(from, two, 0, Move.DOUBLE_PUSH, 0);
                    }
                }
            }
            for (long c = Attacks.PAWN[us][from] & enemy & allowed; c != 0; c &= c - 1) {
                n = addPawnMove(out, n, from, Long.numberOfTrailingZeros(c));
            }
            if (ep >= 0 && (Attacks.PAWN[us][from] & (1L << ep)) != 0) {
                // FIDE 2018 3.7.4: judge the capture on the board after it, which also covers the
                // horizontal pin of both pawns and a check by a piece other than the pushed pawn.
                int captured = ep - up;
                if (b.mailbox[captured] == them * 6 + PAWN && b.mailbox[ep] == EMPTY) {
                    long after = (all ^ fromBit ^ (1L << captured)) | (1L << ep);
                    long remainingCheckers = checkers & ~(1L << captured)
                            & (b.pieces[them * 6 + KNIGHT] | b.pieces[them * 6 + PAWN]);
                    if (remainingCheckers == 0
                            && (Attacks.rook(king, after) & enemyOrthogonal) == 0
                            && (Attacks.bishop(king, after) & enemyDiagonal) == 0) {
                        out[n++] = Move.encode(from, ep, 0, Move.EN_PASSANT, 0);
                    }
                }
            }
        }

        return n;
    }

    private static int addCastling(Board b, int[] out, int n, int us, int king, long all) {
        for (int right = us * 2; right < us * 2 + 2; right++) {
            if ((b.castlingRights & (1 << right)) != 0 && castlingLegal(b, right, us, king, all)) {
                out[n++] = Move.encode(king, KING_TO[right], 0, Move.CASTLING, b.castlingRookSquare[right]);
            }
        }
        return n;
    }

    /** Castling with an existing right, the king not in check (checked by the caller). */
    private static boolean castlingLegal(Board b, int right, int us, int king, long all) {
        int rook = b.castlingRookSquare[right];
        int kingTo = KING_TO[right];
        int rookTo = ROOK_TO[right];
        long kingAndRook = (1L << king) | (1L << rook);
        // FIDE 2018 3.8.2.2 (b) and Guidelines II.3.4: every square the king or rook must pass or land on is
        // empty, apart from the king and the castling rook themselves
        long path = (Attacks.BETWEEN[king][kingTo] | (1L << kingTo) | Attacks.BETWEEN[rook][rookTo] | (1L << rookTo))
                & ~kingAndRook;
        if ((all & path) != 0) {
            return false;
        }
        // FIDE 2018 3.8.2.2 (a): the king's start (checked by the caller), crossed and final squares are
        // not attacked; the rook's path may be attacked
        long occupiedAfter = all ^ kingAndRook;
        for (long s = Attacks.BETWEEN[king][kingTo] | (1L << kingTo); s != 0; s &= s - 1) {
            if (b.isAttacked(Long.numberOfTrailingZeros(s), us ^ 1, occupiedAfter)) {
                return false;
            }
        }
        return true;
    }

    private static final long FILE_A = 0x0101010101010101L;
    private static final long FILE_H = FILE_A << 7;
    private static final long RANK_3 = 0xFFL << 16;
    private static final long RANK_6 = 0xFFL << 40;

    /**
     * Number of legal moves of the side to move, counted without listing them (same rules as
     * {@link #generate(Board, int[], int)}; perft counts at the leaves with it).
     */
    static int count(Board b) {
        final int us = b.sideToMove;
        final int them = us ^ 1;
        final long own = b.colours[us];
        final long enemy = b.colours[them];
        final long all = own | enemy;
        final int king = Long.numberOfTrailingZeros(b.pieces[us * 6 + KING]);
        final long enemyOrthogonal = b.pieces[them * 6 + ROOK] | b.pieces[them * 6 + QUEEN];
        final long enemyDiagonal = b.pieces[them * 6 + BISHOP] | b.pieces[them * 6 + QUEEN];
        final long checkers = (Attacks.KNIGHT[king] & b.pieces[them * 6 + KNIGHT])
                | (Attacks.PAWN[us][king] & b.pieces[them * 6 + PAWN])
                | (Attacks.rook(king, all) & enemyOrthogonal)
                | (Attacks.bishop(king, all) & enemyDiagonal);
        int n = 0;
        final long withoutKing = all ^ (1L << king);
        for (long t = Attacks.KING[king] & ~own & ~b.pieces[them * 6 + KING]; t != 0; t &= t - 1) {
            if (!b.isAttacked(Long.numberOfTrailingZeros(t), them, withoutKing)) {
                n++;
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n;
        }
        // the enemy king is never captured (FIDE 2018 1.4.1); it can only be attackable after an illegal move
        // was allowed to stand (A.4.2 / B.4), and must not crash generation then
        final long target = (checkers == 0 ? ~own
                : checkers | Attacks.BETWEEN[king][Long.numberOfTrailingZeros(checkers)]) & ~b.pieces[them * 6 + KING];
        final long pinned = pinned(king, own, enemy, all, enemyOrthogonal, enemyDiagonal);
        for (long p = b.pieces[us * 6 + KNIGHT] & ~pinned; p != 0; p &= p - 1) {
            n += Long.bitCount(Attacks.KNIGHT[Long.numberOfTrailingZeros(p)] & target);
        }
        for (long p = b.pieces[us * 6 + BISHOP] | b.pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.bishop(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n += Long.bitCount(t);
        }
        for (long p = b.pieces[us * 6 + ROOK] | b.pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.rook(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n += Long.bitCount(t);
        }
        n += countPawnMoves(b, king, target, pinned, checkers);
        if (checkers == 0) {
            for (int right = us * 2; right < us * 2 + 2; right++) {
                if ((b.castlingRights & (1 << right)) != 0 && castlingLegal(b, right, us, king, all)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The number of pawn moves (a promotion counts four), as {@link #addPawnMoves} lists them. */
    private static int countPawnMoves(Board b, int king, long target, long pinned, long checkers) {
        final int us = b.sideToMove;
        final int them = us ^ 1;
        final long enemy = b.colours[them];
        final long all = b.colours[us] | enemy;
        final long enemyOrthogonal = b.pieces[them * 6 + ROOK] | b.pieces[them * 6 + QUEEN];
        final long enemyDiagonal = b.pieces[them * 6 + BISHOP] | b.pieces[them * 6 + QUEEN];
        int n = 0;
        final long pawns = b.pieces[us * 6 + PAWN];
        final long free = pawns & ~pinned;
        final long lastRank = us == WHITE ? RANK_8 : RANK_1;
        long push1;
        long push2;
        long captureLeft;
        long captureRight;
        if (us == WHITE) {
            push1 = (free << 8) & ~all;
            push2 = ((push1 & RANK_3) << 8) & ~all & target;
            captureLeft = ((free & ~FILE_A) << 7) & enemy & target;
            captureRight = ((free & ~FILE_H) << 9) & enemy & target;
        } else {
            push1 = (free >>> 8) & ~all;
            push2 = ((push1 & RANK_6) >>> 8) & ~all & target;
            captureLeft = ((free & ~FILE_H) >>> 7) & enemy & target;
            captureRight = ((free & ~FILE_A) >>> 9) & enemy & target;
        }
        push1 &= target;
        n += Long.bitCount(push2);
        n += Long.bitCount(push1 & ~lastRank) + 4 * Long.bitCount(push1 & lastRank);
        n += Long.bitCount(captureLeft & ~lastRank) + 4 * Long.bitCount(captureLeft & lastRank);
        n += Long.bitCount(captureRight & ~lastRank) + 4 * Long.bitCount(captureRight & lastRank);
        final int up = us == WHITE ? 8 : -8;
        if (checkers == 0) {
            // a pinned pawn can move only along its pin line (never when in check)
            final long startRank = us == WHITE ? RANK_2 : RANK_7;
            for (long p = pawns & pinned; p != 0; p &= p - 1) {
                int from = Long.numberOfTrailingZeros(p);
                long line = Attacks.LINE[king][from];
                int one = from + up;
                if ((all & (1L << one)) == 0 && (line & (1L << one)) != 0) {
                    n += (1L << one & lastRank) != 0 ? 4 : 1;
                    int two = one + up;
                    if (((1L << from) & startRank) != 0 && (all & (1L << two)) == 0) {
                        n++;
                    }
                }
                long c = Attacks.PAWN[us][from] & enemy & line;
                n += (c & lastRank) != 0 ? 4 * Long.bitCount(c) : Long.bitCount(c);
            }
        }
        final int ep = b.enPassantSquare;
        if (ep >= 0) {
            int captured = ep - up;
            if (b.mailbox[captured] == them * 6 + PAWN && b.mailbox[ep] == EMPTY) {
                for (long p = Attacks.PAWN[them][ep] & pawns; p != 0; p &= p - 1) {
                    long fromBit = p & -p;
                    long after = (all ^ fromBit ^ (1L << captured)) | (1L << ep);
                    long remainingCheckers = checkers & ~(1L << captured)
                            & (b.pieces[them * 6 + KNIGHT] | b.pieces[them * 6 + PAWN]);
                    if (remainingCheckers == 0
                            && (Attacks.rook(king, after) & enemyOrthogonal) == 0
                            && (Attacks.bishop(king, after) & enemyDiagonal) == 0) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    private static int addAll(int[] out, int n, int from, long targets) {
        for (; targets != 0; targets &= targets - 1) {
            out[n++] = Move.encode(from, Long.numberOfTrailingZeros(targets), 0, Move.NORMAL, 0);
        }
        return n;
    }

    private static int addPawnMove(int[] out, int n, int from, int to) {
        if (to >= 56 || to < 8) {
            // FIDE 2018 3.7.5.1: a pawn reaching the last rank must be exchanged for a Q, R, B or N
            out[n++] = Move.encode(from, to, QUEEN, Move.NORMAL, 0);
            out[n++] = Move.encode(from, to, ROOK, Move.NORMAL, 0);
            out[n++] = Move.encode(from, to, BISHOP, Move.NORMAL, 0);
            out[n++] = Move.encode(from, to, KNIGHT, Move.NORMAL, 0);
        } else {
            out[n++] = Move.encode(from, to, 0, Move.NORMAL, 0);
        }
        return n;
    }
}

package org.torneo.game.core.board;

import java.util.Arrays;

/**
 * The fast, MUTABLE board used for move generation, perft and analysis: bitboards per colour and piece type,
 * a mailbox, make/unmake. Callers outside hot loops should use the immutable {@link Position}; get a Board
 * with {@link Position#toBoard()} (a private copy) and never share one between threads.
 *
 * <p>Piece codes: {@code colour * 6 + type} with colour 0 white / 1 black and type the {@link PieceType} index;
 * {@link #EMPTY} for an empty square. Moves are the ints of {@link Move#bits()}.
 *
 * <p>Generation is strictly legal (checks, pins and the en-passant discovered check are resolved during
 * generation, no make-and-test), following FIDE 2018 Art. 3 (3.1-3.9).
 */
public final class Board {
    public static final int EMPTY = -1;
    public static final int WHITE = 0;
    public static final int BLACK = 1;
    public static final int PAWN = 0;
    public static final int KNIGHT = 1;
    public static final int BISHOP = 2;
    public static final int ROOK = 3;
    public static final int QUEEN = 4;
    public static final int KING = 5;
    /** Castling right indices: white king side, white queen side, black king side, black queen side. */
    public static final int WHITE_KING_SIDE = 0;
    public static final int WHITE_QUEEN_SIDE = 1;
    public static final int BLACK_KING_SIDE = 2;
    public static final int BLACK_QUEEN_SIDE = 3;
    /** Largest number of legal moves in any chess position is 218. */
    public static final int MAX_MOVES = 256;

    // FIDE 2018 3.8.2 and Guidelines II.3: after castling king and rook stand on g/f (king side) or c/d (queen side)
    static final int[] KING_TO = {6, 2, 62, 58};
    static final int[] ROOK_TO = {5, 3, 61, 59};

    static final long RANK_1 = 0xFFL;
    static final long RANK_2 = 0xFF00L;
    static final long RANK_7 = 0xFFL << 48;
    static final long RANK_8 = 0xFFL << 56;

    // Zobrist keys: fixed constants from a fixed-seed generator (no run-time randomness).
    static final long[][] PIECE_KEYS = new long[12][64];
    static final long[] CASTLING_KEYS = new long[4 * 8];
    static final long[] EN_PASSANT_KEYS = new long[8];
    static final long SIDE_KEY;

    static {
        long state = 0x2545F4914F6CDD1DL;
        for (int p = 0; p < 12; p++) {
            for (int s = 0; s < 64; s++) {
                state = splitMix(state);
                PIECE_KEYS[p][s] = mix(state);
            }
        }
        for (int i = 0; i < CASTLING_KEYS.length; i++) {
            state = splitMix(state);
            CASTLING_KEYS[i] = mix(state);
        }
        for (int i = 0; i < 8; i++) {
            state = splitMix(state);
            EN_PASSANT_KEYS[i] = mix(state);
        }
        state = splitMix(state);
        SIDE_KEY = mix(state);
    }

    private static long splitMix(long state) {
        return state + 0x9E3779B97F4A7C15L;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    final long[] pieces = new long[12];
    final long[] colours = new long[2];
    final int[] mailbox = new int[64];
    int sideToMove;
    int castlingRights;
    /** Rook start square for each castling right (fixed for the whole game), or -1. */
    /** Shared between copies: set once at setup, never changed afterwards. */
    int[] castlingRookSquare = {-1, -1, -1, -1};
    /** Per square: the castling rights that survive a move from or to that square (FIDE 2018 3.8.2.1). Shared like above. */
    int[] castlingKeepMask = FULL_KEEP_MASK;
    int enPassantSquare = Square.NONE;
    int halfmoveClock;
    int fullmoveNumber = 1;
    boolean chess960;
    long key;

    private static final int[] FULL_KEEP_MASK = new int[64];
    private static final int[][] NO_BUFFERS = new int[0][];

    static {
        Arrays.fill(FULL_KEEP_MASK, 15);
    }

    private int undoTop;
    private int[] undoCaptured;
    private int[] undoRights;
    private int[] undoEnPassant;
    private int[] undoHalfmove;
    private long[] undoKey;
    private int[][] perftBuffers = NO_BUFFERS;

    Board() {
        Arrays.fill(mailbox, EMPTY);
    }

    private Board(boolean forCopy) {
    }

    /** An independent copy (undo history is not copied). */
    public Board copy() {
        Board b = new Board(true);
        System.arraycopy(pieces, 0, b.pieces, 0, 12);
        System.arraycopy(colours, 0, b.colours, 0, 2);
        System.arraycopy(mailbox, 0, b.mailbox, 0, 64);
        b.castlingRookSquare = castlingRookSquare;
        b.castlingKeepMask = castlingKeepMask;
        b.sideToMove = sideToMove;
        b.castlingRights = castlingRights;
        b.enPassantSquare = enPassantSquare;
        b.halfmoveClock = halfmoveClock;
        b.fullmoveNumber = fullmoveNumber;
        b.chess960 = chess960;
        b.key = key;
        return b;
    }

    // ---------------------------------------------------------------- accessors

    public int sideToMove() {
        return sideToMove;
    }

    public int pieceAt(int square) {
        return mailbox[square];
    }

    /** Bitboard of one piece code ({@code colour * 6 + type}). */
    public long pieces(int colour, int type) {
        return pieces[colour * 6 + type];
    }

    public long occupancy(int colour) {
        return colours[colour];
    }

    public long occupancy() {
        return colours[0] | colours[1];
    }

    public int castlingRights() {
        return castlingRights;
    }

    public int castlingRookSquare(int right) {
        return castlingRookSquare[right];
    }

    /** The e.p. square as recorded (after any double push, or from FEN), whether or not a capture is legal. */
    public int enPassantSquare() {
        return enPassantSquare;
    }

    public int halfmoveClock() {
        return halfmoveClock;
    }

    public int fullmoveNumber() {
        return fullmoveNumber;
    }

    public boolean isChess960() {
        return chess960;
    }

    public int kingSquare(int colour) {
        return Long.numberOfTrailingZeros(pieces[colour * 6 + KING]);
    }

    // ---------------------------------------------------------------- setup helpers (package)

    void put(int piece, int square) {
        long bit = 1L << square;
        pieces[piece] |= bit;
        colours[piece >= 6 ? 1 : 0] |= bit;
        mailbox[square] = piece;
        key ^= PIECE_KEYS[piece][square];
    }

    void remove(int square) {
        int piece = mailbox[square];
        long bit = ~(1L << square);
        pieces[piece] &= bit;
        colours[piece >= 6 ? 1 : 0] &= bit;
        mailbox[square] = EMPTY;
        key ^= PIECE_KEYS[piece][square];
    }

    /** Sets the castling rights and recomputes the keep-masks; rook squares must already be set. */
    void setCastling(int rights) {
        for (int i = 0; i < 4; i++) {
            if ((castlingRights & (1 << i)) != 0) {
                key ^= CASTLING_KEYS[i * 8 + Square.file(castlingRookSquare[i])];
            }
        }
        castlingRights = rights;
        int[] keep = FULL_KEEP_MASK.clone();
        for (int i = 0; i < 4; i++) {
            if ((rights & (1 << i)) != 0) {
                key ^= CASTLING_KEYS[i * 8 + Square.file(castlingRookSquare[i])];
                int colour = i >> 1;
                keep[castlingRookSquare[i]] &= ~(1 << i);
                keep[kingSquare(colour)] &= ~(3 << (colour * 2));
            }
        }
        castlingKeepMask = keep;
    }

    void setSideToMove(int side) {
        if (side != sideToMove) {
            key ^= SIDE_KEY;
        }
        sideToMove = side;
    }

    // ---------------------------------------------------------------- attacks

    /** Is {@code square} attacked by {@code colour}, with the given occupancy (FIDE 2018 3.1.2-3.1.3)? */
    public boolean isAttacked(int square, int colour, long occupied) {
        int base = colour * 6;
        return (Attacks.KNIGHT[square] & pieces[base + KNIGHT]) != 0
                || (Attacks.PAWN[colour ^ 1][square] & pieces[base + PAWN]) != 0
                || (Attacks.KING[square] & pieces[base + KING]) != 0
                || (Attacks.rook(square, occupied) & (pieces[base + ROOK] | pieces[base + QUEEN])) != 0
                || (Attacks.bishop(square, occupied) & (pieces[base + BISHOP] | pieces[base + QUEEN])) != 0;
    }

    /** Pieces of {@code colour} attacking {@code square}. */
    public long attackers(int square, int colour, long occupied) {
        int base = colour * 6;
        return (Attacks.KNIGHT[square] & pieces[base + KNIGHT])
                | (Attacks.PAWN[colour ^ 1][square] & pieces[base + PAWN])
                | (Attacks.KING[square] & pieces[base + KING])
                | (Attacks.rook(square, occupied) & (pieces[base + ROOK] | pieces[base + QUEEN]))
                | (Attacks.bishop(square, occupied) & (pieces[base + BISHOP] | pieces[base + QUEEN]));
    }

    /** Pieces giving check to the side to move (FIDE 2018 3.9.1). */
    public long checkers() {
        return attackers(kingSquare(sideToMove), sideToMove ^ 1, occupancy());
    }

    public boolean inCheck() {
        return checkers() != 0;
    }

    // ---------------------------------------------------------------- legal move generation

    /**
     * Writes all legal moves of the side to move into {@code out} from index {@code n}; returns the new end index.
     */
    public int generateLegal(int[] out, int n) {
        final int us = sideToMove;
        final int them = us ^ 1;
        final long own = colours[us];
        final long enemy = colours[them];
        final long all = own | enemy;
        final int king = Long.numberOfTrailingZeros(pieces[us * 6 + KING]);
        final long enemyOrthogonal = pieces[them * 6 + ROOK] | pieces[them * 6 + QUEEN];
        final long enemyDiagonal = pieces[them * 6 + BISHOP] | pieces[them * 6 + QUEEN];
        final long checkers = (Attacks.KNIGHT[king] & pieces[them * 6 + KNIGHT])
                | (Attacks.PAWN[us][king] & pieces[them * 6 + PAWN])
                | (Attacks.rook(king, all) & enemyOrthogonal)
                | (Attacks.bishop(king, all) & enemyDiagonal);

        // King steps: never onto an attacked square; the king itself must not shield the square (FIDE 3.8.1, 3.9.2)
        final long withoutKing = all ^ (1L << king);
        for (long t = Attacks.KING[king] & ~own & ~pieces[them * 6 + KING]; t != 0; t &= t - 1) {
            int to = Long.numberOfTrailingZeros(t);
            if (!isAttacked(to, them, withoutKing)) {
                out[n++] = Move.encode(king, to, 0, Move.NORMAL, 0);
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n; // double check: only the king may move
        }
        // the enemy king is never captured (FIDE 2018 1.4.1); it can only be attackable after an illegal move
        // was allowed to stand (A.4.2 / B.4), and must not crash generation then
        final long target = (checkers == 0 ? ~own
                : checkers | Attacks.BETWEEN[king][Long.numberOfTrailingZeros(checkers)]) & ~pieces[them * 6 + KING];

        long pinned = 0;
        for (long s = (Attacks.rook(king, enemy) & enemyOrthogonal) | (Attacks.bishop(king, enemy) & enemyDiagonal);
             s != 0; s &= s - 1) {
            long between = Attacks.BETWEEN[king][Long.numberOfTrailingZeros(s)] & all;
            if (between != 0 && (between & (between - 1)) == 0 && (between & own) != 0) {
                pinned |= between;
            }
        }

        // A pinned knight can never move along its pin line.
        for (long p = pieces[us * 6 + KNIGHT] & ~pinned; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            n = addAll(out, n, from, Attacks.KNIGHT[from] & target);
        }
        for (long p = pieces[us * 6 + BISHOP] | pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.bishop(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n = addAll(out, n, from, t);
        }
        for (long p = pieces[us * 6 + ROOK] | pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.rook(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n = addAll(out, n, from, t);
        }

        final int up = us == WHITE ? 8 : -8;
        final long startRank = us == WHITE ? RANK_2 : RANK_7;
        final int ep = enPassantSquare;
        for (long p = pieces[us * 6 + PAWN]; p != 0; p &= p - 1) {
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
                if (mailbox[captured] == them * 6 + PAWN && mailbox[ep] == EMPTY) {
                    long after = (all ^ fromBit ^ (1L << captured)) | (1L << ep);
                    long remainingCheckers = checkers & ~(1L << captured)
                            & (pieces[them * 6 + KNIGHT] | pieces[them * 6 + PAWN]);
                    if (remainingCheckers == 0
                            && (Attacks.rook(king, after) & enemyOrthogonal) == 0
                            && (Attacks.bishop(king, after) & enemyDiagonal) == 0) {
                        out[n++] = Move.encode(from, ep, 0, Move.EN_PASSANT, 0);
                    }
                }
            }
        }

        if (checkers == 0) {
            n = addCastling(out, n, us, king, all);
        }
        return n;
    }

    private int addCastling(int[] out, int n, int us, int king, long all) {
        for (int right = us * 2; right < us * 2 + 2; right++) {
            if ((castlingRights & (1 << right)) != 0 && castlingLegal(right, us, king, all)) {
                out[n++] = Move.encode(king, KING_TO[right], 0, Move.CASTLING, castlingRookSquare[right]);
            }
        }
        return n;
    }

    /** Castling with an existing right, the king not in check (checked by the caller). */
    private boolean castlingLegal(int right, int us, int king, long all) {
        int rook = castlingRookSquare[right];
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
            if (isAttacked(Long.numberOfTrailingZeros(s), us ^ 1, occupiedAfter)) {
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
     * {@link #generateLegal(int[], int)}; perft counts at the leaves with it).
     */
    public int countLegalMoves() {
        final int us = sideToMove;
        final int them = us ^ 1;
        final long own = colours[us];
        final long enemy = colours[them];
        final long all = own | enemy;
        final int king = Long.numberOfTrailingZeros(pieces[us * 6 + KING]);
        final long enemyOrthogonal = pieces[them * 6 + ROOK] | pieces[them * 6 + QUEEN];
        final long enemyDiagonal = pieces[them * 6 + BISHOP] | pieces[them * 6 + QUEEN];
        final long checkers = (Attacks.KNIGHT[king] & pieces[them * 6 + KNIGHT])
                | (Attacks.PAWN[us][king] & pieces[them * 6 + PAWN])
                | (Attacks.rook(king, all) & enemyOrthogonal)
                | (Attacks.bishop(king, all) & enemyDiagonal);
        int n = 0;
        final long withoutKing = all ^ (1L << king);
        for (long t = Attacks.KING[king] & ~own & ~pieces[them * 6 + KING]; t != 0; t &= t - 1) {
            if (!isAttacked(Long.numberOfTrailingZeros(t), them, withoutKing)) {
                n++;
            }
        }
        if ((checkers & (checkers - 1)) != 0) {
            return n;
        }
        // the enemy king is never captured (FIDE 2018 1.4.1); it can only be attackable after an illegal move
        // was allowed to stand (A.4.2 / B.4), and must not crash generation then
        final long target = (checkers == 0 ? ~own
                : checkers | Attacks.BETWEEN[king][Long.numberOfTrailingZeros(checkers)]) & ~pieces[them * 6 + KING];
        long pinned = 0;
        for (long s = (Attacks.rook(king, enemy) & enemyOrthogonal) | (Attacks.bishop(king, enemy) & enemyDiagonal);
             s != 0; s &= s - 1) {
            long between = Attacks.BETWEEN[king][Long.numberOfTrailingZeros(s)] & all;
            if (between != 0 && (between & (between - 1)) == 0 && (between & own) != 0) {
                pinned |= between;
            }
        }
        for (long p = pieces[us * 6 + KNIGHT] & ~pinned; p != 0; p &= p - 1) {
            n += Long.bitCount(Attacks.KNIGHT[Long.numberOfTrailingZeros(p)] & target);
        }
        for (long p = pieces[us * 6 + BISHOP] | pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.bishop(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n += Long.bitCount(t);
        }
        for (long p = pieces[us * 6 + ROOK] | pieces[us * 6 + QUEEN]; p != 0; p &= p - 1) {
            int from = Long.numberOfTrailingZeros(p);
            long t = Attacks.rook(from, all) & target;
            if ((pinned & (1L << from)) != 0) {
                t &= Attacks.LINE[king][from];
            }
            n += Long.bitCount(t);
        }
        final long pawns = pieces[us * 6 + PAWN];
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
        final int ep = enPassantSquare;
        if (ep >= 0) {
            int captured = ep - up;
            if (mailbox[captured] == them * 6 + PAWN && mailbox[ep] == EMPTY) {
                for (long p = Attacks.PAWN[them][ep] & pawns; p != 0; p &= p - 1) {
                    long fromBit = p & -p;
                    long after = (all ^ fromBit ^ (1L << captured)) | (1L << ep);
                    long remainingCheckers = checkers & ~(1L << captured)
                            & (pieces[them * 6 + KNIGHT] | pieces[them * 6 + PAWN]);
                    if (remainingCheckers == 0
                            && (Attacks.rook(king, after) & enemyOrthogonal) == 0
                            && (Attacks.bishop(king, after) & enemyDiagonal) == 0) {
                        n++;
                    }
                }
            }
        }
        if (checkers == 0) {
            for (int right = us * 2; right < us * 2 + 2; right++) {
                if ((castlingRights & (1 << right)) != 0 && castlingLegal(right, us, king, all)) {
                    n++;
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

    /** Number of legal moves of the side to move. */
    public int countLegal() {
        return countLegalMoves();
    }

    /** True when the recorded e.p. square allows a legal en-passant capture (FIDE 2018 3.7.4, 9.2.3). */
    public boolean hasLegalEnPassant() {
        if (enPassantSquare < 0) {
            return false;
        }
        int us = sideToMove;
        if ((Attacks.PAWN[us ^ 1][enPassantSquare] & pieces[us * 6 + PAWN]) == 0) {
            return false;
        }
        int[] moves = new int[MAX_MOVES];
        int n = generateLegal(moves, 0);
        for (int i = 0; i < n; i++) {
            if (Move.kind(moves[i]) == Move.EN_PASSANT) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- make / unmake

    /** Plays a LEGAL move (as generated); undo with {@link #unmake(int)}. */
    public void make(int move) {
        if (undoKey == null || undoTop == undoKey.length) {
            growUndo();
        }
        int u = undoTop++;
        undoRights[u] = castlingRights;
        undoEnPassant[u] = enPassantSquare;
        undoHalfmove[u] = halfmoveClock;
        undoKey[u] = key;
        undoCaptured[u] = apply(move);
    }

    /** Plays a LEGAL move without keeping what {@link #unmake(int)} needs; returns the captured piece or EMPTY. */
    int apply(int move) {
        final int us = sideToMove;
        final int from = Move.from(move);
        final int to = Move.to(move);
        final int kind = Move.kind(move);
        int captured = EMPTY;
        if (kind == Move.CASTLING) {
            int rook = Move.rookSquare(move);
            int right = Square.file(to) == 6 ? us * 2 : us * 2 + 1;
            remove(from);
            remove(rook);
            put(us * 6 + KING, to);
            put(us * 6 + ROOK, ROOK_TO[right]);
            halfmoveClock++;
        } else {
            int piece = mailbox[from];
            if (kind == Move.EN_PASSANT) {
                int capturedSquare = to + (us == WHITE ? -8 : 8);
                captured = mailbox[capturedSquare];
                remove(capturedSquare);
            } else if (mailbox[to] != EMPTY) {
                captured = mailbox[to];
                remove(to);
            }
            remove(from);
            int promotion = Move.promotionType(move);
            put(promotion != 0 ? us * 6 + promotion : piece, to);
            // FIDE 2018 9.3: the count restarts with a pawn move or a capture
            halfmoveClock = (piece == us * 6 + PAWN || captured != EMPTY) ? 0 : halfmoveClock + 1;
        }
        int rights = castlingRights & castlingKeepMask[from] & castlingKeepMask[to];
        if (rights != castlingRights) {
            for (int changed = rights ^ castlingRights; changed != 0; changed &= changed - 1) {
                int i = Integer.numberOfTrailingZeros(changed);
                key ^= CASTLING_KEYS[i * 8 + Square.file(castlingRookSquare[i])];
            }
            castlingRights = rights;
        }
        enPassantSquare = kind == Move.DOUBLE_PUSH ? (from + to) >>> 1 : Square.NONE;
        if (us == BLACK) {
            fullmoveNumber++;
        }
        sideToMove = us ^ 1;
        key ^= SIDE_KEY;
        return captured;
    }

    /**
     * Plays a move that need not be legal (an illegal move that was allowed to stand, FIDE 2018 A.4.2 / B.4 and
     * 7.5; FIDE 1997 blitz C.3): a piece of the side to move goes from {@code from} to {@code to}, capturing
     * what stands there. Pawn double steps, en passant onto the e.p. square, castling (king two squares towards a
     * rook it still has the right to castle with) and promotion are recognised. Returns the packed move.
     *
     * @throws IllegalArgumentException when no piece of the side to move stands on {@code from}, {@code to} holds
     *         an own piece or a king, or a pawn reaches the last rank without a promotion piece
     */
    int applyIrregular(int from, int to, int promotionType) {
        int us = sideToMove;
        int piece = mailbox[from];
        if (piece == EMPTY || piece / 6 != us) {
            throw new IllegalArgumentException(Square.name(from) + " holds no piece of the side to move");
        }
        int target = mailbox[to];
        if (from == to || (target != EMPTY && (target / 6 == us || target % 6 == KING))) {
            throw new IllegalArgumentException("a piece cannot move onto " + Square.name(to)
                    + (from == to ? "" : target % 6 == KING ? ", the king is never captured" : ", it holds an own piece"));
        }
        int type = piece % 6;
        int kind = Move.NORMAL;
        int rook = 0;
        if (type == PAWN) {
            boolean lastRank = to >= 56 || to < 8;
            if (lastRank && (promotionType < KNIGHT || promotionType > QUEEN)) {
                throw new IllegalArgumentException("a pawn reaching " + Square.name(to) + " needs a promotion piece");
            }
            if (!lastRank) {
                promotionType = 0;
            }
            if (Math.abs(to - from) == 16 && Square.file(to) == Square.file(from)) {
                kind = Move.DOUBLE_PUSH;
            } else if (to == enPassantSquare && target == EMPTY && Square.file(to) != Square.file(from)
                    && mailbox[to + (us == WHITE ? -8 : 8)] == (us ^ 1) * 6 + PAWN) {
                kind = Move.EN_PASSANT;
            }
        } else {
            promotionType = 0;
            if (type == KING && Square.rank(from) == Square.rank(to) && Math.abs(to - from) == 2 && target == EMPTY) {
                for (int right = us * 2; right < us * 2 + 2; right++) {
                    if ((castlingRights & (1 << right)) != 0 && KING_TO[right] == to
                            && mailbox[castlingRookSquare[right]] == us * 6 + ROOK) {
                        kind = Move.CASTLING;
                        rook = castlingRookSquare[right];
                    }
                }
            }
        }
        int move = Move.encode(from, to, promotionType, kind, rook);
        apply(move);
        return move;
    }

    /** Takes back the last {@link #make(int)} of this same move. */
    public void unmake(int move) {
        int u = --undoTop;
        sideToMove ^= 1;
        final int us = sideToMove;
        if (us == BLACK) {
            fullmoveNumber--;
        }
        final int from = Move.from(move);
        final int to = Move.to(move);
        final int kind = Move.kind(move);
        if (kind == Move.CASTLING) {
            int right = Square.file(to) == 6 ? us * 2 : us * 2 + 1;
            remove(to);
            remove(ROOK_TO[right]);
            put(us * 6 + KING, from);
            put(us * 6 + ROOK, Move.rookSquare(move));
        } else {
            int moved = mailbox[to];
            remove(to);
            put(Move.promotionType(move) != 0 ? us * 6 + PAWN : moved, from);
            int captured = undoCaptured[u];
            if (captured != EMPTY) {
                put(captured, kind == Move.EN_PASSANT ? to + (us == WHITE ? -8 : 8) : to);
            }
        }
        castlingRights = undoRights[u];
        enPassantSquare = undoEnPassant[u];
        halfmoveClock = undoHalfmove[u];
        key = undoKey[u];
    }

    private void growUndo() {
        int size = undoKey == null ? 16 : undoKey.length * 2;
        if (undoKey == null) {
            undoCaptured = new int[0];
            undoRights = new int[0];
            undoEnPassant = new int[0];
            undoHalfmove = new int[0];
            undoKey = new long[0];
        }
        undoCaptured = Arrays.copyOf(undoCaptured, size);
        undoRights = Arrays.copyOf(undoRights, size);
        undoEnPassant = Arrays.copyOf(undoEnPassant, size);
        undoHalfmove = Arrays.copyOf(undoHalfmove, size);
        undoKey = Arrays.copyOf(undoKey, size);
    }

    // ---------------------------------------------------------------- keys and perft

    /**
     * Zobrist key of the position identity of FIDE 2018 9.2.3: side to move, pieces on squares, castling
     * rights, and the e.p. file only when an en-passant capture is really legal. Clocks are not part of it.
     */
    public long repetitionKey() {
        return hasLegalEnPassant() ? key ^ EN_PASSANT_KEYS[Square.file(enPassantSquare)] : key;
    }

    /** Number of leaf nodes of the legal move tree of exactly {@code depth} plies (counting at the leaves). */
    public long perft(int depth) {
        if (depth <= 0) {
            return 1;
        }
        if (perftBuffers.length < depth + 1) {
            perftBuffers = new int[depth + 1][MAX_MOVES];
        }
        return perftRecursive(depth);
    }

    private long perftRecursive(int depth) {
        if (depth == 1) {
            return countLegalMoves();
        }
        int[] moves = perftBuffers[depth];
        int n = generateLegal(moves, 0);
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            make(m);
            nodes += perftRecursive(depth - 1);
            unmake(m);
        }
        return nodes;
    }
}

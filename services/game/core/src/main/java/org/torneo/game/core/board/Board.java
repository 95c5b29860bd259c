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
        return LegalMoves.generate(this, out, n);
    }

    /**
     * Number of legal moves of the side to move, counted without listing them (same rules as
     * {@link #generateLegal(int[], int)}; perft counts at the leaves with it).
     */
    public int countLegalMoves() {
        return LegalMoves.count(this);
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

package org.torneo.game.core.board;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * An immutable chess position (FEN content): pieces, side to move, castling rights (with their rook squares,
 * so Chess960 is covered), the recorded e.p. square, halfmove clock and move number.
 * All operations return new values; {@link #toBoard()} gives a private mutable {@link Board} for fast analysis.
 */
public final class Position {
    private final Board board;
    private transient int[] legal; // caches: derived from the position, never part of its value or a state digest
    private transient List<Move> legalMoves;

    private Position(Board board) {
        this.board = board;
    }

    /** The initial position of FIDE 2018 2.3. */
    public static Position initial() {
        return INITIAL;
    }

    private static final Position INITIAL = fromFen(Fen.INITIAL);
    /** Per-thread generation buffer, copied to an exact-size array right after use. */
    private static final ThreadLocal<int[]> SCRATCH = ThreadLocal.withInitial(() -> new int[Board.MAX_MOVES]);

    /** @throws InvalidFenException with the field and the reason when the FEN is unreadable or impossible */
    public static Position fromFen(String fen) {
        return new Position(Fen.parse(fen));
    }

    /** A copy of a board as an immutable position. */
    public static Position of(Board board) {
        return new Position(board.copy());
    }

    /**
     * The same position without the legal moves computed for it (it shares the immutable board): for a position kept
     * long after it was played from, whose moves are not asked for again.
     */
    public Position withoutCaches() {
        return legal == null && legalMoves == null ? this : new Position(board);
    }

    public String toFen() {
        return Fen.write(board);
    }

    /** A private mutable copy for fast analysis. */
    public Board toBoard() {
        return board.copy();
    }

    public Side sideToMove() {
        return board.sideToMove() == Board.WHITE ? Side.WHITE : Side.BLACK;
    }

    /** Piece code ({@code colour * 6 + type}) or {@link Board#EMPTY}. */
    public int pieceCodeAt(int square) {
        return board.pieceAt(square);
    }

    public Optional<PieceType> pieceTypeAt(int square) {
        int p = board.pieceAt(square);
        return p == Board.EMPTY ? Optional.empty() : Optional.of(PieceType.ofIndex(p % 6));
    }

    public Optional<Side> pieceSideAt(int square) {
        int p = board.pieceAt(square);
        return p == Board.EMPTY ? Optional.empty() : Optional.of(p < 6 ? Side.WHITE : Side.BLACK);
    }

    /** Bitboard of the pieces of one side and type. */
    public long pieces(Side side, PieceType type) {
        return board.pieces(side.ordinal(), type.ordinal());
    }

    public long occupancy() {
        return board.occupancy();
    }

    public int halfmoveClock() {
        return board.halfmoveClock();
    }

    public int fullmoveNumber() {
        return board.fullmoveNumber();
    }

    /** Castling rights as 4 bits (see {@link Board#WHITE_KING_SIDE} ...). */
    public int castlingRights() {
        return board.castlingRights();
    }

    public boolean isChess960() {
        return board.isChess960();
    }

    /** The e.p. square as recorded (FEN field or last double step), legal capture or not; {@link Square#NONE} if none. */
    public int enPassantSquare() {
        return board.enPassantSquare();
    }

    /** True when an en-passant capture is legal now (FIDE 2018 3.7.4.1). */
    public boolean hasLegalEnPassant() {
        return board.hasLegalEnPassant();
    }

    /** All legal moves (FIDE 2018 3.10.1), in generation order; the list is unmodifiable. */
    public List<Move> legalMoves() {
        List<Move> moves = legalMoves;
        if (moves == null) {
            int[] ints = legal();
            List<Move> list = new ArrayList<>(ints.length);
            for (int m : ints) {
                list.add(new Move(m));
            }
            moves = Collections.unmodifiableList(list);
            legalMoves = moves;
        }
        return moves;
    }

    /** The legal moves as ints (computed once; benign race: every thread computes the same array). */
    private int[] legal() {
        int[] ints = legal;
        if (ints == null) {
            int[] buffer = SCRATCH.get();
            ints = java.util.Arrays.copyOf(buffer, board.generateLegal(buffer, 0));
            legal = ints;
        }
        return ints;
    }

    /** The legal moves as packed ints ({@link Move#bits()}), a fresh copy: cheaper than {@link #legalMoves()} in loops. */
    public int[] legalMoveBits() {
        return legal().clone();
    }

    /** Legal moves of the piece on {@code square} (touch-move, FIDE 2018 4.3.1: the touched piece must move if it can). */
    public List<Move> legalMovesFrom(int square) {
        return legalMoves().stream().filter(m -> m.from() == square).toList();
    }

    public int legalMoveCount() {
        return legal().length;
    }

    public boolean isLegal(Move move) {
        for (int m : legal()) {
            if (m == move.bits()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The legal move from {@code from} to {@code to} (the king's final square for castling) with that promotion
     * piece (null when not a promotion), if there is one. The fast path for UCI-style submissions.
     */
    public Optional<Move> legalMove(int from, int to, PieceType promotion) {
        int wanted = from | (to << 6) | ((promotion == null ? 0 : promotion.ordinal()) << 12);
        for (int m : legal()) {
            if ((m & 0x7FFF) == wanted) {
                return Optional.of(new Move(m));
            }
        }
        return Optional.empty();
    }

    /** The position after a legal move. @throws IllegalArgumentException if the move is not legal here */
    public Position play(Move move) {
        if (!isLegal(move)) {
            throw new IllegalArgumentException("illegal move " + move.uci() + " in " + toFen());
        }
        Board next = board.copy();
        next.apply(move.bits());
        return new Position(next);
    }

    /**
     * The position after a move that need not be legal, for an illegal move that stands (FIDE 2018 A.4.2 / B.4;
     * see {@link Board}). Legal moves are still generated normally from the result; the enemy king is never
     * captured. {@code promotion} is needed only when a pawn reaches the last rank.
     *
     * @throws IllegalArgumentException naming what is impossible even for an irregular move
     */
    public Position playIrregular(int from, int to, PieceType promotion) {
        Board next = board.copy();
        next.applyIrregular(from, to, promotion == null ? 0 : promotion.ordinal());
        return new Position(next);
    }

    /**
     * The packed form of a move that need not be legal (as {@link #playIrregular} would play it), so that a game
     * record can keep an illegal move that stands (FIDE 2018 A.4.2 / B.4, 1997 C.3).
     *
     * @throws IllegalArgumentException naming what is impossible even for an irregular move
     */
    public Move irregularMove(int from, int to, PieceType promotion) {
        Board next = board.copy();
        return new Move(next.applyIrregular(from, to, promotion == null ? 0 : promotion.ordinal()));
    }

    /**
     * Reads a FEN that may describe a position reachable only through an illegal move that stood: the side not to
     * move may be in check and more than two pieces may give check. All other FEN checks apply.
     */
    public static Position fromFenAllowingIrregular(String fen) {
        return new Position(Fen.parse(fen, true));
    }

    /** True when the side NOT to move is in check: only possible after an illegal move (FIDE 2018 A.4.4). */
    public boolean opponentInCheck() {
        int other = board.sideToMove() ^ 1;
        return board.isAttacked(board.kingSquare(other), board.sideToMove(), board.occupancy());
    }

    /** FIDE 2018 3.9.1: the king of the side to move is attacked. */
    public boolean inCheck() {
        return board.inCheck();
    }

    /** FIDE 2018 1.4.1 / 5.1.1: in check with no legal move. */
    public boolean isCheckmate() {
        return legal().length == 0 && inCheck();
    }

    /** FIDE 2018 5.2.1: not in check and no legal move. */
    public boolean isStalemate() {
        return legal().length == 0 && !inCheck();
    }

    /** Zobrist key of the FIDE 2018 9.2.3 position identity (see {@link Board#repetitionKey()}). */
    public long repetitionKey() {
        return board.repetitionKey();
    }

    /** Leaf count of the legal move tree of the given depth. */
    public long perft(int depth) {
        return board.copy().perft(depth);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && toFen().equals(p.toFen());
    }

    @Override
    public int hashCode() {
        return toFen().hashCode();
    }

    @Override
    public String toString() {
        return toFen();
    }
}

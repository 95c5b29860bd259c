package org.torneo.game.core.board;

/**
 * A move packed in one int (the same int {@link Board} generates):
 * bits 0-5 from, 6-11 to, 12-14 promotion piece type index (0 = none), 15-16 kind, 17-22 castling rook square.
 * For castling {@code to} is the king's final square (g1/c1/g8/c8, also in Chess960, FIDE 2018 Guidelines II.3).
 * Equality is by value, so a Move can be compared with the moves of {@link Position#legalMoves()}.
 */
public record Move(int bits) {
    public static final int NORMAL = 0;
    public static final int DOUBLE_PUSH = 1;
    public static final int EN_PASSANT = 2;
    public static final int CASTLING = 3;

    static int encode(int from, int to, int promotionType, int kind, int rookSquare) {
        return from | (to << 6) | (promotionType << 12) | (kind << 15) | (rookSquare << 17);
    }

    static int from(int move) {
        return move & 63;
    }

    static int to(int move) {
        return (move >>> 6) & 63;
    }

    static int promotionType(int move) {
        return (move >>> 12) & 7;
    }

    static int kind(int move) {
        return (move >>> 15) & 3;
    }

    static int rookSquare(int move) {
        return (move >>> 17) & 63;
    }

    public int from() {
        return from(bits);
    }

    public int to() {
        return to(bits);
    }

    /** The piece a pawn promotes to (FIDE 2018 3.7.5), or null. */
    public PieceType promotion() {
        int p = promotionType(bits);
        return p == 0 ? null : PieceType.ofIndex(p);
    }

    public boolean isCastling() {
        return kind(bits) == CASTLING;
    }

    public boolean isEnPassant() {
        return kind(bits) == EN_PASSANT;
    }

    public boolean isDoublePawnPush() {
        return kind(bits) == DOUBLE_PUSH;
    }

    /** For castling: the square the rook starts from; otherwise {@link Square#NONE}. */
    public int castlingRookSquare() {
        return isCastling() ? rookSquare(bits) : Square.NONE;
    }

    /** UCI text: from, to, promotion letter in lower case; castling as the king's move to its final square. */
    public String uci() {
        return uci(bits);
    }

    /** UCI text with Chess960 castling written as "king takes own rook" (e.g. b1a1), unambiguous in Chess960. */
    public String uciChess960() {
        return isCastling() ? Square.name(from()) + Square.name(castlingRookSquare()) : uci();
    }

    static String uci(int move) {
        String s = Square.name(from(move)) + Square.name(to(move));
        int p = promotionType(move);
        return p == 0 ? s : s + Character.toLowerCase(PieceType.ofIndex(p).englishLetter());
    }

    @Override
    public String toString() {
        return uci();
    }
}

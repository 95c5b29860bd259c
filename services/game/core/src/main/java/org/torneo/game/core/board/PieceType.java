package org.torneo.game.core.board;

/** Kinds of chessmen. {@code ordinal()} is the type index used by {@link Board}. */
public enum PieceType {
    PAWN('P'), KNIGHT('N'), BISHOP('B'), ROOK('R'), QUEEN('Q'), KING('K');

    private final char englishLetter;

    PieceType(char englishLetter) {
        this.englishLetter = englishLetter;
    }

    /** The English letter as used in FEN (upper case) and SAN: P N B R Q K. */
    public char englishLetter() {
        return englishLetter;
    }

    private static final PieceType[] VALUES = values();

    public static PieceType ofIndex(int index) {
        return VALUES[index];
    }
}

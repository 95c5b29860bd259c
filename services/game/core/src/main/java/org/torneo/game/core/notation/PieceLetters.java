package org.torneo.game.core.notation;

import org.torneo.game.core.board.PieceType;

/**
 * Piece letters of a language (FIDE 2018 App. C.2-C.3; the 1997 appendix uses the Spanish ones).
 * Pawns have no letter (C.4). Note that "R" is the king in Spanish (rey) and the rook in English.
 */
public enum PieceLetters {
    /** K Q R B N (FIDE 2018 C.2, PGN). */
    ENGLISH("PNBRQK"),
    /** R rey, D dama, T torre, A alfil, C caballo (seeds: FIDE 1997 notation appendix). */
    SPANISH("PCATDR");

    private final String letters;

    PieceLetters(String letters) {
        this.letters = letters;
    }

    public char letter(PieceType type) {
        return letters.charAt(type.ordinal());
    }

    /** The piece type of a letter in this language, or null. */
    public PieceType typeOf(char letter) {
        int i = letters.indexOf(letter);
        return i <= 0 ? null : PieceType.ofIndex(i);
    }
}

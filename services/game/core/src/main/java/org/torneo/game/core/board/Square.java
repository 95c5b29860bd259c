package org.torneo.game.core.board;

/**
 * Squares are ints 0..63: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (FIDE 2018 2.4 / App. C.5-C.7:
 * files a-h from White's left, ranks 1-8 from White's side).
 */
public final class Square {
    public static final int NONE = -1;

    private Square() {
    }

    public static int of(int file, int rank) {
        return rank * 8 + file;
    }

    public static int file(int square) {
        return square & 7;
    }

    public static int rank(int square) {
        return square >>> 3;
    }

    public static String name(int square) {
        return "" + (char) ('a' + file(square)) + (char) ('1' + rank(square));
    }

    /** Parses "e4"; returns {@link #NONE} if the text is not a square name. */
    public static int parse(CharSequence text) {
        if (text.length() != 2) {
            return NONE;
        }
        char f = text.charAt(0);
        char r = text.charAt(1);
        if (f < 'a' || f > 'h' || r < '1' || r > '8') {
            return NONE;
        }
        return of(f - 'a', r - '1');
    }

    /** True for a light square (FIDE 2.1: h1 is light). */
    public static boolean isLight(int square) {
        return ((file(square) + rank(square)) & 1) == 1;
    }
}

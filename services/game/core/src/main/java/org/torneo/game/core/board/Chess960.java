package org.torneo.game.core.board;

/**
 * Chess960 starting positions by their standard number 0-959 (Scharnagl numbering; 518 is the classical setup),
 * FIDE 2018 Guidelines II.2: pieces on the first rank randomised, bishops on opposite colours, king between the
 * rooks, Black mirrors White.
 */
public final class Chess960 {
    public static final int CLASSICAL = 518;
    private static final String[] KNIGHT_PATTERNS = {"NN---", "N-N--", "N--N-", "N---N", "-NN--", "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"};

    private Chess960() {
    }

    /** The back rank of start position {@code number}, e.g. "RNBQKBNR" for 518. */
    public static String backRank(int number) {
        if (number < 0 || number > 959) {
            throw new IllegalArgumentException("Chess960 start position number must be 0-959, got " + number);
        }
        char[] rank = new char[8];
        int n = number;
        rank[(n % 4) * 2 + 1] = 'B'; // light-squared bishop on b, d, f or h
        n /= 4;
        rank[(n % 4) * 2] = 'B'; // dark-squared bishop on a, c, e or g
        n /= 4;
        placeOnEmpty(rank, n % 6, 'Q');
        n /= 6;
        String knights = KNIGHT_PATTERNS[n];
        int emptyIndex = 0;
        char[] pattern = new char[8];
        for (int f = 0; f < 8; f++) {
            if (rank[f] == 0) {
                if (knights.charAt(emptyIndex++) == 'N') {
                    pattern[f] = 'N';
                }
            }
        }
        for (int f = 0; f < 8; f++) {
            if (pattern[f] == 'N') {
                rank[f] = 'N';
            }
        }
        char[] rkr = {'R', 'K', 'R'};
        int k = 0;
        for (int f = 0; f < 8; f++) {
            if (rank[f] == 0) {
                rank[f] = rkr[k++];
            }
        }
        return new String(rank);
    }

    private static void placeOnEmpty(char[] rank, int index, char piece) {
        for (int f = 0; f < 8; f++) {
            if (rank[f] == 0 && index-- == 0) {
                rank[f] = piece;
                return;
            }
        }
    }

    /** The start position with castling rights on both rooks (Shredder-FEN letters), marked as Chess960. */
    public static Position startPosition(int number) {
        String white = backRank(number);
        int kingFile = white.indexOf('K');
        int queenRook = white.indexOf('R');
        int kingRook = white.lastIndexOf('R');
        String castling = "" + (char) ('A' + kingRook) + (char) ('A' + queenRook)
                + (char) ('a' + kingRook) + (char) ('a' + queenRook);
        String fen = white.toLowerCase() + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castling + " - 0 1";
        Board b = Fen.parse(fen);
        b.chess960 = true; // even for 518: castling is then judged by the Chess960 rules, which coincide
        assert kingFile > queenRook && kingFile < kingRook;
        return Position.of(b);
    }
}

package org.torneo.game.core.board;

/**
 * FEN reading and writing (6 fields; 4 fields accepted with clocks "0 1"). Castling: KQkq, X-FEN (K/Q = the
 * outermost rook on that side) and Shredder-FEN (rook file letters A-H/a-h), FIDE 2018 Guidelines II.
 * The reader rejects positions that cannot arise in a game with a reason naming the field.
 * The writer gives the e.p. square only when an en-passant capture is legal.
 */
public final class Fen {
    public static final String INITIAL = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String PIECE_LETTERS = "PNBRQKpnbrqk";

    private Fen() {
    }

    static Board parse(String fen) {
        return parse(fen, false);
    }

    static Board parse(String fen, boolean allowIrregular) {
        if (fen == null) {
            throw new InvalidFenException("", "no FEN given");
        }
        String text = fen.strip();
        String[] fields = text.split("\\s+");
        if (text.isEmpty() || (fields.length != 6 && fields.length != 4)) {
            throw new InvalidFenException(fen, "expected 6 space-separated fields (placement, side, castling, e.p., "
                    + "halfmove clock, move number), found " + (text.isEmpty() ? 0 : fields.length));
        }
        Board b = new Board();
        readPlacement(fen, fields[0], b);
        checkMaterial(fen, b);
        switch (fields[1]) {
            case "w" -> b.setSideToMove(Board.WHITE);
            case "b" -> b.setSideToMove(Board.BLACK);
            default -> throw new InvalidFenException(fen, "field 2 (side to move) is \"" + fields[1] + "\", expected w or b");
        }
        readCastling(fen, fields[2], b);
        readEnPassant(fen, fields[3], b);
        if (fields.length == 6) {
            b.halfmoveClock = readCounter(fen, fields[4], "field 5 (halfmove clock)", 0);
            b.fullmoveNumber = readCounter(fen, fields[5], "field 6 (move number)", 1);
        } else {
            b.halfmoveClock = 0;
            b.fullmoveNumber = 1;
        }
        // FIDE 2018 3.9.2: the player who just moved cannot have left his own king in check
        int other = b.sideToMove ^ 1;
        if (!allowIrregular && b.isAttacked(b.kingSquare(other), b.sideToMove, b.occupancy())) {
            throw new InvalidFenException(fen, "the side not to move (" + colourName(other)
                    + ") is in check, which no legal move can leave");
        }
        if (!allowIrregular && Long.bitCount(b.checkers()) > 2) {
            throw new InvalidFenException(fen, "the king of the side to move is attacked by more than two pieces, "
                    + "which no legal move can produce");
        }
        return b;
    }

    private static void readPlacement(String fen, String placement, Board b) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw new InvalidFenException(fen, "field 1 (placement) has " + ranks.length + " ranks, expected 8");
        }
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (char c : ranks[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int piece = PIECE_LETTERS.indexOf(c);
                    if (piece < 0) {
                        throw new InvalidFenException(fen, "field 1 (placement), rank " + (rank + 1)
                                + ": '" + c + "' is not a piece letter (PNBRQK / pnbrqk) or a digit 1-8");
                    }
                    if (file < 8) {
                        b.put(piece, Square.of(file, rank));
                    }
                    file++;
                }
                if (file > 8) {
                    break;
                }
            }
            if (file != 8) {
                throw new InvalidFenException(fen, "field 1 (placement), rank " + (rank + 1) + " (\"" + ranks[i]
                        + "\") describes " + file + " squares, expected 8");
            }
        }
    }

    private static void checkMaterial(String fen, Board b) {
        for (int colour = 0; colour < 2; colour++) {
            String name = colourName(colour);
            int kings = Long.bitCount(b.pieces(colour, Board.KING));
            if (kings == 0) {
                throw new InvalidFenException(fen, name + " has no king");
            }
            if (kings > 1) {
                throw new InvalidFenException(fen, name + " has " + kings + " kings");
            }
            long pawns = b.pieces(colour, Board.PAWN);
            if ((pawns & (Board.RANK_1 | Board.RANK_8)) != 0) {
                int sq = Long.numberOfTrailingZeros(pawns & (Board.RANK_1 | Board.RANK_8));
                throw new InvalidFenException(fen, name + " pawn on " + Square.name(sq)
                        + ": pawns cannot stand on the first or last rank (FIDE 3.7)");
            }
            int count = Long.bitCount(b.occupancy(colour));
            if (count > 16) {
                throw new InvalidFenException(fen, name + " has " + count + " pieces, more than the 16 of the initial position");
            }
            int pawnCount = Long.bitCount(pawns);
            if (pawnCount > 8) {
                throw new InvalidFenException(fen, name + " has " + pawnCount + " pawns, more than 8");
            }
            int promoted = Math.max(0, Long.bitCount(b.pieces(colour, Board.QUEEN)) - 1)
                    + Math.max(0, Long.bitCount(b.pieces(colour, Board.ROOK)) - 2)
                    + Math.max(0, Long.bitCount(b.pieces(colour, Board.BISHOP)) - 2)
                    + Math.max(0, Long.bitCount(b.pieces(colour, Board.KNIGHT)) - 2);
            if (promoted > 8 - pawnCount) {
                throw new InvalidFenException(fen, name + " has at least " + promoted + " promoted pieces but only "
                        + (8 - pawnCount) + " pawns are missing");
            }
        }
    }

    private static void readCastling(String fen, String field, Board b) {
        if (field.equals("-")) {
            b.setCastling(0);
            return;
        }
        int rights = 0;
        int[] rookSquares = {-1, -1, -1, -1};
        for (char c : field.toCharArray()) {
            int colour = Character.isUpperCase(c) ? Board.WHITE : Board.BLACK;
            char upper = Character.toUpperCase(c);
            int backRank = colour == Board.WHITE ? 0 : 7;
            int king = b.kingSquare(colour);
            if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H')) {
                throw new InvalidFenException(fen, "field 3 (castling): '" + c + "' is not K, Q, k, q, a file letter A-H/a-h or -");
            }
            if (Square.rank(king) != backRank) {
                throw new InvalidFenException(fen, "field 3 (castling): '" + c + "' but the " + colourName(colour)
                        + " king is on " + Square.name(king) + ", not on its first rank");
            }
            long rooks = b.pieces(colour, Board.ROOK) & (0xFFL << (backRank * 8));
            int rook = Square.NONE;
            if (upper == 'K') {
                for (int f = 7; f > Square.file(king) && rook < 0; f--) {
                    if ((rooks & (1L << Square.of(f, backRank))) != 0) {
                        rook = Square.of(f, backRank);
                    }
                }
            } else if (upper == 'Q') {
                for (int f = 0; f < Square.file(king) && rook < 0; f++) {
                    if ((rooks & (1L << Square.of(f, backRank))) != 0) {
                        rook = Square.of(f, backRank);
                    }
                }
            } else {
                int sq = Square.of(upper - 'A', backRank);
                if ((rooks & (1L << sq)) != 0 && sq != king) {
                    rook = sq;
                }
            }
            if (rook < 0) {
                String side = upper == 'K' ? "king side" : upper == 'Q' ? "queen side" : "file " + Character.toLowerCase(upper);
                throw new InvalidFenException(fen, "field 3 (castling): '" + c + "' but there is no " + colourName(colour)
                        + " rook on the " + side + " of rank " + (backRank + 1) + " to castle with");
            }
            int right = colour * 2 + (Square.file(rook) > Square.file(king) ? 0 : 1);
            if ((rights & (1 << right)) != 0) {
                throw new InvalidFenException(fen, "field 3 (castling): '" + c + "' repeats a castling right already given");
            }
            rights |= 1 << right;
            rookSquares[right] = rook;
            if (Square.file(king) != 4 || (Square.file(rook) != 0 && Square.file(rook) != 7)) {
                b.chess960 = true;
            }
        }
        b.castlingRookSquare = rookSquares;
        b.setCastling(rights);
    }

    private static void readEnPassant(String fen, String field, Board b) {
        if (field.equals("-")) {
            b.enPassantSquare = Square.NONE;
            return;
        }
        int sq = Square.parse(field);
        if (sq < 0) {
            throw new InvalidFenException(fen, "field 4 (e.p. square) \"" + field + "\" is not a square name or -");
        }
        int us = b.sideToMove;
        int expectedRank = us == Board.WHITE ? 5 : 2;
        if (Square.rank(sq) != expectedRank) {
            throw new InvalidFenException(fen, "field 4 (e.p. square) " + field + " must be on rank " + (expectedRank + 1)
                    + " when " + colourName(us) + " is to move");
        }
        int pushedTo = sq + (us == Board.WHITE ? -8 : 8);
        int pushedFrom = sq + (us == Board.WHITE ? 8 : -8);
        if (b.pieceAt(pushedTo) != (us ^ 1) * 6 + Board.PAWN) {
            throw new InvalidFenException(fen, "field 4 (e.p. square) " + field + " but no " + colourName(us ^ 1)
                    + " pawn stands on " + Square.name(pushedTo) + " after a double step");
        }
        if (b.pieceAt(sq) != Board.EMPTY || b.pieceAt(pushedFrom) != Board.EMPTY) {
            throw new InvalidFenException(fen, "field 4 (e.p. square) " + field + " but " + Square.name(sq) + " or "
                    + Square.name(pushedFrom) + " is occupied, so no pawn just made a double step there");
        }
        b.enPassantSquare = sq;
    }

    /**
     * Largest halfmove clock or move number read: far beyond any game (the longest possible game has under 9,000
     * moves), small enough that counting on from it never overflows.
     */
    static final int MAX_COUNTER = 1_000_000;

    private static int readCounter(String fen, String text, String what, int minimum) {
        if (!text.matches("-?\\d+")) {
            throw new InvalidFenException(fen, what + " \"" + text + "\" is not a whole number");
        }
        String digits = text.replaceFirst("^0+(?=\\d)", "");
        if (!digits.startsWith("-") && (digits.length() > 9 || Integer.parseInt(digits) > MAX_COUNTER)) {
            throw new InvalidFenException(fen, what + " is " + text + ", more than " + MAX_COUNTER);
        }
        if (digits.startsWith("-") || Integer.parseInt(digits) < minimum) {
            throw new InvalidFenException(fen, what + " is " + text + ", must be at least " + minimum);
        }
        return Integer.parseInt(digits);
    }

    static String colourName(int colour) {
        return colour == Board.WHITE ? "White" : "Black";
    }

    /** FEN of a board; the e.p. square is written only when an en-passant capture is legal. */
    public static String write(Board b) {
        StringBuilder sb = new StringBuilder(90);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = b.pieceAt(Square.of(file, rank));
                if (piece == Board.EMPTY) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(PIECE_LETTERS.charAt(piece));
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank > 0) {
                sb.append('/');
            }
        }
        sb.append(b.sideToMove() == Board.WHITE ? " w " : " b ");
        sb.append(castlingField(b));
        sb.append(' ').append(b.hasLegalEnPassant() ? Square.name(b.enPassantSquare()) : "-");
        sb.append(' ').append(b.halfmoveClock()).append(' ').append(b.fullmoveNumber());
        return sb.toString();
    }

    private static String castlingField(Board b) {
        if (b.castlingRights() == 0) {
            return "-";
        }
        StringBuilder sb = new StringBuilder(4);
        for (int right = 0; right < 4; right++) {
            if ((b.castlingRights() & (1 << right)) == 0) {
                continue;
            }
            int colour = right >> 1;
            int rook = b.castlingRookSquare(right);
            char letter = (right & 1) == 0 ? 'K' : 'Q';
            if (b.isChess960()) {
                // X-FEN: K/Q when the rook is the outermost one on that side, else the rook's file (Shredder style)
                long rooks = b.pieces(colour, Board.ROOK) & (0xFFL << (Square.rank(rook) * 8));
                long outer = (right & 1) == 0 ? rooks & ~((2L << rook) - 1) : rooks & ((1L << rook) - 1);
                if (outer != 0) {
                    letter = (char) ('A' + Square.file(rook));
                }
            }
            sb.append(colour == Board.WHITE ? letter : Character.toLowerCase(letter));
        }
        return sb.toString();
    }
}

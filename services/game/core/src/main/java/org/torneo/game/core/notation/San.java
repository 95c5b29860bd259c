package org.torneo.game.core.notation;

import java.util.ArrayList;
import java.util.List;
import org.torneo.game.core.board.Board;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;

/**
 * Writes Standard Algebraic Notation as the PGN standard (and FIDE 2018 App. C.8-C.13 with its optional
 * symbols written): piece letter, minimal disambiguation (file, else rank, else both, C.10), "x" for captures,
 * pawn captures with the departure file, promotion "e8=Q", castling "O-O"/"O-O-O" (by the king's final square,
 * also in Chess960), "+" for check and "#" for mate. No "e.p." suffix.
 */
public final class San {
    private San() {
    }

    /** SAN in English letters. @throws IllegalArgumentException if the move is not legal in the position */
    public static String write(Position position, Move move) {
        return write(position, move, PieceLetters.ENGLISH);
    }

    public static String write(Position position, Move move, PieceLetters letters) {
        Board board = position.toBoard();
        int[] moves = new int[Board.MAX_MOVES];
        int n = board.generateLegal(moves, 0);
        return write(board, moves, n, move.bits(), letters);
    }

    /** How the symbols are written; the move part (letter, disambiguation, squares) is the same in all. */
    public enum Style {
        /** PGN standard: O-O, e8=Q, +, #, no e.p. mark. */
        PGN,
        /** FIDE 1997 notation appendix: 0-0, x, d8=D, a.p. (Spanish) / e.p. (English), +, ++ for mate. */
        FIDE_1997,
        /** FIDE 2018 App. C with its optional symbols written: 0-0, x, d8Q, e.p., +, #. */
        FIDE_2018
    }

    public static String write(Position position, Move move, PieceLetters letters, Style style) {
        String san = write(position, move, letters);
        if (style == Style.PGN) {
            return san;
        }
        san = san.replace('O', '0'); // FIDE 1997 appendix / 2018 C.13: castling is written with zeros
        if (style == Style.FIDE_2018) {
            san = san.replace("=", ""); // FIDE 2018 C.11: d8Q
        } else if (san.endsWith("#")) {
            san = san.substring(0, san.length() - 1) + "++"; // FIDE 1997: ++ for mate
        }
        if (move.isEnPassant()) {
            san += letters == PieceLetters.SPANISH ? " a.p." : " e.p."; // 1997 "a.p."; 2018 C.9.3 "e.p."
        }
        return san;
    }

    /** SAN of each move of the list, same order (one board copy for all). */
    public static List<String> writeAll(Position position, List<Move> list) {
        Board board = position.toBoard();
        int[] moves = new int[Board.MAX_MOVES];
        int n = board.generateLegal(moves, 0);
        List<String> out = new ArrayList<>(list.size());
        for (Move m : list) {
            out.add(write(board, moves, n, m.bits(), PieceLetters.ENGLISH));
        }
        return out;
    }

    static String write(Board board, int[] legal, int n, int move, PieceLetters letters) {
        boolean found = false;
        for (int i = 0; i < n && !found; i++) {
            found = legal[i] == move;
        }
        Move m = new Move(move);
        if (!found) {
            throw new IllegalArgumentException("move " + m.uci() + " is not legal in this position");
        }
        StringBuilder sb = new StringBuilder(8);
        int from = m.from();
        int to = m.to();
        if (m.isCastling()) {
            // FIDE 2018 C.13: 0-0 castling with the h-side rook, 0-0-0 with the a-side rook (PGN letters O)
            sb.append(Square.file(to) == 6 ? "O-O" : "O-O-O");
        } else {
            int type = board.pieceAt(from) % 6;
            boolean capture = board.pieceAt(to) != Board.EMPTY || m.isEnPassant();
            if (type == Board.PAWN) {
                if (capture) {
                    sb.append((char) ('a' + Square.file(from))).append('x'); // C.9: departure file always given
                }
                sb.append(Square.name(to));
                if (m.promotion() != null) {
                    sb.append('=').append(letters.letter(m.promotion()));
                }
            } else {
                sb.append(letters.letter(PieceType.ofIndex(type)));
                sb.append(disambiguation(board, legal, n, move, type));
                if (capture) {
                    sb.append('x');
                }
                sb.append(Square.name(to));
            }
        }
        board.make(move);
        if (board.inCheck()) {
            sb.append(board.countLegal() == 0 ? '#' : '+');
        }
        board.unmake(move);
        return sb.toString();
    }

    // FIDE 2018 C.10: same rank -> file; same file -> rank; otherwise the file is preferred
    private static String disambiguation(Board board, int[] legal, int n, int move, int type) {
        int from = move & 63;
        int to = (move >>> 6) & 63;
        boolean others = false;
        boolean sameFile = false;
        boolean sameRank = false;
        for (int i = 0; i < n; i++) {
            int other = legal[i];
            int otherFrom = other & 63;
            if (otherFrom == from || ((other >>> 6) & 63) != to || new Move(other).isCastling()
                    || board.pieceAt(otherFrom) % 6 != type) {
                continue;
            }
            others = true;
            sameFile |= Square.file(otherFrom) == Square.file(from);
            sameRank |= Square.rank(otherFrom) == Square.rank(from);
        }
        if (!others) {
            return "";
        }
        if (!sameFile) {
            return String.valueOf((char) ('a' + Square.file(from)));
        }
        if (!sameRank) {
            return String.valueOf((char) ('1' + Square.rank(from)));
        }
        return Square.name(from);
    }
}

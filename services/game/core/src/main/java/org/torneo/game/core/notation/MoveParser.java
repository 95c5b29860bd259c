package org.torneo.game.core.notation;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.torneo.game.core.board.Attacks;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.board.Square;

/**
 * Reads a written move leniently, as an arbiter reads a scoresheet (FIDE 2018 App. C, FIDE 1997 notation
 * appendix): SAN or long algebraic, English letters (K Q R B N) or Spanish letters (R rey, D dama, T torre,
 * A alfil, C caballo), with or without "x"/":"/"-", "+", "++", "#", "e.p."/"a.p." (optional since 2018 C.13),
 * promotion with or without "=" and in either language (d8=D, d8Q, e7e8q), castling with zeros or letters
 * (0-0, O-O-O), UCI (e2e4, e7e8q, Chess960 king-takes-rook e1h1). The move must be exactly one legal move.
 */
public final class MoveParser {

    /** Which piece letters to accept. ANY accepts both; an "R" that fits both rook and king is then ambiguous. */
    public enum Language { ENGLISH, SPANISH, ANY }

    private MoveParser() {
    }

    public static ParsedMove parse(Position position, String token) {
        return parse(position, token, Language.ANY);
    }

    public static ParsedMove parse(Position position, String token, Language language) {
        if (token == null || token.isBlank()) {
            return new ParsedMove.Error(token == null ? "" : token, "is empty: no move written");
        }
        ParsedMove fast = uciFastPath(position, token);
        if (fast != null) {
            return fast;
        }
        String s = stripSuffixes(token.strip());
        if (s.isEmpty()) {
            return new ParsedMove.Error(token, "is not a move: only annotation symbols");
        }
        ParsedMove castling = castlingWithZerosOrLetters(position, token, s);
        if (castling != null) {
            return castling;
        }
        return new Written(position, token, language).read(s);
    }

    /** 0-0 / O-O-O / oo ...: castling written by its sign; null when the text is not one. */
    private static ParsedMove castlingWithZerosOrLetters(Position position, String token, String s) {
        char lead = s.charAt(0);
        if (lead == 'O' || lead == 'o' || lead == '0') {
            String castling = s.toUpperCase(Locale.ROOT).replace('0', 'O');
            if (castling.equals("O-O") || castling.equals("OO")) {
                return castle(position, token, true);
            }
            if (castling.equals("O-O-O") || castling.equals("OOO")) {
                return castle(position, token, false);
            }
        }
        return null;
    }

    /**
     * A move written with its arrival square (SAN, long algebraic, UCI that is not a legal move), read in steps: the
     * piece letter, the promotion piece, the squares, the piece on a written departure square, then the one legal move
     * that fits. Each step that finds the text wrong answers with the error; one reading per parse.
     */
    private static final class Written {
        private final Position position;
        private final String token;
        private final Language language;
        private char first;
        /** The piece types the letter may name; null when no letter was written. */
        private Set<PieceType> types;
        private PieceType promotion;
        private int to;
        private int fromFile = -1;
        private int fromRank = -1;

        Written(Position position, String token, Language language) {
            this.position = position;
            this.token = token;
            this.language = language;
        }

        ParsedMove read(String s) {
            first = s.charAt(0);
            if (Character.isUpperCase(first)) {
                types = typesOf(first, language);
                if (types.isEmpty()) {
                    return new ParsedMove.Error(token, "is not a move: '" + first + "' is not a piece letter"
                            + (language == Language.ENGLISH ? " (K Q R B N)" : language == Language.SPANISH
                            ? " (R D T A C)" : " (K Q R B N or R D T A C)"));
                }
            }
            StringBuilder body = withoutSeparators(s, types == null ? 0 : 1);
            ParsedMove decided = readPromotion(body);
            if (decided == null) {
                decided = readSquares(body.toString());
            }
            if (decided == null && types == null) {
                decided = typeFromDepartureSquare();
            }
            return decided != null ? decided : theOneLegalMove();
        }

        private static StringBuilder withoutSeparators(String s, int from) {
            StringBuilder body = new StringBuilder();
            for (int i = from; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c != 'x' && c != 'X' && c != ':' && c != '-' && c != '=') {
                    body.append(c);
                }
            }
            return body;
        }

        /** A letter after the arrival square's rank is the promotion piece (FIDE 3.7.5); it is cut off the body. */
        private ParsedMove readPromotion(StringBuilder body) {
            if (body.length() >= 3 && Character.isLetter(body.charAt(body.length() - 1))
                    && Character.isDigit(body.charAt(body.length() - 2))) {
                char p = body.charAt(body.length() - 1);
                promotion = promotionType(p, language);
                if (promotion == null) {
                    return new ParsedMove.Error(token, "has '" + p + "' as promotion piece: a pawn promotes to a queen, "
                            + "rook, bishop or knight (" + (language == Language.ENGLISH ? "Q R B N" : language == Language.SPANISH
                            ? "D T A C" : "Q R B N or D T A C") + ", FIDE 3.7.5)");
                }
                body.setLength(body.length() - 1);
            }
            return null;
        }

        /** The arrival square and whatever of the departure square (file, rank or both) is written. */
        private ParsedMove readSquares(String b) {
            if (!isSquareWithOptionalOrigin(b)) {
                return new ParsedMove.Error(token, "is not a move: expected a square such as e4 or a departure and an "
                        + "arrival square such as e2e4 / Nb1c3");
            }
            to = Square.parse(b.substring(b.length() - 2));
            for (char c : b.substring(0, b.length() - 2).toCharArray()) {
                if (c >= 'a' && c <= 'h') {
                    fromFile = c - 'a';
                } else {
                    fromRank = c - '1';
                }
            }
            return null;
        }

        private boolean fullFrom() {
            return fromFile >= 0 && fromRank >= 0;
        }

        private int fromSquare() {
            return fullFrom() ? Square.of(fromFile, fromRank) : Square.NONE;
        }

        /** No letter: a pawn, or (long algebraic / UCI) whatever stands on the written departure square. */
        private ParsedMove typeFromDepartureSquare() {
            if (!fullFrom()) {
                types = EnumSet.of(PieceType.PAWN);
                return null;
            }
            int fromSquare = fromSquare();
            var onFrom = position.pieceTypeAt(fromSquare);
            if (onFrom.isEmpty() || position.pieceSideAt(fromSquare).orElseThrow() != position.sideToMove()) {
                return new ParsedMove.Error(token, "is impossible: " + Square.name(fromSquare) + " holds no "
                        + sideName(position.sideToMove()) + " piece");
            }
            types = EnumSet.of(onFrom.get());
            // Chess960 castling written as king takes own rook (UCI_Chess960)
            if (onFrom.get() == PieceType.KING && position.pieceTypeAt(to).orElse(null) == PieceType.ROOK
                    && position.pieceSideAt(to).orElse(null) == position.sideToMove()) {
                for (Move m : position.legalMoves()) {
                    if (m.isCastling() && m.from() == fromSquare && m.castlingRookSquare() == to) {
                        return new ParsedMove.Ok(m);
                    }
                }
                return new ParsedMove.Error(token, "is impossible: castling with the rook on " + Square.name(to)
                        + " is not legal here");
            }
            return null;
        }

        /** The legal moves that fit what is written, by piece type (two types only for an 'R' in ANY language). */
        private ParsedMove theOneLegalMove() {
            List<List<Move>> byType = new ArrayList<>();
            List<PieceType> typesWithMoves = new ArrayList<>();
            for (PieceType type : types) {
                List<Move> candidates = candidates(type);
                if (!candidates.isEmpty()) {
                    byType.add(candidates);
                    typesWithMoves.add(type);
                }
            }
            if (byType.isEmpty()) {
                return noLegalMove();
            }
            if (byType.size() > 1) {
                return new ParsedMove.Error(token, "is ambiguous: '" + first + "' is the rook in English and the king (rey) in "
                        + "Spanish, and both can go to " + Square.name(to));
            }
            List<Move> candidates = byType.get(0);
            PieceType type = typesWithMoves.get(0);
            if (candidates.get(0).promotion() != null && promotion == null) {
                return new ParsedMove.Error(token, "is incomplete: a pawn reaching " + Square.name(to)
                        + " must be exchanged for a queen, rook, bishop or knight; write it, e.g. " + Square.name(to) + "=Q (FIDE 3.7.5)");
            }
            if (candidates.get(0).promotion() == null && promotion != null) {
                return new ParsedMove.Error(token, "is impossible: only a pawn reaching the last rank is promoted");
            }
            if (candidates.size() > 1) {
                String froms = candidates.stream().map(m -> Square.name(m.from())).distinct().collect(Collectors.joining(" and "));
                return new ParsedMove.Error(token, "is ambiguous: " + pieceName(type) + "s on " + froms + " can go to "
                        + Square.name(to));
            }
            return new ParsedMove.Ok(candidates.get(0));
        }

        private List<Move> candidates(PieceType type) {
            boolean fullFrom = fullFrom();
            List<Move> candidates = new ArrayList<>(2);
            for (int bits : position.legalMoveBits()) {
                Move m = new Move(bits);
                if (m.to() != to || position.pieceCodeAt(m.from()) % 6 != type.ordinal()) {
                    continue;
                }
                if (m.isCastling() && !fullFrom) {
                    continue; // castling is written 0-0 / 0-0-0, or with both squares
                }
                if ((fromFile >= 0 && Square.file(m.from()) != fromFile) || (fromRank >= 0 && Square.rank(m.from()) != fromRank)) {
                    continue;
                }
                if (m.promotion() != null && promotion != null && m.promotion() != promotion) {
                    continue;
                }
                candidates.add(m);
            }
            return candidates;
        }

        /** Why no legal move fits: an illegal move of a piece that could go there, or no piece that could. */
        private ParsedMove noLegalMove() {
            String what = types.size() == 1 ? pieceName(types.iterator().next()) : "piece";
            String from = fullFrom() ? " from " + Square.name(fromSquare()) : fromFile >= 0 ? " from the " + (char) ('a' + fromFile)
                    + "-file" : fromRank >= 0 ? " from rank " + (fromRank + 1) : "";
            int mover = pseudoLegalMover(position, types, to, fromFile, fromRank);
            if (mover >= 0) {
                // FIDE 2018 3.9.2: the piece could go there, but not without leaving or placing its king in check
                return new ParsedMove.Error(token, "is illegal: the " + pieceName(position.pieceTypeAt(mover).orElseThrow())
                        + " on " + Square.name(mover) + " cannot go to " + Square.name(to) + " because "
                        + (position.inCheck() ? sideName(position.sideToMove()) + " is in check and the move does not end it"
                        : "it would expose its own king to check") + " (FIDE 3.9)");
            }
            return new ParsedMove.Error(token, "is impossible: no " + sideName(position.sideToMove()) + " " + what + from
                    + " can legally go to " + Square.name(to) + (position.inCheck() ? " (" + sideName(position.sideToMove())
                    + " is in check)" : ""));
        }
    }

    /** Plain UCI text (e2e4, e7e8q) that is a legal move: found without building lists. Null otherwise. */
    private static ParsedMove uciFastPath(Position position, String token) {
        int length = token.length();
        if (length != 4 && length != 5) {
            return null;
        }
        char f1 = token.charAt(0);
        char r1 = token.charAt(1);
        char f2 = token.charAt(2);
        char r2 = token.charAt(3);
        if (f1 < 'a' || f1 > 'h' || r1 < '1' || r1 > '8' || f2 < 'a' || f2 > 'h' || r2 < '1' || r2 > '8') {
            return null;
        }
        PieceType promotion = null;
        if (length == 5) {
            promotion = switch (token.charAt(4)) {
                case 'q' -> PieceType.QUEEN;
                case 'r' -> PieceType.ROOK;
                case 'b' -> PieceType.BISHOP;
                case 'n' -> PieceType.KNIGHT;
                default -> null;
            };
            if (promotion == null) {
                return null;
            }
        }
        return position.legalMove(Square.of(f1 - 'a', r1 - '1'), Square.of(f2 - 'a', r2 - '1'), promotion)
                .<ParsedMove>map(ParsedMove.Ok::new).orElse(null);
    }

    /** A piece of one of the types that could reach {@code to} by its way of moving, ignoring checks; else -1. */
    private static int pseudoLegalMover(Position position, Set<PieceType> types, int to, int fromFile, int fromRank) {
        Side side = position.sideToMove();
        long occupied = position.occupancy();
        long toBit = 1L << to;
        var targetSide = position.pieceSideAt(to);
        if (targetSide.isPresent() && targetSide.get() == side) {
            return -1;
        }
        for (PieceType type : types) {
            for (long p = position.pieces(side, type); p != 0; p &= p - 1) {
                int from = Long.numberOfTrailingZeros(p);
                if ((fromFile >= 0 && Square.file(from) != fromFile) || (fromRank >= 0 && Square.rank(from) != fromRank)) {
                    continue;
                }
                long reach = switch (type) {
                    case KNIGHT -> Attacks.knight(from);
                    case BISHOP -> Attacks.bishop(from, occupied);
                    case ROOK -> Attacks.rook(from, occupied);
                    case QUEEN -> Attacks.queen(from, occupied);
                    case KING -> Attacks.king(from);
                    case PAWN -> pawnReach(position, side, from, occupied);
                };
                if ((reach & toBit) != 0) {
                    return from;
                }
            }
        }
        return -1;
    }

    private static long pawnReach(Position position, Side side, int from, long occupied) {
        int up = side == Side.WHITE ? 8 : -8;
        long reach = 0;
        int one = from + up;
        if (one >= 0 && one < 64 && (occupied & (1L << one)) == 0) {
            reach |= 1L << one;
            int startRank = side == Side.WHITE ? 1 : 6;
            int two = one + up;
            if (Square.rank(from) == startRank && (occupied & (1L << two)) == 0) {
                reach |= 1L << two;
            }
        }
        long enemy = occupied & ~ownPieces(position, side);
        long captures = Attacks.pawn(side, from) & enemy;
        if (position.enPassantSquare() >= 0) {
            captures |= Attacks.pawn(side, from) & (1L << position.enPassantSquare());
        }
        return reach | captures;
    }

    private static long ownPieces(Position position, Side side) {
        long own = 0;
        for (PieceType t : PieceType.values()) {
            own |= position.pieces(side, t);
        }
        return own;
    }

    private static ParsedMove castle(Position position, String token, boolean kingSide) {
        for (Move m : position.legalMoves()) {
            if (m.isCastling() && (Square.file(m.to()) == 6) == kingSide) {
                return new ParsedMove.Ok(m);
            }
        }
        int right = position.sideToMove().ordinal() * 2 + (kingSide ? 0 : 1);
        String why;
        if ((position.castlingRights() & (1 << right)) == 0) {
            why = "the king or that rook has already moved (FIDE 3.8.2.1)";
        } else if (position.inCheck()) {
            why = "the king is in check (FIDE 3.8.2.2)";
        } else {
            why = "a square between king and rook is occupied, or a square the king crosses or lands on is attacked "
                    + "(FIDE 3.8.2.2)";
        }
        return new ParsedMove.Error(token, "is impossible: " + sideName(position.sideToMove()) + " cannot castle "
                + (kingSide ? "king side" : "queen side") + ": " + why);
    }

    /** Matches [a-h]?[1-8]?[a-h][1-8] without a regular expression (this runs for every move of a PGN file). */
    private static boolean isSquareWithOptionalOrigin(String b) {
        int n = b.length();
        if (n < 2 || n > 4 || !isFile(b.charAt(n - 2)) || !isRank(b.charAt(n - 1))) {
            return false;
        }
        return switch (n) {
            case 2 -> true;
            case 3 -> isFile(b.charAt(0)) || isRank(b.charAt(0));
            default -> isFile(b.charAt(0)) && isRank(b.charAt(1));
        };
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'h';
    }

    private static boolean isRank(char c) {
        return c >= '1' && c <= '8';
    }

    /** Removes check/mate marks, e.p. marks, draw-offer marks and annotation glyphs from the end. */
    static String stripSuffixes(String token) {
        if (!token.isEmpty() && Character.isLetterOrDigit(token.charAt(token.length() - 1))
                && token.indexOf(' ') < 0 && token.indexOf('(') < 0) {
            return token; // nothing to strip: the common case
        }
        String s = token;
        String previous;
        do {
            previous = s;
            s = s.strip();
            String lower = s.toLowerCase(Locale.ROOT);
            if (lower.endsWith("e.p.") || lower.endsWith("a.p.")) {
                s = s.substring(0, s.length() - 4);
            } else if (lower.endsWith("e.p") || lower.endsWith("a.p")) {
                s = s.substring(0, s.length() - 3);
            } else if (s.endsWith("(=)")) {
                s = s.substring(0, s.length() - 3);
            } else if (!s.isEmpty() && "+#!?‡†".indexOf(s.charAt(s.length() - 1)) >= 0) {
                s = s.substring(0, s.length() - 1);
            }
        } while (!s.equals(previous));
        return s;
    }

    private static Set<PieceType> typesOf(char letter, Language language) {
        Set<PieceType> types = EnumSet.noneOf(PieceType.class);
        if (language != Language.SPANISH) {
            PieceType t = PieceLetters.ENGLISH.typeOf(letter);
            if (t != null) {
                types.add(t);
            }
        }
        if (language != Language.ENGLISH) {
            PieceType t = PieceLetters.SPANISH.typeOf(letter);
            if (t != null) {
                types.add(t);
            }
        }
        return types;
    }

    private static PieceType promotionType(char c, Language language) {
        // lower case q r b n: UCI, in any language
        PieceType uci = switch (c) {
            case 'q' -> PieceType.QUEEN;
            case 'r' -> PieceType.ROOK;
            case 'b' -> PieceType.BISHOP;
            case 'n' -> PieceType.KNIGHT;
            default -> null;
        };
        if (uci != null) {
            return uci;
        }
        PieceType english = language == Language.SPANISH ? null : PieceLetters.ENGLISH.typeOf(c);
        // in Spanish 'R' is the king (rey), never a promotion piece (FIDE 3.7.5)
        PieceType spanish = language == Language.ENGLISH ? null : PieceLetters.SPANISH.typeOf(c);
        PieceType type = english != null ? english : spanish;
        return type == PieceType.KING || type == PieceType.PAWN ? null : type;
    }

    static String pieceName(PieceType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }

    private static String sideName(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }
}

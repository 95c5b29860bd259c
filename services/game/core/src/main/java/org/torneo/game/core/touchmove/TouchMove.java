package org.torneo.game.core.touchmove;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.contracts.Ruleset.Edition;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.board.Square;

/**
 * What the pieces touched by the player having the move oblige him to play (touch-move): FIDE 2018 4.3-4.5, 2001
 * 4.3-4.5, 1997 4.3-4.5 and the Code 1970 art. VIII, with the king-and-rook rules of each edition (2018 4.4.1-4.4.3,
 * 2001 4.4a-c, 1997 4.4a-b, and for the Code the FIDE 1952 interpretation quoted with art. VI-VIII: a rook touched
 * first must be moved and castling with it is lost). Pure: a position, the touched squares in the order touched, an
 * edition.
 */
public final class TouchMove {

    /**
     * The moves the touches allow, why, and the article.
     *
     * @param allowed     the legal moves that satisfy the obligation (never empty)
     * @param description the obligation in words, e.g. "the king and the rook on h1 were touched: castle on that side"
     */
    public record Obligation(List<Move> allowed, String description, String article) {
        public Obligation {
            allowed = List.copyOf(allowed);
        }

        public boolean allows(Move move) {
            return allowed.contains(move);
        }
    }

    private TouchMove() {
    }

    /**
     * The obligation, or empty when the touches restrict nothing (nothing touched, or no touched piece can be moved or
     * captured: FIDE 2018 4.5 and its equivalents).
     *
     * @param touched squares touched with the intention of moving or capturing, first touched first (repeats ignored)
     */
    public static Optional<Obligation> obligation(Position position, List<Integer> touched, Edition edition) {
        Side us = position.sideToMove();
        List<Integer> order = new ArrayList<>();
        List<Integer> own = new ArrayList<>();
        List<Integer> enemy = new ArrayList<>();
        for (int square : touched) {
            Optional<Side> side = square < 0 || square > 63 ? Optional.empty() : position.pieceSideAt(square);
            if (side.isEmpty() || order.contains(square)) {
                continue;
            }
            order.add(square);
            (side.get() == us ? own : enemy).add(square);
        }
        if (order.isEmpty()) {
            return Optional.empty();
        }
        List<Move> legal = position.legalMoves();
        int king = own.stream().filter(s -> isA(position, s, PieceType.KING)).findFirst().orElse(-1);
        int rook = own.stream().filter(s -> isA(position, s, PieceType.ROOK)).findFirst().orElse(-1);
        if (enemy.isEmpty() && king >= 0 && rook >= 0 && Square.rank(rook) == Square.rank(king)
                && Square.rank(king) == (us == Side.WHITE ? 0 : 7)) {
            Optional<Obligation> castlingRule = kingAndRook(position, legal, own, own.indexOf(king) < own.indexOf(rook),
                    king, rook, edition);
            if (castlingRule.isPresent()) {
                return castlingRule.get().allowed().isEmpty() ? Optional.empty() : castlingRule;
            }
        }
        return generic(position, legal, order, own, enemy, edition, -1);
    }

    /** The king-and-rook rules; empty when the edition leaves the case to the general rule. */
    private static Optional<Obligation> kingAndRook(Position position, List<Move> legal, List<Integer> own,
                                                    boolean kingFirst, int king, int rook, Edition edition) {
        Move castling = legal.stream().filter(m -> m.isCastling() && m.castlingRookSquare() == rook).findFirst()
                .orElse(null);
        String rookName = "the rook on " + Square.name(rook);
        if (!kingFirst) {
            // FIDE 2018 4.4.2, 2001 4.4b, 1997 4.4a, Code 1970 art. VIII (FIDE 1952): no castling with that rook on
            // this move; the general rule applies to the rest (the rook, touched first, must move if it can)
            Optional<Obligation> general = generic(position, legal, own, own, List.of(), edition, rook);
            String article = article(edition, "4.4.2", "4.4b", "4.4a", "VIII");
            return Optional.of(general.map(o -> new Obligation(o.allowed(), rookName + " was touched before the king: "
                            + "no castling with it on this move; " + o.description(), article + ", " + o.article()))
                    .orElse(new Obligation(legal.stream().filter(m -> !m.isCastling() || m.castlingRookSquare() != rook)
                            .toList(), rookName + " was touched before the king: no castling with it on this move",
                            article)));
        }
        switch (edition) {
            case FIDE_2018, FIDE_2001 -> {
                String article = article(edition, "4.4.1", "4.4a", "", "");
                if (castling != null) {
                    // FIDE 2018 4.4.1, 2001 4.4a: the king and a rook touched: castle on that side if it is legal
                    return Optional.of(new Obligation(List.of(castling), "the king and " + rookName
                            + " were touched: castle on that side", article));
                }
                // FIDE 2018 4.4.3, 2001 4.4c: castling there is illegal: another king move (castling with the other
                // rook included); if the king cannot move, any legal move
                String illegalArticle = article(edition, "4.4.3", "4.4c", "", "");
                List<Move> kingMoves = legal.stream().filter(m -> m.from() == king).toList();
                return Optional.of(new Obligation(kingMoves, "the king and " + rookName + " were touched to castle, "
                        + "but castling on that side is illegal: another king move", illegalArticle));
            }
            case FIDE_1997 -> {
                // FIDE 1997 4.4b: touching the king (or king and rook) to castle: castling there if legal, else a king
                // move or castling on the other side; no king move at all: any legal move. The king, touched first,
                // binds the player to a king move (4.3a); castling is one.
                List<Move> kingMoves = legal.stream().filter(m -> m.from() == king).toList();
                return Optional.of(new Obligation(kingMoves, "the king was touched (with " + rookName + "): a king "
                        + "move, castling on either side included", castling != null ? "FIDE 1997 4.3a, 4.4b"
                        : "FIDE 1997 4.4b"));
            }
            default -> {
                return Optional.empty(); // Code 1970: art. VIII alone (the king, touched first, must move)
            }
        }
    }

    /**
     * FIDE 2018 4.3.1-4.3.3, 2001 4.3a-c, 1997 4.3a-b, Code 1970 art. VIII. {@code noCastlingWith} excludes castling
     * with that rook (4.4.2 and its equivalents), or -1.
     */
    private static Optional<Obligation> generic(Position position, List<Move> legal, List<Integer> order,
                                                List<Integer> own, List<Integer> enemy, Edition edition,
                                                int noCastlingWith) {
        List<Move> candidates = legal.stream()
                .filter(m -> noCastlingWith < 0 || !m.isCastling() || m.castlingRookSquare() != noCastlingWith).toList();
        if (!own.isEmpty() && !enemy.isEmpty() && edition != Edition.CODE_1970) {
            // FIDE 2018 4.3.3, 2001 4.3c, 1997 4.3b: capture the (first) touched enemy piece with the (first) own one
            int mine = own.get(0);
            int theirs = enemy.get(0);
            List<Move> capture = candidates.stream().filter(m -> m.from() == mine && captures(position, m) == theirs)
                    .toList();
            if (!capture.isEmpty()) {
                return Optional.of(new Obligation(capture, "pieces of both colours were touched: capture the piece on "
                        + Square.name(theirs) + " with the piece on " + Square.name(mine),
                        article(edition, "4.3.3", "4.3c", "4.3b", "VIII")));
            }
        }
        // the first touched piece that can be moved (own) or captured (enemy): 4.3.1, 4.3.2, the rest of 4.3.3
        for (int square : order) {
            boolean ownPiece = own.contains(square);
            List<Move> moves = candidates.stream()
                    .filter(m -> ownPiece ? m.from() == square : captures(position, m) == square).toList();
            if (!moves.isEmpty()) {
                return Optional.of(new Obligation(moves, ownPiece
                        ? "the piece on " + Square.name(square) + " must be moved: it was touched first of those that can"
                        : "the piece on " + Square.name(square) + " must be captured: it was touched first of those that can be",
                        ownPiece ? article(edition, "4.3.1", "4.3a", "4.3a", "VIII")
                                : article(edition, "4.3.2", "4.3b", "4.3a", "VIII")));
            }
        }
        return Optional.empty(); // FIDE 2018 4.5 (and equivalents): no touched piece can move or be taken
    }

    /** The square of the piece {@code move} captures, or -1. */
    private static int captures(Position position, Move move) {
        if (move.isEnPassant()) {
            return position.sideToMove() == Side.WHITE ? move.to() - 8 : move.to() + 8;
        }
        if (move.isCastling()) {
            return -1;
        }
        return position.pieceSideAt(move.to()).isPresent() ? move.to() : -1;
    }

    private static boolean isA(Position position, int square, PieceType type) {
        return position.pieceTypeAt(square).map(t -> t == type).orElse(false);
    }

    private static String article(Edition edition, String fide2018, String fide2001, String fide1997, String code1970) {
        return switch (edition) {
            case FIDE_2018 -> "FIDE 2018 " + fide2018;
            case FIDE_2001 -> "FIDE 2001 " + fide2001;
            case FIDE_1997 -> "FIDE 1997 " + fide1997;
            case CODE_1970 -> "Code 1970 art. " + code1970;
        };
    }
}

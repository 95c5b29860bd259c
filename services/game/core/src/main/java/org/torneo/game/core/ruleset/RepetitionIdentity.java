package org.torneo.game.core.ruleset;

import java.util.List;
import java.util.stream.Collectors;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;

/**
 * When two positions are "the same" for the repetition rules, per edition. {@link #key(Position)} gives a text that
 * is equal for two positions exactly when the edition counts them as the same position.
 */
public enum RepetitionIdentity {
    /**
     * Code 1970 art. XII.3: the same position with the same player to move; the text says nothing of castling or
     * en passant, so only the placement of the men and the turn count.
     */
    PLACEMENT_AND_TURN,
    /**
     * FIDE 1997 9.2 ("the right to castle immediately or in the future") and FIDE 2001 9.2 ("temporarily or
     * permanently"): positions are the same only if all men have the same possible moves, so a castling that is
     * legal in one and momentarily impossible in the other (a check, an attacked or occupied square) makes them
     * different, as do different castling rights and an en-passant capture legal in only one of them.
     */
    POSSIBLE_MOVES_INCLUDING_CASTLING_NOW,
    /**
     * FIDE 2018 9.2.3: the same men on the same squares, the same player to move, the same castling rights (lost
     * only by a king or rook move or the capture of the rook, not by castling being impossible for the moment) and
     * the same en-passant possibility (only when the capture is really legal).
     */
    CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT;

    public String key(Position position) {
        String[] fen = position.toFen().split(" ");
        String placementAndTurn = fen[0] + " " + fen[1];
        if (this == PLACEMENT_AND_TURN) {
            return placementAndTurn;
        }
        // the FEN writer of the board package writes the e.p. square only when the capture is legal
        String rightsAndEnPassant = placementAndTurn + " " + fen[2] + " " + fen[3];
        if (this == CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT) {
            return rightsAndEnPassant;
        }
        List<Move> castlings = position.legalMoves().stream().filter(Move::isCastling).toList();
        return rightsAndEnPassant + " castle-now:" + castlings.stream()
                .map(m -> Square.name(m.from()) + Square.name(m.to())).sorted().collect(Collectors.joining(","));
    }
}

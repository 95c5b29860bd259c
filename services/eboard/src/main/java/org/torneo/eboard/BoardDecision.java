package org.torneo.eboard;

/**
 * What a board's feed message comes to ({@link BoardFollower#decide}): a move to submit to the game service with the
 * board's device as actor, or a fact for the hall arbiter that submits nothing (the device never corrects, takes back
 * or invents a move: FIDE 2018 4.6-4.7, a completed move stands; the arbiter decides irregularities, 7.5).
 */
public sealed interface BoardDecision {

    /**
     * A move the board shows, legal in the game's position.
     *
     * @param ply         its ply (1 = White's first move)
     * @param san         standard algebraic notation, as the game service parses it (FIDE 2018 Appendix C)
     * @param uci         from-to squares, as a cross-check
     * @param whiteMillis White's remaining time on the DGT clock after the move, or null without a clock reading
     * @param blackMillis Black's, or null
     */
    record SubmitMove(int ply, String san, String uci, Long whiteMillis, Long blackMillis) implements BoardDecision {
    }

    /** The pieces on the board are not the game's position (being moved, knocked over, misplaced): wait. */
    record Misplaced(int ply, String onBoard, String expected) implements BoardDecision {
    }

    /**
     * A move LiveChess reconstructed that is not legal in the game's position (e.g. a king's first step of castling,
     * read before the rook moved, or a king put in the centre to signal the result): held, nothing submitted until the
     * board shows a legal continuation.
     */
    record NotLegal(int ply, String move, String reason) implements BoardDecision {
    }

    /**
     * The board's record no longer starts with the moves already submitted (moves taken back on the board, or
     * LiveChess re-reconstructed them): the submitted moves stand; the arbiter is told where the two part.
     */
    record Diverged(int ply, String submitted, String onBoard) implements BoardDecision {
    }

    /** Both kings stand on centre squares (d4, d5, e4, e5): the players' signal of the result on DGT boards. */
    record KingsInCentre(String placement) implements BoardDecision {
    }
}

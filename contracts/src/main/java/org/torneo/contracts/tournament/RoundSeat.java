package org.torneo.contracts.tournament;

import org.torneo.contracts.Side;

/**
 * Where a player is in a published round: on a board with a colour ({@code bye} null), or without a game in a bye of
 * a kind ({@code board} 0, {@code side} null).
 */
public record RoundSeat(int board, Side side, ByeKind bye) {
    public RoundSeat {
        boolean onBoard = board > 0 && side != null && bye == null;
        boolean inBye = board == 0 && side == null && bye != null;
        if (!onBoard && !inBye) {
            throw new IllegalArgumentException("a seat is a board (from 1) with a side, or a bye of a kind; was board "
                    + board + ", side " + side + ", bye " + bye);
        }
    }

    public static RoundSeat onBoard(int board, Side side) {
        return new RoundSeat(board, side, null);
    }

    public static RoundSeat inBye(ByeKind kind) {
        return new RoundSeat(0, null, kind);
    }

    public static RoundSeat example() {
        return onBoard(1, Side.WHITE);
    }

    /** On a board (else in a bye). */
    public boolean hasBoard() {
        return board > 0;
    }
}

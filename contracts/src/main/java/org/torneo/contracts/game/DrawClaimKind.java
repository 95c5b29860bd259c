package org.torneo.contracts.game;

/** The draws a player must claim (the automatic ones, fivefold and 75 moves, are not claims). */
public enum DrawClaimKind {
    /** FIDE 2018 9.2: the same position for at least the third time. */
    THREEFOLD,
    /** FIDE 2018 9.3: the last 50 moves by each player without a capture or a pawn move. */
    FIFTY_MOVES
}

package org.torneo.contracts.game;

/** How a draw offer was declined; the edition decides which actions count. */
public enum DeclineMode {
    /** Rejected orally (all editions). */
    ORALLY,
    /** By making a move (FIDE 1997 9.1). */
    BY_MOVE,
    /** By touching a piece with the intention of moving or capturing it (FIDE 2001 9.1b, FIDE 2018 9.1.2.2). */
    BY_TOUCHING_A_PIECE
}

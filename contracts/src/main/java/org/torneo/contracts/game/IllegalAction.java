package org.torneo.contracts.game;

/** Acts that FIDE 2018 penalises as illegal moves although no illegal move is on the board. */
public enum IllegalAction {
    /** FIDE 2018 7.5.2: a pawn moved to the last rank, clock pressed, no new piece: the pawn becomes a queen. */
    PAWN_NOT_PROMOTED,
    /** FIDE 2018 7.5.3: the clock pressed without a move. */
    CLOCK_PRESSED_WITHOUT_MOVE,
    /** FIDE 2018 7.5.4: a move made with two hands, then the clock pressed. */
    TWO_HANDS
}

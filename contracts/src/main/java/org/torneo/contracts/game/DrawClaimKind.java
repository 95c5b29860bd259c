package org.torneo.contracts.game;

/**
 * The draws a player must claim (the automatic ones, fivefold and 75 moves, are not claims). THREEFOLD and
 * FIFTY_MOVES are decided at once from the moves; QUICKPLAY_FINISH is a judgement the arbiter gives later.
 */
public enum DrawClaimKind {
    /** FIDE 2018 9.2: the same position for at least the third time. */
    THREEFOLD,
    /** FIDE 2018 9.3: the last 50 moves by each player without a capture or a pawn move. */
    FIFTY_MOVES,
    /**
     * FIDE 1997 / 2001 10.2, 2018 Guidelines III.5: a player with less than two minutes left in the quickplay
     * finish claims that the opponent cannot win, or is making no effort to win, by normal means. The arbiter
     * upholds, postpones or rejects it (ArbiterRuling UPHOLD_CLAIM / REJECT_CLAIM, PostponeClaim).
     */
    QUICKPLAY_FINISH,
    /**
     * FIDE 2018 Guidelines III.4: the player to move with under two minutes asks for a five-second increment for both
     * players. The request is a draw offer; if the opponent refuses it and the arbiter agrees (ArbiterRuling
     * UPHOLD_CLAIM), the increment is introduced and the opponent gets two minutes (QuickplayIncrementGranted).
     */
    QUICKPLAY_INCREMENT
}

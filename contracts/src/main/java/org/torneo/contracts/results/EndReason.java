package org.torneo.contracts.results;

/** Why a game ended; the event also names the article applied. */
public enum EndReason {
    /** FIDE 2018 5.1.1 */
    CHECKMATE,
    /** FIDE 2018 5.1.2 */
    RESIGNATION,
    /** FIDE 2018 6.9: the flag fell and the opponent can checkmate by a series of legal moves. */
    FLAG_FALL,
    /** FIDE 2018 6.9: the flag fell but the opponent cannot checkmate by any series of legal moves (draw). */
    FLAG_FALL_NO_MATE_POSSIBLE,
    /** FIDE 2018 5.2.1 */
    STALEMATE,
    /** FIDE 2018 5.2.2 */
    DEAD_POSITION,
    /** FIDE 2018 9.1 */
    AGREEMENT,
    /** FIDE 2018 9.2 */
    THREEFOLD_CLAIM,
    /** FIDE 2018 9.3 */
    FIFTY_MOVES_CLAIM,
    /** FIDE 2018 9.6.1 (automatic) */
    FIVEFOLD_REPETITION,
    /** FIDE 2018 9.6.2 (automatic) */
    SEVENTY_FIVE_MOVES,
    /** FIDE 2018 7.5.5 / A.4.2: the second (or, in blitz, the first claimed) illegal move. */
    ILLEGAL_MOVES,
    /** FIDE 2018 6.7.1: not present at the board after the default time. */
    DEFAULT_TIME,
    /** FIDE 2018 11.3.2.2 (mobile phone), 12.9.6, 12.9.8: a penalty decided by the arbiter. */
    ARBITER_DECISION,
    /** Both flags fell in the last period (FIDE 1997 10.x quickplay finish, A.4.5 / III rules). */
    BOTH_FLAGS_FELL
}

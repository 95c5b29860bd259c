package org.torneo.contracts.tournament;

/** Why a player has no game in a round. */
public enum ByeKind {
    /** Left over by an odd field and given the bye by the pairing system (FIDE: pairing-allocated bye). */
    PAIRING_BYE,
    /** Asked for in advance; scores a draw (FIDE C.04.1 d, "half-point bye"). */
    HALF_POINT,
    /** Asked for in advance; scores nothing. */
    ZERO_POINT,
    /** Not yet entered: a late entrant's earlier rounds (Code 1970 US rule III: lost by default). */
    LATE_ENTRY,
    /** The opponent in the table has withdrawn (round robin): the game is not played. */
    OPPONENT_WITHDRAWN
}

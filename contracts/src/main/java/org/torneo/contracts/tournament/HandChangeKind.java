package org.torneo.contracts.tournament;

/** What the chief arbiter changes by hand in a published round's pairing (C.04.2; FIDE practice: recorded). */
public enum HandChangeKind {
    /** Two players change places: between two boards, or one on a board and the pairing-allocated bye. */
    SWAP_PLAYERS,
    /** White and Black of one board exchange colours. */
    EXCHANGE_COLOURS,
    /** Two players without a game in the round (a bye, a late arrival) are paired on a new board. */
    PAIR_UNPAIRED
}

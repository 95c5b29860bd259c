package org.torneo.contracts.tournament;

/** The outcome of one board as far as pairing and scores care. */
public enum GameResult {
    WHITE_WINS,
    DRAW,
    BLACK_WINS,
    /** Both players lose, e.g. both more than one hour late (Code 1970 art. XVII-2). */
    DOUBLE_LOSS
}

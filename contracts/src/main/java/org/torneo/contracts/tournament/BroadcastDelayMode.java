package org.torneo.contracts.tournament;

/**
 * How the public broadcast of a tournament holds moves back (anti-cheating; set by the organiser, applied by the
 * feed to every public route and stream; the arbiters' console is never delayed).
 */
public enum BroadcastDelayMode {
    /** Moves, clocks and results are public as soon as the feed has them. */
    NONE,
    /** A fixed delay: a move (its clock, its game's incidents and result) is public once it is this many seconds old. */
    FIXED,
    /** A game's moves (with their clocks and incidents) are public only once the game has ended. */
    AFTER_GAME
}

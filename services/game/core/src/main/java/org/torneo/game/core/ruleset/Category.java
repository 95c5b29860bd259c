package org.torneo.game.core.ruleset;

/** The kind of game by time control (FIDE 2018 A.1 / B.1; FIDE 1997 B.1 / C.1). */
public enum Category {
    STANDARD, RAPID, BLITZ
}

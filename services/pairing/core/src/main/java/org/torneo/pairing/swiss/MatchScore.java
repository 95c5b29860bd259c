package org.torneo.pairing.swiss;

/** The score class of a round entry for pairing purposes (C.04.1: win, draw, or loss/zero). */
public enum MatchScore {
    WIN, DRAW, LOSS
}

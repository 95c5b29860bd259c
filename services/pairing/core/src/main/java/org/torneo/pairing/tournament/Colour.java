package org.torneo.pairing.tournament;

/** The colour a player had in a game. */
public enum Colour {
    WHITE,
    BLACK;

    public Colour opposite() {
        return this == WHITE ? BLACK : WHITE;
    }
}

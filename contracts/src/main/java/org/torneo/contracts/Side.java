package org.torneo.contracts;

/** The two players of a game, by the colour of their pieces. */
public enum Side {
    WHITE, BLACK;

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }
}

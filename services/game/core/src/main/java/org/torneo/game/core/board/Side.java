package org.torneo.game.core.board;

/** The two players. {@code ordinal()} is the colour index used by {@link Board} (0 white, 1 black). */
public enum Side {
    WHITE, BLACK;

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    public String lowerCaseName() {
        return this == WHITE ? "white" : "black";
    }
}

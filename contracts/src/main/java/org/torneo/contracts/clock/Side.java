package org.torneo.contracts.clock;

/** One of the two clock faces: the player with the white or the black pieces. */
public enum Side {
    WHITE, BLACK;

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }
}

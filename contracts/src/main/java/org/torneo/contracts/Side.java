package org.torneo.contracts;

/** The two players of a game, by the colour of their pieces. */
public enum Side {
    WHITE, BLACK;

    public Side opponent() {
        return this == WHITE ? BLACK : WHITE;
    }

    /**
     * The side to move in a FEN the game service wrote (its second field, "w" or "b"); null for a null FEN or one
     * without that field, so that a reader can fall back to what it assumed before.
     */
    public static Side toMoveIn(String fen) {
        if (fen == null) {
            return null;
        }
        String[] fields = fen.trim().split("\\s+");
        if (fields.length < 2) {
            return null;
        }
        return switch (fields[1]) {
            case "w" -> WHITE;
            case "b" -> BLACK;
            default -> null;
        };
    }
}

package org.torneo.rating.core.score;

/** The colour a player had in a round; NONE for byes and unpaired rounds. */
public enum Colour {
    WHITE, BLACK, NONE;

    public static Colour fromTrf(char c) {
        return switch (Character.toLowerCase(c)) {
            case 'w' -> WHITE;
            case 'b' -> BLACK;
            case '-', ' ' -> NONE;
            default -> throw new IllegalArgumentException("unknown TRF colour '" + c + "'");
        };
    }
}

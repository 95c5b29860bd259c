package org.torneo.trf;

/** Colour column of a TRF round entry: {@code w}, {@code b}, or {@code -}/blank for no colour. */
public enum Colour {
    WHITE('w'), BLACK('b'), NONE('-');

    private final char code;

    Colour(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    public Colour opposite() {
        return switch (this) {
            case WHITE -> BLACK;
            case BLACK -> WHITE;
            case NONE -> NONE;
        };
    }
}

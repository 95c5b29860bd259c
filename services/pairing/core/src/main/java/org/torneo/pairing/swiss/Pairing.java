package org.torneo.pairing.swiss;

/**
 * A pair of start numbers (1-based) with colours, or a pairing-allocated bye when {@code black == 0}.
 */
public record Pairing(int white, int black) {

    public boolean isBye() {
        return black == 0;
    }

    @Override
    public String toString() {
        return white + " " + black;
    }
}

package org.torneo.pairing.tournament;

/** One game of a pairing outcome, by pairing numbers. */
public record Pairing(int white, int black) {

    public Pairing {
        if (white == black) {
            throw new IllegalArgumentException("player " + white + " paired with himself");
        }
    }

    public boolean involves(int number) {
        return white == number || black == number;
    }
}

package org.torneo.pairing.tournament;

import java.util.List;
import java.util.Objects;

import org.torneo.contracts.tournament.Score;

/**
 * A player as a pairing system sees him.
 *
 * @param number    the frozen pairing number (unique, at least 1); outcomes refer to entrants by it
 * @param name      for messages only
 * @param rating    0 when unrated
 * @param score     the score before the round being paired
 * @param history   earlier rounds, in round order
 * @param available false for a withdrawn player, one with a requested bye, or a late entrant not yet in
 */
public record Entrant(int number, String name, int rating, Score score, List<PastRound> history, boolean available) {

    public Entrant {
        if (number < 1) {
            throw new IllegalArgumentException("pairing number must be at least 1, was " + number);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(score, "score");
        history = List.copyOf(history);
    }

    public boolean hasMet(int otherNumber) {
        for (PastRound past : history) {
            if (past.opponent() == otherNumber) {
                return true;
            }
        }
        return false;
    }

    public boolean hadPairingBye() {
        return history.stream().anyMatch(PastRound::pairingBye);
    }
}

package org.torneo.rating.core.score;

import java.util.List;

/**
 * A participant: start number, name, FIDE rating (0 = unrated) and one entry per round.
 * An arbiter-set score, when present, replaces the sum of the results (e.g. a penalty).
 */
public record Player(int startNumber, String name, int rating, List<RoundEntry> rounds, Integer arbiterScoreCenti) {

    public Player {
        if (startNumber < 1) {
            throw new IllegalArgumentException("start number must be at least 1: " + startNumber);
        }
        if (rating < 0) {
            throw new IllegalArgumentException("rating must not be negative: " + rating);
        }
        name = name == null ? "" : name;
        int last = rounds.size();
        while (last > 0 && RoundEntry.NOT_PAIRED.equals(rounds.get(last - 1))) {
            last--; // trailing unpaired rounds carry nothing: one canonical form
        }
        rounds = List.copyOf(rounds.subList(0, last));
    }

    public Player(int startNumber, String name, int rating, List<RoundEntry> rounds) {
        this(startNumber, name, rating, rounds, null);
    }

    public boolean rated() {
        return rating > 0;
    }

    /** The entry for round {@code round} (1-based); rounds beyond the recorded ones are not paired. */
    public RoundEntry round(int round) {
        return round <= rounds.size() ? rounds.get(round - 1) : RoundEntry.NOT_PAIRED;
    }

    public Player withRound(int round, RoundEntry entry) {
        var list = new java.util.ArrayList<>(rounds);
        while (list.size() < round) {
            list.add(RoundEntry.NOT_PAIRED);
        }
        list.set(round - 1, entry);
        return new Player(startNumber, name, rating, list, arbiterScoreCenti);
    }

    public Player withArbiterScore(Integer centi) {
        return new Player(startNumber, name, rating, rounds, centi);
    }
}

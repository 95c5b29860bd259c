package org.torneo.rating.core.elo;

import java.util.List;
import java.util.OptionalInt;

/**
 * First ratings for unrated players.
 *
 * <p>FIDE (B.02 8.2, rules in force from 1 March 2024): at least 5 games against rated opponents
 * and a score of at least ½ against them; two hypothetical opponents rated 1800 are added, with both
 * games counted as draws. Ra is the average rating of all the opponents (the two included), p the
 * score over all the games rounded to hundredths, Ru = Ra + dp(p) rounded to the nearest point,
 * at most 2200, and published only when at least 1400 (the rating floor).
 *
 * <p>The 1970 book's provisional rule (Code 1970, Swiss system, ratings): an unrated player who draws
 * with a rated player gets that player's rating; one who beats him gets that rating + 50. The first
 * result in round order that allows a figure gives it.
 */
public final class InitialRating {

    public static final int HYPOTHETICAL_OPPONENT = 1800;
    public static final int MAXIMUM = 2200;
    public static final int FLOOR = 1400;
    public static final int MINIMUM_GAMES = 5;

    private InitialRating() {
    }

    /** B.02 (2024) 8.2: the initial rating, or empty when it cannot be published. */
    public static OptionalInt fide2024(List<Elo.Game> gamesAgainstRated) {
        if (gamesAgainstRated.size() < MINIMUM_GAMES) {
            return OptionalInt.empty();
        }
        long ratingSum = 2L * HYPOTHETICAL_OPPONENT;
        int score = 2 * 50; // the two hypothetical draws
        for (Elo.Game g : gamesAgainstRated) {
            ratingSum += g.opponentRating();
            score += g.scoreCenti();
        }
        if (score - 100 < 50) {
            return OptionalInt.empty(); // at least ½ point against rated opponents
        }
        int games = gamesAgainstRated.size() + 2;
        int percent = (int) Performance.roundHalfUp(score, games);
        // Ra + dp rounded half up: (ratingSum + dp * games) / games
        long ru = Performance.roundHalfUp(ratingSum + (long) FideTables.dp(percent) * games, games);
        ru = Math.min(ru, MAXIMUM);
        return ru >= FLOOR ? OptionalInt.of((int) ru) : OptionalInt.empty();
    }

    /** Code 1970: the provisional figure from early-round results (draw = opponent's rating, win = +50). */
    public static OptionalInt seedProvisional(List<Elo.Game> gamesInRoundOrder) {
        for (Elo.Game g : gamesInRoundOrder) {
            if (g.scoreCenti() == 50) {
                return OptionalInt.of(g.opponentRating());
            }
            if (g.scoreCenti() == 100) {
                return OptionalInt.of(g.opponentRating() + 50);
            }
        }
        return OptionalInt.empty();
    }
}

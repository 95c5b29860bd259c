package org.torneo.rating.core.elo;

import java.time.LocalDate;

/**
 * B.02 8.3.3 development coefficient (values in force since 1 July 2014, unchanged by the 2024 reform):
 * 40 for a player new to the list until he has completed events with at least 30 games; 40 for all
 * players until the end of the year of their 18th birthday as long as their rating stays under 2300
 * (the handbook wording; the spec's "until their 18th birthday" is read the same way); 20 while the
 * rating stays under 2400; 10 once the published rating has reached 2400, permanently.
 * B.02 8.3.3: K x n must not exceed 700 games in a rating period.
 */
public final class KFactor {

    private KFactor() {
    }

    /**
     * @param rating        the player's published rating
     * @param gamesRated    rated games completed before this period
     * @param birthYear     year of birth, or 0 if unknown
     * @param periodDate    a day of the rating period
     * @param reached2400   whether the published rating has ever reached 2400
     */
    public static int of(int rating, int gamesRated, int birthYear, LocalDate periodDate, boolean reached2400) {
        if (reached2400 || rating >= 2400) {
            return 10; // B.02 8.3.3 (c)
        }
        if (gamesRated < 30) {
            return 40; // B.02 8.3.3 (a) new player
        }
        if (birthYear > 0 && periodDate.getYear() - birthYear <= 18 && rating < 2300) {
            return 40; // B.02 8.3.3 (a) junior
        }
        return 20; // B.02 8.3.3 (b)
    }

    /** B.02 8.3.3: the largest K (at most {@code k}) with K x games not above 700. */
    public static int capped(int k, int games) {
        if (games <= 0) {
            return k;
        }
        return Math.min(k, 700 / games);
    }
}

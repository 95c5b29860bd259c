package org.torneo.rating.core.elo;

import java.time.LocalDate;
import java.util.List;

/**
 * FIDE rating changes (B.02 8.3): for each rated game, K x (W - PD), with PD read from table 8.1.2
 * after the 400-point rule. Amounts are in hundredths of a rating point so sums stay exact; the
 * change for the period is rounded half away from zero to a whole point.
 */
public final class Elo {

    private static final LocalDate RULE_400_SINCE = LocalDate.of(2009, 7, 1);
    private static final LocalDate EXCEPTION_2650_SINCE = LocalDate.of(2025, 10, 1);

    private Elo() {
    }

    /**
     * B.02 8.3.1: the rating difference used for rating purposes. Since 1 July 2009 a difference above
     * 400 counts as 400 (350 before); since 1 October 2025 this applies only to players rated below
     * 2650, a player rated 2650 or more uses the actual difference.
     */
    public static int effectiveDifference(int own, int opponent, LocalDate date) {
        int diff = opponent - own;
        boolean cap = date.isBefore(EXCEPTION_2650_SINCE) || own < 2650;
        int limit = date.isBefore(RULE_400_SINCE) ? 350 : 400;
        if (cap && Math.abs(diff) > limit) {
            diff = Integer.signum(diff) * limit;
        }
        return diff;
    }

    /** Expected score PD (hundredths) of a player against an opponent under the rules of the date. */
    public static int expectedScore(int own, int opponent, LocalDate date) {
        int diff = effectiveDifference(own, opponent, date);
        return FideTables.expectedScore(0, diff);
    }

    /** One game: K x (W - PD) in hundredths of a rating point; {@code scoreCenti} is 100, 50 or 0. */
    public static long changePerGame(int own, int opponent, int scoreCenti, int k, LocalDate date) {
        return (long) k * (scoreCenti - expectedScore(own, opponent, date));
    }

    /** A rated game from the player's side. */
    public record Game(int opponentRating, int scoreCenti) {
        public Game {
            if (scoreCenti != 0 && scoreCenti != 50 && scoreCenti != 100) {
                throw new IllegalArgumentException("a rated game scores 0, 50 or 100 hundredths: " + scoreCenti);
            }
            if (opponentRating <= 0) {
                throw new IllegalArgumentException("only games against rated opponents change a rating");
            }
        }
    }

    /** The change for an event or period, in hundredths, with K already reduced by the 700 rule. */
    public static long changeForEvent(int own, List<Game> games, int k, LocalDate date) {
        int kEff = KFactor.capped(k, games.size());
        long sum = 0;
        for (Game g : games) {
            sum += changePerGame(own, g.opponentRating(), g.scoreCenti(), kEff, date);
        }
        return sum;
    }

    /** Rounds hundredths half away from zero to whole rating points. */
    public static int roundToPoints(long hundredths) {
        long abs = Math.abs(hundredths);
        long rounded = (abs + 50) / 100;
        return (int) (hundredths < 0 ? -rounded : rounded);
    }
}

package org.torneo.rating.core.elo;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntUnaryOperator;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * Every player's FIDE rating result for one event: the rated games against rated opponents (games
 * over the board that lasted at least one move; forfeits and byes never count, B.02 5.1), the change
 * (B.02 8.3) and the performance figures; for unrated players the 2024 initial rating when publishable.
 */
public final class RatingReport {

    /** One player's line. Amounts in hundredths; performance figures null without rated games. */
    public record Line(int startNumber, String name, int rating, int games, int scoreCenti, int kFactor,
                       long changeCenti, Integer averageRatingOfOpponents, Integer performance,
                       Integer perfectPerformance, Integer initialRating) {

        public boolean rated() {
            return rating > 0;
        }

        /** The published rating after the event: rating + change rounded to a whole point. */
        public int newRating() {
            return rating + Elo.roundToPoints(changeCenti);
        }
    }

    /** How unrated players get a first figure. */
    public enum InitialRule {
        /** B.02 (2024): two hypothetical 1800 draws, maximum 2200, published from 1400. */
        FIDE_2024,
        /** Code 1970: the first draw gives the opponent's rating, the first win that rating + 50. */
        BOOK_PROVISIONAL
    }

    private RatingReport() {
    }

    public static List<Line> compute(Tournament t, LocalDate date, IntUnaryOperator kForRating) {
        return compute(t, date, kForRating, InitialRule.FIDE_2024);
    }

    /** The default K when the rating-list history is unknown: 20 below 2400, 10 from 2400 (B.02 8.3.3). */
    public static final IntUnaryOperator DEFAULT_K = rating -> rating >= 2400 ? 10 : 20;

    public static List<Line> compute(Tournament t, LocalDate date, IntUnaryOperator kForRating, InitialRule initialRule) {
        List<Line> lines = new ArrayList<>(t.size());
        for (Player p : t.players()) {
            List<Elo.Game> games = new ArrayList<>();
            for (int r = 1; r <= t.rounds(); r++) {
                RoundEntry e = p.round(r);
                if (e.playedGame() && e.kind().rated() && t.player(e.opponent()).rated()) {
                    games.add(new Elo.Game(t.player(e.opponent()).rating(), e.kind().ratingScoreCenti()));
                }
            }
            int[] ratings = games.stream().mapToInt(Elo.Game::opponentRating).toArray();
            int score = games.stream().mapToInt(Elo.Game::scoreCenti).sum();
            Integer aro = Performance.averageRating(ratings, ratings.length);
            Integer tpr = Performance.tournamentPerformance(score, ratings, ratings.length);
            Integer ptp = Performance.perfectPerformance(score, ratings, ratings.length);
            if (p.rated()) {
                int k = kForRating.applyAsInt(p.rating());
                lines.add(new Line(p.startNumber(), p.name(), p.rating(), games.size(), score,
                        KFactor.capped(k, games.size()), Elo.changeForEvent(p.rating(), games, k, date), aro, tpr, ptp,
                        null));
            } else {
                OptionalInt initial = initialRule == InitialRule.FIDE_2024
                        ? InitialRating.fide2024(games) : InitialRating.seedProvisional(games);
                lines.add(new Line(p.startNumber(), p.name(), 0, games.size(), score, 0, 0, aro, tpr, ptp,
                        initial.isPresent() ? initial.getAsInt() : null));
            }
        }
        return lines;
    }
}

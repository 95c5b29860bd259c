package org.torneo.rating.core.tiebreak;

import java.util.Arrays;
import org.torneo.rating.core.elo.Performance;

/**
 * C.07 Art. 10 (ARO, TPR, PTP) over the games played against rated opponents. Rating tie-breaks are
 * dropped (undefined for everybody) when an unrated participant is present, unless /Unnnn gives
 * unrated players a rating (10.5). Cuts remove the lowest / highest opponent ratings.
 */
final class RatingFamily {

    enum Kind { ARO, TPR, PTP }

    private RatingFamily() {
    }

    static long[] compute(TieBreakContext c, TieBreakSpec spec, Kind kind) {
        Integer unrated = spec.unratedRating();
        boolean valid = unrated != null;
        if (!valid) {
            valid = true;
            for (int p = 0; p < c.n; p++) {
                if (c.rating[p] <= 0) {
                    valid = false;
                    break;
                }
            }
        }
        long[] v = new long[c.n];
        int[] ratings = new int[c.rounds];
        int[] scores = new int[c.rounds];
        Integer[] order = new Integer[c.rounds];
        for (int p = 0; p < c.n; p++) {
            if (!valid) {
                v[p] = TieBreakColumn.NA;
                continue;
            }
            int games = 0;
            int count = 0;
            for (int r = 0; r < c.rounds; r++) {
                int opp = c.opponent[p][r];
                if (opp >= 0 && c.playedOrPab[p][r]) {
                    games++;
                    int rating = c.rating[opp] > 0 ? c.rating[opp] : (unrated != null ? unrated : -1);
                    if (rating >= 0) {
                        ratings[count] = rating;
                        scores[count] = c.ratingScore[p][r];
                        count++;
                    }
                }
            }
            int low = Math.min(spec.cutLow(), c.rounds);
            int high = Math.min(spec.cutHigh(), c.rounds - low);
            if (low + high > 0) {
                // sort the opponents by rating (stable), then cut from each end while every game counts
                for (int i = 0; i < count; i++) {
                    order[i] = i;
                }
                int[] rs = ratings;
                Arrays.sort(order, 0, count, (a, b) -> Integer.compare(rs[a], rs[b]));
                int from = 0;
                int to = count;
                int remaining = games;
                for (int i = 0; i < low; i++, remaining--) {
                    if (remaining == to - from && to > from) {
                        from++;
                    }
                }
                for (int i = 0; i < high; i++, remaining--) {
                    if (remaining == to - from && to > from) {
                        to--;
                    }
                }
                int[] keptRatings = new int[to - from];
                int[] keptScores = new int[to - from];
                for (int i = from; i < to; i++) {
                    keptRatings[i - from] = ratings[order[i]];
                    keptScores[i - from] = scores[order[i]];
                }
                v[p] = value(kind, keptRatings, keptScores, keptRatings.length);
            } else {
                v[p] = value(kind, ratings, scores, count);
            }
        }
        return v;
    }

    private static long value(Kind kind, int[] ratings, int[] scores, int count) {
        int score = 0;
        for (int i = 0; i < count; i++) {
            score += scores[i];
        }
        Integer result = switch (kind) {
            case ARO -> Performance.averageRating(ratings, count);
            case TPR -> Performance.tournamentPerformance(score, ratings, count);
            case PTP -> Performance.perfectPerformance(score, ratings, count);
        };
        return result == null ? TieBreakColumn.NA : result;
    }

    /** APRO / APPO: the mean of the opponents' TPR / PTP over the games played, rounded half up. */
    static long[] averageOfOpponents(TieBreakContext c, long[] opponentValues) {
        long[] v = new long[c.n];
        for (int p = 0; p < c.n; p++) {
            long sum = 0;
            int count = 0;
            for (int r = 0; r < c.rounds; r++) {
                int opp = c.opponent[p][r];
                if (opp >= 0 && c.playedOrPab[p][r] && opponentValues[opp] != TieBreakColumn.NA) {
                    sum += opponentValues[opp];
                    count++;
                }
            }
            v[p] = count == 0 ? TieBreakColumn.NA : Performance.roundHalfUp(sum, count);
        }
        return v;
    }
}

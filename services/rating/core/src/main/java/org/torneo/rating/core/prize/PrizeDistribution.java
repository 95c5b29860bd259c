package org.torneo.rating.core.prize;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Money prizes for places, in cents. {@code groups} are the players tied on points, best group first,
 * each listed in tie-break order; {@code prizes.get(i)} is the prize for place i + 1.
 *
 * <p>Equal sharing (Code 1970, US Swiss rule IX): players tied on points share equally the sum of
 * the prizes of the places they cover; tie-breaks decide only indivisible prizes.
 * Hort system (FIDE practice, used where the regulations announce it): half of each covered prize
 * goes to the player placed there by tie-break, the other half is pooled and shared equally.
 * Cents that do not divide evenly go one each to the players best placed by tie-break, so the total
 * paid always equals the total of the prizes covered.
 */
public final class PrizeDistribution {

    public enum Method { EQUAL_SHARING, HORT }

    private PrizeDistribution() {
    }

    public static Map<Integer, Long> distribute(List<List<Integer>> groups, List<Long> prizes, Method method) {
        Map<Integer, Long> paid = new LinkedHashMap<>();
        int place = 0;
        for (List<Integer> group : groups) {
            int size = group.size();
            long[] covered = new long[size];
            long pool = 0;
            for (int i = 0; i < size; i++) {
                covered[i] = place + i < prizes.size() ? prizes.get(place + i) : 0;
                pool += covered[i];
            }
            long[] amount = new long[size];
            if (method == Method.EQUAL_SHARING || size == 1) {
                share(pool, amount);
            } else {
                long shared = 0;
                for (int i = 0; i < size; i++) {
                    long half = covered[i] / 2; // the odd cent of a place prize stays in the shared half
                    amount[i] += half;
                    shared += covered[i] - half;
                }
                long[] equal = new long[size];
                share(shared, equal);
                for (int i = 0; i < size; i++) {
                    amount[i] += equal[i];
                }
            }
            for (int i = 0; i < size; i++) {
                paid.put(group.get(i), amount[i]);
            }
            place += size;
        }
        return paid;
    }

    /**
     * The score groups of final standings, best first, each in standings order (the tie-breaks):
     * the groups that share prizes (Code 1970 rule IX: ties on points are not broken for money).
     */
    public static List<List<Integer>> scoreGroups(org.torneo.rating.core.standings.Standings standings,
                                                  org.torneo.rating.core.score.Tournament tournament) {
        List<List<Integer>> groups = new java.util.ArrayList<>();
        int previous = Integer.MIN_VALUE;
        for (int sn : standings.startNumbersByRank()) {
            int score = tournament.scoreCenti(sn);
            if (groups.isEmpty() || score != previous) {
                groups.add(new java.util.ArrayList<>());
                previous = score;
            }
            groups.get(groups.size() - 1).add(sn);
        }
        return groups;
    }

    private static void share(long total, long[] into) {
        int n = into.length;
        long each = total / n;
        long rest = total % n;
        for (int i = 0; i < n; i++) {
            into[i] = each + (i < rest ? 1 : 0);
        }
    }
}

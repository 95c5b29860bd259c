package org.torneo.rating.core.standings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.tiebreak.TieBreakColumn;
import org.torneo.rating.core.tiebreak.TieBreakContext;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;
import org.torneo.rating.core.tiebreak.TieBreaks;

/**
 * Computes standings in O(n * rounds) per tie-break plus one sort per tie-break. The first criterion
 * is always the score (C.07 13.1); when the list does not start with PTS it is ranked by points first.
 */
public final class StandingsCalculator {

    private StandingsCalculator() {
    }

    public static Standings compute(Tournament tournament, TieBreakRules rules, List<TieBreakSpec> specs) {
        return compute(tournament, rules, specs, false);
    }

    /** {@code roundRobin}: unplayed games count as played and byes contribute nothing (C.07 for round robins). */
    public static Standings compute(Tournament tournament, TieBreakRules rules, List<TieBreakSpec> specs,
                                    boolean roundRobin) {
        TieBreakContext context = new TieBreakContext(tournament, rules, roundRobin);
        int n = tournament.size();
        int[] rank = new int[n];
        Arrays.fill(rank, 1);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        List<TieBreakSpec> criteria = new ArrayList<>(specs);
        boolean hiddenPoints = specs.isEmpty() || !specs.get(0).code().equals("PTS");
        if (hiddenPoints) {
            criteria.add(0, TieBreakSpec.parse("PTS"));
        }
        List<TieBreakColumn> columns = new ArrayList<>();
        for (TieBreakSpec spec : criteria) {
            TieBreakColumn column = TieBreaks.byCode(spec.code()).compute(context, spec, rank);
            columns.add(column);
            rerank(order, rank, column);
        }
        if (hiddenPoints) {
            columns.remove(0);
        }
        int[] orderArray = new int[n];
        for (int i = 0; i < n; i++) {
            orderArray[i] = order[i];
        }
        return new Standings(specs, columns, rank, orderArray);
    }

    /** Refines the ranking with one more criterion (players already apart stay apart). */
    private static void rerank(Integer[] order, int[] rank, TieBreakColumn column) {
        int[] previous = rank.clone();
        Arrays.sort(order, (a, b) -> {
            if (previous[a] != previous[b]) {
                return Integer.compare(previous[a], previous[b]);
            }
            int c = column.compare(a, b);
            return c != 0 ? c : Integer.compare(a, b);
        });
        for (int i = 0; i < order.length; i++) {
            int p = order[i];
            if (i == 0) {
                rank[p] = 1;
            } else {
                int q = order[i - 1];
                boolean tied = previous[p] == previous[q] && column.compare(p, q) == 0;
                rank[p] = tied ? rank[q] : i + 1;
            }
        }
    }
}

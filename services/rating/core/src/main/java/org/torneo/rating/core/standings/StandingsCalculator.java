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
        boolean rankCurrent = true; // rank reflects every column computed so far
        for (TieBreakSpec spec : criteria) {
            if (!rankCurrent && spec.code().equals("DE")) {
                rank(order, rank, columns); // DE works inside the groups still tied
                rankCurrent = true;
            }
            columns.add(TieBreaks.byCode(spec.code()).compute(context, spec, rank));
            rankCurrent = false;
        }
        rank(order, rank, columns);
        if (hiddenPoints) {
            columns.remove(0); // ranked by points, but not a listed column
        }
        int[] orderArray = new int[n];
        for (int i = 0; i < n; i++) {
            orderArray[i] = order[i];
        }
        return new Standings(specs, columns, rank, orderArray);
    }

    /** Competition ranking by the columns in order (then start number for the listing order). */
    private static void rank(Integer[] order, int[] rank, List<TieBreakColumn> columns) {
        TieBreakColumn[] cols = columns.toArray(TieBreakColumn[]::new);
        Arrays.sort(order, (a, b) -> {
            int c = compareOn(cols, a, b);
            return c != 0 ? c : Integer.compare(a, b);
        });
        for (int i = 0; i < order.length; i++) {
            int p = order[i];
            rank[p] = i > 0 && compareOn(cols, order[i - 1], p) == 0 ? rank[order[i - 1]] : i + 1;
        }
    }

    private static int compareOn(TieBreakColumn[] cols, int a, int b) {
        for (TieBreakColumn col : cols) {
            int c = col.compare(a, b);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}

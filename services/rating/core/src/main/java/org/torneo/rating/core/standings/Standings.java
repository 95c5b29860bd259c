package org.torneo.rating.core.standings;

import java.util.ArrayList;
import java.util.List;
import org.torneo.rating.core.tiebreak.TieBreakColumn;
import org.torneo.rating.core.tiebreak.TieBreakSpec;

/**
 * The standings of a tournament: one column per announced tie-break (in the order given) and the
 * rank of each player (index = start number - 1) by points and then those tie-breaks. Players still
 * equal on everything share a rank (competition ranking: 1, 2, 2, 4).
 */
public record Standings(List<TieBreakSpec> specs, List<TieBreakColumn> columns, int[] rank, int[] order) {

    public Standings {
        specs = List.copyOf(specs);
        columns = List.copyOf(columns);
    }

    public int size() {
        return rank.length;
    }

    /** Start numbers from first to last place (ties in start-number order). */
    public List<Integer> startNumbersByRank() {
        List<Integer> list = new ArrayList<>(order.length);
        for (int i : order) {
            list.add(i + 1);
        }
        return list;
    }

    public int rankOf(int startNumber) {
        return rank[startNumber - 1];
    }

    public TieBreakColumn column(String text) {
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i).text().equalsIgnoreCase(text)) {
                return columns.get(i);
            }
        }
        throw new IllegalArgumentException("no tie-break column '" + text + "'");
    }
}

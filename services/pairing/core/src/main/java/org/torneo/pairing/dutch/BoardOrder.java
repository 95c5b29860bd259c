package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;

/**
 * Board order of a round as bbpPairings and JaVaFo print it: games before the PAB; then by the higher
 * player's score, the lower player's score (both descending) and the higher player's pairing number.
 */
public final class BoardOrder {

    private BoardOrder() {
    }

    public static List<Pairing> sort(List<Pairing> pairs, SwissTournament t) {
        List<Pairing> list = new ArrayList<>(pairs);
        list.sort(Comparator.comparingInt((Pairing p) -> p.isBye() ? 1 : 0)
                .thenComparingInt(p -> -t.players().get(higher(p, t) - 1).score())
                .thenComparingInt(p -> -t.players().get(lower(p, t) - 1).score())
                .thenComparingInt(p -> t.players().get(higher(p, t) - 1).rankIndex()));
        return list;
    }

    private static int higher(Pairing p, SwissTournament t) {
        if (p.isBye()) {
            return p.white();
        }
        SwissPlayer w = t.players().get(p.white() - 1);
        SwissPlayer b = t.players().get(p.black() - 1);
        boolean whiteBelow = w.score() < b.score() || (w.score() == b.score() && w.rankIndex() > b.rankIndex());
        return whiteBelow ? p.black() : p.white();
    }

    private static int lower(Pairing p, SwissTournament t) {
        return p.isBye() ? p.white() : (higher(p, t) == p.white() ? p.black() : p.white());
    }

    /** The reference output format: the number of lines, then "white black" per pair and "id 0" for the PAB. */
    public static String format(List<Pairing> pairs) {
        StringBuilder sb = new StringBuilder();
        sb.append(pairs.size()).append('\n');
        for (Pairing p : pairs) {
            sb.append(p.white()).append(' ').append(p.black()).append('\n');
        }
        return sb.toString();
    }
}

package org.torneo.rating.core.standings;

import java.util.List;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.tiebreak.TieBreakColumn;

/** Text renderings of standings: TSV (start-number order) and an aligned table (rank order); the CLI writes JSON with Jackson. */
public final class StandingsFormat {

    private StandingsFormat() {
    }

    /** Header {@code StartNo, <codes as given>, Rank}; one row per player by start number; NA when undefined. */
    public static String tsv(Standings s) {
        StringBuilder b = new StringBuilder();
        b.append("StartNo");
        s.specs().forEach(spec -> b.append('\t').append(spec.text()));
        b.append("\tRank\n");
        for (int i = 0; i < s.size(); i++) {
            b.append(i + 1);
            for (TieBreakColumn c : s.columns()) {
                b.append('\t').append(c.format(i));
            }
            b.append('\t').append(s.rank()[i]).append('\n');
        }
        return b.toString();
    }

    public static String table(Standings s, Tournament t) {
        List<String> headers = s.specs().stream().map(x -> x.text()).toList();
        int nameWidth = 4;
        for (Player p : t.players()) {
            nameWidth = Math.max(nameWidth, Math.min(33, p.name().length()));
        }
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(5, headers.get(c).length());
            for (int i = 0; i < s.size(); i++) {
                widths[c] = Math.max(widths[c], s.columns().get(c).format(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format("%4s %5s  %-" + nameWidth + "s %6s", "Rank", "SNo", "Name", "Rtg"));
        for (int c = 0; c < widths.length; c++) {
            b.append(String.format(" %" + widths[c] + "s", headers.get(c)));
        }
        b.append('\n');
        for (int i : s.order()) {
            Player p = t.players().get(i);
            String name = p.name().length() > 33 ? p.name().substring(0, 33) : p.name();
            b.append(String.format("%4d %5d  %-" + nameWidth + "s %6s", s.rank()[i], i + 1, name,
                    p.rating() > 0 ? String.valueOf(p.rating()) : "-"));
            for (int c = 0; c < widths.length; c++) {
                b.append(String.format(" %" + widths[c] + "s", s.columns().get(c).format(i)));
            }
            b.append('\n');
        }
        return b.toString();
    }
}

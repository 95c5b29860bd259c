package org.torneo.rating.core.standings;

import java.util.List;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.tiebreak.TieBreakColumn;
import org.torneo.rating.core.tiebreak.TieBreakRules;

/** Text renderings of standings: TSV (start-number order), JSON and an aligned table (rank order). */
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

    public static String json(Standings s, Tournament t, TieBreakRules rules) {
        StringBuilder b = new StringBuilder();
        b.append("{\"tournament\":").append(quote(t.name()))
                .append(",\"rounds\":").append(t.rounds())
                .append(",\"rules\":").append(quote(rules == TieBreakRules.C07_2024 ? "2024" : "2026"))
                .append(",\"tiebreaks\":[");
        for (int k = 0; k < s.specs().size(); k++) {
            b.append(k == 0 ? "" : ",").append(quote(s.specs().get(k).text()));
        }
        b.append("],\"standings\":[");
        int[] order = s.order();
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            Player p = t.players().get(i);
            b.append(k == 0 ? "" : ",").append("{\"rank\":").append(s.rank()[i])
                    .append(",\"startNo\":").append(i + 1)
                    .append(",\"name\":").append(quote(p.name()))
                    .append(",\"rating\":").append(p.rating())
                    .append(",\"values\":[");
            for (int c = 0; c < s.columns().size(); c++) {
                String v = s.columns().get(c).format(i);
                b.append(c == 0 ? "" : ",").append(v.equals("NA") ? "null" : v);
            }
            b.append("]}");
        }
        b.append("]}\n");
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

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}

package org.torneo.cli.rating;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;

/**
 * The standings as files other programs read: JSON written by Jackson after the schema
 * {@code standings.schema.json} ({@code standings --schema} prints it), and the crosstable as CSV (RFC 4180).
 */
final class StandingsExport {

    static final String SCHEMA_ID = "https://torneo.example/schemas/standings-1.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.INDENT_OUTPUT);

    private StandingsExport() {
    }

    /** The document of the schema: one record per player in rank order, tie-break values as numbers or null. */
    record StandingsDocument(String $schema, String tournament, String startDate, int rounds, String rules,
                             List<String> tiebreaks, List<Row> standings) {
    }

    record Row(int rank, int startNo, String name, int rating, List<BigDecimal> values, List<String> results) {
    }

    static String json(Standings s, Tournament t, TieBreakRules rules, TrfDocument doc) {
        List<String> codes = s.specs().stream().map(spec -> spec.text()).toList();
        List<Row> rows = new ArrayList<>();
        for (int i : s.order()) {
            Player p = t.players().get(i);
            List<BigDecimal> values = new ArrayList<>();
            for (int c = 0; c < s.columns().size(); c++) {
                String v = s.columns().get(c).format(i);
                values.add(v.equals("NA") ? null : new BigDecimal(v));
            }
            rows.add(new Row(s.rank()[i], i + 1, p.name(), p.rating(), values, results(doc, i + 1, t.rounds())));
        }
        StandingsDocument document = new StandingsDocument(SCHEMA_ID, t.name(),
                doc.startDate().map(Object::toString).orElse(null), t.rounds(),
                rules == TieBreakRules.C07_2024 ? "2024" : "2026", codes, rows);
        try {
            return JSON.writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("standings do not serialise", e);
        }
    }

    /**
     * The crosstable: rank, start number, name, rating, one column per round ({@code 12w1}: opponent, colour,
     * TRF result code; a bye or absence by its code alone, {@code U} the PAB, {@code H}, {@code F}, {@code Z};
     * empty when the entry is blank), then the tie-break columns; rows in rank order.
     */
    static String csv(Standings s, Tournament t, TrfDocument doc) {
        StringBuilder b = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("Rank", "SNo", "Name", "Rating"));
        for (int r = 1; r <= t.rounds(); r++) {
            header.add("R" + r);
        }
        s.specs().forEach(spec -> header.add(spec.text()));
        line(b, header);
        for (int i : s.order()) {
            Player p = t.players().get(i);
            List<String> cells = new ArrayList<>(List.of(Integer.toString(s.rank()[i]), Integer.toString(i + 1),
                    p.name(), p.rating() == 0 ? "" : Integer.toString(p.rating())));
            cells.addAll(results(doc, i + 1, t.rounds()));
            for (int c = 0; c < s.columns().size(); c++) {
                String v = s.columns().get(c).format(i);
                cells.add(v.equals("NA") ? "" : v);
            }
            line(b, cells);
        }
        return b.toString();
    }

    private static List<String> results(TrfDocument doc, int startNumber, int rounds) {
        TrfPlayer p = doc.playersById().get(startNumber);
        List<String> cells = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            TrfGame g = p == null ? TrfGame.EMPTY : p.game(r);
            if (g.isEmpty()) {
                cells.add("");
            } else if (g.opponent() == 0) {
                cells.add(String.valueOf(g.result().code()));
            } else {
                cells.add(g.opponent() + String.valueOf(g.colour().code()) + g.result().code());
            }
        }
        return cells;
    }

    /** One CSV record (RFC 4180): a field with a comma, quote or line break is quoted, quotes doubled; CRLF. */
    private static void line(StringBuilder b, List<String> cells) {
        for (int c = 0; c < cells.size(); c++) {
            String v = cells.get(c);
            if (c > 0) {
                b.append(',');
            }
            if (v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r")) {
                b.append('"').append(v.replace("\"", "\"\"")).append('"');
            } else {
                b.append(v);
            }
        }
        b.append("\r\n");
    }

    static String schema() {
        try (InputStream in = StandingsExport.class.getResourceAsStream("standings.schema.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

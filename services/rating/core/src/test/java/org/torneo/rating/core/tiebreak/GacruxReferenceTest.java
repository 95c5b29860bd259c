package org.torneo.rating.core.tiebreak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.trf.TrfTournamentReader;

/**
 * Every tie-break reference file of the conformance corpus (values computed by Gacrux, FIDE's
 * tie-break checker, for the rules of 2024-08-01 and 2026-03-01) must match value for value,
 * including DE (ranks inside the tied group), NA for undefined values and the final Rank.
 */
class GacruxReferenceTest {

    record Mismatch(String file, String startNo, String column, String expected, String actual) {
    }

    @Test
    void everyReferenceFileMatchesValueForValue() throws Exception {
        Path dir = resourceDir();
        List<Path> tsvs;
        try (Stream<Path> s = Files.list(dir)) {
            tsvs = s.filter(p -> p.getFileName().toString().contains(".tiebreaks-")).sorted().toList();
        }
        assertTrue(tsvs.size() >= 302, "expected at least 302 reference files, found " + tsvs.size());
        List<Mismatch> mismatches = new ArrayList<>();
        long values = 0;
        for (Path tsv : tsvs) {
            String file = tsv.getFileName().toString();
            String base = file.substring(0, file.indexOf(".tiebreaks-"));
            TieBreakRules rules = file.endsWith("-2024.tsv") ? TieBreakRules.C07_2024 : TieBreakRules.C07_2026;
            Tournament t = TrfTournamentReader.read(Files.readString(dir.resolve(base + ".trf")));
            List<String> lines = Files.readAllLines(tsv).stream().filter(l -> !l.startsWith("#") && !l.isBlank())
                    .toList();
            String[] header = lines.get(0).split("\t");
            List<TieBreakSpec> specs = Arrays.stream(header, 1, header.length - 1).map(TieBreakSpec::parse).toList();
            Standings st = StandingsCalculator.compute(t, rules, specs);
            assertEquals(lines.size() - 1, t.size(), file + ": one row per player");
            for (int row = 1; row < lines.size(); row++) {
                String[] cells = lines.get(row).split("\t");
                int sn = Integer.parseInt(cells[0]);
                for (int col = 1; col < header.length - 1; col++) {
                    String actual = st.columns().get(col - 1).format(sn - 1);
                    values++;
                    if (!sameValue(cells[col], actual)) {
                        mismatches.add(new Mismatch(file, cells[0], header[col], cells[col], actual));
                    }
                }
                values++;
                String rank = String.valueOf(st.rankOf(sn));
                if (!cells[header.length - 1].equals(rank)) {
                    mismatches.add(new Mismatch(file, cells[0], "Rank", cells[header.length - 1], rank));
                }
            }
        }
        System.out.printf("Gacrux reference: %d files, %d values compared, %d mismatches%n", tsvs.size(), values,
                mismatches.size());
        mismatches.stream().limit(40).forEach(m -> System.out.println("  " + m));
        assertEquals(List.of(), mismatches.stream().limit(20).toList());
    }

    private static boolean sameValue(String expected, String actual) {
        if (expected.equals("NA") || actual.equals("NA")) {
            return expected.equals(actual);
        }
        return new BigDecimal(expected).compareTo(new BigDecimal(actual)) == 0;
    }

    static Path resourceDir() throws URISyntaxException {
        return Path.of(GacruxReferenceTest.class.getResource("/gacrux/dev001-p064-r10.trf").toURI()).getParent();
    }
}

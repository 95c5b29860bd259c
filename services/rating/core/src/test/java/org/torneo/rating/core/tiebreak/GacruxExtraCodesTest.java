package org.torneo.rating.core.tiebreak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
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
 * The tie-breaks the corpus files do not list (FB, AOB, KS, PTP, APRO, APPO, BWG, REP, the /P, /C2,
 * /M2 and /L variants, cuts on PS, ARO and TPR), checked on the same tournaments against values the
 * reference implementation (Gacrux 1.9.57) printed for them; see gacrux-extra/README.md.
 */
class GacruxExtraCodesTest {

    @Test
    void everyExtraReferenceFileMatches() throws Exception {
        Path corpus = GacruxReferenceTest.resourceDir();
        Path dir = corpus.resolveSibling("gacrux-extra");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".tsv")).sorted().toList();
        }
        assertTrue(files.size() >= 300, "expected the extra reference files, found " + files.size());
        List<String> mismatches = new ArrayList<>();
        long values = 0;
        for (Path f : files) {
            String name = f.getFileName().toString(); // <tournament>.<2024|2026>.tsv
            String[] parts = name.split("\\.");
            TieBreakRules rules = TieBreakRules.parse(parts[1]);
            Tournament t = TrfTournamentReader.read(Files.readString(corpus.resolve(parts[0] + ".trf")));
            List<String[]> rows = Files.readAllLines(f).stream().filter(l -> !l.isBlank() && !l.startsWith("Check"))
                    .map(l -> l.split("\t")).toList();
            String[] header = rows.get(0); // StartNo Rank CODE/Vyyyy ...
            List<TieBreakSpec> specs = Arrays.stream(header, 2, header.length)
                    .map(c -> TieBreakSpec.parse(c.substring(0, c.lastIndexOf("/V")))).toList();
            Standings st = StandingsCalculator.compute(t, rules, specs);
            for (String[] row : rows.subList(1, rows.size())) {
                int sn = Integer.parseInt(row[0]);
                values++;
                if (Integer.parseInt(row[1]) != st.rankOf(sn)) {
                    mismatches.add(name + " " + sn + " Rank " + row[1] + " vs " + st.rankOf(sn));
                }
                for (int c = 2; c < header.length; c++) {
                    values++;
                    String expected = row[c];
                    String actual = st.columns().get(c - 2).format(sn - 1);
                    boolean same = expected.equals("-0") ? actual.equals("NA")
                            : !actual.equals("NA") && new BigDecimal(expected).compareTo(new BigDecimal(actual)) == 0;
                    if (!same) {
                        mismatches.add(name + " " + sn + " " + header[c] + " " + expected + " vs " + actual);
                    }
                }
            }
        }
        System.out.printf("Gacrux extra codes: %d files, %d values, %d mismatches%n", files.size(), values,
                mismatches.size());
        assertEquals(List.of(), mismatches.stream().limit(20).toList());
    }
}

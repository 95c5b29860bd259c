package org.torneo.rating.core.tiebreak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.trf.TrfTournamentReader;

/** Round robins: unplayed games count as played, byes add nothing, Koya's limit follows the games possible. */
class RoundRobinReferenceTest {

    @Test
    void evenAndOddRoundRobinsMatchTheReference() throws Exception {
        Path dir = Path.of(getClass().getResource("/roundrobin/rr6.trf").toURI()).getParent();
        List<String> mismatches = new ArrayList<>();
        int values = 0;
        for (String name : List.of("rr6", "rr5")) {
            Tournament t = TrfTournamentReader.read(Files.readString(dir.resolve(name + ".trf")));
            for (String year : List.of("2024", "2026")) {
                List<String[]> rows = Files.readAllLines(dir.resolve(name + "." + year + ".tsv")).stream()
                        .filter(l -> !l.isBlank()).map(l -> l.split("\t")).toList();
                String[] header = rows.get(0);
                List<TieBreakSpec> specs = Arrays.stream(header, 2, header.length)
                        .map(c -> TieBreakSpec.parse(c.substring(0, c.lastIndexOf("/V")))).toList();
                Standings s = StandingsCalculator.compute(t, TieBreakRules.parse(year), specs, true);
                for (String[] row : rows.subList(1, rows.size())) {
                    int sn = Integer.parseInt(row[0]);
                    values++;
                    if (Integer.parseInt(row[1]) != s.rankOf(sn)) {
                        mismatches.add(name + "/" + year + " " + sn + " Rank " + row[1] + " vs " + s.rankOf(sn));
                    }
                    for (int c = 2; c < header.length; c++) {
                        values++;
                        String actual = s.columns().get(c - 2).format(sn - 1);
                        if (new BigDecimal(row[c]).compareTo(new BigDecimal(actual)) != 0) {
                            mismatches.add(name + "/" + year + " " + sn + " " + header[c] + " " + row[c] + " vs " + actual);
                        }
                    }
                }
            }
        }
        assertEquals(2 * 2 * 0 + 264, values, "6+5 players x 2 editions x (11 codes + rank)");
        assertEquals(List.of(), mismatches);
    }
}

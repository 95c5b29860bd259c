package org.torneo.cli.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfReader;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.Command;

class StandingsCommandTest {

    @TempDir
    Path dir;

    private Path resource(String name) throws Exception {
        Path p = dir.resolve(name);
        try (var in = getClass().getResourceAsStream("/rating/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    private String run(List<String> args) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int rc = new StandingsCommand().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static final String CODES = "PTS,DE,BH,BH/C1,BH/M1,SB,PS,WIN,WON,BPG,ARO,TPR";

    @Test
    void tsvEqualsTheReferenceFileForBothRuleSets() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        for (String rules : List.of("2024", "2026")) {
            String tsv = run(List.of(trf.toString(), "--rules", rules, "--tiebreaks", CODES, "--format", "tsv"));
            List<String> expected = Files.readAllLines(resource("dev063-p008-r05.tiebreaks-" + rules + ".tsv"))
                    .stream().filter(l -> !l.startsWith("#")).toList();
            List<String> actual = tsv.lines().toList();
            assertEquals(expected.get(0), actual.get(0), "header");
            assertEquals(expected.size(), actual.size());
            for (int i = 1; i < expected.size(); i++) {
                String[] e = expected.get(i).split("\t");
                String[] a = actual.get(i).split("\t");
                assertEquals(e.length, a.length);
                for (int c = 0; c < e.length; c++) {
                    assertEquals(0, new BigDecimal(e[c]).compareTo(new BigDecimal(a[c])),
                            "rules " + rules + " row " + e[0] + " column " + c + ": " + e[c] + " vs " + a[c]);
                }
            }
        }
    }

    @Test
    void batchWritesOneFilePerLine() throws Exception {
        resource("dev063-p008-r05.trf");
        Path list = dir.resolve("list.txt");
        Files.writeString(list, "dev063-p008-r05.trf\tout/a.tsv\n# comment\ndev063-p008-r05.trf\tout/b.json\n");
        String out = run(List.of("--batch", list.toString(), "--tiebreaks", "PTS,BH"));
        assertTrue(out.contains("2 written, 0 failed"), out);
        assertTrue(Files.readString(dir.resolve("out/a.tsv")).startsWith("StartNo\tPTS\tBH\tRank\n"));
        assertTrue(Files.exists(dir.resolve("out/b.json")));
    }

    @Test
    void tableAndJsonAreInRankOrder() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        String table = run(List.of(trf.toString()));
        assertTrue(table.lines().skip(1).findFirst().orElseThrow().trim().startsWith("1 "), table);
        String json = run(List.of(trf.toString(), "--format", "json", "--tiebreaks", "BH"));
        assertTrue(json.startsWith("{\"$schema\":\"https://torneo.example/schemas/standings-1.json\",\"tournament\":"), json);
        assertTrue(json.contains("\"tiebreaks\":[\"BH\"]"), json);
    }

    @Test
    void withoutPtsInTheListEveryRowHasOneValuePerListedCodeAndIsRankedByPointsFirst() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        List<String> lines = run(List.of(trf.toString(), "--tiebreaks", "SB,BH", "--format", "tsv")).lines().toList();
        assertEquals("StartNo\tSB\tBH\tRank", lines.get(0));
        String withPts = run(List.of(trf.toString(), "--tiebreaks", "PTS,SB,BH", "--format", "tsv"));
        List<String> ranked = withPts.lines().toList();
        for (int i = 1; i < lines.size(); i++) {
            String[] a = lines.get(i).split("\t");
            String[] b = ranked.get(i).split("\t");
            assertEquals(4, a.length, lines.get(i));
            assertEquals(List.of(b[0], b[2], b[3], b[4]), List.of(a), "same values and rank as with PTS listed");
        }
    }

    @Test
    void bookModeListsEveryPlayerWithTheBooksTieBreaks() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        List<String> lines = run(List.of(trf.toString(), "--book", "--lot", "7")).lines().toList();
        assertTrue(lines.get(0).contains("Median"), lines.get(0));
        assertEquals(1 + 8 + 1, lines.size());
        assertTrue(lines.get(1).trim().startsWith("1 "), lines.get(1));
        assertEquals(lines, run(List.of(trf.toString(), "--book", "--lot", "7")).lines().toList(), "seeded: reproducible");
    }

    @Test
    void prizesAreSharedAmongPlayersTiedOnPoints() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        String out = run(List.of(trf.toString(), "--tiebreaks", "PTS,BH", "--prizes", "100,60,30"));
        List<String> prizeLines = out.lines().dropWhile(l -> !l.startsWith("prizes")).skip(1).toList();
        long total = prizeLines.stream().mapToLong(l -> new BigDecimal(l.trim().split("\\s+")[l.trim().split("\\s+").length - 1])
                .movePointRight(2).longValueExact()).sum();
        assertEquals(19000, total, out);
        assertThrows(Command.UsageException.class, () -> new StandingsCommand().run(
                List.of(trf.toString(), "--prizes", "100,abc"), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(new ByteArrayOutputStream())));
    }

    @Test
    void ratingReportAsTrfCarriesRecomputedPointsAndRanks() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        Path out = dir.resolve("report.trf");
        int rc = new RatingCommand().run(List.of(trf.toString(), "--trf", out.toString(), "--tiebreaks", "PTS,BH"),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(0, rc);
        var report = org.torneo.trf.TrfReader.read(Files.readString(out)); // validates points against results
        var standings = run(List.of(trf.toString(), "--tiebreaks", "PTS,BH", "--format", "tsv")).lines().skip(1).toList();
        for (String row : standings) {
            String[] cells = row.split("\t");
            assertEquals(Integer.parseInt(cells[3]), report.playersById().get(Integer.parseInt(cells[0])).rank());
        }
    }

    @Test
    void startDateFromTrf042InEitherOrder() {
        assertEquals(java.time.LocalDate.of(2010, 9, 24), RatingCommand.startDate(TrfReader.read("012 x\n042 24/09/2010\n")));
        assertEquals(java.time.LocalDate.of(2025, 10, 2), RatingCommand.startDate(TrfReader.read("042 2025/10/02\r")));
        assertEquals(java.time.LocalDate.of(2026, 3, 1), RatingCommand.startDate(TrfReader.read("012 no date\n")));
        TrfFormatException e = assertThrows(TrfFormatException.class, () -> TrfReader.read("012 x\n042 soon\n"));
        assertEquals(2, e.line());
        assertEquals(5, e.column());
    }

    @Test
    void badUsageIsReportedNotThrownAsAStackTrace() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        var cmd = new StandingsCommand();
        var sink = new PrintStream(new ByteArrayOutputStream());
        var e = assertThrows(Command.UsageException.class,
                () -> cmd.run(List.of(trf.toString(), "--tiebreaks", "BH,NOPE"), sink, sink));
        assertTrue(e.getMessage().contains("NOPE"));
        assertThrows(Command.UsageException.class, () -> cmd.run(List.of(trf.toString(), "--rules", "2025"), sink, sink));
        assertThrows(Command.UsageException.class, () -> cmd.run(List.of(trf.toString(), "--format", "xml"), sink, sink));
        assertThrows(Command.UsageException.class, () -> cmd.run(List.of(dir.resolve("missing.trf").toString()), sink, sink));
    }

    @Test
    void ratingCommandPrintsEveryPlayer() throws Exception {
        Path trf = resource("dev063-p008-r05.trf");
        var out = new ByteArrayOutputStream();
        int rc = new RatingCommand().run(List.of(trf.toString(), "--date", "2026-01-10"), new PrintStream(out, true),
                new PrintStream(new ByteArrayOutputStream()));
        assertEquals(0, rc);
        List<String> lines = out.toString().lines().toList();
        assertEquals(1 + 8 + 1, lines.size(), out.toString());
        assertTrue(lines.get(0).contains("TPR"));
    }
}

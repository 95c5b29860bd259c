package org.torneo.cli.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfReader;

/** {@code rating --trf OUT}: the FIDE rating report as the rating officer sends it, from a real Swiss-Chess export. */
class RatingReportTest {

    @TempDir
    Path dir;

    @Test
    void theReportOfTheKarlMalaExportHasTrfDatesCountsPointsAndRanks() throws Exception {
        Path in = Path.of(getClass().getResource("/realfiles/karl-mala-2005.trf").toURI());
        Path out = dir.resolve("report.trf");

        CliRun r = run("rating", in.toString(), "--trf", out.toString());

        assertEquals(0, r.code(), r.err());
        TrfDocument report = TrfReader.read(Files.readString(out)); // the one reader checks points against results
        assertEquals("2005/07/28", report.header("042").orElseThrow(), "Swiss-Chess wrote '28. 07. 2005'");
        assertEquals("2005/07/31", report.header("052").orElseThrow());
        assertEquals("284", report.header("062").orElseThrow());
        long rated = report.players().stream().filter(p -> p.rating() > 0).count();
        assertEquals(Long.toString(rated), report.header("072").orElseThrow());
        assertEquals("0", report.header("082").orElseThrow());
        assertEquals(65, report.playersById().get(5).pointsTenths());
        assertEquals(1, report.playersById().get(5).rank(), "6.5 points, first on tie-breaks as in the file");
        assertTrue(report.players().stream().allMatch(p -> p.rank() >= 1 && p.rank() <= 284), "every player ranked");
        // the export has no federation (032): the officer is told what the report lacks
        assertTrue(r.err().contains("the report lacks 032"), r.err());
    }
}

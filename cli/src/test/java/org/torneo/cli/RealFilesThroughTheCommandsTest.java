package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real exports of resources realfiles/ (see its README) through every command that reads a TRF: one reader,
 * one verdict. check, standings and rating accept each file as written (dates as the tools write them, no
 * --date needed) and with TRF team records (013, TRF16) added; pair refuses each alike, since every round of
 * these finished events is paired.
 */
class RealFilesThroughTheCommandsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"karl-mala-2005", "lichess-swiss-2020-05", "lichess-swiss-2020-06"})
    void everyCommandGivesTheSameVerdict(String name) throws Exception {
        Path real = Path.of(getClass().getResource("/realfiles/" + name + ".trf").toURI());
        String text = Files.readString(real);
        Path withTeams = dir.resolve(name + "-teams.trf");
        Files.writeString(withTeams, text + "\n013 Team A                              1    2    3    4\n"
                + "013 Team B                              5    6    7    8\n");
        for (Path file : new Path[] {real, withTeams}) {
            CliRun check = run("check", file.toString());
            assertTrue(check.code() == 0 || check.code() == 1, "check " + file + ": " + check.err());
            assertEquals("", check.err());
            CliRun standings = run("standings", file.toString());
            assertEquals(0, standings.code(), standings.err());
            CliRun rating = run("rating", file.toString());
            assertEquals(0, rating.code(), rating.err());
            String start = name.startsWith("karl") ? "2005-07-28" : name.endsWith("05") ? "2020-05-29" : "2020-06-26";
            assertTrue(rating.out().contains("rules of " + start), "the start date from 042: " + rating.out());
            CliRun pair = run("pair", file.toString());
            assertEquals(2, pair.code());
            assertTrue(pair.err().contains("beyond") || pair.err().contains("total number of rounds"), pair.err());
        }
    }
}

package org.torneo.cli.laws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

class CanMateCommandTest {
    @TempDir
    Path dir;

    @Test
    void batchPrintsOneVerdictPerLineAndSkipsAHeader() throws Exception {
        Path file = dir.resolve("canmate.tsv");
        Files.writeString(file, "fen\tintended_winner\n"
                + "4k3/8/8/5n2/8/8/R7/6K1 w - - 0 1\tblack\n"
                + "4k3/8/8/5n2/8/8/Q7/6K1 w - - 0 1\tblack\n"
                + "8/2k5/8/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1\twhite\n");
        CliRun r = run("canmate", "--batch", file.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(
                "4k3/8/8/5n2/8/8/R7/6K1 w - - 0 1\tblack\twinnable",
                "4k3/8/8/5n2/8/8/Q7/6K1 w - - 0 1\tblack\tunwinnable",
                "8/2k5/8/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1\twhite\tunwinnable"), r.out().strip().lines().toList());
    }

    @Test
    void oneFenWithTheWitnessLine() {
        CliRun r = run("canmate", "7k/8/6K1/8/8/8/8/R7", "w", "-", "-", "0", "1", "white", "--line");
        assertEquals(0, r.code(), r.err());
        String[] fields = r.out().strip().split("\t");
        assertEquals("winnable", fields[2]);
        assertTrue(fields[3].matches("[a-h][1-8][a-h][1-8].*"), r.out());
    }

    @Test
    void badSideOrFenIsAUsageErrorNamingTheLine() throws Exception {
        Path file = dir.resolve("bad.tsv");
        Files.writeString(file, "8/8/k3K3/8/8/8/8/8 w - - 0 1\tpurple\nnot a fen\twhite\n8/8/k3K3/8/8/8/8/8 w - - 0 1\n");
        CliRun r = run("canmate", "--batch", file.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("line 1: side 'purple' must be white or black"), r.err());
        assertTrue(r.err().contains("line 2: invalid FEN"), r.err());
        assertTrue(r.err().contains("line 3: expected fen<TAB>side, found no TAB"), r.err());
        assertEquals(2, run("canmate").code());
    }
}

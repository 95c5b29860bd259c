package org.torneo.cli.laws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

/**
 * PGN as other programs write it (resources realfiles/nineteenth-century-latin1.pgn, see the README there): a
 * Latin-1 file is read as ISO-8859-1 when it is not UTF-8, as TRF is; a bad game costs that game only.
 */
class PgnInTheWildTest {

    @TempDir
    Path dir;

    private static Path latin1() throws Exception {
        return Path.of(PgnInTheWildTest.class.getResource("/realfiles/nineteenth-century-latin1.pgn").toURI());
    }

    private static List<String> rows(CliRun r) {
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("game_id\tplies\tfinal_fen\tending\t"), lines.get(0));
        return lines.subList(1, lines.size());
    }

    @Test
    void aLatin1FileReplaysWhole() throws Exception {
        byte[] bytes = Files.readAllBytes(latin1());
        assertTrue(new String(bytes, StandardCharsets.ISO_8859_1).contains("Preußen"), "the file is Latin-1");

        CliRun r = run("replay", "--format", "tsv", latin1().toString());

        assertEquals("", r.err());
        assertEquals(0, r.code());
        List<String> rows = rows(r);
        assertEquals(3, rows.size(), r.out());
        assertTrue(rows.get(0).startsWith("1\t47\t1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24\tcheckmate"), rows.get(0));
        assertTrue(rows.get(1).startsWith("2\t33\t1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\tcheckmate"), rows.get(1));
        assertTrue(rows.get(2).startsWith("3\t45\tr1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23\tcheckmate"), rows.get(2));
    }

    @Test
    void aGameWithADuplicatedTagCostsThatGameOnly() throws Exception {
        // given the Latin-1 file with the Black tag of game 2 written twice (as a merge of two headers leaves it)
        String text = new String(Files.readAllBytes(latin1()), StandardCharsets.ISO_8859_1);
        String bad = text.replace("[Black \"Herzog Karl von Braunschweig und Graf Isouard\"]\n",
                "[Black \"Herzog Karl von Braunschweig und Graf Isouard\"]\n[Black \"Beratungspartner\"]\n");
        assertTrue(!bad.equals(text));
        Path file = dir.resolve("bad.pgn");
        Files.write(file, bad.getBytes(StandardCharsets.ISO_8859_1));

        CliRun r = run("replay", "--format", "tsv", file.toString());

        // then games 1 and 3 are output, game 2 is reported with its number, line and reason
        assertEquals(2, r.code());
        List<String> rows = rows(r);
        assertEquals(List.of("1", "3"), rows.stream().map(row -> row.split("\t")[0]).toList(), r.out());
        assertTrue(r.err().contains("game 2 (Morphy, Paul - Herzog Karl von Braunschweig und Graf Isouard), line 22,"
                + " column 1: 'Black' tag appears twice in the same game"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}

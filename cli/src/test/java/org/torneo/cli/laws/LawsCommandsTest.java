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

class LawsCommandsTest {
    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @TempDir
    Path dir;

    @Test
    void perftPrintsTheNodeCountLastAndDivideSumsToIt() {
        CliRun r = run("perft", KIWIPETE, "3");
        assertEquals(0, r.code());
        assertEquals("97862", r.out().strip());
        CliRun d = run("perft", KIWIPETE, "2", "--divide");
        List<String> lines = d.out().strip().lines().toList();
        assertEquals("2039", lines.get(lines.size() - 1));
        assertEquals(48, lines.stream().filter(l -> l.contains(": ")).count());
        assertTrue(lines.contains("e1g1: 43"), d.out());
        // the FEN may also come unquoted, as separate fields
        assertEquals("400", run("perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1", "2").out().strip());
    }

    @Test
    void perftBatch() throws Exception {
        Path file = dir.resolve("perft.txt");
        Files.writeString(file, KIWIPETE + "\t1\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\t3\n");
        CliRun r = run("perft", "--batch", file.toString());
        assertEquals(KIWIPETE + "\t1\t48\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\t3\t2812\n", r.out());
    }

    @Test
    void movesBatchRows() throws Exception {
        Path file = dir.resolve("fens.txt");
        Files.writeString(file, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n4k3/8/8/8/8/8/8/4KB2 b - - 0 1\n");
        List<String> rows = run("moves", "--batch", file.toString()).out().lines().toList();
        assertEquals(3, rows.size());
        assertTrue(rows.get(0).contains("\ta1a2 a1a3 "), rows.get(0));
        assertTrue(rows.get(0).contains(" Ra8# "), rows.get(0));
        assertTrue(rows.get(0).endsWith("\tfalse\tfalse\tfalse\tfalse"), rows.get(0));
        assertEquals("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\t-\t-\tfalse\tfalse\ttrue\ttrue", rows.get(1)); // stalemate: no mate can follow
        assertTrue(rows.get(2).endsWith("\tfalse\tfalse\tfalse\ttrue"), rows.get(2));
    }

    @Test
    void replayPrintsTheCorpusColumns() throws Exception {
        Path file = dir.resolve("games.pgn");
        Files.writeString(file, """
                [GameId "g1"]
                1. f3 e5 2. g4 Qh4# 0-1

                [GameId "g2"]
                1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {Draw claimed: threefold repetition} 1/2-1/2
                """);
        CliRun r = run("replay", "--format", "tsv", file.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(ReplayCommand.HEADER, lines.get(0));
        assertEquals("g1\t4\trnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\tcheckmate"
                + "\t-1\t-1\t-1\t-1\t-1", lines.get(1));
        assertEquals("g2\t8\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5\tthreefold_claim\t8\t-1\t-1\t-1\t-1",
                lines.get(2));
    }

    @Test
    void aBadNumberInOneGameCostsThatGameAndTheOthersAreReplayed() throws Exception {
        Path file = dir.resolve("three.pgn");
        Files.writeString(file, """
                [GameId "g1"]
                1. f3 e5 2. g4 Qh4# 0-1

                [GameId "g2"]
                1. e4 $999999999999 e5 {[%clk 99999999999999999999:00:00]} *

                [GameId "g3"]
                1. e4 e5 *
                """);
        CliRun r = run("replay", "--format", "tsv", file.toString());
        assertEquals(2, r.code());
        List<String> rows = r.out().lines().toList();
        assertEquals(3, rows.size(), r.out());
        assertTrue(rows.get(1).startsWith("g1\t"), rows.get(1));
        assertTrue(rows.get(2).startsWith("g3\t"), rows.get(2));
        assertEquals("torneo replay: " + file + ": game 2 (g2), line 5, column 7: '$999999999999' is out of range: "
                + "NAGs are $0 to $255", r.err().strip());
    }

    @Test
    void badInputGivesExitCodeTwoAndAReasonWithoutStackTrace() throws Exception {
        CliRun fen = run("perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "2");
        assertEquals(2, fen.code());
        assertEquals("torneo perft: invalid FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\": field 3 (castling): "
                + "'K' but there is no White rook on the king side of rank 1 to castle with", fen.err().strip());
        assertEquals(2, run("perft", initialFen(), "x").code());
        Path pgn = dir.resolve("bad.pgn");
        Files.writeString(pgn, "[GameId \"b\"]\n1. e4 e5 2. Ke3 *\n");
        CliRun replay = run("replay", "--format", "tsv", pgn.toString());
        assertEquals(2, replay.code());
        assertEquals("torneo replay: " + pgn + ": game 1 (b), line 2, column 13: 'Ke3' (move 2. Ke3) "
                + "is impossible: no White king can legally go to e3", replay.err().strip());
        assertEquals(2, run("moves", "--batch", dir.resolve("missing.txt").toString()).code());
        CliRun bench = run("bench");
        assertEquals(2, bench.code());
        assertTrue(bench.err().contains("Usage: torneo bench [-h] (perft | pair)"), bench.err());
    }

    private static String initialFen() {
        return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    }
}

package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.Corpus;

class PerftCorpusTest {
    private static final long SLOW_NODES = 5_000_000L;

    @Test
    void everyPerftRowUpToFiveMillionNodes() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (String[] row : Corpus.tsv("perft.tsv")) {
            long expected = Long.parseLong(row[3]);
            if (expected > SLOW_NODES) {
                continue;
            }
            long actual = Position.fromFen(row[1]).perft(Integer.parseInt(row[2]));
            checked++;
            if (actual != expected) {
                failures.add(row[0] + " depth " + row[2] + ": expected " + expected + " got " + actual);
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(202, checked, "rows of at most 5M nodes");
    }

    @Test
    @Tag("slow")
    void perftRowsAboveFiveMillionNodes() {
        int checked = 0;
        for (String[] row : Corpus.tsv("perft.tsv")) {
            long expected = Long.parseLong(row[3]);
            if (expected > SLOW_NODES) {
                assertEquals(expected, Position.fromFen(row[1]).perft(Integer.parseInt(row[2])), row[0] + " depth " + row[2]);
                checked++;
            }
        }
        assertEquals(8, checked);
    }

    @Test
    void makeUnmakeRestoresEverythingAlongTheTree() {
        for (String fen : List.of(Fen.INITIAL, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")) {
            Board board = Position.fromFen(fen).toBoard();
            assertTrue(walk(board, 3) > 0);
            assertEquals(fen, Fen.write(board));
        }
    }

    private static long walk(Board board, int depth) {
        if (depth == 0) {
            return 1;
        }
        String before = Fen.write(board);
        long key = board.key;
        int[] moves = new int[Board.MAX_MOVES];
        int n = board.generateLegal(moves, 0);
        long nodes = 0;
        for (int i = 0; i < n; i++) {
            board.make(moves[i]);
            nodes += walk(board, depth - 1);
            board.unmake(moves[i]);
            assertEquals(before, Fen.write(board));
            assertEquals(key, board.key);
        }
        return nodes;
    }
}

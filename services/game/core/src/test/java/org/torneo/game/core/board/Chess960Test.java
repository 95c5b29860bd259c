package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class Chess960Test {

    @Test
    void all960StartPositionsAreDistinctAndFollowGuidelinesII() {
        Set<String> ranks = new HashSet<>();
        for (int n = 0; n < 960; n++) {
            String rank = Chess960.backRank(n);
            ranks.add(rank);
            int b1 = rank.indexOf('B');
            int b2 = rank.lastIndexOf('B');
            assertTrue((b1 + b2) % 2 == 1, "bishops on opposite colours in " + n + " " + rank);
            assertTrue(rank.indexOf('R') < rank.indexOf('K') && rank.indexOf('K') < rank.lastIndexOf('R'), rank);
            Position p = Chess960.startPosition(n);
            assertTrue(p.isChess960());
            assertEquals(p.toFen(), Position.fromFen(p.toFen()).toFen());
        }
        assertEquals(960, ranks.size());
        assertEquals("RNBQKBNR", Chess960.backRank(518));
        assertEquals("BBQNNRKR", Chess960.backRank(0));
    }

    @Test
    void position518PlaysLikeTheClassicalStart() {
        Position p = Chess960.startPosition(518);
        assertEquals(197_281, p.perft(4));
    }

    @Test
    void publishedChess960PerftCounts() {
        // chessprogramming.org "Chess960 Perft Results", first position
        Position p = Position.fromFen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        assertEquals(21, p.perft(1));
        assertEquals(528, p.perft(2));
        assertEquals(12_189, p.perft(3));
        assertEquals(326_672, p.perft(4));
        // further positions of the same published list (depths 1-4)
        String[][] rows = {
            {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", "21", "807", "18002", "667366"},
            {"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", "20", "479", "10471", "273318"},
            {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", "22", "593", "13440", "382958"},
            {"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", "28", "1120", "31058", "1171749"},
        };
        for (String[] row : rows) {
            Position q = Position.fromFen(row[0]);
            for (int depth = 1; depth <= 4; depth++) {
                assertEquals(Long.parseLong(row[depth]), q.perft(depth), row[0] + " depth " + depth);
            }
        }
    }

    @Test
    void castlingWhereTheKingStaysOrTheRookStandsOnTheKingsTarget() {
        // king g1, rook h1: O-O moves only the rook (king already on g1)
        Position p = Position.fromFen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
        Move castle = p.legalMoves().stream().filter(Move::isCastling).findFirst().orElseThrow();
        assertEquals("g1h1", castle.uciChess960());
        assertEquals("6kr/8/8/8/8/8/8/5RK1 b k - 1 1", p.play(castle).toFen());
        // king b1, rook a1: O-O-O puts the king on c1 and the rook on d1
        Position q = Position.fromFen("1k6/8/8/8/8/8/8/RK6 w A - 0 1");
        Move long960 = q.legalMoves().stream().filter(Move::isCastling).findFirst().orElseThrow();
        assertEquals("2KR4", q.play(long960).toFen().split("/")[7].split(" ")[0]);
        // the rook's crossing square may be attacked, the king's may not (FIDE 3.8.2.2)
        assertTrue(Position.fromFen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1").legalMoves().stream().anyMatch(Move::isCastling));
        assertTrue(Position.fromFen("2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1").legalMoves().stream().noneMatch(Move::isCastling));
    }
}

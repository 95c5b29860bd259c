package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.draw.InsufficientMaterial;
import org.torneo.game.core.notation.San;

/** Every row of legal-moves.tsv: moves (UCI), SAN, in check, checkmate, stalemate, chess.js insufficient flag. */
class LegalMovesCorpusTest {

    @Test
    void everyRowMatchesEveryField() {
        List<String[]> rows = Corpus.tsv("legal-moves.tsv");
        assertEquals(2000, rows.size());
        List<String> failures = new ArrayList<>();
        for (String[] row : rows) {
            Position p = Position.fromFen(row[0]);
            List<Move> moves = new ArrayList<>(p.legalMoves());
            assertEquals(moves.size(), p.toBoard().countLegalMoves(), "counting generator, " + row[0]);
            moves.sort(Comparator.comparing(Move::uci));
            String uci = moves.isEmpty() ? "-" : String.join(" ", moves.stream().map(Move::uci).toList());
            String san = moves.isEmpty() ? "-" : String.join(" ", San.writeAll(p, moves));
            String actual = String.join("\t", uci, san, String.valueOf(p.inCheck()), String.valueOf(p.isCheckmate()),
                    String.valueOf(p.isStalemate()), String.valueOf(InsufficientMaterial.chessJsRule(p)));
            String expected = String.join("\t", row[1], row[2], row[3], row[4], row[5], row[6]);
            if (!actual.equals(expected)) {
                failures.add(row[0] + "\n  expected " + expected + "\n  actual   " + actual);
            }
        }
        assertEquals("", String.join("\n", failures.subList(0, Math.min(5, failures.size()))), failures.size() + " rows differ");
    }

    @Test
    void fenRoundTripsExceptNominalEnPassantSquares() {
        int nominal = 0;
        for (String[] row : Corpus.tsv("legal-moves.tsv")) {
            Position p = Position.fromFen(row[0]);
            String written = p.toFen();
            if (written.equals(row[0])) {
                continue;
            }
            // the corpus writes some e.p. squares where no capture is legal; the writer omits them
            nominal++;
            assertEquals(false, p.hasLegalEnPassant(), row[0]);
            assertEquals(row[0].replaceFirst(" [a-h][36] ", " - "), written);
            assertEquals(p.legalMoves(), Position.fromFen(written).legalMoves(), "the nominal e.p. square must not change move generation");
        }
        assertEquals(true, nominal > 0, "the corpus has nominal e.p. rows");
    }
}

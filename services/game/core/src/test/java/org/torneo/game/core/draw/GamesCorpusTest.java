package org.torneo.game.core.draw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;

/** Replays the UCI move list of every game of games.expected.tsv and compares the draw bookkeeping columns. */
class GamesCorpusTest {

    static Move uci(Position p, String text) {
        for (Move m : p.legalMoves()) {
            if (m.uci().equals(text)) {
                return m;
            }
        }
        throw new AssertionError(text + " is not legal in " + p.toFen());
    }

    @Test
    void everyGameHasTheExpectedPliesFinalFenAndDrawPlies() {
        List<String[]> rows = Corpus.tsv("games.expected.tsv");
        assertEquals(299, rows.size());
        List<String> failures = new ArrayList<>();
        for (String[] row : rows) {
            Position start = row[1].equals("startpos") ? Position.initial() : Position.fromFen(row[1]);
            GameRecord record = GameRecord.start(start);
            for (String uci : row[17].split(" ")) {
                record = record.play(uci(record.position(), uci));
            }
            String actual = String.join("\t", String.valueOf(record.ply()), record.position().toFen(),
                    String.valueOf(record.position().isCheckmate()), String.valueOf(record.position().isStalemate()),
                    String.valueOf(InsufficientMaterial.chessJsRule(record.position())),
                    String.valueOf(record.firstThreefoldPly()), String.valueOf(record.firstFivefoldPly()),
                    String.valueOf(record.firstFiftyMovePly()), String.valueOf(record.firstSeventyFiveMovePly()));
            String expected = String.join("\t", row[2], row[3], row[6], row[7], row[8], row[9], row[10], row[11], row[12]);
            if (!actual.equals(expected)) {
                failures.add(row[0] + " " + row[15] + "\n  expected " + expected + "\n  actual   " + actual);
            }
        }
        assertEquals("", String.join("\n", failures.subList(0, Math.min(5, failures.size()))), failures.size() + " games differ");
    }

    @Test
    void automaticEndingMatchesTheCorpusEndingWhereTheRulesAreDecidable() {
        int checked = 0;
        for (String[] row : Corpus.tsv("games.expected.tsv")) {
            Position start = row[1].equals("startpos") ? Position.initial() : Position.fromFen(row[1]);
            GameRecord record = GameRecord.start(start);
            for (String uci : row[17].split(" ")) {
                record = record.play(uci(record.position(), uci));
            }
            DrawRules.Ending ending = DrawRules.automaticEnding(record, DeadPositionOracle.BARE_MATERIAL);
            String expected = switch (row[5]) {
                case "checkmate" -> "CHECKMATE";
                case "stalemate" -> "STALEMATE";
                case "fivefold" -> "FIVEFOLD_REPETITION";
                case "seventyfive_move" -> "SEVENTY_FIVE_MOVE_RULE";
                default -> null;
            };
            if (expected != null) {
                assertEquals(expected, ending.name(), row[0]);
                checked++;
            }
            if (row[5].equals("threefold_claim")) {
                assertEquals(true, DrawClaims.onCurrentPosition(record).contains(DrawClaims.Ground.THREEFOLD_REPETITION), row[0]);
            }
            if (row[5].equals("fifty_move_claim")) {
                assertEquals(true, DrawClaims.onCurrentPosition(record).contains(DrawClaims.Ground.FIFTY_MOVES), row[0]);
            }
        }
        assertEquals(71 + 36 + 40 + 27, checked);
    }
}

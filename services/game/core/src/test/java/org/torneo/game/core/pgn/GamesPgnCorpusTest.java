package org.torneo.game.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.deadposition.HelpmateDeadPositionOracle;

/** Every game of games.pgn read from its PGN text, replayed, and compared with EVERY column of games.expected.tsv. */
class GamesPgnCorpusTest {

    @Test
    void everyGameMatchesEveryColumnOfTheExpectedRow() {
        List<PgnGame> games = PgnReader.read(Corpus.text("games.pgn"));
        List<String[]> rows = Corpus.tsv("games.expected.tsv");
        assertEquals(299, games.size());
        assertEquals(rows.size(), games.size());
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            String[] row = rows.get(i);
            PgnGame game = games.get(i);
            PgnReplay.Replayed replayed = PgnReplay.replay(game);
            GameSummary summary = GameSummary.of(replayed, HelpmateDeadPositionOracle.DEFAULT);
            String expected = String.join("\t", row[0], row[2], row[3], row[5], row[9], row[10], row[11], row[12], row[13]);
            if (!summary.tsvRow().equals(expected)) {
                failures.add(row[15] + "\n  expected " + expected + "\n  actual   " + summary.tsvRow());
            }
            // the SAN of the PGN denotes exactly the UCI moves of the TSV, the start FEN is the FEN tag, the result too
            String uci = String.join(" ", replayed.moves().stream().map(Move::uci).toList());
            if (!uci.equals(row[17])) {
                failures.add(row[0] + " moves differ");
            }
            assertEquals(row[1], game.tag("FEN").orElse("startpos"), row[0]);
            assertEquals(row[4], game.result(), row[0]);
        }
        assertEquals("", String.join("\n", failures.subList(0, Math.min(8, failures.size()))), failures.size() + " games differ");
    }
}

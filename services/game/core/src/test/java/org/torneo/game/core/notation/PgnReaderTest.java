package org.torneo.game.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.draw.GameRecord;

class PgnReaderTest {

    @Test
    void everyCorpusGameReplaysFromItsSanToTheExpectedMovesAndFinalPosition() {
        List<PgnGame> games = PgnReader.read(Corpus.text("games.pgn"));
        List<String[]> expected = Corpus.tsv("games.expected.tsv");
        assertEquals(299, games.size());
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            PgnGame game = games.get(i);
            String[] row = expected.get(i);
            assertEquals(row[0], game.tag("GameId"));
            assertEquals(row[4], game.result());
            PgnGame.Replay replay = game.replay(MoveParser.Language.ENGLISH);
            if (replay instanceof PgnGame.Failed f) {
                failures.add(row[0] + ": " + f.message());
                continue;
            }
            GameRecord record = ((PgnGame.Replayed) replay).record();
            String uci = record.moves().stream().map(Move::uci).collect(Collectors.joining(" "));
            if (!uci.equals(row[17]) || !record.position().toFen().equals(row[3])) {
                failures.add(row[0] + ": moves or final FEN differ");
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void theWindmillGameReplaysInSpanishLetters() {
        List<PgnGame> games = PgnReader.read(Corpus.text("torre-lasker-1925.pgn"));
        assertEquals(1, games.size());
        PgnGame game = games.get(0);
        assertEquals("Torre, Carlos", game.tag("White"));
        assertEquals("1-0", game.result());
        GameRecord record = ((PgnGame.Replayed) game.replay(MoveParser.Language.SPANISH)).record();
        assertEquals(85, record.ply());
        assertEquals("1r6/3n4/3pR3/3r2k1/2NP1R2/P5P1/5P1P/6K1 b - - 0 43", record.position().toFen());
    }

    @Test
    void commentsNagsVariationsAndEscapesAreSkipped() {
        String pgn = """
                % an escaped line
                [Event "x"]
                [White "A \\"quoted\\" name"]

                1. e4 {a comment (with brackets)} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) Nc6 ; rest of line
                3. Bb5 a6 *

                [Event "y"]
                1. d4 d5 2. c4 1/2-1/2
                """;
        List<PgnGame> games = PgnReader.read(pgn);
        assertEquals(2, games.size());
        assertEquals("A \"quoted\" name", games.get(0).tag("White"));
        assertEquals(List.of("e4", "e5", "Nf3!?", "Nc6", "Bb5", "a6"), games.get(0).moves().stream().map(PgnReader.PgnMove::text).toList());
        assertEquals("*", games.get(0).result());
        assertEquals(3, ((PgnGame.Replayed) games.get(1).replay(MoveParser.Language.ENGLISH)).record().ply());
    }

    @Test
    void aBadMoveIsReportedWithMoveNumberSideLineAndReason() {
        PgnGame game = PgnReader.read("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. d3 Nf6 4. Nd2 *\n").get(0);
        PgnGame.Replay replay = game.replay(MoveParser.Language.ENGLISH);
        PgnGame.Failed failed = assertInstanceOf(PgnGame.Failed.class, replay);
        assertEquals("move 4 (White) Nd2 at line 3, column 34: Nd2 is ambiguous: knights on b1 and f3 can go to d2", failed.message());
        assertEquals(6, failed.reachedSoFar().ply());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `[Event "x"]\\n1. e4 {never closed`       | line 2, column 7: comment opened here is never closed with }
            `1. e4 (1. d4 d5 2. c4`                   | line 1, column 7: variation opened here is never closed with )
            `1. e4 ) e5`                              | line 1, column 7: ')' closes a variation that was never opened
            `[Event x]`                               | line 1, column 8: tag Event: value in double quotes expected
            `[Event "x]\\n1. e4`                      | line 1, column 1: tag Event: value is not closed with " on its line
            `["x"]`                                   | line 1, column 2: tag name expected after [
            `[Event "x" 1. e4`                        | line 1, column 12: tag Event: ] expected
            """)
    void syntaxErrorsNameLineAndColumn(String pgn, String message) {
        PgnReader.PgnSyntaxException e = assertThrows(PgnReader.PgnSyntaxException.class,
                () -> PgnReader.read(pgn.replace("\\n", "\n")));
        assertEquals(message, e.getMessage());
    }
}

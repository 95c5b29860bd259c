package org.torneo.game.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.notation.San;

class PgnTest {

    static String resource(String name) {
        try (InputStream in = PgnTest.class.getResourceAsStream("/pgn/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void writingTheReplayedCorpusGivesBackTheCorpusTextByteForByte() {
        String text = Corpus.text("games.pgn");
        List<PgnWriter.GameText> games = PgnReader.read(text).stream()
                .map(g -> PgnWriter.GameText.of(PgnReplay.replay(g))).toList();
        String written = PgnWriter.writeAll(games, false);
        String[] expected = text.split("\n", -1);
        String[] actual = written.split("\n", -1);
        for (int i = 0; i < Math.min(expected.length, actual.length); i++) {
            assertEquals(expected[i], actual[i], "line " + (i + 1));
        }
        assertEquals(expected.length, actual.length);
    }

    @Test
    void theWindmillGameTorreLaskerMoscow1925ReplaysToItsFinalPosition() {
        List<PgnGame> games = PgnReader.read(resource("windmill-torre-lasker-1925.pgn"));
        assertEquals(1, games.size());
        PgnGame game = games.get(0);
        assertEquals("Torre, Carlos", game.tag("White").orElseThrow());
        assertEquals("1-0", game.result());
        PgnReplay.Replayed replayed = PgnReplay.replay(game);
        assertEquals(85, replayed.record().ply()); // 43 moves by White, 42 by Black
        // the windmill: 26.Rxg7+ ... 29.Rxb7+ 30.Rg7+ 31.Rg5+ 32.Rxh5 wins the queen back with interest
        String sans = sanList(replayed);
        assertTrue(sans.contains("26. Rxg7+ Kh8 27. Rxf7+ Kg8 28. Rg7+ Kh8 29. Rxb7+ Kg8 30. Rg7+ Kh8 31. Rg5+ Kh7 32. Rxh5"), sans);
        assertEquals("1r6/3n4/3pR3/3r2k1/2NP1R2/P5P1/5P1P/6K1 b - - 0 43", replayed.record().position().toFen());
        assertTrue(game.moves().get(56).comment().startsWith("the windmill"), game.moves().get(56).comment());
    }

    /** The seed prints the game with Spanish letters (R rey, D dama, T torre, A alfil, C caballo): same game, same end. */
    @Test
    void theWindmillGameInTheSeedsSpanishLettersGivesTheSameMovesAndFinalPosition() {
        PgnGame spanish = PgnReader.read(Corpus.text("torre-lasker-1925.pgn")).get(0);
        PgnGame english = PgnReader.read(resource("windmill-torre-lasker-1925.pgn")).get(0);
        assertThrows(PgnException.class, () -> PgnReplay.replay(spanish, org.torneo.game.core.notation.MoveParser.Language.ENGLISH));
        PgnReplay.Replayed fromSpanish = PgnReplay.replay(spanish, org.torneo.game.core.notation.MoveParser.Language.SPANISH);
        assertEquals(PgnReplay.replay(english).moves(), fromSpanish.moves());
        assertEquals("1r6/3n4/3pR3/3r2k1/2NP1R2/P5P1/5P1P/6K1 b - - 0 43", fromSpanish.record().position().toFen());
    }

    private static String sanList(PgnReplay.Replayed replayed) {
        StringBuilder sb = new StringBuilder();
        Position p = replayed.record().startPosition();
        for (Move m : replayed.moves()) {
            if (p.sideToMove() == org.torneo.game.core.board.Side.WHITE) {
                sb.append(p.fullmoveNumber()).append(". ");
            }
            sb.append(San.write(p, m)).append(' ');
            p = p.play(m);
        }
        return sb.toString().strip();
    }

    @Test
    void clocksElapsedTimesNagsCommentsAndVariationsAreReadAndClocksWrittenBack() {
        String text = """
                [Event "Rapid"]
                [White "A"]
                [Black "B"]
                [Result "*"]

                {opening} 1. e4 {[%clk 0:14:58] [%emt 0:00:02]} e5 $1 {[%clk 0:14:55.5] a comment}
                (1... c5 2. Nf3 (2. c3) d6) 2. Nf3!? Nc6 ; rest of line
                3. Bb5 a6 *
                """;
        PgnGame game = PgnReader.read(text).get(0);
        assertEquals("opening", game.leadingComment());
        assertEquals(List.of("e4", "e5", "Nf3", "Nc6", "Bb5", "a6"), game.moves().stream().map(PgnMove::san).toList());
        assertEquals(Optional.of(Duration.ofSeconds(14 * 60 + 58)), game.moves().get(0).clock());
        assertEquals(Optional.of(Duration.ofSeconds(2)), game.moves().get(0).elapsed());
        assertEquals(Optional.of(Duration.ofMillis((14 * 60 + 55) * 1000 + 500)), game.moves().get(1).clock());
        assertEquals(List.of(1), game.moves().get(1).nags());
        assertEquals("a comment", game.moves().get(1).comment());
        assertEquals("rest of line", game.moves().get(3).comment());
        String written = PgnWriter.write(PgnWriter.GameText.of(PgnReplay.replay(game)), true);
        // PGN 8.2.2.2: after a comment Black's move repeats its number; the leading comment, NAGs (the glyph !? as
        // $5) and the variation are written back as read
        String movetext = written.substring(written.indexOf("\n\n") + 2).replace('\n', ' ').strip();
        assertEquals("{opening} 1. e4 {[%clk 0:14:58]} 1... e5 $1 {[%clk 0:14:55.5] a comment} (1... c5 2. Nf3 (2. c3)"
                + " d6) 2. Nf3 $5 Nc6 {rest of line} 3. Bb5 a6 *", movetext, written);
        assertTrue(written.startsWith("[Event \"Rapid\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]"), written);
        PgnGame again = PgnReader.read(written).get(0);
        assertEquals(game.moves().get(1).clock(), again.moves().get(1).clock());
    }

    @Test
    void movetextMayStartWithBlackAndUseSpanishLettersOrZeros() {
        String text = """
                [FEN "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 12"]

                12... 0-0 13. 0-0-0 Tf2 1/2-1/2
                """;
        PgnReplay.Replayed replayed = PgnReplay.replay(PgnReader.read(text).get(0));
        assertEquals("r5k1/8/8/8/8/8/5r2/2KR3R w - - 3 14", replayed.record().position().toFen());
        assertEquals(List.of("e8g8", "e1c1", "f8f2"), replayed.moves().stream().map(Move::uci).toList());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unclosed comment         | 1. e4 {never closed                          | line 1, column 7: '{' comment is never closed by '}'
            stray closing paren      | 1. e4 ) e5 *                                 | line 1, column 7: ')' closes a variation that was never opened
            open variation at end    | 1. e4 (1. d4 *                               | the file ends inside a variation: 1 '(' not closed
            tag without quotes       | [White Kasparov]                             | line 1, column 8: 'White' tag value must be a quoted string
            tag twice                | [White "A"] [White "B"]                      | 'White' tag appears twice in the same game
            NAG before any move      | $1 1. e4 *                                   | '$1' a NAG must follow a move
            null move                | 1. e4 -- *                                   | '--' null moves are not part of the Laws of Chess
            bad number               | 1. e4 e5 2x. Nf3 *                           | '2x.' is not a move: it starts with a digit
            illegal move             | 1. e4 e5 2. Ke3 *                            | line 1, column 13: 'Ke3' (move 2. Ke3)
            ambiguous move           | 1. e4 e5 2. Nc3 Nc6 3. Ne2 *                 | line 1, column 24: 'Ne2' (move 3. Ne2) is ambiguous: knights on g1 and c3 can go to e2
            move after mate          | 1. f3 e5 2. g4 Qh4# 3. a3 *                  | no move is possible: the game was already over (checkmate)
            impossible FEN           | [FEN "8/8/8/8/8/8/8/8 w - - 0 1"] 1. e4 *    | 'FEN' tag is not a valid position
            """)
    void badPgnIsReportedWithGameLineColumnTokenAndReason(String what, String text, String expected) {
        PgnException e = assertThrows(PgnException.class, () -> {
            for (PgnGame game : PgnReader.read(text)) {
                PgnReplay.replay(game);
            }
        }, what);
        assertTrue(e.getMessage().contains(expected), what + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("game 1"), e.getMessage());
    }

    @Test
    void anErrorInALaterGameNamesThatGame() {
        String text = "[GameId \"first\"]\n\n1. e4 *\n\n[GameId \"second\"]\n\n1. e4 e5 2. Qxf7 *\n";
        List<PgnGame> games = PgnReader.read(text);
        PgnReplay.replay(games.get(0));
        PgnException e = assertThrows(PgnException.class, () -> PgnReplay.replay(games.get(1)));
        assertTrue(e.getMessage().startsWith("game 2 (second), line 7, column 13: 'Qxf7' (move 2. Qxf7)"), e.getMessage());
    }

    /** Three games; the middle one carries {@code bad} after its first move. */
    private static String threeGamesWithABadMiddle(String bad) {
        return "[GameId \"one\"]\n\n1. e4 e5 1-0\n\n[GameId \"two\"]\n\n1. d4 " + bad + " d5 2. c4 *\n\n"
                + "[GameId \"three\"]\n\n1. c4 c5 0-1\n";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            huge NAG               | $999999999999                           | '$999999999999' is out of range: NAGs are $0 to $255
            NAG over 255           | $256                                    | '$256' is out of range
            huge clock             | {[%clk 99999999999999999999:00:00]}     | '[%clk 99999999999999999999:00:00]' is not a time h:mm:ss
            clock minutes over 59  | {[%clk 1:60:00]}                        | minutes and seconds must be below 60
            elapsed seconds over 59| {[%emt 0:00:99]}                        | minutes and seconds must be below 60
            clock without a time   | {[%clk soon]}                           | '[%clk soon]' is not a time
            huge move number       | 99999999999999.                         | move number out of range 1..9999
            """)
    void aBadNumberCostsItsGameOnlyAndTheOthersAreRead(String what, String bad, String reason) {
        PgnReader.PgnFile file = PgnReader.readGames(threeGamesWithABadMiddle(bad));
        assertEquals(List.of("one", "three"), file.games().stream().map(g -> g.tag("GameId").orElseThrow()).toList(), what);
        assertEquals(List.of(1, 3), file.games().stream().map(PgnGame::number).toList(), "games keep their number in the file");
        assertEquals(1, file.rejected().size(), what);
        PgnException e = file.rejected().get(0);
        assertEquals(2, e.gameNumber());
        assertEquals(7, e.line());
        assertTrue(e.getMessage().startsWith("game 2 (two), line 7"), e.getMessage());
        assertTrue(e.getMessage().contains(reason), what + ": " + e.getMessage());
        assertEquals(e.getMessage(), assertThrows(PgnException.class,
                () -> PgnReader.read(threeGamesWithABadMiddle(bad))).getMessage(), "read() is the strict form");
        PgnReplay.replay(file.games().get(1)); // the game after the bad one is whole
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            WhiteElo   | [WhiteElo "99999999999"] | 'WhiteElo' must be a rating 0..4000
            BlackElo   | [BlackElo "2x"]          | 'BlackElo' must be a rating
            PlyCount   | [PlyCount "-5"]          | 'PlyCount' must be a number
            SetUp      | [SetUp "2"]              | 'SetUp' must be 0 or 1
            """)
    void aBadNumericTagCostsItsGameOnly(String what, String tag, String reason) {
        String text = "[GameId \"one\"]\n\n1. e4 1-0\n\n[GameId \"two\"]\n" + tag + "\n\n1. d4 *\n\n"
                + "[GameId \"three\"]\n[WhiteElo \"2800\"]\n[BlackElo \"-\"]\n[PlyCount \"2\"]\n\n1. c4 c5 0-1\n";
        PgnReader.PgnFile file = PgnReader.readGames(text);
        assertEquals(List.of("one", "three"), file.games().stream().map(g -> g.tag("GameId").orElseThrow()).toList(), what);
        assertEquals(1, file.rejected().size());
        assertTrue(file.rejected().get(0).getMessage().startsWith("game 2 (two), line 6"), file.rejected().get(0).getMessage());
        assertTrue(file.rejected().get(0).getMessage().contains(reason), file.rejected().get(0).getMessage());
    }

    @Test
    void aSyntaxErrorInTheTagsSkipsToTheNextGameEvenWithoutABlankLineAfterTheResult() {
        String text = "[White Kasparov]\n[Black \"x\"]\n\n1. e4 e5 1-0\n[GameId \"next\"]\n1. d4 *\n";
        PgnReader.PgnFile file = PgnReader.readGames(text);
        assertEquals(1, file.rejected().size());
        assertEquals(1, file.rejected().get(0).gameNumber());
        assertEquals(1, file.games().size());
        assertEquals("next", file.games().get(0).tag("GameId").orElseThrow());
        assertEquals(2, file.games().get(0).number());
    }

    @Test
    void clockReadingsInRangeAreRead() {
        PgnGame game = PgnReader.read("1. e4 {[%clk 999:59:59.25]} e5 {[%emt 0:0:7]} *").get(0);
        assertEquals(Optional.of(Duration.ofHours(999).plusMinutes(59).plusSeconds(59).plusMillis(250)),
                game.moves().get(0).clock());
        assertEquals(Optional.of(Duration.ofSeconds(7)), game.moves().get(1).elapsed());
    }

    static String joined(List<String> list) {
        return list.stream().collect(Collectors.joining(" "));
    }
}

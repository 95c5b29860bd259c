package org.torneo.game.core.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The export writer gives back what it read from an imported game: the comment before the first move, every
 * comment, NAG (glyphs as their NAGs) and variation, in lines of at most 80 characters, and never splits a
 * {@code [%clk]} command across lines. The game: Anderssen - Dufresne, Berlin 1852 (the "Evergreen"), annotated
 * here in German (resources pgn/, a text written for this test; the moves are public domain).
 */
class PgnWriterFidelityTest {

    @Test
    void anAnnotatedGameIsWrittenBackWithEveryAnnotationInLinesOfAtMost80() {
        // given the annotated game as read
        PgnGame read = PgnReader.read(PgnTest.resource("evergreen-anderssen-dufresne-1852.pgn")).get(0);
        assertTrue(read.moves().get(36).comment().length() > 80, "the comment after 19. Rad1 is longer than a line");

        // when it is written
        String written = PgnWriter.write(PgnWriter.GameText.of(PgnReplay.replay(read)), false);

        // then no line is longer than 80 and reading it again gives the same annotations
        for (String line : written.split("\n")) {
            assertTrue(line.length() <= PgnWriter.LINE_WIDTH, line.length() + ": " + line);
        }
        PgnGame again = PgnReader.read(written).get(0);
        assertEquals("Die \"Immergrüne\" Partie.", again.leadingComment());
        assertEquals(read.moves().size(), again.moves().size());
        for (int i = 0; i < read.moves().size(); i++) {
            PgnMove a = read.moves().get(i);
            PgnMove b = again.moves().get(i);
            assertEquals(a.san(), b.san(), "ply " + (i + 1));
            assertEquals(a.comment(), b.comment(), "comment of ply " + (i + 1));
            assertEquals(a.nags(), b.nags(), "NAGs of ply " + (i + 1));
            assertEquals(a.variations(), b.variations(), "variations of ply " + (i + 1));
        }
        assertEquals(List.of(1), read.moves().get(32).nags(), "17. Nf6+ $1");
        assertEquals(List.of(3), read.moves().get(36).nags(), "19. Rad1 !! (the glyph written apart) is $3");
        assertEquals(List.of("(19. Be4 Qh3 {führt zu nichts})"), read.moves().get(36).variations());
        String oneLine = written.replace('\n', ' ');
        assertTrue(oneLine.contains("19. Rad1 $3 {Ein Zug"), written);
        assertTrue(oneLine.contains("(19. Be4 Qh3 {führt zu nichts}) 19... Qxf3"), written);
        assertTrue(oneLine.contains("21. Qxd7+ $3 Kxd7"), written);
    }

    @Test
    void aClockCommandIsNeverSplitAcrossLines() {
        // given 60 plies, each with a comment long enough to force breaks inside comments, and a clock reading
        PgnGame read = PgnReader.read(PgnTest.resource("evergreen-anderssen-dufresne-1852.pgn")).get(0);
        PgnReplay.Replayed replayed = PgnReplay.replay(read);
        int plies = replayed.moves().size();
        List<String> comments = new ArrayList<>();
        List<Optional<Duration>> clocks = new ArrayList<>();
        for (int i = 0; i < plies; i++) {
            comments.add("Bedenkzeit nach dem Zug, wie sie die Uhr zeigte" + " ".repeat(i % 3) + " und mehr");
            clocks.add(Optional.of(Duration.ofSeconds(5400 - 37L * i)));
        }
        PgnWriter.GameText text = new PgnWriter.GameText(read.tags(), replayed.record().startPosition(),
                replayed.moves(), comments, clocks, read.result());

        // when it is written with clocks
        String written = PgnWriter.write(text, true);

        // then every line fits, no [%clk] is cut, and every clock reads back
        for (String line : written.split("\n")) {
            assertTrue(line.length() <= PgnWriter.LINE_WIDTH, line);
            int open = line.split("\\[%", -1).length - 1;
            assertEquals(open, countClosingCommands(line), "a clock command broken across lines: " + line);
        }
        PgnGame again = PgnReader.read(written).get(0);
        for (int i = 0; i < plies; i++) {
            assertEquals(clocks.get(i), again.moves().get(i).clock(), "clock of ply " + (i + 1));
            assertEquals("Bedenkzeit nach dem Zug, wie sie die Uhr zeigte und mehr", again.moves().get(i).comment());
        }
    }

    private static int countClosingCommands(String line) {
        int count = 0;
        int from = 0;
        while ((from = line.indexOf("[%", from)) >= 0) {
            int close = line.indexOf(']', from);
            if (close < 0) {
                break;
            }
            count++;
            from = close;
        }
        return count;
    }
}

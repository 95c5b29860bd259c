package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The feed's PGN keeps lines under 80 characters and never breaks a line inside a clock comment. */
class PgnWrapTest {

    /** Anderssen - Kieseritzky, London 1851 (the "Immortal Game"), a game in the public domain. */
    private static final String[] IMMORTAL = ("e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6"
            + " Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8"
            + " Qf6+ Nxf6 Be7#").split(" ");

    @Test
    void aClockCommentIsNeverSplitAcrossLines() {
        // given a 45-ply game with a clock reading after every move
        List<Views.MoveView> moves = new ArrayList<>();
        for (int i = 0; i < IMMORTAL.length; i++) {
            long clock = 5_400_000L - 37_123L * i;
            moves.add(new Views.MoveView(i + 1, i % 2 == 0 ? "WHITE" : "BLACK", IMMORTAL[i], "", "", clock));
        }
        Views.GameView game = new Views.GameView("g1", "t1", "London", 1, 1, "A", "p1", "Anderssen, Adolf", 0, "p2",
                "Kieseritzky, Lionel", 0, FeedModel.STANDARD_FEN, FeedModel.STANDARD_FEN, moves, null, "1-0", "1-0",
                "checkmate", null, List.of(), null);

        // when it is written
        String pgn = Pgn.game(game);

        // then every line fits and every comment opens and closes on the same line
        String movetext = pgn.substring(pgn.indexOf("\n\n") + 2);
        int comments = 0;
        for (String line : movetext.split("\n")) {
            assertTrue(line.length() < 80, "line of " + line.length() + ": " + line);
            long open = line.chars().filter(c -> c == '{').count();
            assertEquals(open, line.chars().filter(c -> c == '}').count(), "a comment broken across lines: " + line);
            assertTrue(!line.startsWith("[%clk") && !line.startsWith("}") && !line.endsWith("{"), line);
            comments += (int) open;
        }
        assertEquals(IMMORTAL.length, comments, "one clock comment per move: " + movetext);
        assertTrue(movetext.replace('\n', ' ').contains("22. Qf6+ { [%clk 1:04:00] } Nxf6"), movetext);
        assertTrue(movetext.strip().endsWith("Be7# { [%clk 1:02:46] } 1-0"), movetext);
    }
}

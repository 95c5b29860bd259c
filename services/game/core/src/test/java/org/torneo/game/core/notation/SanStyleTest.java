package org.torneo.game.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.board.Position;

class SanStyleTest {

    @ParameterizedTest(name = "{1} {2} {3}")
    @CsvSource(delimiter = '|', textBlock = """
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1            | d7d8q | SPANISH | FIDE_1997 | d8=D+
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1            | d7d8q | SPANISH | FIDE_2018 | d8D+
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1            | d7d8n | ENGLISH | PGN       | d8=N
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1         | e5d6  | SPANISH | FIDE_1997 | exd6 a.p.
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1         | e5d6  | ENGLISH | FIDE_2018 | exd6 e.p.
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1         | e5d6  | ENGLISH | PGN       | exd6
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1         | a1a8  | SPANISH | FIDE_1997 | Ta8++
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1         | a1a8  | ENGLISH | FIDE_2018 | Ra8#
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1      | e1c1  | SPANISH | FIDE_1997 | 0-0-0
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1      | e1g1  | ENGLISH | PGN       | O-O
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1      | e1e2  | SPANISH | FIDE_1997 | Re2
            """)
    void symbolsFollowTheEdition(String fen, String uci, PieceLetters letters, San.Style style, String expected) {
        Position p = Position.fromFen(fen);
        String written = San.write(p, MoveParser.parse(p, uci).move(), letters, style);
        assertEquals(expected, written);
        // and what is written reads back to the same move
        MoveParser.Language language = letters == PieceLetters.SPANISH ? MoveParser.Language.SPANISH : MoveParser.Language.ENGLISH;
        assertEquals(uci, MoveParser.parse(p, written, language).move().uci());
    }
}

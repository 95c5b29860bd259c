package org.torneo.game.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.board.Position;

/**
 * The notation examples of the seeds (spec section 6: FIDE 1997 appendix in Spanish letters, FIDE 2018 App. C in
 * English letters), each in a position where it is a legal move; the SAN writer gives the PGN form.
 */
class SeedNotationExamplesTest {

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            4k3/8/8/8/8/8/1B6/4K3 w - - 0 1          | Be5      | ENGLISH | b2e5 | Be5
            4k3/8/8/8/8/8/1B6/4K3 w - - 0 1          | Ae5      | SPANISH | b2e5 | Be5
            4k3/8/8/8/8/8/1B6/4K3 w - - 0 1          | Bb2e5    | ENGLISH | b2e5 | Be5
            4k3/8/8/8/8/8/1B6/4K3 w - - 0 1          | Ab2-e5   | SPANISH | b2e5 | Be5
            4k3/8/8/8/8/8/8/4K1N1 w - - 0 1          | Nf3      | ENGLISH | g1f3 | Nf3
            4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1        | dxe5     | ENGLISH | d4e5 | dxe5
            4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1        | de5      | ENGLISH | d4e5 | dxe5
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1        | exd6 e.p.| ENGLISH | e5d6 | exd6
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1        | e5xd6 e.p. | ENGLISH | e5d6 | exd6
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1        | exd6 a.p.| SPANISH | e5d6 | exd6
            4k3/8/8/8/8/8/8/4NKN1 w - - 0 1          | Ngf3     | ENGLISH | g1f3 | Ngf3
            4k3/8/8/8/8/8/8/4NKN1 w - - 0 1          | Nef3     | ENGLISH | e1f3 | Nef3
            4k3/8/8/8/8/8/8/4NKN1 w - - 0 1          | Cef3     | SPANISH | e1f3 | Nef3
            4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1        | N5f3     | ENGLISH | g5f3 | N5f3
            4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1        | N1f3     | ENGLISH | g1f3 | N1f3
            4k3/8/8/8/7N/8/3N4/4K3 w - - 0 1         | Nhf3     | ENGLISH | h4f3 | Nhf3
            4k3/8/8/8/7N/8/3N4/4K3 w - - 0 1         | Ndf3     | ENGLISH | d2f3 | Ndf3
            4k3/8/8/8/8/5p2/8/4NKN1 w - - 0 1        | Ngxf3    | ENGLISH | g1f3 | Ngxf3
            4k3/8/8/6N1/8/5p2/8/4K1N1 w - - 0 1      | N5xf3    | ENGLISH | g5f3 | N5xf3
            4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1      | cxd5     | ENGLISH | c4d5 | cxd5
            4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1      | exd5     | ENGLISH | e4d5 | exd5
            1k6/3P4/8/8/8/8/8/4K3 w - - 0 1          | d8Q      | ENGLISH | d7d8q | d8=Q+
            1k6/3P4/8/8/8/8/8/4K3 w - - 0 1          | d8=D     | SPANISH | d7d8q | d8=Q+
            k4n2/4P3/8/8/8/8/8/4K3 w - - 0 1         | exf8N    | ENGLISH | e7f8n | exf8=N
            k7/5P2/8/8/8/8/8/4K3 w - - 0 1           | f8=C     | SPANISH | f7f8n | f8=N
            4k3/8/8/8/8/8/1p6/4K3 b - - 0 1          | b1B      | ENGLISH | b2b1b | b1=B
            4k3/8/8/8/8/8/1p6/4K3 b - - 0 1          | b1=A     | SPANISH | b2b1b | b1=B
            4k3/8/8/8/8/K7/6p1/8 b - - 0 1           | g1R      | ENGLISH | g2g1r | g1=R
            4k3/8/8/8/8/K7/6p1/8 b - - 0 1           | g1=T     | SPANISH | g2g1r | g1=R
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1     | 0-0      | SPANISH | e1g1 | O-O
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1     | 0-0-0    | SPANISH | e1c1 | O-O-O
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e2e4 | ENGLISH | e2e4 | e4
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | e7e5 | ENGLISH | e7e5 | e5
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1        | Ta8++    | SPANISH | a1a8 | Ra8#
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1        | Ra8#     | ENGLISH | a1a8 | Ra8#
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1        | Ra8      | ENGLISH | a1a8 | Ra8#
            """)
    void seedExampleReadsAsTheMoveAndIsWrittenInPgnForm(String fen, String written, MoveParser.Language language,
                                                        String uci, String pgnSan) {
        Position p = Position.fromFen(fen);
        ParsedMove parsed = MoveParser.parse(p, written, language);
        assertEquals(uci, parsed instanceof ParsedMove.Error e ? e.message() : parsed.move().uci());
        assertEquals(pgnSan, San.write(p, parsed.move()));
    }

    /** The misprints of the 1997 Spanish appendix (spec: translation defects) are reported, not guessed. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1        | Cdxdf3 | is not a move: expected a square such as e4 or a departure and an arrival square such as e2e4 / Nb1c3
            1k6/3P4/8/8/8/8/8/4K3 w - - 0 1          | d8=d   | has 'd' as promotion piece: a pawn promotes to a queen, rook, bishop or knight (D T A C, FIDE 3.7.5)
            4k3/8/8/8/8/8/1p6/4K3 b - - 0 1          | B1=A   | is not a move: 'B' is not a piece letter (R D T A C)
            """)
    void seedMisprintsAreErrors(String fen, String written, String reason) {
        ParsedMove parsed = MoveParser.parse(Position.fromFen(fen), written, MoveParser.Language.SPANISH);
        assertFalse(parsed.isOk());
        assertEquals(written + " " + reason, ((ParsedMove.Error) parsed).message());
    }
}

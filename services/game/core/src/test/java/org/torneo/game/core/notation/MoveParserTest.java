package org.torneo.game.core.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;

class MoveParserTest {

    /** Every legal move of the 2000 corpus positions, read back from every written form the seeds allow. */
    @Test
    void everyCorpusMoveReadsBackFromSanLanUciEnglishAndSpanish() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (String[] row : Corpus.tsv("legal-moves.tsv")) {
            Position p = Position.fromFen(row[0]);
            for (Move m : p.legalMoves()) {
                String san = San.write(p, m);
                String spanish = San.write(p, m, PieceLetters.SPANISH);
                String lan = longAlgebraic(p, m, san);
                String bare = san.replace("x", "").replace("=", "").replace("+", "").replace("#", "");
                String zeros = san.replace('O', '0');
                for (String written : List.of(san, m.uci(), lan, bare, zeros, san.replace("#", "++"))) {
                    expectMove(failures, p, written, MoveParser.Language.ENGLISH, m);
                }
                expectMove(failures, p, spanish, MoveParser.Language.SPANISH, m);
                if (!san.startsWith("R")) {
                    expectMove(failures, p, san, MoveParser.Language.ANY, m);
                }
                if (m.isEnPassant()) {
                    expectMove(failures, p, san + " e.p.", MoveParser.Language.ENGLISH, m);
                    expectMove(failures, p, lan + " a.p.", MoveParser.Language.SPANISH, m);
                }
                checked++;
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(10, failures.size())));
        assertTrue(checked > 35_000, "moves checked: " + checked);
    }

    private static String longAlgebraic(Position p, Move m, String san) {
        if (m.isCastling()) {
            return san;
        }
        String letter = p.pieceTypeAt(m.from()).orElseThrow().englishLetter() + "";
        String sep = p.pieceTypeAt(m.to()).isPresent() || m.isEnPassant() ? "x" : "-";
        String lan = (letter.equals("P") ? "" : letter) + m.uci().substring(0, 2) + sep + m.uci().substring(2, 4);
        return m.promotion() == null ? lan : lan + "=" + m.promotion().englishLetter();
    }

    private static void expectMove(List<String> failures, Position p, String written, MoveParser.Language language, Move expected) {
        ParsedMove parsed = MoveParser.parse(p, written, language);
        if (!parsed.isOk() || !parsed.move().equals(expected)) {
            failures.add(p.toFen() + " '" + written + "' " + language + " -> "
                    + (parsed instanceof ParsedMove.Error e ? e.message() : parsed.move().uci()) + ", expected " + expected.uci());
        }
    }

    @ParameterizedTest(name = "{1} in {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1              | Nd2   | ANY     | Nd2 is ambiguous: knights on b1 and f3 can go to d2
            4k3/8/8/8/8/8/8/R3K3 w - - 0 1                 | Rd1   | ANY     | Rd1 is ambiguous: 'R' is the rook in English and the king (rey) in Spanish, and both can go to d1
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e5 | ANY | e5 is impossible: no White pawn can legally go to e5
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Zf3 | ANY | Zf3 is not a move: 'Z' is not a piece letter (K Q R B N or R D T A C)
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Ce4 | SPANISH | Ce4 is impossible: no White knight can legally go to e4
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | hello | ANY | hello is not a move: expected a square such as e4 or a departure and an arrival square such as e2e4 / Nb1c3
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e3e4 | ANY | e3e4 is impossible: e3 holds no White piece
            r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1             | O-O   | ANY     | O-O is impossible: White cannot castle king side: the king or that rook has already moved (FIDE 3.8.2.1)
            r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1            | 0-0-0 | ANY     | 0-0-0 is impossible: Black cannot castle queen side: the king or that rook has already moved (FIDE 3.8.2.1)
            r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1         | O-O   | ANY     | O-O is impossible: White cannot castle king side: a square between king and rook is occupied, or a square the king crosses or lands on is attacked (FIDE 3.8.2.2)
            r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1         | O-O-O | ANY     | O-O-O is impossible: White cannot castle queen side: the king is in check (FIDE 3.8.2.2)
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1                 | d8    | ANY     | d8 is incomplete: a pawn reaching d8 must be exchanged for a queen, rook, bishop or knight; write it, e.g. d8=Q (FIDE 3.7.5)
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1                 | d8=R  | SPANISH | d8=R has 'R' as promotion piece: a pawn promotes to a queen, rook, bishop or knight (D T A C, FIDE 3.7.5)
            4k3/8/8/8/8/8/3P4/4K3 w - - 0 1                | d4=Q  | ANY     | d4=Q is impossible: only a pawn reaching the last rank is promoted
            4k3/8/8/8/8/8/8/4K2q w - - 0 1                 | Kf1   | ANY     | Kf1 is illegal: the king on e1 cannot go to f1 because White is in check and the move does not end it (FIDE 3.9)
            4k3/8/8/8/8/8/8/4K2q w - - 0 1                 | Nf3   | ANY     | Nf3 is impossible: no White knight can legally go to f3 (White is in check)
            4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1              | Nf4   | ANY     | Nf4 is illegal: the knight on e2 cannot go to f4 because it would expose its own king to check (FIDE 3.9)
            4k3/8/8/8/8/8/8/4K3 w - - 0 1                  | Ke3   | ANY     | Ke3 is impossible: no White king can legally go to e3
            4k3/8/8/8/8/8/3P4/4K3 w - - 0 1                | d5    | ANY     | d5 is impossible: no White pawn can legally go to d5
            4k3/8/8/8/8/8/8/4K3 w - - 0 1                  | +     | ANY     | + is not a move: only annotation symbols
            """)
    void badMovesAreNamedWithTheirReason(String fen, String token, MoveParser.Language language, String message) {
        ParsedMove parsed = MoveParser.parse(Position.fromFen(fen), token, language);
        assertEquals(false, parsed.isOk());
        assertEquals(message, ((ParsedMove.Error) parsed).message());
    }

    @Test
    void blankTokenIsReported() {
        ParsedMove parsed = MoveParser.parse(Position.initial(), "  ");
        assertEquals("   is empty: no move written", ((ParsedMove.Error) parsed).message());
    }

    @ParameterizedTest(name = "{1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            4k3/8/8/8/8/8/8/R3K3 w - - 0 1                    | Rd1        | SPANISH | e1d1
            4k3/8/8/8/8/8/8/R3K3 w - - 0 1                    | Rd1        | ENGLISH | a1d1
            4k3/8/8/8/8/8/8/R3K3 w - - 0 1                    | Tb1        | ANY     | a1b1
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Cf3 | ANY | g1f3
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Cg1-f3 | ANY | g1f3
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e2-e4 | ANY | e2e4
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1                    | d8=D       | ANY     | d7d8q
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1                    | d8Q        | ANY     | d7d8q
            k7/3P4/8/8/8/8/8/4K3 w - - 0 1                    | d8=C       | ANY     | d7d8n
            k1r5/3P4/8/8/8/8/8/4K3 w - - 0 1                  | dxc8=A    | ANY     | d7c8b
            k1r5/3P4/8/8/8/8/8/4K3 w - - 0 1                 | dc8T       | ANY     | d7c8r
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1                 | exd6 e.p.  | ANY     | e5d6
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1                 | ed6        | ANY     | e5d6
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1                 | e5xd6 a.p. | ANY     | e5d6
            4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1                 | e5:d6      | ANY     | e5d6
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1              | 0-0        | ANY     | e1g1
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1              | O-O-O      | ANY     | e1c1
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1              | Ke1-g1     | ANY     | e1g1
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1              | e1h1       | ANY     | e1g1
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1                 | Ta8++      | ANY     | a1a8
            6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1                 | Ra8#!      | ENGLISH | a1a8
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | Nf3 (=) | ANY | g1f3
            """)
    void seedFormsAreRead(String fen, String token, MoveParser.Language language, String uci) {
        ParsedMove parsed = MoveParser.parse(Position.fromFen(fen), token, language);
        assertEquals(uci, parsed instanceof ParsedMove.Error e ? e.message() : parsed.move().uci());
    }
}

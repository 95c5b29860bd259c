package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FenTest {

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq        | expected 6 space-separated fields (placement, side, castling, e.p., halfmove clock, move number), found 3
            rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1    | field 1 (placement) has 7 ranks, expected 8
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1 | field 1 (placement), rank 1 ("RNBQKBNRR") describes 9 squares, expected 8
            rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1   | field 1 (placement), rank 7 ("ppppppp") describes 7 squares, expected 8
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQXBNR w KQkq - 0 1  | field 1 (placement), rank 1: 'X' is not a piece letter (PNBRQK / pnbrqk) or a digit 1-8
            rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1    | Black has no king
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1    | White has 2 kings
            4k3/8/8/8/8/8/8/P3K3 w - - 0 1                            | White pawn on a1: pawns cannot stand on the first or last rank (FIDE 3.7)
            4k2p/8/8/8/8/8/8/4K3 w - - 0 1                            | Black pawn on h8: pawns cannot stand on the first or last rank (FIDE 3.7)
            rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | White has 17 pieces, more than the 16 of the initial position
            4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1                     | White has 9 pawns, more than 8
            4k3/8/8/8/8/QQQ5/PPPPPPP1/4K3 w - - 0 1                   | White has at least 2 promoted pieces but only 1 pawns are missing
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1  | field 2 (side to move) is "x", expected w or b
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1  | field 3 (castling): 'K' but there is no White rook on the king side of rank 1 to castle with
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1    | White has no king
            rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w Q - 0 1   | field 3 (castling): 'Q' but the White king is on e3, not on its first rank
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1 | field 3 (castling): 'X' is not K, Q, k, q, a file letter A-H/a-h or -
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1  | field 3 (castling): 'K' repeats a castling right already given
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1 | field 4 (e.p. square) e3 must be on rank 6 when White is to move
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1 | field 4 (e.p. square) e6 but no Black pawn stands on e5 after a double step
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1 | "field 4 (e.p. square) ""e9"" is not a square name or -"
            rnbqkbnr/ppp2ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1 | field 4 (e.p. square) e6 but e6 or e7 is occupied, so no pawn just made a double step there
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1 | field 5 (halfmove clock) is -1, must be at least 0
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0  | field 6 (move number) is 0, must be at least 1
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1  | "field 5 (halfmove clock) ""x"" is not a whole number"
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999 | field 6 (move number) is 99999999999, more than 1000000
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000001 1 | field 5 (halfmove clock) is 1000001, more than 1000000
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -99999999999 1 | field 5 (halfmove clock) is -99999999999, must be at least 0
            4k3/8/8/8/8/8/8/4R1K1 w - - 0 1                          | the side not to move (Black) is in check, which no legal move can leave
            4k3/8/8/8/8/8/4k3/4K3 w - - 0 1                           | Black has 2 kings
            3rk3/8/8/8/8/5n2/3p4/r3K3 w - - 0 1                       | the king of the side to move is attacked by more than two pieces, which no legal move can produce
            """)
    void impossibleOrUnreadableFenIsRejectedWithItsReason(String fen, String reason) {
        InvalidFenException e = assertThrows(InvalidFenException.class, () -> Position.fromFen(fen));
        assertEquals(reason, e.reason());
        assertEquals("invalid FEN \"" + fen + "\": " + reason, e.getMessage());
    }

    @Test
    void fourFieldFenGetsDefaultClocks() {
        assertEquals(Fen.INITIAL, Position.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").toFen());
    }

    @Test
    void enPassantSquareIsWrittenOnlyWhenTheCaptureIsLegal() {
        Position afterE4 = Position.initial().play(new Move(findUci(Position.initial(), "e2e4")));
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", afterE4.toFen());
        assertEquals(20, afterE4.legalMoves().size());
        Position p = Position.fromFen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assertEquals("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", p.toFen());
        // horizontal pin: the capture would expose the king on a5 to the rook on h5
        Position pinned = Position.fromFen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
        assertEquals("8/8/8/K2pP2r/8/8/8/7k w - - 0 1", pinned.toFen());
        assertEquals(false, pinned.hasLegalEnPassant());
    }

    static int findUci(Position p, String uci) {
        return p.legalMoves().stream().filter(m -> m.uci().equals(uci)).findFirst().orElseThrow().bits();
    }
}

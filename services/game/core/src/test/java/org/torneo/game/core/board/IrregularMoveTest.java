package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Illegal moves that stand (FIDE 2018 A.4.2 / B.4): the game goes on from an impossible position. */
class IrregularMoveTest {

    @Test
    void aKingLeftInCheckIsNeverCapturedAndGenerationGoesOn() {
        // White plays Kd1-e2?? into the rook's file; the illegal move stands
        Position p = Position.fromFen("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1");
        Position after = p.playIrregular(Square.parse("d1"), Square.parse("e2"), null);
        assertEquals("4r1k1/8/8/8/8/8/4K3/8 b - - 1 1", after.toFen());
        assertTrue(after.opponentInCheck());
        assertTrue(after.legalMoves().stream().noneMatch(m -> m.to() == Square.parse("e2")), "the king is never captured");
        assertEquals(after.legalMoves().size(), after.toBoard().countLegalMoves());
        assertTrue(after.perft(3) > 0);
        // the same position can be read back from its FEN only with the irregular reader
        assertThrows(InvalidFenException.class, () -> Position.fromFen(after.toFen()));
        assertEquals(after.toFen(), Position.fromFenAllowingIrregular(after.toFen()).toFen());
    }

    @Test
    void irregularMovesKeepTheSpecialMoveMechanics() {
        Position start = Position.initial();
        Position doublePush = start.playIrregular(Square.parse("e2"), Square.parse("e4"), null);
        assertEquals(Square.parse("e3"), doublePush.enPassantSquare());
        Position castled = Position.fromFen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
                .playIrregular(Square.parse("e1"), Square.parse("g1"), null); // castling through an attacked square
        assertEquals("r3k2r/8/8/8/8/8/5r2/R4RK1 b kq - 1 1", castled.toFen());
        Position promoted = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
                .playIrregular(Square.parse("e7"), Square.parse("e8"), PieceType.QUEEN);
        assertEquals("4Q3/8/8/8/8/8/k7/4K3 b - - 0 1", promoted.toFen());
    }

    @Test
    void impossibleEvenAsAnIrregularMove() {
        Position p = Position.initial();
        assertEquals("e3 holds no piece of the side to move",
                assertThrows(IllegalArgumentException.class, () -> p.playIrregular(Square.parse("e3"), Square.parse("e4"), null)).getMessage());
        assertEquals("a piece cannot move onto e2, it holds an own piece",
                assertThrows(IllegalArgumentException.class, () -> p.playIrregular(Square.parse("d1"), Square.parse("e2"), null)).getMessage());
        Position nearKing = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assertEquals("a piece cannot move onto e8, the king is never captured",
                assertThrows(IllegalArgumentException.class, () -> nearKing.playIrregular(Square.parse("h1"), Square.parse("e8"), null)).getMessage());
    }
}

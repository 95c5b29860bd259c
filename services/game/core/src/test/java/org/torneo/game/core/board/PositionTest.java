package org.torneo.game.core.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PositionTest {

    @Test
    void playReturnsANewPositionAndLeavesTheOldOneUnchanged() {
        Position start = Position.initial();
        Move e4 = start.legalMove(Square.parse("e2"), Square.parse("e4"), null).orElseThrow();
        Position after = start.play(e4);
        assertEquals(Fen.INITIAL, start.toFen());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", after.toFen());
        assertEquals(Side.BLACK, after.sideToMove());
        assertEquals(PieceType.PAWN, after.pieceTypeAt(Square.parse("e4")).orElseThrow());
    }

    @Test
    void movesOfOnePieceForTouchMove() {
        List<String> knight = Position.initial().legalMovesFrom(Square.parse("g1")).stream().map(Move::uci).sorted().toList();
        assertEquals(List.of("g1f3", "g1h3"), knight);
        assertEquals(List.of(), Position.initial().legalMovesFrom(Square.parse("d1")));
    }

    @Test
    void anIllegalMoveIsRefused() {
        Position start = Position.initial();
        Move illegal = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").legalMoves().stream()
                .filter(Move::isCastling).findFirst().orElseThrow();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> start.play(illegal));
        assertEquals("illegal move e1g1 in " + Fen.INITIAL, e.getMessage());
    }
}

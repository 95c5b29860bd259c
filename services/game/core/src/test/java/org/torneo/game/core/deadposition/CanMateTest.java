package org.torneo.game.core.deadposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;

/** Given a position, when canMate is asked for one side, then the verdict (and its witness). */
class CanMateTest {

    private static MateAbility canMate(String fen, Side side) {
        return CanMate.canMate(Position.fromFen(fen), side);
    }

    @Test
    void aLoneKingNeverMates() {
        assertEquals(Verdict.UNWINNABLE, canMate("8/8/k3K3/8/8/8/8/8 w - - 0 1", Side.WHITE).verdict());
        assertEquals(Verdict.UNWINNABLE, canMate("8/8/k3K3/8/8/8/8/8 w - - 0 1", Side.BLACK).verdict());
    }

    @Test
    void theKnightSideMatesAgainstARookWithTheLosersCooperation() {
        // K+N v K+R: the king can be smothered by its own rook
        MateAbility knightSide = canMate("4k3/8/8/5n2/8/8/R7/6K1 w - - 0 1", Side.BLACK);
        assertEquals(Verdict.WINNABLE, knightSide.verdict());
        Position end = UnwinnableCorpusTest.replay(Position.fromFen("4k3/8/8/5n2/8/8/R7/6K1 w - - 0 1"), knightSide.helpmateUci());
        assertTrue(end.isCheckmate());
        assertEquals(Side.WHITE, end.sideToMove());
    }

    @Test
    void aKnightCannotMateAgainstOnlyAQueenAndABishopCannotMateAgainstARook() {
        assertEquals(Verdict.UNWINNABLE, canMate("4k3/8/8/5n2/8/8/Q7/6K1 w - - 0 1", Side.BLACK).verdict());
        assertEquals(Verdict.UNWINNABLE, canMate("4k3/8/8/5b2/8/8/R7/6K1 w - - 0 1", Side.BLACK).verdict());
        assertEquals(Verdict.WINNABLE, canMate("4k3/8/8/5b2/8/8/R7/6K1 w - - 0 1", Side.WHITE).verdict());
    }

    @Test
    void aLockedPawnWallWithKingsOnlyIsDeadForBothSides() {
        String fen = "8/2k5/8/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1";
        assertEquals(Verdict.UNWINNABLE, canMate(fen, Side.WHITE).verdict());
        assertEquals(Verdict.UNWINNABLE, canMate(fen, Side.BLACK).verdict());
        assertTrue(CanMate.isDead(Position.fromFen(fen)));
    }

    @Test
    void aWallWithAGapIsNotDead() {
        String fen = "8/2k5/8/p1p1p3/P1P1P1P1/8/3K4/8 w - - 0 1"; // the g-pawn can run
        assertEquals(Verdict.WINNABLE, canMate(fen, Side.WHITE).verdict());
        assertFalse(CanMate.isDead(Position.fromFen(fen)));
    }

    @Test
    void aStalemateIsUnwinnableForBoth() {
        String fen = "7k/8/8/8/8/8/5q2/7K w - - 0 1";
        assertTrue(Position.fromFen(fen).isStalemate());
        assertEquals(Verdict.UNWINNABLE, canMate(fen, Side.WHITE).verdict());
        assertEquals(Verdict.UNWINNABLE, canMate(fen, Side.BLACK).verdict());
        assertTrue(CanMate.isDead(Position.fromFen(fen)));
        // the oracle leaves stalemate to its own rule (FIDE 2018 5.2.1), as the bare-material default does
        assertFalse(HelpmateDeadPositionOracle.DEFAULT.isDead(Position.fromFen(fen)));
    }

    @Test
    void theOracleFindsAForcedCaptureOfTheLastPieceAndALockedWall() {
        // White's only move takes the rook: K v K
        assertTrue(HelpmateDeadPositionOracle.DEFAULT.isDead(Position.fromFen("8/8/8/2k5/8/8/1r6/K7 w - - 33 232")));
        assertTrue(HelpmateDeadPositionOracle.DEFAULT.isDead(Position.fromFen("8/2k5/8/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1")));
        assertFalse(HelpmateDeadPositionOracle.DEFAULT.isDead(Position.fromFen("8/2k5/8/p1p1p3/P1P1P1P1/8/3K4/8 w - - 0 1")));
        assertFalse(HelpmateDeadPositionOracle.DEFAULT.isDead(Position.initial()));
    }

    @Test
    void aCheckmateOnTheBoardIsWinnableWithAnEmptyLine() {
        MateAbility mated = canMate("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Side.WHITE);
        assertEquals(Verdict.WINNABLE, mated.verdict());
        assertEquals(List.of(), mated.helpmateUci());
        assertEquals(Verdict.UNWINNABLE, canMate("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Side.BLACK).verdict());
    }
}

package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Position;
import org.torneo.platform.StateDigest;

/**
 * A restart compares state digests: a position whose legal moves were generated while deciding must digest the
 * same as the same position rebuilt by replay, which has not generated them yet (they are caches).
 */
class PositionDigestTest {

    @Test
    void generatedLegalMovesDoNotChangeAPositionsDigest() {
        String fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        Position used = Position.fromFen(fen);
        assertFalse(used.legalMoves().isEmpty());
        used.isCheckmate();
        assertEquals(StateDigest.of(Position.fromFen(fen)), StateDigest.of(used));
        assertEquals(StateDigest.dump(Position.fromFen(fen)), StateDigest.dump(used));
    }
}

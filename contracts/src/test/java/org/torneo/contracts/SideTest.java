package org.torneo.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SideTest {

    @Test
    void theSideToMoveIsTheFensSecondField() {
        assertEquals(Side.WHITE, Side.toMoveIn("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assertEquals(Side.BLACK, Side.toMoveIn("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"));
        assertEquals(Side.BLACK, Side.toMoveIn("  4k3/8/8/8/8/8/4P3/4K3   b - -"));
    }

    @Test
    void noSideWhenTheFenDoesNotSay() {
        assertNull(Side.toMoveIn(null));
        assertNull(Side.toMoveIn("4k3/8/8/8/8/8/4P3/4K3"));
        assertNull(Side.toMoveIn("4k3/8/8/8/8/8/4P3/4K3 x - - 0 1"));
    }
}

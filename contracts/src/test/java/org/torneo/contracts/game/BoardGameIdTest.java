package org.torneo.contracts.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BoardGameIdTest {

    @Test
    void namesTheBoardOfTheRoundOfTheTournament() {
        assertEquals("open-2026-r3-b12", BoardGameId.of("open-2026", 3, 12));
    }

    @Test
    void refusesANameThatNoGameCanHave() {
        assertEquals("round and board count from 1, not round 0 board 1",
                assertThrows(IllegalArgumentException.class, () -> BoardGameId.of("t", 0, 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> BoardGameId.of("t", 1, 0));
        assertThrows(IllegalArgumentException.class, () -> BoardGameId.of(" ", 1, 1));
    }
}

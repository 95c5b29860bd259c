package org.torneo.eboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The bridge's options: what reads, and a message naming the option for what does not. */
class EboardOptionsTest {

    @Test
    void theOptionsGiveTheBoardsRoundAndAddresses() {
        EboardBridge.Config config = EboardBridge.parse(List.of("--tournament", "open", "--round", "3", "--hall", "A",
                "--board", "7425=1", "--board", "7426=2", "--game", "http://game:8081"), () -> "token");
        assertEquals(Map.of("7425", 1, "7426", 2), config.boards());
        assertEquals(3, config.round());
        assertEquals("ws://localhost:1982/api/v1.0", config.liveChess().toString());
        assertEquals("http://game:8081", config.gameService().toString());
        assertEquals("token", config.token().get());
    }

    @Test
    void whatDoesNotReadIsNamed() {
        assertTrue(refusal("--tournament", "open", "--round", "x", "--board", "1=1").startsWith("--round: 'x' is not"));
        assertTrue(refusal("--tournament", "open", "--round", "1", "--board", "7425").startsWith(
                "--board: '7425' is not SERIAL=BOARD"));
        assertTrue(refusal("--tournament", "open", "--round", "1").startsWith("--tournament, --round and at least one"));
        assertTrue(refusal("--colour", "white").startsWith("unknown option '--colour'"));
        assertTrue(refusal("--tournament").startsWith("--tournament needs a value"));
    }

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> EboardBridge.parse(List.of(args), () -> "t"))
                .getMessage();
    }
}

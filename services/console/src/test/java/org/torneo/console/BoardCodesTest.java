package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Board codes: six characters of the printed list's alphabet, every sheet of a round its own. */
class BoardCodesTest {

    private static final String KEY = "torneo-development-board-codes";
    private final BoardCodes codes = new BoardCodes(KEY);

    @Test
    void every_sheet_of_a_ten_thousand_board_round_has_its_own_code() {
        // given a round of 10,000 boards (an open of 20,000 players)
        Map<String, String> seen = new HashMap<>();
        for (int board = 1; board <= 10_000; board++) {
            for (String side : new String[] {"WHITE", "BLACK"}) {
                // when each sheet's code is made
                String code = codes.code("open-big", 1, board, side);
                // then no other sheet of the round has it
                String before = seen.put(code, board + " " + side);
                assertEquals(null, before, code + " is the code of " + before + " and of " + board + " " + side);
                assertEquals(code, BoardCodes.normalise(code), "a code as printed is a code as typed");
            }
        }
    }

    @Test
    void the_round_whose_hashed_codes_met_has_a_code_per_sheet() {
        // given: with the first six characters of an HMAC as the code, this 2,500-board round gave board 1093's and
        // board 2252's Black sheets the same code (NKU42U): a device typing it was bound to the other board
        Map<String, String> seen = new HashMap<>();
        for (int board = 1; board <= 2_500; board++) {
            for (String side : new String[] {"WHITE", "BLACK"}) {
                String before = seen.put(codes.code("open-21", 1, board, side), board + " " + side);
                assertEquals(null, before, "two sheets of open-21's round 1 share a code");
            }
        }
        assertNotEquals(codes.code("open-21", 1, 1093, "BLACK"), codes.code("open-21", 1, 2252, "BLACK"));
    }

    @Test
    void a_code_is_the_same_for_the_same_sheet_and_changes_with_the_round_the_tournament_and_the_key() {
        String code = codes.code("open-1", 3, 17, "WHITE");
        assertEquals(code, new BoardCodes(KEY).code("open-1", 3, 17, "WHITE"), "the printed list and the console agree");
        assertNotEquals(code, codes.code("open-1", 4, 17, "WHITE"), "a new round, a new code");
        assertNotEquals(code, codes.code("open-2", 3, 17, "WHITE"));
        assertNotEquals(code, codes.code("open-1", 3, 17, "BLACK"));
        assertNotEquals(code, new BoardCodes("another event's secret").code("open-1", 3, 17, "WHITE"),
                "without the key the code cannot be worked out");
        assertTrue(code.matches("[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}"), code);
    }

    @Test
    void a_sheet_that_is_no_sheet_has_no_code() {
        assertThrows(IllegalArgumentException.class, () -> codes.code("open-1", 1, 0, "WHITE"));
        assertThrows(IllegalArgumentException.class, () -> codes.code("open-1", 1, 1, "white"));
        assertThrows(IllegalArgumentException.class, () -> new BoardCodes(" "));
    }
}

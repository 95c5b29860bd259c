package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResultEntryTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "12 1|12|WHITE_WINS", "121|12|WHITE_WINS", "7=|7|DRAW", "7 ½|7|DRAW", "30 0|30|BLACK_WINS",
        "4+|4|WHITE_WINS_BY_FORFEIT", "  4 - |4|BLACK_WINS_BY_FORFEIT", "1 0 0|10|BLACK_WINS", "10|1|BLACK_WINS"})
    void the_last_character_is_the_result_and_the_digits_before_it_the_board(String typed, int board, String outcome)
            throws Exception {
        ResultEntry entry = ResultEntry.parse(typed);
        assertEquals(board, entry.board());
        assertEquals(ResultEntry.Outcome.valueOf(outcome), entry.outcome());
    }

    @Test
    void a_malformed_entry_says_what_is_wrong_and_where() {
        ResultEntry.Malformed notAResult = assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse("12x"));
        assertEquals(3, notAResult.position());
        assertTrue(notAResult.getMessage().contains("'x'") && notAResult.getMessage().contains("position 3"),
                notAResult.getMessage());

        ResultEntry.Malformed letter = assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse("1a2 1"));
        assertEquals(2, letter.position());
        assertTrue(letter.getMessage().contains("'a' at position 2"), letter.getMessage());

        ResultEntry.Malformed noBoard = assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse(" ="));
        assertTrue(noBoard.getMessage().contains("no board number"), noBoard.getMessage());

        ResultEntry.Malformed zero = assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse("0 1"));
        assertTrue(zero.getMessage().contains("board 0"), zero.getMessage());

        ResultEntry.Malformed empty = assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse("   "));
        assertTrue(empty.getMessage().startsWith("nothing typed"), empty.getMessage());

        assertThrows(ResultEntry.Malformed.class, () -> ResultEntry.parse("12345678 1"));
    }
}

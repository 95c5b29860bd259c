package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The check-in desk's list order and its one field: a No., an id or a name start resolved, or refused saying why. */
class CheckInDeskTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode players(String json) throws Exception {
        return JSON.readTree(json);
    }

    private static final String FOUR = "[{\"playerId\":\"p-unrated\",\"name\":\"Zapata, Ana\",\"rating\":0},"
            + "{\"playerId\":\"p-low\",\"name\":\"Núñez, Luis\",\"rating\":1800,\"checkedIn\":true},"
            + "{\"playerId\":\"p-top\",\"name\":\"Nakamura, Hikaru\",\"rating\":2700},"
            + "{\"playerId\":\"p-mid\",\"name\":\"Pérez, Eva\",\"rating\":2100,\"withdrawn\":true}]";

    @Test
    void beforeRoundOneTheListNumbersAsTheSwissWill() throws Exception {
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players(FOUR));

        assertEquals(List.of("p-top", "p-mid", "p-low", "p-unrated"), list.stream().map(CheckInDesk.Entrant::playerId)
                .toList(), "by rating, unrated last");
        assertEquals(List.of(1, 2, 3, 4), list.stream().map(CheckInDesk.Entrant::number).toList());
        assertTrue(list.get(2).checkedIn());
        assertTrue(list.get(1).withdrawn());
    }

    @Test
    void frozenPairingNumbersAreShownOnceGiven() throws Exception {
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players("[{\"playerId\":\"a\",\"name\":\"A\",\"rating\":2000,"
                + "\"pairingNumber\":2},{\"playerId\":\"b\",\"name\":\"B\",\"rating\":1000,\"pairingNumber\":1}]"));

        assertEquals("b", list.get(0).playerId());
        assertEquals(2, list.get(1).number());
    }

    @Test
    void theFieldTakesANumberAnIdOrANameStart() throws Exception {
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players(FOUR));

        assertEquals("p-low", CheckInDesk.resolve(" 3 ", list).playerId());
        assertEquals("p-unrated", CheckInDesk.resolve("P-UNRATED", list).playerId());
        assertEquals("p-low", CheckInDesk.resolve("nun", list).playerId(), "accents and case ignored");
        assertEquals("p-top", CheckInDesk.resolve("Naka", list).playerId());
    }

    @Test
    void aBadEntryIsRefusedNamingWhatWasTyped() throws Exception {
        List<CheckInDesk.Entrant> list = CheckInDesk.list(players(FOUR));

        String number = assertThrows(ConsoleText.Invalid.class, () -> CheckInDesk.resolve("9", list)).getMessage();
        assertTrue(number.contains("'9'") && number.contains("1-4"), number);
        String nobody = assertThrows(ConsoleText.Invalid.class, () -> CheckInDesk.resolve("Kasp", list)).getMessage();
        assertTrue(nobody.contains("'Kasp'"), nobody);
        String several = assertThrows(ConsoleText.Invalid.class, () -> CheckInDesk.resolve("N", list)).getMessage();
        assertTrue(several.contains("2 players") && several.contains("Nakamura") && several.contains("Núñez"), several);
        assertThrows(ConsoleText.Invalid.class, () -> CheckInDesk.resolve("  ", list));
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;


/** The console's pages print points as the paper lists do ("½", "1½", "3"); the services' JSON keeps the number. */
class PointsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void halfPointsPrintWithTheHalfSign() {
        assertEquals("½", Points.shown("0.5"));
        assertEquals("1½", Points.shown("1.5"));
        assertEquals("3", Points.shown("3"));
        assertEquals("3", Points.shown("3.0"));
        assertEquals("0", Points.shown("0"));
        assertEquals("-½", Points.shown("-0.5"));
        assertEquals("", Points.shown(null));
        assertEquals("1.25", Points.shown("1.25"), "not whole or half points: as given");
    }

    @Test
    void thePlayerListShowsTheScoreWithTheHalfSign() throws Exception {
        JsonNode player = JSON.readTree("{\"playerId\":\"p1\",\"name\":\"Pérez, Ana\",\"rating\":2100,"
                + "\"pairingNumber\":3,\"score\":\"2.5\",\"withdrawn\":false}");
        assertEquals("2½", Console.playerLine(player).score());
    }

    @Test
    void theRoundPageShowsAHalfPointByeWithTheHalfSignInBothLanguages() throws Exception {
        // given the pairing service's round 2 with a half-point bye, as its route writes it
        JsonNode round = JSON.readTree("{\"tournamentId\":\"open\",\"round\":2,\"closed\":false,\"halls\":{\"Hall A\":"
                + "[{\"board\":1,\"white\":\"p1\",\"black\":\"p2\",\"result\":null,\"played\":true}]},\"byes\":"
                + "[{\"playerId\":\"p3\",\"kind\":\"HALF_POINT\",\"points\":\"0.5\"}]}");
        for (Words words : List.of(Words.EN, Words.ES)) {
            String page = RoundPageWordsTest.render(words, round, List.of());
            assertTrue(page.matches("(?s).*<li>Gil, Eva: [^<]* \\(½\\)</li>.*"), page);
            assertFalse(page.contains("0.5"), "the page shows 0.5: " + page);
        }
    }
}

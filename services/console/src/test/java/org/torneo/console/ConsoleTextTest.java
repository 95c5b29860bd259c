package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ConsoleTextTest {

    @Test
    void halls_are_read_one_a_line_and_a_bad_line_is_named() throws Exception {
        var halls = ConsoleText.halls("A 1-20\n\nHall B: 21 – 40\n");
        assertEquals(2, halls.size());
        assertEquals("A", halls.get(0).path("name").asText());
        assertEquals(1, halls.get(0).path("firstBoard").asInt());
        assertEquals(20, halls.get(0).path("lastBoard").asInt());
        assertEquals("Hall B", halls.get(1).path("name").asText());
        assertEquals(40, halls.get(1).path("lastBoard").asInt());

        var bad = assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.halls("A 1-2\nB Z"));
        assertTrue(bad.getMessage().startsWith("halls, line 2: 'B Z'"), bad.getMessage());
        var backwards = assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.halls("A 5-2"));
        assertTrue(backwards.getMessage().contains("line 1"), backwards.getMessage());
        var twice = assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.halls("A 1-2\nA 3-4"));
        assertTrue(twice.getMessage().contains("named twice"), twice.getMessage());
    }

    @Test
    void a_time_control_is_minutes_and_seconds_a_move() throws Exception {
        var control = ConsoleText.timeControl("90+30").path("periods").get(0);
        assertEquals(5_400_000, control.path("baseMillis").asLong());
        assertEquals("FISCHER", control.path("mode").asText());
        assertEquals(30_000, control.path("bonusMillis").asLong());
        assertEquals("NONE", ConsoleText.timeControl("60").path("periods").get(0).path("mode").asText());
        assertNull(ConsoleText.timeControl("  "));
        assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.timeControl("90 min"));
        assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.timeControl("0+30"));
        assertEquals(List.of("A", "B"), ConsoleText.names(" A, ,B "));
    }

    @Test
    void the_language_is_the_users_choice_then_his_cookie_then_his_browser() {
        assertEquals(Words.ES, Words.choose("es", "en", "en-GB"));
        assertEquals(Words.EN, Words.choose(null, "en", "es-ES,es;q=0.9"));
        assertEquals(Words.ES, Words.choose(null, null, "fr-FR,es;q=0.8,en;q=0.5"));
        assertEquals(Words.EN, Words.choose("xx", null, "de"));
        assertEquals(Words.EN, Words.choose(null, null, ";;;garbage"));
        assertEquals("Ronda", Words.ES.get("round"));
    }

    @Test
    void theRegistrationFormsTitleAndFederationReadAsFideWritesThemOrSayWhatIsWrong() throws Exception {
        assertEquals("WGM", ConsoleText.title(" wgm "));
        assertEquals("", ConsoleText.title(""));
        assertEquals("", ConsoleText.title(null));
        assertEquals("ESP", ConsoleText.federation(" esp"));
        assertEquals("", ConsoleText.federation(null));

        var title = assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.title("Dr"));
        var federation = assertThrows(ConsoleText.Invalid.class, () -> ConsoleText.federation("Spain"));

        assertEquals("title: 'Dr' is not a FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM)", title.getMessage());
        assertEquals("federation: 'Spain' is not three letters (e.g. ESP)", federation.getMessage());
    }
}

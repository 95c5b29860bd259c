package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The pages no walk had opened in a browser, in headless Chromium against the real Keycloak, pairing and game services
 * ({@link ServicesStack}), each checked with axe-core (no serious or critical violation) and kept as a screenshot
 * ({@code target/screenshots/pages-*}): the create form's newer fields (the event's id and name, the bye rules, the
 * entry deadline) with a refused value shown on the page and the values kept; an event's page with its two tournaments
 * (organiser, and a signed-out visitor in Spanish); the round page after a swap by hand with the Dutch checker's
 * warnings beside the change, in English and in Spanish, the players by name and no code of the checker's left raw.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ConsoleEventPagesBrowserTest extends ConsoleBrowsers {

    @Override
    protected String screenshotPrefix() {
        return "pages";
    }

    @Test
    void the_create_forms_newer_fields_the_event_page_and_the_checkers_warnings_in_a_browser() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String a = "pa-" + run;
        String b = "pb-" + run;
        String event = "pages-" + run;
        String eventName = "Madrid Open " + run;
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);

        // --- the organiser's create form: the event, the bye rules and the entry deadline; a bad value first
        WebDriver organiser = signIn("organiser", "en");
        open(organiser, "/new");
        await(organiser, "create-form");
        fill(organiser, "id", a);
        fill(organiser, "name", "Open A");
        organiser.findElement(By.id("rounds")).clear();
        fill(organiser, "rounds", "5");
        fill(organiser, "halls", "A 1-10");
        fill(organiser, "eventId", event);
        fill(organiser, "eventName", eventName);
        fill(organiser, "maxHalfPointByes", "two");
        fill(organiser, "noByeLastRounds", "1");
        fill(organiser, "lastEntryRound", "2");
        submit(organiser, "create");
        String error = await(organiser, "error").getText();
        assertTrue(error.contains("maximum half-point byes per player: 'two' is not a whole number"), error);
        // the values typed are kept, the bad one to correct
        assertEquals(event, organiser.findElement(By.id("eventId")).getAttribute("value"));
        assertEquals("two", organiser.findElement(By.id("maxHalfPointByes")).getAttribute("value"));
        assertEquals("2", organiser.findElement(By.id("lastEntryRound")).getAttribute("value"));
        page(organiser, "create-refused-bye-rule");
        assertEquals(404, ConsoleHttpTest.get(pairing + "/tournaments/" + a).statusCode(), "a refused form created it");
        organiser.findElement(By.id("maxHalfPointByes")).clear();
        fill(organiser, "maxHalfPointByes", "2");
        submit(organiser, "create");
        new WebDriverWait(organiser, WAIT).until(d -> d.getCurrentUrl().contains("/t/" + a));
        await(organiser, "done");
        page(organiser, "created-open-a");

        // the event's page offers another tournament of the event: the form comes with the event filled in
        open(organiser, "/events/" + event);
        submit(organiser, "new-tournament");
        await(organiser, "create-form");
        assertEquals(event, organiser.findElement(By.id("eventId")).getAttribute("value"));
        assertEquals(eventName, organiser.findElement(By.id("eventName")).getAttribute("value"));
        page(organiser, "create-in-event");
        fill(organiser, "id", b);
        fill(organiser, "name", "Open B");
        fill(organiser, "rounds", "5");
        submit(organiser, "create");
        new WebDriverWait(organiser, WAIT).until(d -> d.getCurrentUrl().contains("/t/" + b));

        // --- the event's page: both tournaments with their links, the system in words
        open(organiser, "/events/" + event);
        new WebDriverWait(organiser, WAIT).until(d -> !d.findElements(By.id("tournament-" + b)).isEmpty());
        String rowA = organiser.findElement(By.id("tournament-" + a)).getText();
        assertTrue(rowA.contains("Open A") && rowA.contains("Swiss, FIDE Dutch system") && rowA.contains("0/5"), rowA);
        assertTrue(organiser.findElement(By.id("tournament-" + b)).getText().contains("Open B"));
        assertEquals(eventName, organiser.findElement(By.tagName("h1")).getText());
        page(organiser, "event-two-tournaments");
        // a signed-out visitor, in Spanish: the same two tournaments (the console reads them without a token)
        WebDriver visitor = signedOut("es");
        open(visitor, "/events/" + event + "?lang=es");
        String visitorRow = visitor.findElement(By.id("tournament-" + a)).getText();
        assertTrue(visitorRow.contains("Suizo, sistema holandés FIDE"), visitorRow);
        assertFalse(visitor.findElements(By.id("tournament-" + b)).isEmpty());
        assertTrue(visitor.findElements(By.id("new-tournament")).isEmpty(), "a visitor offered the create form");
        page(visitor, "es-event-signed-out");
        visitor.findElement(By.cssSelector("#tournament-" + a + " a")).click();
        new WebDriverWait(visitor, WAIT).until(d -> d.getCurrentUrl().endsWith("/t/" + a));
        page(visitor, "es-tournament-signed-out");

        // --- round 2 of Open A: four players, both Whites win round 1, the chief arbiter closes it and pairs round 2
        String organiserToken = KeycloakStack.token("organiser");
        String chiefToken = KeycloakStack.token("chief-arbiter");
        String[] names = {"Arroyo, Inés", "Bauer, Jonas", "Castro, Lidia", "Dorado, Mateo"};
        for (int i = 0; i < names.length; i++) {
            ConsoleHttpTest.accepted(ConsoleHttpTest.post(pairing + "/tournaments/" + a + "/players", "{\"playerId\":\""
                    + a + "-p" + (i + 1) + "\",\"name\":\"" + names[i] + "\",\"rating\":" + (2400 - 50 * i) + "}",
                    organiserToken));
        }
        open(organiser, "/t/" + a);
        appoint(organiser, "chief-arbiter", "", true);
        ConsoleHttpTest.awaitTrue("four players", () -> ConsoleHttpTest.json(ConsoleHttpTest.get(pairing
                + "/tournaments/" + a + "/players")).size() == 4);
        ConsoleHttpTest.accepted(ConsoleHttpTest.post(pairing + "/tournaments/" + a + "/rounds/next", "{\"seed\":3}",
                chiefToken));
        ConsoleHttpTest.awaitTrue("round 1's games", () -> ConsoleHttpTest.json(ConsoleHttpTest.get(game
                + "/games?tournament=" + a + "&round=1")).size() == 2);
        List<String[]> round1 = ConsoleHttpTest.boards(pairing, a, 1);
        WebDriver chief = signIn("chief-arbiter", "en");
        open(chief, "/t/" + a + "/rounds/1/halls/A");
        awaitRows(chief, 2);
        type(chief, "1 1");
        type(chief, "2 1");
        ConsoleHttpTest.awaitTrue("round 1's results", () -> ConsoleHttpTest.json(ConsoleHttpTest.get(game
                + "/games?tournament=" + a + "&round=1")).findValuesAsText("resultName").stream()
                .filter("WHITE_WINS"::equals).count() == 2);
        open(chief, "/t/" + a + "/rounds/1");
        submit(chief, "close");
        ConsoleHttpTest.awaitTrue("round 1 closed", () -> ConsoleHttpTest.json(ConsoleHttpTest.get(pairing
                + "/tournaments/" + a + "/rounds/1")).path("closed").asBoolean());
        ConsoleHttpTest.accepted(ConsoleHttpTest.post(pairing + "/tournaments/" + a + "/rounds/next", "{\"seed\":4}",
                chiefToken));
        ConsoleHttpTest.awaitTrue("round 2", () -> ConsoleHttpTest.get(pairing + "/tournaments/" + a + "/rounds/2")
                .statusCode() == 200);

        // --- the swap by hand on the round page: a winner of round 1 changes places with the loser he beat
        String winner = round1.get(0)[1];
        String loser = round1.get(0)[2];
        open(chief, "/t/" + a + "/rounds/2");
        new Select(chief.findElement(By.id("change-kind"))).selectByValue("SWAP_PLAYERS");
        fill(chief, "change-first", winner);
        fill(chief, "change-second", loser);
        fill(chief, "change-reason", "seated at the wrong boards");
        submit(chief, "change");
        await(chief, "done");
        new WebDriverWait(chief, WAIT).until(d -> {
            d.navigate().refresh();
            return !d.findElements(By.cssSelector("#change-0 .warning")).isEmpty();
        });
        String change = chief.findElement(By.id("change-0")).getText();
        assertTrue(change.contains("The Dutch checker's warnings") && change.contains("C.04.3 C6-C7")
                && change.contains("are of different score groups") && change.contains(name(names, loser)), change);
        assertRawCodesAbsent(change);
        // the change itself from its structure: the players by name and No., no id, no sentence of the service's
        assertTrue(change.contains(name(names, winner) + " (No. ") && change.contains(name(names, loser) + " (No. ")
                && change.contains(" swapped; reason: seated at the wrong boards"), change);
        assertFalse(change.contains(winner) || change.contains(loser) || change.contains("hand change"), change);
        assertEquals("Back: Open A", chief.findElement(By.id("back")).getText());
        page(chief, "round-2-swap-warnings");
        open(chief, "/t/" + a + "/rounds/2?lang=es");
        String cambio = chief.findElement(By.id("change-0")).getText();
        assertTrue(cambio.contains("Avisos del verificador") && cambio.contains("son de grupos de puntuación distintos")
                && cambio.contains(name(names, loser)), cambio);
        assertRawCodesAbsent(cambio);
        assertTrue(cambio.contains(name(names, winner) + " (n.º ") && cambio.contains(" intercambiados; motivo: seated"
                + " at the wrong boards") && cambio.contains(" de 20"), cambio);
        assertFalse(cambio.contains(winner) || cambio.contains(loser) || cambio.contains("hand change")
                || cambio.contains("swapped") || cambio.matches("(?s).*\\d{4}-\\d\\d-\\d\\dT.*"), cambio);
        assertEquals("Volver: Open A", chief.findElement(By.id("back")).getText());
        page(chief, "es-round-2-swap-warnings");
    }

    /** The name of the player of this id ("...-p3": the third name). */
    private static String name(String[] names, String playerId) {
        return names[Integer.parseInt(playerId.substring(playerId.lastIndexOf("-p") + 2)) - 1];
    }

    /** No code of the services' left for a reader: the checker's kinds, the change's kind, a colour's constant. */
    private static void assertRawCodesAbsent(String text) {
        for (String code : List.of("SCORE_DIFFERENCE", "SWAP_PLAYERS", "WHITE_WINS", "BLACK", "WHITE", "null",
                "REPEATED_", "COLOUR_")) {
            assertFalse(text.contains(code), "'" + code + "' shown raw: " + text);
        }
    }
}

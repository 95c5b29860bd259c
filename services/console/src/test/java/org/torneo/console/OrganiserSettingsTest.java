package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The organiser's settings on the console, against the real Keycloak (the code flow through its login form, no
 * browser) and the real pairing and game services: two tournaments of one event created on the create form (bad
 * settings refused first, naming the field and value, nothing created), both listed on the event's page and grouped
 * under the event on the home page; a third half-point bye refused with the rule and numbers on the page and not
 * recorded; a bye in the last round the organiser closed refused; a late entry after the entry deadline refused on the
 * page, the player not registered.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class OrganiserSettingsTest extends ConsoleHttpTest {

    @Test
    void eventsByeRulesAndTheEntryDeadlineFromThePages() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String event = "ev-" + run;
        String a = "ev-" + run + "-a";
        String b = "ev-" + run + "-b";
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String organiserToken = KeycloakStack.token("organiser");
        String chiefToken = KeycloakStack.token("chief-arbiter");
        HttpClient organiser = signIn("organiser");

        // given bad settings on the create form: each refused naming the field and the value, nothing created
        HttpResponse<String> notANumber = send(organiser, "/new", form("id", a, "name", "Open A", "system", "dutch",
                "rounds", "5", "eventId", event, "eventName", "Madrid Open 2026", "maxHalfPointByes", "two"));
        assertEquals(400, notANumber.statusCode(), excerpt(notANumber.body()));
        assertTrue(unescaped(notANumber.body()).contains("maximum half-point byes per player: 'two' is not a whole"
                + " number"), excerpt(notANumber.body()));
        HttpResponse<String> lateDeadline = send(organiser, "/new", form("id", a, "name", "Open A", "system", "dutch",
                "rounds", "5", "eventId", event, "eventName", "Madrid Open 2026", "lastEntryRound", "6"));
        assertEquals(400, lateDeadline.statusCode(), excerpt(lateDeadline.body()));
        assertTrue(unescaped(lateDeadline.body()).contains("entry deadline (last round a player may join): 6 is out of"
                + " range (1-5)"), excerpt(lateDeadline.body()));
        HttpResponse<String> noEventName = send(organiser, "/new", form("id", a, "name", "Open A", "system", "dutch",
                "rounds", "5", "eventId", event));
        assertEquals(400, noEventName.statusCode(), excerpt(noEventName.body()));
        assertTrue(unescaped(noEventName.body()).contains("event name (with the event id '" + event + "') is required"),
                excerpt(noEventName.body()));
        assertEquals(404, get(pairing + "/tournaments/" + a).statusCode(), "a refused form created the tournament");

        // when two tournaments of one event are created: A with two half-point byes at most, none in the last round,
        // entries up to round 1; B without limits
        assertRedirect(send(organiser, "/new", form("id", a, "name", "Open A", "system", "dutch", "rounds", "5",
                "eventId", event, "eventName", "Madrid Open 2026", "maxHalfPointByes", "2", "noByeLastRounds", "1",
                "lastEntryRound", "1")), "/t/" + a + "?done=created");
        assertRedirect(send(organiser, "/new", form("id", b, "name", "Open B", "system", "dutch", "rounds", "5",
                "eventId", event, "eventName", "Madrid Open 2026")), "/t/" + b + "?done=created");

        // then the event's page lists both with links, for a signed-out visitor too, and the home page groups them
        String eventPage = page(signedOut(), "/events/" + event);
        assertTrue(eventPage.contains("Madrid Open 2026") && eventPage.contains("href=\"/t/" + a + "\"")
                && eventPage.contains("href=\"/t/" + b + "\""), excerpt(eventPage));
        assertEquals(404, organiser.send(HttpRequest.newBuilder(base.resolve("/events/none-" + run)).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        String home = page(organiser, "/");
        Matcher group = Pattern.compile("<section[^>]*class=\"event\">(?:(?!</section>).)*href=\"/events/" + event
                + "\"(?:(?!</section>).)*</section>", Pattern.DOTALL).matcher(home);
        assertTrue(group.find(), excerpt(home));
        assertTrue(group.group().contains("/t/" + a) && group.group().contains("/t/" + b), group.group());
        String tournamentA = unescaped(page(organiser, "/t/" + a));
        assertTrue(tournamentA.contains("href=\"/events/" + event + "\"") && tournamentA.contains(
                "<dd id=\"max-byes\">2</dd>") && tournamentA.contains("<dd id=\"entry-deadline\">Round 1</dd>"),
                excerpt(tournamentA));
        JsonNode row = json(get(pairing + "/tournaments/" + a));
        assertEquals(event, row.path("eventId").asText());
        assertEquals(2, row.path("maxHalfPointByes").asInt());
        assertEquals(1, row.path("lastEntryRound").asInt());

        // given four players in A and its chief arbiter
        for (int i = 1; i <= 4; i++) {
            accepted(post(pairing + "/tournaments/" + a + "/players", "{\"playerId\":\"" + a + "-p" + i + "\",\"name\":"
                    + "\"Player " + i + "\",\"rating\":" + (2300 - 20 * i) + "}", organiserToken));
        }
        accepted(post(pairing + "/tournaments/" + a + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiserToken));
        awaitTrue("four players", () -> json(get(pairing + "/tournaments/" + a + "/players")).size() == 4);
        HttpClient chief = signIn("chief-arbiter");
        String ta = "/t/" + a;
        awaitTrue("the console shows the chief arbiter the bye form", () -> page(chief, ta).contains("id=\"bye-form\""));
        String p1 = a + "-p1";

        // when p1 asks for half-point byes in rounds 2 and 3, then a third in round 4
        assertRedirect(send(chief, ta + "/byes", form("playerId", p1, "round", "2", "kind", "HALF_POINT")),
                ta + "?done=byeRequested");
        assertRedirect(send(chief, ta + "/byes", form("playerId", p1, "round", "3", "kind", "HALF_POINT")),
                ta + "?done=byeRequested");
        HttpResponse<String> third = send(chief, ta + "/byes", form("playerId", p1, "round", "4", "kind",
                "HALF_POINT"));

        // then the third is refused on the page with the rule and the numbers, and not recorded
        assertEquals(409, third.statusCode(), excerpt(third.body()));
        String refusal = unescaped(third.body());
        assertTrue(refusal.contains("HALF_POINT_BYE_LIMIT") && refusal.contains("player '" + p1 + "' has 2 half-point"
                + " byes (rounds 2, 3); the tournament allows 2"), excerpt(third.body()));
        HttpResponse<String> lastRound = send(chief, ta + "/byes", form("playerId", a + "-p2", "round", "5", "kind",
                "HALF_POINT"));
        assertEquals(409, lastRound.statusCode(), excerpt(lastRound.body()));
        assertTrue(unescaped(lastRound.body()).contains("NO_HALF_POINT_BYE_ROUND") && unescaped(lastRound.body())
                .contains("the tournament allows none in its last 1 round (5)"), excerpt(lastRound.body()));
        HttpResponse<String> badRound = send(chief, ta + "/byes", form("playerId", p1, "round", "x", "kind",
                "HALF_POINT"));
        assertEquals(400, badRound.statusCode());
        assertTrue(unescaped(badRound.body()).contains("bye: round: 'x' is not a whole number"), excerpt(badRound.body()));
        Thread.sleep(1000); // anything a refused request had recorded would be folded by now
        String byes = page(chief, ta);
        Matcher table = Pattern.compile("<table id=\"byes-table\">.*?</table>", Pattern.DOTALL).matcher(byes);
        assertTrue(table.find(), excerpt(byes));
        assertEquals(2, table.group().split("<tr><td>", -1).length - 1, "exactly the two byes recorded: " + table.group());
        assertTrue(!table.group().contains("<td>4</td>") && !table.group().contains("<td>5</td>"), table.group());

        // when round 1 is paired and the organiser registers a late entrant: entries closed after round 1
        accepted(post(pairing + "/tournaments/" + a + "/rounds/next", "{\"seed\":3}", chiefToken));
        awaitTrue("round 1", () -> get(pairing + "/tournaments/" + a + "/rounds/1").statusCode() == 200);
        HttpResponse<String> late = send(organiser, ta + "/players", form("playerId", a + "-late", "name",
                "Late Comer", "rating", "1800"));
        assertEquals(409, late.statusCode(), excerpt(late.body()));
        assertTrue(unescaped(late.body()).contains("ENTRY_CLOSED") && unescaped(late.body()).contains("late entry of '"
                + a + "-late' refused: it would join round 2; the tournament takes entries up to round 1"),
                excerpt(late.body()));
        assertEquals(4, json(get(pairing + "/tournaments/" + a + "/players")).size(), "the late entrant was registered");
        // while B, of the same event and without a deadline, takes him
        accepted(post(pairing + "/tournaments/" + b + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiserToken));
        assertRedirect(send(organiser, "/t/" + b + "/players", form("playerId", b + "-late", "name", "Late Comer",
                "rating", "1800", "joinsRound", "3")), "/t/" + b + "?done=registered");
        String spanish = page(organiser, "/events/" + event + "?lang=es");
        assertTrue(spanish.contains("Torneos del evento"), excerpt(spanish));
    }

}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Check-in before round 1 on the console, against the real Keycloak (the code flow through its login form) and the
 * real pairing and game services: a hall arbiter and the chief arbiter check players in at the desk by typing a No. or
 * a name start, a bad entry is refused on the page naming what was typed (nothing recorded), a check-in made by
 * mistake is cancelled, a player checks himself in from his own page and is refused another's (403), and round 1
 * pairs only the players checked in (the other is absent: a zero-point bye). The desk in Spanish.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class CheckInPageTest extends ConsoleHttpTest {

    @Test
    void arbitersCheckInByTypingAPlayerChecksHimselfInAndRoundOnePairsThoseCheckedIn() throws Exception {
        String t = "ci-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String organiserToken = KeycloakStack.token("organiser");
        String chiefToken = KeycloakStack.token("chief-arbiter");
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Check-in\",\"system\":"
                + "\"dutch\",\"rounds\":3,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,"
                + "\"lastBoard\":2},{\"name\":\"B\",\"firstBoard\":3,\"lastBoard\":10}]}", organiserToken));
        awaitTrue("tournament " + t, () -> get(pairing + "/tournaments/" + t).statusCode() == 200);
        // by rating: No. 1 Alvarez, 2 Berg, 3 Castro, 4 Dahl
        String[] names = {"Alvarez, Ana", "Berg, Bo", "Castro, Cid", "Dahl, Dan"};
        for (int i = 1; i <= 4; i++) {
            accepted(post(pairing + "/tournaments/" + t + "/players", "{\"playerId\":\"" + t + "-p" + i + "\",\"name\":"
                    + "\"" + names[i - 1] + "\",\"rating\":" + (2400 - 100 * i) + "}", organiserToken));
        }
        String p3 = t + "-p3";
        String p4 = t + "-p4";
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"arbiter-2\",\"halls\":[\"B\"]}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/players/" + p3 + "/account", "{\"account\":\"player-1\"}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/players/" + p4 + "/account", "{\"account\":\"player-2\"}",
                organiserToken));
        awaitTrue("four players", () -> json(get(pairing + "/tournaments/" + t + "/players")).size() == 4);

        HttpClient chief = signIn("chief-arbiter");
        HttpClient hallB = signIn("arbiter-2");
        HttpClient player = signIn("player-1");
        String desk = "/t/" + t + "/check-in";
        awaitTrue("the console knows arbiter-2 and player-1", () -> page(hallB, desk).contains("id=\"checkin-form\"")
                && page(player, desk).contains("id=\"checkin-self\""));
        String empty = page(hallB, desk);
        assertTrue(empty.contains("id=\"checkin-count\">0<") && empty.contains("id=\"checkin-registered\">4<"),
                excerpt(empty));
        assertFalse(page(player, desk).contains("id=\"checkin-form\""), "a player has no desk, only his own button");

        // the arbiter of hall B (no hall is anyone's before round 1) types a No., the chief a name start
        HttpResponse<String> byNumber = send(hallB, desk, form("entry", "1"));
        assertEquals(200, byNumber.statusCode(), excerpt(byNumber.body()));
        assertTrue(unescaped(byNumber.body()).contains("Checked in: 1 Alvarez, Ana"), excerpt(byNumber.body()));
        HttpResponse<String> byName = send(chief, desk, form("entry", "berg"));
        assertEquals(200, byName.statusCode(), excerpt(byName.body()));
        assertTrue(byName.body().contains("id=\"checkin-count\">2<"), excerpt(byName.body()));

        // bad entries: said on the page with what was typed, nothing recorded
        HttpResponse<String> nobody = send(chief, desk, form("entry", "Zorro"));
        assertEquals(400, nobody.statusCode());
        assertTrue(unescaped(nobody.body()).contains("'Zorro': no registered player"), excerpt(nobody.body()));
        assertTrue(nobody.body().contains("value=\"Zorro\""), "the field keeps what was typed");
        HttpResponse<String> noNumber = send(chief, desk, form("entry", "9"));
        assertEquals(400, noNumber.statusCode());
        assertTrue(unescaped(noNumber.body()).contains("'9': no player has No. 9 (the list numbers 1-4)"),
                excerpt(noNumber.body()));
        HttpResponse<String> again = send(chief, desk, form("entry", "1"));
        assertEquals(409, again.statusCode(), excerpt(again.body()));
        assertTrue(unescaped(again.body()).contains("already checked in"), excerpt(again.body()));
        assertEquals(Set.of(t + "-p1", t + "-p2"), checkedIn(pairing, t));

        // a check-in made by mistake, cancelled from its row
        assertEquals(200, send(chief, desk, form("entry", "dahl")).statusCode());
        assertTrue(page(chief, desk).contains("id=\"checkin-cancel-4\""));
        HttpResponse<String> cancelled = send(chief, desk + "/cancel", form("playerId", p4));
        assertEquals(200, cancelled.statusCode(), excerpt(cancelled.body()));
        assertTrue(unescaped(cancelled.body()).contains("Check-in cancelled: 4 Dahl, Dan"), excerpt(cancelled.body()));
        assertEquals(Set.of(t + "-p1", t + "-p2"), checkedIn(pairing, t));

        // a player: never another's check-in (403, nothing sent), his own from his page (the hall tablet)
        HttpResponse<String> other = send(player, desk, form("entry", p4, "back", "me"));
        assertEquals(403, other.statusCode(), excerpt(other.body()));
        assertTrue(page(player, "/me").contains("id=\"my-checkin-" + t + "\""));
        HttpResponse<String> himself = send(player, desk, form("entry", p3, "back", "me"));
        assertEquals(303, himself.statusCode(), excerpt(himself.body()));
        assertTrue(himself.headers().firstValue("Location").orElse("").endsWith("/me?done=checkedIn"));
        assertEquals(Set.of(t + "-p1", t + "-p2", p3), checkedIn(pairing, t));
        assertTrue(page(chief, desk).contains("id=\"checkin-count\">3<"));

        // round 1 pairs the three checked in (one board, the pairing bye); Dahl is absent: a zero-point bye
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{\"seed\":5}", chiefToken));
        awaitTrue("round 1", () -> get(pairing + "/tournaments/" + t + "/rounds/1").statusCode() == 200);
        JsonNode round = json(get(pairing + "/tournaments/" + t + "/rounds/1"));
        Set<String> seated = new TreeSet<>();
        round.path("halls").forEach(hall -> hall.forEach(b -> {
            seated.add(b.path("white").asText());
            seated.add(b.path("black").asText());
        }));
        List<String> byes = new ArrayList<>();
        round.path("byes").forEach(b -> byes.add(b.path("playerId").asText() + " " + b.path("kind").asText()));
        assertEquals(2, seated.size(), round.toString());
        assertFalse(seated.contains(p4), "not checked in, not paired: " + round);
        assertTrue(byes.contains(p4 + " ZERO_POINT"), byes.toString());
        assertEquals(2, byes.size(), byes.toString());

        // check-in is closed once round 1 is paired
        String closed = page(chief, desk);
        assertTrue(closed.contains("id=\"checkin-closed\"") && !closed.contains("id=\"checkin-form\""),
                excerpt(closed));
        HttpResponse<String> late = send(chief, desk, form("entry", "4"));
        assertEquals(409, late.statusCode(), excerpt(late.body()));
        assertTrue(unescaped(late.body()).contains("round 1 is already paired"), excerpt(late.body()));

        // the desk in Spanish
        assertTrue(page(chief, desk + "?lang=es").contains("Control de presencia antes de la ronda 1"));
    }

    private Set<String> checkedIn(String pairing, String t) {
        Set<String> ids = new TreeSet<>();
        json(get(pairing + "/tournaments/" + t + "/players")).forEach(p -> {
            if (p.path("checkedIn").asBoolean()) {
                ids.add(p.path("playerId").asText());
            }
        });
        return ids;
    }

}

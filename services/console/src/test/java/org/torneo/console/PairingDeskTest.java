package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
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
 * The chief arbiter's forbidden pairs and changes by hand on the console, against the real Keycloak (the code flow
 * through its login form, no browser) and the real pairing and game services: a pair forbidden on the tournament page
 * changes round 1 as the Dutch rules require and a pair lifted leaves the list; on the round page a swap between boards,
 * a late arrival paired with the bye, each recorded with who and why (the audit line) and reaching the pairing service
 * and the games; a change seating the forbidden pair refused with the rule, bad input refused on the page with what is
 * wrong, nothing changed; a hall arbiter is not shown the forms and is refused the routes; the page in Spanish.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class PairingDeskTest extends ConsoleHttpTest {

    @Test
    void forbiddenPairsAndChangesByHandFromThePages() throws Exception {
        String t = "h-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String organiserToken = KeycloakStack.token("organiser");
        String chiefToken = KeycloakStack.token("chief-arbiter");
        // halls A (1-2) and B (3-10); p1..p8 by rating, p8 asks for a zero-point bye in round 1 (he is late)
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Desk\",\"system\":\"dutch\","
                + "\"rounds\":3,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,\"lastBoard\":2},"
                + "{\"name\":\"B\",\"firstBoard\":3,\"lastBoard\":10}]}", organiserToken));
        awaitTrue("tournament " + t, () -> get(pairing + "/tournaments/" + t).statusCode() == 200);
        for (int i = 1; i <= 8; i++) {
            accepted(post(pairing + "/tournaments/" + t + "/players", "{\"playerId\":\"" + t + "-p" + i + "\",\"name\":"
                    + "\"Player " + i + "\",\"rating\":" + (2400 - 50 * i) + "}", organiserToken));
        }
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiserToken));
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"arbiter-2\",\"halls\":[\"B\"]}",
                organiserToken));
        awaitTrue("eight players", () -> json(get(pairing + "/tournaments/" + t + "/players")).size() == 8);
        String p1 = t + "-p1";
        String p4 = t + "-p4";
        String p8 = t + "-p8";
        accepted(post(pairing + "/tournaments/" + t + "/byes", "{\"playerId\":\"" + p8 + "\",\"round\":1,\"kind\":"
                + "\"ZERO_POINT\"}", chiefToken));

        HttpClient chief = signIn("chief-arbiter");
        HttpClient hallB = signIn("arbiter-2");
        String tt = "/t/" + t;
        awaitTrue("the console shows the chief arbiter the forbidden pairs",
                () -> page(chief, tt).contains("id=\"forbid-form\""));
        assertFalse(page(hallB, tt).contains("id=\"forbid-form\""), "a hall arbiter may not forbid pairs");
        assertEquals(403, send(hallB, tt + "/forbidden-pairs", form("first", p1, "second", p4, "reason", "x"))
                .statusCode());

        // bad input: said on the page, nothing recorded
        HttpResponse<String> unknown = send(chief, tt + "/forbidden-pairs", form("first", p1, "second", "nobody",
                "reason", "family"));
        assertEquals(400, unknown.statusCode());
        assertTrue(unescaped(unknown.body()).contains("'nobody' is not a registered player"),
                excerpt(unknown.body()));
        HttpResponse<String> noReason = send(chief, tt + "/forbidden-pairs", form("first", p1, "second", p4));
        assertEquals(400, noReason.statusCode());
        assertTrue(unescaped(noReason.body()).contains("reason is required"), excerpt(noReason.body()));
        assertTrue(page(chief, tt).contains("id=\"no-forbidden\""));

        // p1 and p4 would meet on board 1 (S1 1-3 against S2 4-6, p7 the bye): forbidden, and p2-p3 forbidden then lifted
        assertRedirect(send(chief, tt + "/forbidden-pairs", form("first", p1, "second", p4, "reason", "same family")),
                tt + "?done=pairForbidden");
        assertRedirect(send(chief, tt + "/forbidden-pairs", form("first", t + "-p2", "second", t + "-p3", "reason",
                "same club")), tt + "?done=pairForbidden");
        String listed = page(chief, tt);
        assertTrue(listed.contains("same family") && listed.contains("same club"), excerpt(listed));
        assertRedirect(send(chief, tt + "/forbidden-pairs/allow", form("first", t + "-p3", "second", t + "-p2")),
                tt + "?done=pairAllowed");
        listed = page(chief, tt);
        assertTrue(listed.contains("same family") && !listed.contains("same club"), excerpt(listed));
        assertTrue(listed.contains("chief-arbiter"), "who declared it is shown");

        // round 1: C1 keeps p1 from p4 (the Dutch engine's first transposition of S2: p1-p5, p2-p4, p3-p6)
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{\"seed\":5}", chiefToken));
        awaitTrue("round 1", () -> get(pairing + "/tournaments/" + t + "/rounds/1").statusCode() == 200);
        List<String[]> boards = boards(pairing, t);
        assertEquals(3, boards.size());
        assertTrue(boards.stream().noneMatch(b -> pairOf(b, p1, p4)), "the forbidden pair was paired: " + show(boards));
        assertTrue(pairOf(boards.get(0), p1, t + "-p5"), show(boards));
        assertTrue(pairOf(boards.get(1), t + "-p2", p4), show(boards));
        awaitTrue("round 1's three games", () -> json(get(game + "/games?tournament=" + t + "&round=1")).size() == 3);

        String round = tt + "/rounds/1";
        assertTrue(page(chief, round).contains("id=\"change-form\""));
        assertFalse(page(hallB, round).contains("id=\"change-form\""), "a hall arbiter may not change the pairing");
        assertEquals(403, send(hallB, round + "/changes", form("kind", "EXCHANGE_COLOURS", "board", "3", "reason", "x"))
                .statusCode());

        // a change seating the forbidden pair is refused naming the rule; nothing changes
        String[] one = boards.get(0);
        String partnerOfP1 = one[1].equals(p1) ? one[2] : one[1];
        HttpResponse<String> forbidden = send(chief, round + "/changes", form("kind", "SWAP_PLAYERS", "first",
                partnerOfP1, "second", p4, "reason", "try"));
        assertEquals(409, forbidden.statusCode(), excerpt(forbidden.body()));
        assertTrue(forbidden.body().contains("FORBIDDEN_PAIR") && forbidden.body().contains("C.04.1.b"),
                excerpt(forbidden.body()));
        HttpResponse<String> noBoard = send(chief, round + "/changes", form("kind", "EXCHANGE_COLOURS", "board", "x",
                "reason", "typo"));
        assertEquals(400, noBoard.statusCode());
        assertTrue(unescaped(noBoard.body()).contains("board: 'x' is not a whole number"), excerpt(noBoard.body()));
        assertEquals(show(boards), show(boards(pairing, t)), "a refused change changed the round");

        // the swap: p2 (board 2) and p3 (board 3) change places (p2-p3 was lifted: they may meet)
        String p2 = t + "-p2";
        String p3 = t + "-p3";
        String[] three = boards.get(2);
        assertTrue(pairOf(three, p3, t + "-p6"), show(boards));
        assertRedirect(send(chief, round + "/changes", form("kind", "SWAP_PLAYERS", "first", p2, "second", p3,
                "reason", "seated at the wrong boards")), round + "?done=changedByHand");
        String[] two = boards.get(1);
        List<String> expected = List.of(show(List.of(swapped(two, p2, p3), swapped(three, p3, p2))));
        awaitTrue("the swap in the pairing service's round", () -> List.of(show(boards(pairing, t).subList(1, 3)))
                .equals(expected));
        String seatOfP2 = "board 2, " + (two[1].equals(p2) ? "White" : "Black");
        String seatOfP3 = "board 3, " + (three[1].equals(p3) ? "White" : "Black");
        awaitTrue("board 2's game has p3", () -> gameOn(game, t, 2).toString().contains("\"" + p3 + "\""));
        // the late arrival p8 against the pairing-allocated bye, on board 4 of hall B
        String bye = json(get(pairing + "/tournaments/" + t + "/rounds/1")).path("byes").findValues("playerId").stream()
                .map(JsonNode::asText).filter(id -> !id.equals(p8)).findFirst().orElseThrow();
        // the byes before: their kinds in words, in both languages, and the link back under the tournament's name
        String byes = unescaped(page(chief, round));
        assertTrue(byes.contains("<li>" + name(bye) + ": pairing-allocated bye (1)</li>")
                && byes.contains("<li>Player 8: zero-point bye (0)</li>") && byes.contains(">Back: Desk</a>"),
                excerpt(byes));
        String descansos = unescaped(page(chief, round + "?lang=es"));
        assertTrue(descansos.contains("<li>" + name(bye) + ": descanso asignado por el emparejamiento (1)</li>")
                && descansos.contains("<li>Player 8: descanso de cero puntos (0)</li>")
                && descansos.contains(">Volver: Desk</a>"), excerpt(descansos));
        assertFalse(descansos.contains("PAIRING_BYE") || descansos.contains("ZERO_POINT"), excerpt(descansos));
        page(chief, round + "?lang=en"); // the language cookie back to English for the pages below
        assertRedirect(send(chief, round + "/changes", form("kind", "PAIR_UNPAIRED", "first", p8, "second", bye,
                "reason", "p8 arrived before the start")), round + "?done=changedByHand");
        awaitTrue("board 4 in hall B", () -> boards(pairing, t).size() == 4);
        String[] four = boards(pairing, t).get(3);
        assertEquals(List.of("4", p8, bye, "B"), List.of(four));
        awaitTrue("board 4's game", () -> gameOn(game, t, 4).path("whitePlayerId").asText().equals(p8));

        // the audit line: when, by whom, what and why, in both languages' frame
        String audit = page(chief, round);
        assertTrue(audit.contains("id=\"change-1\""), excerpt(audit));
        Matcher line = Pattern.compile("<li id=\"change-0\">(.*?)</li>", Pattern.DOTALL).matcher(audit);
        assertTrue(line.find(), excerpt(audit));
        String first = unescaped(line.group(1));
        // said from the change's structure: the players by name and pairing number, never the service's sentence
        assertTrue(first.contains("by chief-arbiter: " + label(pairing, t, p2, "No.") + " (" + seatOfP2 + ") and "
                + label(pairing, t, p3, "No.") + " (" + seatOfP3 + ") swapped; reason: seated at the wrong boards"),
                first);
        assertFalse(first.contains("hand change") || first.contains("'" + p2 + "'"), first);
        assertReadableTime(first);
        String spanish = unescaped(page(chief, round + "?lang=es"));
        assertTrue(spanish.contains("Cambios en el emparejamiento publicado") && spanish.contains("por chief-arbiter")
                && spanish.contains("Cambiar el emparejamiento a mano"), excerpt(spanish));
        Matcher cambio = Pattern.compile("<li id=\"change-0\">(.*?)</li>", Pattern.DOTALL).matcher(spanish);
        assertTrue(cambio.find(), excerpt(spanish));
        assertTrue(cambio.group(1).contains("por chief-arbiter: " + label(pairing, t, p2, "n.º") + " ("
                + seatOfP2.replace("board", "tablero").replace("White", "blancas").replace("Black", "negras") + ") y "
                + label(pairing, t, p3, "n.º") + " (" + seatOfP3.replace("board", "tablero").replace("White", "blancas")
                .replace("Black", "negras") + ") intercambiados; motivo: seated at the wrong boards"), cambio.group(1));
        assertReadableTime(cambio.group(1));
        Matcher late = Pattern.compile("<li id=\"change-1\">(.*?)</li>", Pattern.DOTALL).matcher(spanish);
        assertTrue(late.find() && late.group(1).contains(label(pairing, t, p8, "n.º") + " (blancas) y "
                + label(pairing, t, bye, "n.º") + " (negras), ambos sin partida, emparejados en el tablero 4; motivo:"
                + " p8 arrived before the start"), excerpt(spanish));
    }

    /**
     * A swap the pairing rules allow but the Dutch system would not make (a winner of round 1 seated against a loser in
     * round 2) is made, and the round page shows the Dutch checker's warning beside the change: the criterion, the board
     * and the players by name, in English and in Spanish.
     */
    @Test
    void aSwapAcrossScoreGroupsShowsTheDutchCheckersWarningBesideTheChange() throws Exception {
        String t = "w-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        String organiserToken = KeycloakStack.token("organiser");
        String chiefToken = KeycloakStack.token("chief-arbiter");
        accepted(post(pairing + "/tournaments", "{\"tournamentId\":\"" + t + "\",\"name\":\"Warn\",\"system\":\"dutch\","
                + "\"rounds\":3,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\",\"firstBoard\":1,\"lastBoard\":10}]}",
                organiserToken));
        awaitTrue("tournament " + t, () -> get(pairing + "/tournaments/" + t).statusCode() == 200);
        for (int i = 1; i <= 4; i++) {
            accepted(post(pairing + "/tournaments/" + t + "/players", "{\"playerId\":\"" + t + "-p" + i + "\",\"name\":"
                    + "\"Player " + i + "\",\"rating\":" + (2400 - 50 * i) + "}", organiserToken));
        }
        accepted(post(pairing + "/tournaments/" + t + "/arbiters", "{\"account\":\"chief-arbiter\",\"chief\":true}",
                organiserToken));
        awaitTrue("four players", () -> json(get(pairing + "/tournaments/" + t + "/players")).size() == 4);
        HttpClient chief = signIn("chief-arbiter");
        String tt = "/t/" + t;
        // round 1: both Whites win, entered on the hall's screen; the round closed
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{\"seed\":3}", chiefToken));
        awaitTrue("round 1's two games", () -> json(get(game + "/games?tournament=" + t + "&round=1")).size() == 2);
        List<String[]> round1 = boards(pairing, t, 1);
        for (String board : List.of("1", "2")) {
            HttpResponse<String> entered = send(chief, tt + "/rounds/1/halls/A", form("entry", board + " 1"));
            assertTrue(entered.statusCode() == 303 || entered.statusCode() == 200, excerpt(entered.body()));
        }
        awaitTrue("round 1 closed", () -> {
            try {
                send(chief, tt + "/rounds/1/close", "");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return json(get(pairing + "/tournaments/" + t + "/rounds/1")).path("closed").asBoolean();
        });
        // round 2: the winners meet on board 1, the losers on board 2
        accepted(post(pairing + "/tournaments/" + t + "/rounds/next", "{\"seed\":4}", chiefToken));
        awaitTrue("round 2", () -> get(pairing + "/tournaments/" + t + "/rounds/2").statusCode() == 200);
        List<String[]> round2 = boards(pairing, t, 2);
        List<String> winners = List.of(round1.get(0)[1], round1.get(1)[1]);
        assertTrue(pairOf(round2.get(0), winners.get(0), winners.get(1)), show(round2));
        // a winner changes places with the loser he beat (they met, but are not seated together): allowed (C.04.1.b
        // holds), worse than the Dutch rules want
        String winner = winners.get(0);
        String loser = round1.get(0)[2];
        String round = tt + "/rounds/2";
        assertRedirect(send(chief, round + "/changes", form("kind", "SWAP_PLAYERS", "first", winner, "second", loser,
                "reason", "seated at the wrong boards")), round + "?done=changedByHand");
        awaitTrue("the change and its warnings on the round page", () -> page(chief, round).contains("class=\"warning\""));
        String page = unescaped(page(chief, round));
        Matcher change = Pattern.compile("<li id=\"change-0\">(.*?)</div></li>", Pattern.DOTALL).matcher(page);
        assertTrue(change.find(), excerpt(page));
        String shown = change.group(1);
        String otherWinner = winners.get(1);
        String otherLoser = round1.get(1)[2];
        // board 1 now pairs the other winner with the loser, board 2 the winner with the other loser: one point apart
        assertTrue(shown.contains("The Dutch checker's warnings"), shown);
        assertTrue(shown.contains("Board 1, C.04.3 C6-C7: " + name(otherWinner) + " and " + name(loser)
                + " are of different score groups (score difference 1; " + name(otherWinner) + " floats down)"), shown);
        assertTrue(shown.contains("Board 2, C.04.3 C6-C7: " + name(winner) + " and " + name(otherLoser)
                + " are of different score groups (score difference 1"), shown);
        String spanish = unescaped(page(chief, round + "?lang=es"));
        assertTrue(spanish.contains("Avisos del verificador") && spanish.contains("Tablero 1, C.04.3 C6-C7: "
                + name(otherWinner) + " y " + name(loser) + " son de grupos de puntuación distintos"), excerpt(spanish));
    }

    /** The change line's name of a player: "Player 3 (No. 3)", with his pairing number from the players route. */
    private String label(String pairing, String t, String playerId, String no) {
        for (JsonNode p : json(get(pairing + "/tournaments/" + t + "/players"))) {
            if (p.path("playerId").asText().equals(playerId)) {
                return p.path("pairingNumber").isNumber() ? p.path("name").asText() + " (" + no + " "
                        + p.path("pairingNumber").asText() + ")" : p.path("name").asText();
            }
        }
        throw new AssertionError("no player " + playerId);
    }

    /** The time of a change line is the readable one (date, time and zone), the instant only in the attribute. */
    private static void assertReadableTime(String line) {
        Matcher time = Pattern.compile("<time datetime=\"([^\"]*)\">([^<]*)</time>").matcher(line);
        assertTrue(time.find(), line);
        assertTrue(time.group(1).matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), time.group(1));
        assertFalse(time.group(2).contains("T") && time.group(2).contains("Z"), "an instant shown: " + line);
        assertTrue(time.group(2).matches(".*\\d{4}, \\d\\d:\\d\\d:\\d\\d .*"), "not a readable time: " + line);
    }

    /** "Player 3" for the id "...-p3". */
    private static String name(String playerId) {
        return "Player " + playerId.substring(playerId.lastIndexOf("-p") + 2);
    }

    // ------------------------------------------------------------------ helpers

    /** The round's boards as [number, white, black, hall], by board number. */
    private List<String[]> boards(String pairing, String t) {
        return boards(pairing, t, 1);
    }


    /** The board with {@code out} replaced by {@code in} in his seat. */
    private static String[] swapped(String[] board, String out, String in) {
        return new String[] {board[0], board[1].equals(out) ? in : board[1], board[2].equals(out) ? in : board[2],
                board[3]};
    }

    private static boolean pairOf(String[] board, String a, String b) {
        return board[1].equals(a) && board[2].equals(b) || board[1].equals(b) && board[2].equals(a);
    }

    private static String show(List<String[]> boards) {
        return boards.stream().map(b -> String.join(" ", b)).toList().toString();
    }

    private JsonNode gameOn(String game, String t, int board) {
        for (JsonNode g : json(get(game + "/games?tournament=" + t + "&round=1"))) {
            if (g.path("board").asInt() == board) {
                return g;
            }
        }
        return JSON.createObjectNode();
    }

}

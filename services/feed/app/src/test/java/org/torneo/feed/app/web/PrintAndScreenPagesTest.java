package org.torneo.feed.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;

/**
 * The tournament, round and standings pages, the printed lists and the hall screens as the routes render them
 * (the route methods called on a model fed the tournament's events): halls by the organiser's names, players by
 * name with No. and rating, each list's table with its header, and the 4xx answers for what does not exist.
 */
class PrintAndScreenPagesTest {

    private static final String T = "open-otono";
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());
    private final Pages pages = Templates.fill(new Pages());
    private final Prints prints = Templates.fill(new Prints());
    private final Screens screens = Templates.fill(new Screens());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    @BeforeEach
    void givenRoundOneWithAResult() {
        pages.model = model;
        prints.model = model;
        screens.model = model;
        given(T, new TournamentEvent.TournamentCreated(T, "c-1", Chain.ARBITER, Chain.T0, "Open de Otoño",
                PairingSystemKind.DUTCH, 9, Scoring.classic(), "fide-2018",
                List.of(new Hall("Hall A", 1, 2), new Hall("Hall D", 3, 10_000)), null, List.of("BH", "SB")));
        String[] names = {"Bravo, Luis", "Álvarez, Marta", "Zapata, Íñigo", "Alvarez, Ana", "Ñúñez, Pilar",
            "Nuño, Raúl", "Ortega, Eva"};
        for (int i = 1; i <= 7; i++) {
            given(T, Chain.player(T, "p" + i, names[i - 1], 2350 - 50 * i));
        }
        given(T, new TournamentEvent.RoundPaired(T, "c-r1", Chain.ARBITER, Chain.T0, 1, PairingSystemKind.DUTCH, 1L,
                List.of(new Board(1, null, "p1", "p5"), new Board(2, null, "p6", "p2"), new Board(3, null, "p3", "p7")),
                List.of(new Bye("p4", ByeKind.HALF_POINT, Score.HALF))));
        given(T, Chain.player(T, "p8", "Cano, Elena", 1900));
        given(T, Chain.ended("g1", T, 1, 1, "p1", "p5", GameResult.WHITE_WINS));
    }

    @Test
    void theTournamentPageNamesHallsAsTheOrganiserDidWithTheBoardsTheyHold() {
        String en = pages.tournament(T, "en", null);
        assertFalse(en.contains("Hall Hall"), en);
        // 8 players use at most 4 boards: Hall D's open end (10,000) is cut there
        assertTrue(en.contains("Halls: <span class=\"hall\">Hall A (boards 1–2)</span> · "
                + "<span class=\"hall\">Hall D (boards 3–4)</span>"), en);
        assertTrue(en.contains("Tie-breaks: BH, SB"), en);
        // number, title, name, federation (none given here), rating, points
        assertTrue(en.contains("<tr data-player=\"p1\"><td class=\"num\">1</td><td class=\"title\"></td><td><a href="
                + "\"/t/open-otono/players/p1?lang=en\">Bravo, Luis</a></td><td class=\"fed\"></td><td class=\"num\">2300</td>"
                + "<td class=\"num\">1</td></tr>"), en);
        assertTrue(en.contains("<a href=\"/t/open-otono/halls/Hall%20D/screen?lang=en\">Hall D</a>"), en);
        String es = pages.tournament(T, "es", null);
        assertTrue(es.contains("Salas: <span class=\"hall\">Hall A (tableros 1–2)</span>"), es);
    }

    @Test
    void theRoundPageHeadsEachHallWithItsNameAndShowsNumbersAndRatings() {
        String en = pages.round(T, "1", null, "en", null);
        assertTrue(en.contains("<h2>Hall A</h2>") && en.contains("<h2>Hall D</h2>"), en);
        assertTrue(en.contains("<tr data-board=\"2\"><td class=\"num\">2</td><td class=\"num\">6</td><td>"
                + "<a href=\"/t/open-otono/players/p6?lang=en\">Nuño, Raúl</a></td><td class=\"num\">2050</td>"), en);
        assertTrue(en.contains("Half-point bye (½)"), en);
    }

    @Test
    void theStandingsPageShowsNumberNameAndRating() {
        String es = pages.standings(T, "es", null);
        assertTrue(es.contains("<tr data-player=\"p1\"><td class=\"num\">1</td><td class=\"num\">1</td><td>"
                + "<a href=\"/t/open-otono/players/p1?lang=es\">Bravo, Luis</a></td><td class=\"num\">2300</td>"
                + "<td class=\"num\">1</td></tr>"), es);
    }

    @Test
    void everyPageShowsHalfPointsWithTheHalfSignWhileTheJsonKeepsTheNumber() {
        // given a draw on board 2 (Hall A): Nuño (p6) and Álvarez (p2) have ½, Alvarez, Ana (p4) her half-point bye
        given(T, Chain.ended("g2", T, 1, 2, "p6", "p2", GameResult.DRAW));
        assertEquals("0.5", model.standings(T).rows().stream().filter(r -> r.playerId().equals("p6")).findFirst()
                .orElseThrow().values().get(0), "the standings' data (the JSON route) keep the number");
        for (String lang : List.of("en", "es")) {
            java.util.Map<String, String> shown = new java.util.LinkedHashMap<>();
            shown.put("tournament", pages.tournament(T, lang, null));
            shown.put("standings", pages.standings(T, lang, null));
            shown.put("player card", pages.player(T, "p4", lang, null));
            shown.put("hall screen", screens.screen(T, "Hall A", null, null, lang, null));
            for (String list : Prints.LISTS) {
                shown.put("print " + list, prints.list(T, list, "alphabetical".equals(list) || "pairings".equals(list)
                        || "results".equals(list) ? "1" : null, null, lang, null));
            }
            for (var page : shown.entrySet()) {
                assertFalse(page.getValue().matches("(?s).*>\\s*-?\\d+\\.5\\s*<.*"),
                        lang + " " + page.getKey() + " shows points as a decimal: " + page.getValue());
            }
            String row = "<tr data-player=\"p6\"><td class=\"num\">";
            assertTrue(shown.get("standings").matches("(?s).*" + row + "\\d+</td><td class=\"num\">6</td>.*"
                    + "<td class=\"num\">2050</td><td class=\"num\">½</td></tr>.*"), lang + ": " + shown.get("standings"));
            assertTrue(shown.get("tournament").contains("<td class=\"num\">2150</td><td class=\"num\">½</td></tr>"),
                    "Alvarez, Ana's half-point bye in the player list: " + shown.get("tournament"));
            assertTrue(shown.get("player card").contains("<b id=\"total\">½</b>"), shown.get("player card"));
            assertTrue(shown.get("hall screen").matches("(?s).*" + row + "\\d+</td><td class=\"num\">6</td>.*?"
                    + "<td class=\"num\">½</td></tr>.*"), shown.get("hall screen"));
            assertTrue(shown.get("print standings").matches("(?s).*<tr data-player=\"p2\">.*?<td class=\"num\">½</td>"
                    + "</tr>.*"), shown.get("print standings"));
            assertTrue(shown.get("print crosstable").matches("(?s).*<tr data-player=\"p6\">.*?"
                    + "<td class=\"num cell\">2w½</td><td class=\"num\">½</td></tr>.*"), shown.get("print crosstable"));
            assertTrue(shown.get("print grid").matches("(?s).*<tr data-player=\"p2\">.*?<td class=\"num\">½</td></tr>.*"),
                    shown.get("print grid"));
        }
    }

    @Test
    void theRatingServicesStandingsShowTheirPointsWithTheHalfSignAndTheTieBreaksAsComputed() {
        given(T, new org.torneo.contracts.rating.RatingEvent.StandingsComputed(T, 1, "2024", List.of("PTS", "BH", "SB"),
                List.of(new org.torneo.contracts.rating.RatingEvent.StandingRow(1, "p1", 1, List.of("1.5", "2.5", "1.25")),
                        new org.torneo.contracts.rating.RatingEvent.StandingRow(2, "p2", 2, List.of("3.0", "0.5", "0"))),
                Chain.T0.plusSeconds(7200)));
        String es = pages.standings(T, "es", null);
        assertTrue(es.contains("<td class=\"num\">2300</td><td class=\"num\">1½</td><td class=\"num\">2.5</td>"
                + "<td class=\"num\">1.25</td></tr>"), es);
        assertTrue(es.contains("<td class=\"num\">3</td><td class=\"num\">0.5</td><td class=\"num\">0</td></tr>"), es);
        String print = prints.list(T, "standings", null, null, "en", null);
        assertTrue(print.contains("<td class=\"num\">1½</td><td class=\"num\">2.5</td>"), print);
    }

    @Test
    void duringRoundTwoTheStandingsPageSaysInEachLanguageThatItsPointsAreLiveAndItsTieBreaksAsAfterRoundOne() {
        // given round 1 finished and the rating service's standings after it, then round 2 paired
        given(T, Chain.ended("g2", T, 1, 2, "p6", "p2", GameResult.DRAW));
        given(T, Chain.ended("g3", T, 1, 3, "p3", "p7", GameResult.WHITE_WINS));
        given(T, Chain.standings(T, 1, List.of(row(1, 1, "1", "1.5"), row(3, 2, "1", "1"), row(4, 3, "0.5", "0"),
                row(2, 4, "0.5", "0.5"), row(6, 5, "0.5", "0.5"), row(5, 6, "0", "1"), row(7, 7, "0", "1"))));
        given(T, Chain.paired(T, 2, List.of(new Board(1, null, "p3", "p1"), new Board(2, null, "p4", "p6"),
                new Board(3, null, "p2", "p5"), new Board(4, null, "p7", "p8")), List.of()));
        String official = pages.standings(T, "en", null);
        assertTrue(official.contains("<p>after round 1</p>"), "no result of round 2 yet: " + official);
        assertFalse(official.contains("Live"), official);

        // when the first result of round 2 arrives: p3 beats p1 on board 1
        given(T, Chain.ended("g5", T, 2, 1, "p3", "p1", GameResult.WHITE_WINS));

        // then the page says its points are live, after round 1, in English and in Spanish, p3 first on 2 points
        String en = pages.standings(T, "en", null);
        assertTrue(en.contains("<p>Live: points after round 1 plus the results of later rounds so far; tie-breaks as"
                + " after round 1</p>"), en);
        String es = pages.standings(T, "es", null);
        assertTrue(es.contains("<p>En directo: puntos tras la ronda 1 más los resultados de las rondas siguientes hasta"
                + " ahora; desempates como tras la ronda 1</p>"), es);
        assertFalse(es.contains("Live:") || es.contains("<p>tras la ronda 1</p>"), es);
        for (String page : List.of(en, es)) {
            assertTrue(page.matches("(?s).*<tbody>\\s*<tr data-player=\"p3\"><td class=\"num\">1</td>[^\\n]*?"
                    + "<td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">0</td></tr>.*"),
                    "p3 first, 2 points live, BH as after round 1: " + page);
        }
    }

    /** A row of the rating service's standings after round 1: PTS and BH (SB 0). */
    private static org.torneo.contracts.rating.RatingEvent.StandingRow row(int player, int rank, String points,
                                                                        String buchholz) {
        return new org.torneo.contracts.rating.RatingEvent.StandingRow(player, "p" + player, rank, List.of(points,
                buchholz, "0"));
    }

    @Test
    void everyListPrintsATableWithItsHeader() {
        for (String list : Prints.LISTS) {
            String page = prints.list(T, list, null, null, "en", null);
            assertTrue(page.contains("<body class=\"print\">"), list);
            assertTrue(page.contains("<table class=\"list " + list), list + ": " + page);
            assertTrue(page.contains("<thead>"), list);
        }
        String index = prints.index(T, "es", null);
        assertTrue(index.contains("href=\"/t/open-otono/print/alphabetical?lang=es&amp;round=1\">"
                + "Emparejamientos por orden alfabético</a>"), index);
    }

    @Test
    void theAlphabeticalListSaysWhereEachPlayerSitsOrWhyHeDoesNot() {
        String es = prints.list(T, "alphabetical", "1", null, "es", null);
        int alvarez = es.indexOf("Álvarez, Marta");
        int bravo = es.indexOf("Bravo, Luis");
        assertTrue(alvarez > 0 && alvarez < bravo, "Á with the A's");
        assertTrue(es.contains("<tr data-player=\"p2\"><td>Álvarez, Marta</td><td class=\"num\">2</td>"
                + "<td class=\"num seat\">2</td><td>Hall A</td><td>Negras</td><td>Nuño, Raúl</td>"
                + "<td class=\"num\">6</td></tr>"), es);
        assertTrue(es.contains("<td colspan=\"3\">Descanso de medio punto (½)</td>"), es);
        assertTrue(es.contains("<td colspan=\"3\"><i>no emparejado en esta ronda</i></td>"), es);
        String hallD = prints.list(T, "alphabetical", "1", "Hall D", "en", null);
        assertFalse(hallD.contains("Bravo, Luis"), hallD);
        assertTrue(hallD.contains("Zapata, Íñigo") && hallD.contains("Ortega, Eva"), hallD);
    }

    @Test
    void theCheckInListIsAlphabeticalWithABoxToTick() {
        String es = prints.list(T, "checkin", null, null, "es", null);
        assertTrue(es.indexOf("Alvarez, Ana") < es.indexOf("Álvarez, Marta")
                && es.indexOf("Álvarez, Marta") < es.indexOf("Bravo, Luis"), es);
        assertTrue(es.contains("<th>Presente</th><th>Firma</th>"), es);
        assertTrue(es.contains("<tr data-player=\"p1\"><td class=\"num\">1</td><td>Bravo, Luis</td><td class=\"num\">"
                + "2300</td><td class=\"box\">☐</td>"), es);
    }

    @Test
    void theCheckInAndPlayerListsShowWhoCheckedIn() {
        given(T, new TournamentEvent.PlayerCheckedIn(T, "c-ci-1", Chain.ARBITER, Chain.T0, "p1"));
        given(T, new TournamentEvent.PlayerCheckedIn(T, "c-ci-2", Chain.ARBITER, Chain.T0, "p2"));
        given(T, new TournamentEvent.CheckInCancelled(T, "c-ci-3", Chain.ARBITER, Chain.T0, "p2", "wrong player"));

        String checkin = prints.list(T, "checkin", null, null, "es", null);
        assertTrue(checkin.contains("<tr data-player=\"p1\"><td class=\"num\">1</td><td>Bravo, Luis</td><td class=\"num\">"
                + "2300</td><td class=\"box\">☑ <span class=\"checked-in\">presente</span></td>"), checkin);
        assertTrue(checkin.contains("<tr data-player=\"p2\"><td class=\"num\">2</td><td>Álvarez, Marta</td><td class=\"num\">"
                + "2250</td><td class=\"box\">☐</td>"), "a cancelled check-in: " + checkin);
        String players = prints.list(T, "players", null, null, "en", null);
        assertTrue(players.contains("<td>Bravo, Luis <i>(checked in)</i></td>"), players);
        assertTrue(players.contains("<td>Álvarez, Marta</td>"), players);
    }

    @Test
    void theResultsAndCrosstablePrintTheResult() {
        String results = prints.list(T, "results", "1", null, "en", null);
        assertTrue(results.contains("<td class=\"result\">1-0</td>"), results);
        assertTrue(results.contains("<td class=\"result\">–</td>"), "a game without result yet: " + results);
        String cross = prints.list(T, "crosstable", null, null, "en", null);
        assertTrue(cross.contains("<td class=\"num cell\">5w1</td>"), cross);
        assertTrue(cross.contains("<td class=\"num cell\">-½</td>"), cross);
    }

    @Test
    void aListOrRoundThatDoesNotExistIsAClearError() {
        FeedModel.NotFound list = assertThrows(FeedModel.NotFound.class,
                () -> prints.list(T, "prizes", null, null, "en", null));
        assertEquals("no list 'prizes' to print; the lists are players, checkin, pairings, alphabetical, results, "
                + "standings, crosstable, grid", list.getMessage());
        assertThrows(FeedModel.NotFound.class, () -> prints.list(T, "pairings", "4", null, "en", null));
        FeedFilter.BadRequest round = assertThrows(FeedFilter.BadRequest.class,
                () -> prints.list(T, "pairings", "one", null, "en", null));
        assertEquals("round", round.parameter());
    }

    @Test
    void aHallScreenShowsThatHallsBoardsAndItsPlayersStandings() {
        String screen = screens.screen(T, "Hall D", null, null, "en", null);
        assertTrue(screen.contains("<body class=\"screen\">"), screen);
        assertTrue(screen.contains("<h1>Open de Otoño · Hall D · Round 1</h1>"), screen);
        assertTrue(screen.contains("<tr data-board=\"3\">"), screen);
        assertFalse(screen.contains("<tr data-board=\"1\""), "board 1 is in Hall A: " + screen);
        assertTrue(screen.contains("<tr data-player=\"p3\">") && !screen.contains("<tr data-player=\"p1\">"),
                "the standings of the hall's players: " + screen);
        assertTrue(screen.contains("<span id=\"finished\">0</span> of 1 games finished"), screen);
        String hallA = screens.screen(T, "Hall A", "results", "0", "en", null);
        assertTrue(hallA.contains("<span id=\"finished\">1</span> of 2 games finished"), hallA);
        assertTrue(hallA.contains("feedScreen(\"open-otono\",\"Hall A\",1,"), hallA);
        assertTrue(hallA.contains(",\"results\",0,"), "pinned to the results, no rotation: " + hallA);
    }

    @Test
    void aHallScreenOfAnUnknownHallOrViewIsAClearError() {
        FeedModel.NotFound hall = assertThrows(FeedModel.NotFound.class,
                () -> screens.screen(T, "Hall Z", null, null, "en", null));
        assertEquals("tournament 'open-otono' has no hall 'Hall Z'; its halls are Hall A, Hall D", hall.getMessage());
        assertEquals("view", assertThrows(FeedFilter.BadRequest.class,
                () -> screens.screen(T, "Hall A", "clock", null, "en", null)).parameter());
        assertEquals("rotate", assertThrows(FeedFilter.BadRequest.class,
                () -> screens.screen(T, "Hall A", null, "-5", "en", null)).parameter());
    }
}

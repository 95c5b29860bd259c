package org.torneo.feed.app.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import java.util.Map;

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
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.core.Views;

/**
 * The list builders on a small open read by the feed's model as it reads the topics: seven players (accented
 * names among them), two halls, round 1 with a half-point bye, and a late entrant who has no game in it.
 */
class ListsTest {

    private static final String T = "open-listas";
    private static final Locale ES = Locale.forLanguageTag("es");
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    @BeforeEach
    void givenRoundOneOfASmallOpen() {
        given(T, Chain.created(T, "Open de Otoño", List.of(new Hall("Sala Real", 1, 2), new Hall("Hall D", 3, 10_000))));
        given(T, Chain.player(T, "p1", "Bravo, Luis", 2300));
        given(T, Chain.player(T, "p2", "Álvarez, Marta", 2250));
        given(T, Chain.player(T, "p3", "Zapata, Íñigo", 2200));
        given(T, Chain.player(T, "p4", "Alvarez, Ana", 2150));
        given(T, Chain.player(T, "p5", "Ñúñez, Pilar", 2100));
        given(T, Chain.player(T, "p6", "Nuño, Raúl", 2050));
        given(T, Chain.player(T, "p7", "Ortega, Eva", 2000));
        given(T, new TournamentEvent.RoundPaired(T, "c-r1", Chain.ARBITER, Chain.T0, 1, PairingSystemKind.DUTCH, 1L,
                List.of(new Board(1, null, "p1", "p5"), new Board(2, null, "p6", "p2"), new Board(3, null, "p3", "p7")),
                List.of(new Bye("p4", ByeKind.HALF_POINT, Score.HALF))));
        given(T, Chain.player(T, "p8", "Cano, Elena", 1900)); // late: registered after round 1 was paired
    }

    private Views.TournamentSheet sheet() {
        return model.sheet(T);
    }

    @Test
    void theAlphabeticalListSortsAccentedNamesWithTheirLetterAndListsByesAndPlayersWithoutAGame() {
        List<Lists.AlphabeticalLine> lines = Lists.alphabetical(sheet(), 1, null, ES);
        // Spanish collation: Á sorts with A (after the unaccented name), Ñ after N, Í like I
        assertEquals(List.of("Alvarez, Ana", "Álvarez, Marta", "Bravo, Luis", "Cano, Elena", "Nuño, Raúl",
                "Ñúñez, Pilar", "Ortega, Eva", "Zapata, Íñigo"), lines.stream().map(l -> l.player().name()).toList());

        Lists.AlphabeticalLine marta = lines.get(1);
        assertEquals(2, marta.board());
        assertEquals("Sala Real", marta.hall());
        assertEquals("black", marta.colour());
        assertEquals("Nuño, Raúl", marta.opponent().name());

        Lists.AlphabeticalLine luis = lines.get(2);
        assertEquals(1, luis.board());
        assertEquals("white", luis.colour());
        assertEquals("Ñúñez, Pilar", luis.opponent().name());

        Lists.AlphabeticalLine ana = lines.get(0);
        assertNull(ana.board(), "a bye has no board");
        assertEquals("HALF_POINT", ana.bye().kind());
        assertEquals("0.5", ana.bye().points());

        Lists.AlphabeticalLine elena = lines.get(3);
        assertNull(elena.board());
        assertNull(elena.bye(), "the late entrant is not in round 1 at all");

        Lists.AlphabeticalLine inigo = lines.get(7);
        assertEquals("Hall D", inigo.hall(), "board 3 lies in Hall D's range");
    }

    @Test
    void thePlayerListShowsTheTitleAndFederationTheRegistrationGave() {
        given(T, new TournamentEvent.PlayerRegistered(T, "c-p9", Chain.ARBITER, Chain.T0, "p9", "Vallejo, Paco", 2650,
                2, "GM", "ESP"));

        List<Lists.Entrant> entrants = Lists.entrants(sheet(), ES);

        Lists.Entrant paco = entrants.stream().filter(e -> e.playerId().equals("p9")).findFirst().orElseThrow();
        assertEquals("GM", paco.title());
        assertEquals("ESP", paco.federation());
        Lists.Entrant luis = entrants.stream().filter(e -> e.playerId().equals("p1")).findFirst().orElseThrow();
        assertEquals("", luis.title(), "registered without a title (a version 1 registration has none)");
        assertEquals("", luis.federation());
    }

    @Test
    void inEnglishÑIsAnNWithATilde() {
        List<String> names = Lists.alphabetical(sheet(), 1, null, Locale.ENGLISH).stream()
                .map(l -> l.player().name()).toList();
        // no letter Ñ in English: "Ñúñez" is read "Nunez", which comes before "Nuño" ("Nuno")
        assertEquals(List.of("Alvarez, Ana", "Álvarez, Marta", "Bravo, Luis", "Cano, Elena", "Ñúñez, Pilar",
                "Nuño, Raúl", "Ortega, Eva", "Zapata, Íñigo"), names);
    }

    @Test
    void aHallsAlphabeticalListHoldsOnlyThePlayersSeatedInIt() {
        List<Lists.AlphabeticalLine> hallD = Lists.alphabetical(sheet(), 1, "Hall D", ES);
        assertEquals(List.of("Ortega, Eva", "Zapata, Íñigo"), hallD.stream().map(l -> l.player().name()).toList());
    }

    @Test
    void withoutPairingNumbersPlayersAreNumberedByRatingThenWithThem() {
        assertEquals(List.of("p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"),
                Lists.entrants(sheet(), ES).stream().map(Lists.Entrant::playerId).toList());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8),
                Lists.entrants(sheet(), ES).stream().map(Lists.Entrant::number).toList());
        given(T, new TournamentEvent.PairingNumbersAssigned(T, "c-n", Chain.ARBITER, Chain.T0, Map.of("p1", 8,
                "p2", 7, "p3", 6, "p4", 5, "p5", 4, "p6", 3, "p7", 2, "p8", 1)));
        assertEquals(List.of("p8", "p7", "p6", "p5", "p4", "p3", "p2", "p1"),
                Lists.entrants(sheet(), ES).stream().map(Lists.Entrant::playerId).toList());
    }

    @Test
    void theCrosstableGivesEachRoundTheOpponentsNumberColourAndScore() {
        given(T, Chain.ended("g1", T, 1, 1, "p1", "p5", GameResult.WHITE_WINS));
        given(T, Chain.ended("g2", T, 1, 2, "p6", "p2", GameResult.DRAW));
        given(T, Chain.ended("g3", T, 1, 3, "p3", "p7", GameResult.BLACK_WINS_BY_FORFEIT));
        Map<String, List<String>> cells = new java.util.HashMap<>();
        List<Lists.CrossLine> lines = Lists.crosstable(sheet(), ES);
        lines.forEach(l -> cells.put(l.player().playerId(), l.cells()));
        assertEquals(List.of("5w1"), cells.get("p1"));
        assertEquals(List.of("1b0"), cells.get("p5"));
        assertEquals(List.of("6b½"), cells.get("p2"));
        assertEquals(List.of("7w-"), cells.get("p3"), "a forfeit loss");
        assertEquals(List.of("3b+"), cells.get("p7"), "a forfeit win");
        assertEquals(List.of("-½"), cells.get("p4"), "the half-point bye");
        assertEquals(List.of(""), cells.get("p8"), "no game, no bye");
        assertEquals(8, lines.size(), "every standings row");
        assertEquals("p1", lines.get(0).player().playerId(), "in the standings' order: the winners first");
    }

    @Test
    void theRoundRobinGridGivesEachPairItsScoreBothWays() {
        given(T, Chain.ended("g1", T, 1, 1, "p1", "p5", GameResult.WHITE_WINS));
        List<Lists.GridLine> grid = Lists.grid(sheet(), ES);
        assertEquals(8, grid.size());
        Lists.GridLine first = grid.get(0);
        assertEquals("p1", first.player().playerId());
        assertEquals("×", first.cells().get(0), "the diagonal");
        assertEquals("1", first.cells().get(4), "No. 1 beat No. 5");
        assertEquals("0", grid.get(4).cells().get(0), "and No. 5 lost to No. 1");
        assertEquals("*", grid.get(1).cells().get(5), "No. 2 and No. 6 are still playing");
        assertEquals("", first.cells().get(1), "not met");
        assertEquals("1", first.points());
    }

    @Test
    void aGridOfMoreThan64PlayersIsRefusedWithTheReason() {
        for (int i = 9; i <= 65; i++) {
            given(T, Chain.player(T, "p" + i, "Player " + i, 1500));
        }
        org.torneo.feed.core.FeedFilter.BadRequest e = assertThrows(
                org.torneo.feed.core.FeedFilter.BadRequest.class, () -> Lists.grid(sheet(), ES));
        assertEquals("list: tournament 'open-listas' has 65 players; the round-robin grid prints at most 64: print the"
                + " crosstable", e.getMessage());
    }

    @Test
    void aGameInPlayIsAStarInTheCrosstable() {
        assertEquals(List.of("5w*"), Lists.crosstable(sheet(), ES).stream()
                .filter(l -> l.player().playerId().equals("p1")).findFirst().orElseThrow().cells());
    }

    @Test
    void anOpenEndedHallShowsTheBoardsTheTournamentCanUse() {
        Views.HallView open = new Views.HallView("Hall D", 113, 10_000);
        assertEquals(150, Lists.shownLastBoard(open, 300), "300 players use at most 150 boards");
        assertNull(Lists.shownLastBoard(open, 200), "200 players never reach board 113: 'from board 113'");
        assertEquals(37, Lists.shownLastBoard(new Views.HallView("Hall A", 1, 37), 300), "a closed range as given");
    }

    @Test
    void aRoundNotPairedYetIsNotFound() {
        FeedModel.NotFound e = assertThrows(FeedModel.NotFound.class, () -> Lists.alphabetical(sheet(), 2, null, ES));
        assertEquals("tournament 'open-listas' has no round 2 yet", e.getMessage());
    }

    @Test
    void pointsPrintWithAHalfSign() {
        assertEquals("½", Lists.points("0.5"));
        assertEquals("2½", Lists.points("2.5"));
        assertEquals("3", Lists.points("3"));
        assertEquals("3", Lists.points("3.0"), "the rating service writes whole points with a decimal");
        assertEquals("1½", Lists.points("1.50"));
        assertEquals("-½", Lists.points("-0.5"));
        assertEquals("0", Lists.points("0"));
        assertEquals("1.25", Lists.points("1.25"), "not points: as given");
        assertEquals(List.of("4½", "12.5", "11.75"), Lists.shownValues(List.of("4.5", "12.5", "11.75")),
                "the points with ½, the tie-breaks as computed");
    }
}

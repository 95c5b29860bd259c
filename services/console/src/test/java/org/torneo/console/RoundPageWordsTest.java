package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.RoundSeat;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.SeatChange;
import org.torneo.contracts.tournament.TournamentEvent;

import io.quarkus.qute.Engine;
import io.quarkus.qute.ReflectionValueResolver;

/**
 * The round page says in the user's language what the services give as codes and sentences: the changes recorded to
 * the round (from their structure as recorded, or for older records from the round's seats, the players by name and
 * pairing number, the time at the venue), the kinds of
 * bye in FIDE's terms, and the link back under the tournament's name; nothing of the services' English or codes left.
 */
class RoundPageWordsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief-arbiter");
    private static final Instant AT = Instant.parse("2026-11-26T17:40:05Z");
    private static final ZoneId MADRID = ZoneId.of("Europe/Madrid");

    /** The pairing service's players route: four players, numbered. */
    private static JsonNode players() throws Exception {
        return JSON.readTree("[{\"playerId\":\"p1\",\"name\":\"Pérez, Ana\",\"pairingNumber\":1},"
                + "{\"playerId\":\"p2\",\"name\":\"Ruiz, Luis\",\"pairingNumber\":2},"
                + "{\"playerId\":\"p3\",\"name\":\"Gil, Eva\",\"pairingNumber\":3},"
                + "{\"playerId\":\"p4\",\"name\":\"Sanz, Olga\",\"pairingNumber\":4},"
                + "{\"playerId\":\"p5\",\"name\":\"Vidal, Iker\",\"pairingNumber\":5}]");
    }

    /** Round 1 as paired: p1-p2 on board 1, p3-p4 on board 2, p5 the pairing-allocated bye. */
    private static PairingRecords roundOnePaired() {
        PairingRecords records = new PairingRecords();
        records.fold(new TournamentEvent.RoundPaired("open", "c0", CHIEF, AT, 1, PairingSystemKind.DUTCH, 1,
                List.of(new Board(1, "A", "p1", "p2"), new Board(2, "A", "p3", "p4")),
                List.of(new Bye("p5", ByeKind.PAIRING_BYE, Score.ONE))));
        return records;
    }

    /**
     * A correction as the pairing service recorded a change by hand before version 3 of PairingCorrected: the round's
     * new seats and its sentence only (no kind, no reason apart, no players moved).
     */
    private static TournamentEvent.PairingCorrected corrected(String commandId, Instant at, List<Board> boards,
                                                              List<Bye> byes, String sentence) {
        return new TournamentEvent.PairingCorrected("open", commandId, CHIEF, at, 1, boards, byes, sentence);
    }

    /** A change as the pairing service records it since version 3: in structure, beside a sentence for people. */
    private static TournamentEvent.PairingCorrected recorded(String commandId, List<Board> boards, List<Bye> byes,
                                                             PairingChangeKind kind, String reason,
                                                             SeatChange... moved) {
        return new TournamentEvent.PairingCorrected("open", commandId, CHIEF, AT, 1, boards, byes,
                "the service's sentence, not for the page", List.of(), kind, reason, List.of(moved));
    }

    private static RoundSeat seat(int board, Side side) {
        return RoundSeat.onBoard(board, side);
    }

    @Test
    void aChangeRecordedInStructureIsSaidFromItsKindAndMovesAndItsReasonIsTheArbitersOwn() throws Exception {
        // given changes recorded in structure to a round this console never saw paired (its records began later)
        PairingRecords records = new PairingRecords();
        records.fold(recorded("c1", List.of(new Board(1, "A", "p3", "p2"), new Board(2, "A", "p1", "p4")), List.of(),
                PairingChangeKind.SWAP_PLAYERS, "seated at the wrong boards",
                new SeatChange("p3", seat(2, Side.WHITE), seat(1, Side.WHITE)),
                new SeatChange("p1", seat(1, Side.WHITE), seat(2, Side.WHITE))));
        records.fold(recorded("c2", List.of(new Board(1, "A", "p2", "p3"), new Board(2, "A", "p1", "p4")), List.of(),
                PairingChangeKind.EXCHANGE_COLOURS, "colours mixed up",
                new SeatChange("p2", seat(1, Side.BLACK), seat(1, Side.WHITE)),
                new SeatChange("p3", seat(1, Side.WHITE), seat(1, Side.BLACK))));
        records.fold(recorded("c3", List.of(new Board(1, "A", "p2", "p3"), new Board(2, "A", "p1", "p4"),
                new Board(3, "A", "p5", "p6")), List.of(), PairingChangeKind.PAIR_UNPAIRED, "arrived before the start",
                new SeatChange("p5", RoundSeat.inBye(ByeKind.PAIRING_BYE), seat(3, Side.WHITE)),
                new SeatChange("p6", null, seat(3, Side.BLACK))));

        // when the round page lists them
        List<Views.ChangeLine> english = Console.changeLines(Words.EN, records.changes("open", 1), players(), MADRID);
        List<Views.ChangeLine> spanish = Console.changeLines(Words.ES, records.changes("open", 1), players(), MADRID);

        // then each is said from what was recorded: the swap in the arbiter's order with the seats before, the
        // exchange White then Black, the pairing of the bye with a player absent from the pairing; the reason his own
        assertEquals("Gil, Eva (No. 3) (board 2, White) and Pérez, Ana (No. 1) (board 1, White) swapped",
                english.get(0).what());
        assertEquals("seated at the wrong boards", english.get(0).reason());
        assertEquals("colours exchanged on board 1: Ruiz, Luis (No. 2) now has White, Gil, Eva (No. 3) Black",
                english.get(1).what());
        assertEquals("Vidal, Iker (No. 5) (White) and p6 (Black), both without a game, paired on board 3",
                english.get(2).what(), "a player the players route does not know is named by his id");
        assertEquals("arrived before the start", english.get(2).reason());
        assertEquals("Gil, Eva (n.º 3) (tablero 2, blancas) y Pérez, Ana (n.º 1) (tablero 1, blancas) intercambiados",
                spanish.get(0).what());
        assertEquals("colores cambiados en el tablero 1: Ruiz, Luis (n.º 2) juega ahora con blancas y Gil, Eva (n.º 3)"
                + " con negras", spanish.get(1).what());
        for (Views.ChangeLine line : english) {
            assertFalse(line.what().contains("sentence") || line.reason().contains("sentence"), line.toString());
        }
    }

    @Test
    void aRecordedChangeWhoseMovesDoNotFitItsKindIsSaidAsACorrectionListingThem() throws Exception {
        // given a swap recorded with one player moved only (no pairing service writes it; a damaged or foreign record)
        PairingRecords records = new PairingRecords();
        records.fold(recorded("c1", List.of(new Board(1, "A", "p1", "p2")), List.of(), PairingChangeKind.SWAP_PLAYERS,
                "odd", new SeatChange("p1", seat(1, Side.BLACK), seat(1, Side.WHITE))));
        // when listed, then it is not misread as a swap of two players
        assertEquals("the round's pairing corrected: Pérez, Ana (No. 1) (board 1, Black → board 1, White)",
                Console.changeLines(Words.EN, records.changes("open", 1), players(), MADRID).get(0).what());
    }

    @Test
    void aSwapAColourExchangeAndAPairingOfTheByeAreSaidInTheUsersLanguageWithNamesAndTheVenuesTime()
            throws Exception {
        // given round 1 and three changes by hand, each recorded before version 3 with the pairing service's English
        // sentence only: what changed is read from the seats before and after, the reason from the sentence
        PairingRecords records = roundOnePaired();
        records.fold(corrected("c1", AT, List.of(new Board(1, "A", "p1", "p3"), new Board(2, "A", "p2", "p4")),
                List.of(new Bye("p5", ByeKind.PAIRING_BYE, Score.ONE)), "hand change: 'p2' (board 1, Black) and 'p3'"
                        + " (board 2, White) swapped; reason: seated at the wrong boards"));
        records.fold(corrected("c2", AT.plusSeconds(60), List.of(new Board(1, "A", "p3", "p1"),
                new Board(2, "A", "p2", "p4")), List.of(new Bye("p5", ByeKind.PAIRING_BYE, Score.ONE)),
                "hand change: colours exchanged on board 1 ('p3' now White, 'p1' Black); reason: colours mixed up"));
        records.fold(corrected("c3", AT.plusSeconds(120), List.of(new Board(1, "A", "p3", "p1"),
                new Board(2, "A", "p5", "p4")), List.of(new Bye("p2", ByeKind.PAIRING_BYE, Score.ONE)),
                "hand change: 'p2' (board 2, White) and 'p5' (PAIRING_BYE bye) swapped; reason: p2 unwell"));

        // when the round page lists them in Spanish, at the venue's time
        List<Views.ChangeLine> spanish = Console.changeLines(Words.ES, records.changes("open", 1), players(), MADRID);

        // then each is said from its structure: the players by name and number, their seats in words, the reason
        assertEquals(3, spanish.size());
        assertEquals("Ruiz, Luis (n.º 2) (tablero 1, negras) y Gil, Eva (n.º 3) (tablero 2, blancas) intercambiados",
                spanish.get(0).what());
        assertEquals("seated at the wrong boards", spanish.get(0).reason());
        assertEquals("26 de noviembre de 2026, 18:40:05 CET", spanish.get(0).at());
        assertEquals("2026-11-26T17:40:05Z", spanish.get(0).instant());
        assertEquals("colores cambiados en el tablero 1: Gil, Eva (n.º 3) juega ahora con blancas y Pérez, Ana (n.º 1)"
                + " con negras", spanish.get(1).what());
        assertEquals("Ruiz, Luis (n.º 2) (tablero 2, blancas) y Vidal, Iker (n.º 5) (descanso asignado por el"
                + " emparejamiento) intercambiados", spanish.get(2).what());
        List<Views.ChangeLine> english = Console.changeLines(Words.EN, records.changes("open", 1), players(), MADRID);
        assertEquals("Ruiz, Luis (No. 2) (board 1, Black) and Gil, Eva (No. 3) (board 2, White) swapped",
                english.get(0).what());
        assertEquals("26 Nov 2026, 18:40:05 CET", english.get(0).at());
        assertEquals("Ruiz, Luis (No. 2) (board 2, White) and Vidal, Iker (No. 5) (pairing-allocated bye) swapped",
                english.get(2).what());

        // and the page shows none of the service's sentence, ids or instant as text
        String page = render(Words.ES, roundWithByes(), spanish);
        String line = page.substring(page.indexOf("<li id=\"change-0\">"), page.indexOf("<li id=\"change-1\">"));
        assertTrue(line.contains("<time datetime=\"2026-11-26T17:40:05Z\">26 de noviembre de 2026, 18:40:05 CET</time>"
                + " · por chief-arbiter: Ruiz, Luis (n.º 2) (tablero 1, negras) y Gil, Eva (n.º 3) (tablero 2, blancas)"
                + " intercambiados; motivo: seated at the wrong boards"), line);
        for (String raw : List.of("hand change", "'p2'", "'p3'", "swapped", "PAIRING_BYE", "White", "Black")) {
            assertFalse(page.contains(raw), "'" + raw + "' shown: " + page);
        }
    }

    @Test
    void twoPlayersWithoutAGamePairedAndACorrectionOfTheWholeRoundRecordedBeforeVersionThree() throws Exception {
        // given round 1 with p5's pairing-allocated bye and p6 absent from the pairing (his requested zero-point bye)
        PairingRecords records = new PairingRecords();
        records.fold(new TournamentEvent.RoundPaired("open", "c0", CHIEF, AT, 1, PairingSystemKind.DUTCH, 1,
                List.of(new Board(1, "A", "p1", "p2")), List.of(new Bye("p5", ByeKind.PAIRING_BYE, Score.ONE),
                new Bye("p4", ByeKind.ZERO_POINT, Score.ZERO))));
        // when the late arrival p4 is paired with the bye on board 2, then the arbiter corrects the whole round
        records.fold(corrected("c1", AT, List.of(new Board(1, "A", "p1", "p2"), new Board(2, "A", "p4", "p5")),
                List.of(), "hand change: 'p4' (White) and 'p5' (Black), without a game, paired on board 2; reason:"
                        + " arrived before the start"));
        records.fold(corrected("c2", AT, List.of(new Board(1, "A", "p2", "p1"), new Board(2, "A", "p5", "p4")),
                List.of(), "wrong colours everywhere"));
        List<Views.ChangeLine> lines = Console.changeLines(Words.EN, records.changes("open", 1), players(), MADRID);
        // then
        assertEquals("Sanz, Olga (No. 4) (White) and Vidal, Iker (No. 5) (Black), both without a game, paired on"
                + " board 2", lines.get(0).what());
        assertEquals("arrived before the start", lines.get(0).reason());
        assertTrue(lines.get(1).what().startsWith("the round's pairing corrected: Pérez, Ana (No. 1) (board 1, White"
                + " → board 1, Black)"), lines.get(1).what());
        assertEquals("wrong colours everywhere", lines.get(1).reason(), "a correction's reason is the arbiter's text");
        assertEquals("Sanz, Olga (n.º 4) (blancas) y Vidal, Iker (n.º 5) (negras), ambos sin partida, emparejados en el"
                + " tablero 2", Console.changeLines(Words.ES, records.changes("open", 1), players(), MADRID).get(0)
                .what());
    }

    @Test
    void everyKindOfByeIsInWordsAndTheLinkBackNamesTheTournament() throws Exception {
        for (Words words : Words.values()) {
            String page = render(words, roundWithByes(), List.of());
            for (ByeKind kind : ByeKind.values()) {
                assertFalse(page.contains(kind.name()), kind + " shown raw in " + words + ": " + page);
            }
            assertTrue(page.contains(">" + words.get("back") + ": Open de Madrid</a>"), page);
            assertFalse(page.contains(words.get("back") + ": open"), page);
        }
        String spanish = render(Words.ES, roundWithByes(), List.of());
        assertTrue(spanish.contains("<li>Vidal, Iker: descanso asignado por el emparejamiento (1)</li>"), spanish);
        assertTrue(spanish.contains("<li>Gil, Eva: descanso de medio punto (½)</li>"), spanish);
        assertTrue(spanish.contains("<li>Sanz, Olga: descanso de cero puntos (0)</li>"), spanish);
        String english = render(Words.EN, roundWithByes(), List.of());
        assertTrue(english.contains("<li>Vidal, Iker: pairing-allocated bye (1)</li>"), english);
        assertTrue(english.contains("<li>Gil, Eva: half-point bye (½)</li>"), english);
        assertTrue(english.contains("<li>Sanz, Olga: zero-point bye (0)</li>"), english);
        assertTrue(english.contains("<li>Ruiz, Luis: not yet entered (late entry) (0)</li>"), english);
    }

    /** Round 1 as the pairing service's route writes it: one board, and a bye of every kind. */
    private static JsonNode roundWithByes() throws Exception {
        return JSON.readTree("{\"tournamentId\":\"open\",\"round\":1,\"closed\":false,\"halls\":{\"A\":"
                + "[{\"board\":1,\"white\":\"p1\",\"black\":\"p2\",\"result\":null,\"played\":true}]},\"byes\":["
                + "{\"playerId\":\"p5\",\"kind\":\"PAIRING_BYE\",\"points\":\"1\"},"
                + "{\"playerId\":\"p3\",\"kind\":\"HALF_POINT\",\"points\":\"0.5\"},"
                + "{\"playerId\":\"p4\",\"kind\":\"ZERO_POINT\",\"points\":\"0\"},"
                + "{\"playerId\":\"p2\",\"kind\":\"LATE_ENTRY\",\"points\":\"0\"},"
                + "{\"playerId\":\"p1\",\"kind\":\"OPPONENT_WITHDRAWN\",\"points\":\"0\"}]}");
    }

    /** The round page as the console renders it (players p1-p5 of {@link #players()}, tournament "Open de Madrid"). */
    static String render(Words words, JsonNode round, List<Views.ChangeLine> changes) throws Exception {
        Map<String, String> names = Console.playerNames(players());
        var template = Engine.builder().addDefaults().addValueResolver(new ReflectionValueResolver())
                .addLocator(RoundPageBenchmarkTest::template).build().getTemplate("round.html");
        Map<String, Object> data = new Console.Context(words, false, null, "/t/open/rounds/1").data();
        data.put("id", "open");
        data.put("name", "Open de Madrid");
        data.put("number", 1);
        data.put("closed", false);
        data.put("halls", Console.hallBoards(words, round, names, Map.of(), hall -> true));
        data.put("byes", Console.byeLines(words, round, names));
        data.put("mayClose", false);
        data.put("mayCorrect", false);
        data.put("changes", changes);
        data.put("mayChange", false);
        data.put("done", "");
        data.put("error", "");
        var instance = template.instance();
        data.forEach(instance::data);
        return instance.render();
    }
}

package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.app.runtime.PairingDefinition;
import org.torneo.pairing.app.trf.TrfImport;
import org.torneo.pairing.tournament.TournamentTrf;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;
import org.torneo.trf.TrfWriter;

/** A TRF imported as commands gives a tournament whose export holds the same crosstable; bad files are named. */
class TrfImportTest {

    private static final Actor ARBITER = new Actor(Actor.Role.ORGANISER, "import"); // the importing organiser

    @ParameterizedTest
    @ValueSource(strings = {"dev006-p015-r06", "dev043-p017-r10", "dev103-p020-r11"})
    void aPlayedTournamentImportedAndExportedKeepsItsCrosstable(String name) throws IOException {
        TrfDocument file = read(name);
        TournamentState state = replay(TrfImport.commands(file, "t-import", PairingSystemKind.DUTCH, ARBITER, Instant.EPOCH));
        assertEquals(file.roundsPaired(), state.lastRound());
        assertTrue(state.round(state.lastRound()).orElseThrow().closed());
        TrfDocument exported = TrfReader.read(TrfWriter.write(TournamentTrf.export(state)));
        for (TrfPlayer p : file.players()) {
            TrfPlayer mine = exported.playersById().get(p.startNumber());
            assertEquals(p.name(), mine.name());
            assertEquals(p.pointsTenths(), mine.pointsTenths(), name + " points of " + p.startNumber());
            assertEquals(p.games(), mine.games(), name + " crosstable line of " + p.startNumber());
        }
    }

    @Test
    void aTournamentImportedAfterThreeRoundsIsPairedOnAsTheReferenceEnginePairedIt() throws IOException {
        String text = new String(resource("dev006-p015-r06"), StandardCharsets.UTF_8);
        StringBuilder cut = new StringBuilder();
        for (String line : text.split("\n")) {
            // keep rounds 1-3 (a round k entry ends at column 99 + 10 (k - 1)); points are checked by the reader
            cut.append(line.startsWith("001") ? line.substring(0, Math.min(line.length(), 119)) : line).append('\n');
        }
        TrfDocument full = read("dev006-p015-r06");
        TrfDocument cutDoc = TrfReader.parse(cut.toString());
        // the points column must be the sum of the three rounds kept: every reader checks it
        TrfDocument partial = cutDoc.withPlayers(cutDoc.players().stream()
                .map(p -> p.withPointsAndRank(p.pointsOfRounds(cutDoc.pointSystem(), 3), p.rank())).toList())
                .withHeader("XXR", "6");
        Decider<TournamentCommand, TournamentEvent, TournamentState> decider = PairingDefinition.DECIDER;
        TournamentState state = replay(TrfImport.commands(partial, "t-part", PairingSystemKind.DUTCH, ARBITER,
                Instant.EPOCH));
        assertEquals(3, state.lastRound());
        List<TournamentEvent> events = decider.decide(new TournamentCommand.PairNextRound("t-part", "pair-4", ARBITER,
                Instant.EPOCH, 4), state);
        TournamentEvent.RoundPaired round4 = (TournamentEvent.RoundPaired) events.get(events.size() - 1);
        assertEquals(4, round4.round());
        int games = 0;
        for (var board : round4.boards()) {
            int white = Integer.parseInt(board.white().substring(1));
            int black = Integer.parseInt(board.black().substring(1));
            assertEquals(black, full.playersById().get(white).game(4).opponent(), "round 4: " + board);
            assertEquals(org.torneo.trf.Colour.WHITE, full.playersById().get(white).game(4).colour(), "round 4: " + board);
            games++;
        }
        assertEquals(7, games);
        assertEquals("p12", round4.byes().get(0).playerId()); // the corpus gives 12 the PAB in round 4
    }

    @Test
    void aFullPointByeCannotBeImportedAndTheLineIsNamed() throws IOException {
        String text = new String(resource("dev006-p015-r06"), StandardCharsets.UTF_8)
                .replace("  0000 - U    11 b 1", "  0000 - F    11 b 1");
        TrfDocument doc = TrfReader.parse(text);
        TrfFormatException e = assertThrows(TrfFormatException.class,
                () -> TrfImport.commands(doc, "t-bad", PairingSystemKind.DUTCH, ARBITER, Instant.EPOCH));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        assertTrue(e.getMessage().contains("'F'"), e.getMessage());
    }

    /** Line 001 as a TRF-16 writer puts it: title in columns 11-13, federation in 54-56. */
    private static String playerLine(int number, String title, String name, int rating, String federation) {
        return "001 " + "%4d".formatted(number) + "  " + "%3s".formatted(title) + " " + "%-33s".formatted(name) + " "
                + "%4d".formatted(rating) + " " + "%-3s".formatted(federation) + " " + " ".repeat(11) + " "
                + " ".repeat(10) + " " + "%4s".formatted("0.0") + " " + "%4d".formatted(number);
    }

    @Test
    void theTitleAndFederationOfLine001AreRegisteredAndExportedAsFideWritesThem() {
        TrfDocument file = TrfReader.read("012 Titled open\nXXR 3\n" + playerLine(1, "g", "Alpha, Ann", 2500, "esp")
                + "\n" + playerLine(2, "WIM", "Bravo, Bea", 2300, "ARG") + "\n" + playerLine(3, "", "Cruz, Cy", 2100, "")
                + "\n");

        List<TournamentCommand> commands = TrfImport.commands(file, "t-titles", PairingSystemKind.DUTCH, ARBITER,
                Instant.EPOCH);
        TournamentState state = replay(commands);

        assertEquals("GM", state.players().get("p1").title(), "an older writer's short code");
        assertEquals("ESP", state.players().get("p1").federation());
        assertEquals("WIM", state.players().get("p2").title());
        assertEquals("", state.players().get("p3").title());
        TrfDocument exported = TrfReader.read(TrfWriter.write(TournamentTrf.export(state)));
        assertEquals(List.of("GM", "WIM", ""), exported.players().stream().map(TrfPlayer::title).toList());
        assertEquals(List.of("ESP", "ARG", ""), exported.players().stream().map(TrfPlayer::federation).toList());
    }

    @Test
    void aTitleThatIsNotFidesIsRefusedWithItsLineAndColumnBeforeAnythingIsSent() {
        TrfDocument file = TrfReader.read("012 Titled open\nXXR 3\n" + playerLine(1, "NM", "Alpha, Ann", 2500, "ESP")
                + "\n");

        TrfFormatException e = assertThrows(TrfFormatException.class,
                () -> TrfImport.commands(file, "t-titles", PairingSystemKind.DUTCH, ARBITER, Instant.EPOCH));

        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("column 11")
                && e.getMessage().contains("'NM' is not a FIDE title"), e.getMessage());
    }

    @Test
    void forbiddenPairsAreDeclaredAndLiftedAtTheirRoundsAndExportedAsXxp() throws IOException {
        // XXP (the whole event) and TRF-26 260 (rounds 1-2 only) in a file cut after round 3 of 6
        TrfDocument partial = firstThreeRounds("XXP 1 2\n260    1    2    3    5    7\n");
        List<TournamentCommand> commands = TrfImport.commands(partial, "t-xxp", PairingSystemKind.DUTCH, ARBITER,
                Instant.EPOCH);
        List<String> kinds = commands.stream().map(c -> c.getClass().getSimpleName()).toList();
        // the 260 group's three pairs are declared before round 1 and lifted before round 3 is paired
        assertEquals(4, kinds.stream().filter("ForbidPairing"::equals).count(), kinds.toString());
        assertEquals(3, kinds.stream().filter("AllowPairing"::equals).count(), kinds.toString());
        assertTrue(kinds.indexOf("ForbidPairing") < kinds.indexOf("PairNextRound"), kinds.toString());
        int secondPairing = kinds.indexOf("PairNextRound") + 1 + kinds.subList(kinds.indexOf("PairNextRound") + 1,
                kinds.size()).indexOf("PairNextRound");
        int thirdPairing = secondPairing + 1 + kinds.subList(secondPairing + 1, kinds.size()).indexOf("PairNextRound");
        assertTrue(kinds.indexOf("AllowPairing") > secondPairing && kinds.indexOf("AllowPairing") < thirdPairing,
                kinds.toString());
        TournamentState state = replay(commands);
        assertEquals(java.util.Set.of(java.util.Set.of("p1", "p2")), state.forbidden());
        String exported = TrfWriter.write(TournamentTrf.export(state));
        assertEquals(List.of("XXP 1 2"), exported.lines().filter(l -> l.startsWith("XXP")).toList());
        assertTrue(TrfReader.read(exported).forbiddenPairs().stream().anyMatch(f -> f.ids().equals(List.of(1, 2))));
    }

    @Test
    void aForbiddenPairOfRoundsNotYetReachedIsRefusedWithItsLine() throws IOException {
        TrfDocument partial = firstThreeRounds("260    5    6    3    5\n");
        TrfFormatException e = assertThrows(TrfFormatException.class,
                () -> TrfImport.commands(partial, "t-260", PairingSystemKind.DUTCH, ARBITER, Instant.EPOCH));
        assertTrue(e.getMessage().startsWith("line " + partial.lineNumber(partial.records("260").get(0)) + ","),
                e.getMessage());
        assertTrue(e.getMessage().contains("rounds 5-6"), e.getMessage());
    }

    /** dev006 cut after round 3 (of 6), with {@code records} after its first line. */
    private static TrfDocument firstThreeRounds(String records) throws IOException {
        String text = new String(resource("dev006-p015-r06"), StandardCharsets.UTF_8);
        StringBuilder cut = new StringBuilder();
        boolean first = true;
        for (String line : text.split("\n")) {
            cut.append(line.startsWith("001") ? line.substring(0, Math.min(line.length(), 119)) : line).append('\n');
            if (first) {
                cut.append(records);
                first = false;
            }
        }
        TrfDocument cutDoc = TrfReader.parse(cut.toString());
        return cutDoc.withPlayers(cutDoc.players().stream()
                .map(p -> p.withPointsAndRank(p.pointsOfRounds(cutDoc.pointSystem(), 3), p.rank())).toList())
                .withHeader("XXR", "6");
    }

    private static TournamentState replay(List<TournamentCommand> commands) {
        Decider<TournamentCommand, TournamentEvent, TournamentState> decider = PairingDefinition.DECIDER;
        TournamentState state = decider.initialState();
        for (TournamentCommand command : commands) {
            for (TournamentEvent e : decider.decide(command, state)) {
                assertFalse(e instanceof TournamentEvent.CommandRejected, () -> "rejected: " + e);
                state = decider.evolve(state, e);
            }
        }
        return state;
    }

    private static TrfDocument read(String name) throws IOException {
        return TrfReader.read(new String(resource(name), StandardCharsets.UTF_8));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = TrfImportTest.class.getResourceAsStream("/dutch/" + name + ".trf")) {
            assertTrue(in != null, "missing test resource " + name);
            return in.readAllBytes();
        }
    }
}

package org.torneo.pairing.dutch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfReader;

/** Manual accelerations (XXA, TRF26 250) and XXC rank against bbpPairings v6.0.0 outputs. */
class DutchAccelerationCasesTest {

    static Path dir() throws Exception {
        return Path.of(DutchAccelerationCasesTest.class.getResource("/dutch-accel/README.md").toURI()).getParent();
    }

    static List<String> pairInBoardOrder(String trf) throws NoValidPairingException {
        SwissTournament t = SwissTournament.fromTrf(TrfReader.read(trf));
        return BoardOrder.sort(DutchPairer.pair(t), t).stream().map(Pairing::toString).toList();
    }

    static Set<String> pairs(String trf) {
        try {
            return new TreeSet<>(pairInBoardOrder(trf));
        } catch (NoValidPairingException | IllegalArgumentException e) {
            return Set.of("no pairing: " + e.getMessage());
        }
    }

    /** Every case pairs as bbp, board order included; without the records at least one case pairs otherwise. */
    void check(String prefix, UnaryOperator<String> withoutTheRecords) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir())) {
            files = s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".trf"))
                    .sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() >= 10, prefix + " cases: " + files.size());
        int changedByTheRecords = 0;
        for (Path in : files) {
            String text = Files.readString(in);
            List<String> expected = Files.readAllLines(Path.of(in.toString().replace(".trf", ".expected")));
            List<String> actual = pairInBoardOrder(text);
            assertEquals(Integer.parseInt(expected.get(0)), actual.size(), in.getFileName().toString());
            assertEquals(expected.subList(1, expected.size()), actual, in.getFileName().toString());
            if (!pairs(withoutTheRecords.apply(text)).equals(new TreeSet<>(actual))) {
                changedByTheRecords++;
            }
        }
        assertTrue(changedByTheRecords >= files.size() / 2,
                "the records change the pairing of " + changedByTheRecords + " of " + files.size() + " cases");
    }

    @Test
    void mixedAccelerationsRankAndGapsPairAsBbpPairings() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir())) {
            files = s.filter(p -> p.getFileName().toString().startsWith("mix-") && p.toString().endsWith(".trf"))
                    .sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() >= 30, "mix cases: " + files.size());
        for (Path in : files) {
            List<String> expected = Files.readAllLines(Path.of(in.toString().replace(".trf", ".expected")));
            List<String> actual = pairInBoardOrder(Files.readString(in));
            assertEquals(expected.subList(1, expected.size()), actual, in.getFileName().toString());
        }
    }

    @Test
    void everyRoundOfAnAcceleratedEventIsRePairedAsBbpPairings() throws Exception {
        // the checker's path: round r of a played event, ignoring everything from round r on
        for (String event : List.of("dev006-p015-r06", "dev042-p028-r10")) {
            String text = Files.readString(dir().resolve("check/" + event + ".trf"));
            assertTrue(text.contains("XXA") && text.contains("250"));
            int rounds = Integer.parseInt(event.substring(event.length() - 2));
            for (int round = 1; round <= rounds; round++) {
                List<String> expected = Files.readAllLines(
                        dir().resolve("check/%s.round-%02d.expected".formatted(event, round)));
                SwissTournament t = SwissTournament.fromTrf(TrfReader.read(text), round);
                List<String> actual = BoardOrder.sort(DutchPairer.pair(t), t).stream().map(Pairing::toString).toList();
                assertEquals(expected.subList(1, expected.size()), actual, event + " round " + round);
            }
        }
    }

    static String withoutLines(String text, String tag) {
        return text.lines().filter(l -> !l.startsWith(tag)).collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void xxaAccelerationsPairAsBbpPairings() throws Exception {
        check("xxa-", text -> withoutLines(text, "XXA"));
    }

    @Test
    void trf26AccelerationRecordsPairAsBbpPairings() throws Exception {
        check("r250-", text -> withoutLines(text, "250"));
    }

    @Test
    void xxcRankPairsByPositionInTheFileAsBbpPairings() throws Exception {
        check("rank-", text -> text.replace("XXC rank", "XXC"));
    }

    // after round 1 (1-4, 2-5, 3-6, the higher player won) the winners 1, 2, 3 have 1.0; expected pairings are
    // bbpPairings v6.0.0's for these files
    private static final String AFTER_ONE_ROUND = "012 T\nXXR 3\nXXC white1\n"
            + "001    1      A                                 2500                             1.0    1     4 w 1\n"
            + "001    2      B                                 2400                             1.0    2     5 b 1\n"
            + "001    3      C                                 2300                             1.0    3     6 w 1\n"
            + "001    4      D                                 2200                             0.0    4     1 b 0\n"
            + "001    5      E                                 2100                             0.0    5     2 w 0\n"
            + "001    6      F                                 2000                             0.0    6     3 b 0\n";

    @Test
    void virtualPointsMovePlayersIntoAHigherScoreBracket() throws Exception {
        assertEquals(List.of("2 1", "4 3", "6 5"), pairInBoardOrder(AFTER_ONE_ROUND));
        // 1.0 virtual point in round 2 puts 6 into the winners' bracket (1, 2, 3, 6): 2-3 and 6-1, then 4-5
        String xxa = AFTER_ONE_ROUND + "XXA    6  0.0  1.0\n";
        assertEquals(List.of("2 3", "6 1", "4 5"), pairInBoardOrder(xxa));
        // the same as a TRF26 250 record (game points 1.0, round 2 to 2, ids 6 to 6)
        assertEquals(List.of("2 3", "6 1", "4 5"), pairInBoardOrder(AFTER_ONE_ROUND + "250       1.0   2   2    6    6\n"));
        // the virtual point counts for pairing only, never in the score
        SwissTournament t = SwissTournament.fromTrf(TrfReader.read(xxa));
        assertEquals(0, t.players().get(5).score());
        assertEquals(10, t.acceleratedScore(t.players().get(5), 0));
        assertEquals(0, t.acceleratedScore(t.players().get(5), 1), "round 1 had no virtual points");
    }

    @Test
    void thePointsColumnMayIncludeTheAccelerationOfTheRoundToPair() throws Exception {
        String included = AFTER_ONE_ROUND.replace(
                "001    6      F                                 2000                             0.0",
                "001    6      F                                 2000                             1.0")
                + "XXA    6  0.0  1.0\n";
        SwissTournament t = SwissTournament.fromTrf(TrfReader.read(included));
        assertEquals(0, t.players().get(5).score());
        assertEquals(10, t.acceleratedScore(t.players().get(5), 0));
        assertEquals(List.of("2 3", "6 1", "4 5"), pairInBoardOrder(included));
        // without the XXA line the column no longer adds up
        assertThrows(TrfFormatException.class, () -> TrfReader.read(included.replace("XXA    6  0.0  1.0\n", "")));
    }

    @Test
    void manualAccelerationReplacesBaku() throws Exception {
        String baku = AFTER_ONE_ROUND + "192 FIDE_DUTCH_2025_BAKU\n";
        SwissTournament withBaku = SwissTournament.fromTrf(TrfReader.read(baku));
        // Baku, 3 rounds: rounds 1-2 accelerated, the top half (1, 2, 3) gets a win in round 1 and a draw in round 2
        assertEquals(15, withBaku.acceleratedScore(withBaku.players().get(0), 0));
        assertEquals(0, withBaku.acceleratedScore(withBaku.players().get(5), 0));
        assertEquals(List.of("2 1", "4 3", "6 5"), pairInBoardOrder(baku));
        String manual = baku + "XXA    6  0.0  1.0\n";
        SwissTournament t = SwissTournament.fromTrf(TrfReader.read(manual));
        assertEquals(10, t.acceleratedScore(t.players().get(0), 0));
        assertEquals(10, t.acceleratedScore(t.players().get(5), 0));
        assertEquals(List.of("2 3", "6 1", "4 5"), pairInBoardOrder(manual));
    }

    @Test
    void moreAcceleratedRoundsThanTheTournamentHasIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SwissTournament.fromTrf(
                TrfReader.read(AFTER_ONE_ROUND + "XXA    1  1.0  1.0  1.0  1.0\n")));
        assertTrue(e.getMessage().contains("player 1") && e.getMessage().contains("4 rounds"), e.getMessage());
    }

    @Test
    void rankMakesTheFilePositionThePairingNumber() throws Exception {
        String reversed = "012 T\nXXR 3\nXXC rank white1\n"
                + "001    4      D                                 2100                             0.0\n"
                + "001    3      C                                 2200                             0.0\n"
                + "001    2      B                                 2300                             0.0\n"
                + "001    1      A                                 2400                             0.0\n";
        SwissTournament t = SwissTournament.fromTrf(TrfReader.read(reversed));
        assertEquals(0, t.players().get(3).rankIndex());
        assertEquals(3, t.players().get(0).rankIndex());
        // round 1: the first half of the file (4, 3) meets the second half (2, 1); the top of the file has white
        assertEquals(List.of("4 2", "1 3"), pairInBoardOrder(reversed));
        assertEquals(List.of("1 3", "4 2"), pairInBoardOrder(reversed.replace("XXC rank", "XXC")));
    }

    @Test
    void badAccelerationRecordsNameLineAndColumn() {
        TrfFormatException e = assertThrows(TrfFormatException.class,
                () -> TrfReader.read(AFTER_ONE_ROUND + "XXA    3  1.0       0.5\n"));
        assertEquals(10, e.line());
        assertEquals(15, e.column());
        e = assertThrows(TrfFormatException.class,
                () -> TrfReader.read(AFTER_ONE_ROUND + "250       0.0   1   2    1    2\n"));
        assertEquals(10, e.column());
    }
}

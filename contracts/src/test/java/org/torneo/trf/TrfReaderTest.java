package org.torneo.trf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TrfReaderTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = TrfReaderTest.class.getResourceAsStream("/trf/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"javafo_TRFXSample2.round-05.in.trf", "dev001-p064-r10.trf",
            "dev001-p064-r10.round-03.in.trf", "dev059-p037-r11.trf"})
    void everySampleRoundTripsInAllLineEndings(String name) throws IOException {
        String lf = resource(name);
        for (String eol : List.of("\n", "\r", "\r\n")) {
            String text = lf.replace("\n", eol);
            assertEquals(text, TrfWriter.write(TrfReader.read(text)));
        }
    }

    @Test
    void readsThePlayersOfTheRealSample() throws IOException {
        TrfDocument doc = TrfReader.read(resource("javafo_TRFXSample2.round-05.in.trf"));
        assertEquals(52, doc.players().size());
        assertEquals(9, doc.totalRounds().getAsInt());
        assertEquals("XX Open Internacional de Gros", doc.header("012").orElseThrow());
        TrfPlayer first = doc.playersById().get(1);
        assertEquals("Mirzoev Azer", first.name());
        assertEquals(2527, first.rating());
        assertEquals("AZE", first.federation());
        assertEquals(40, first.pointsTenths());
        assertEquals(new TrfGame(26, Colour.WHITE, ResultCode.WIN), first.game(1));
        assertEquals(new TrfGame(4, Colour.BLACK, ResultCode.WIN), first.game(4));
        assertEquals(4, doc.roundsPaired());
        TrfPlayer p52 = doc.playersById().get(52);
        assertEquals(ResultCode.PAIRING_ALLOCATED_BYE, p52.game(1).result());
        assertEquals(0, p52.game(1).opponent());
    }

    @Test
    void readsTheInitialColourAndThePointSystem() throws IOException {
        TrfDocument doc = TrfReader.read(resource("dev001-p064-r10.round-03.in.trf"));
        assertEquals(Colour.WHITE, doc.initialColour().orElseThrow());
        assertEquals(PointSystem.STANDARD, doc.pointSystem());
        assertEquals(2, doc.roundsPaired());
        TrfDocument threeOne = TrfReader.read(resource("dev059-p037-r11.trf"));
        PointSystem ps = threeOne.pointSystem();
        assertTrue(ps.win() != 10 || ps.draw() != 5, "162 record changes the point system: " + ps);
    }

    @Test
    void readsTheTrf26RecordsForRoundsColoursByesAndForbiddenPairs() {
        String text = "012 T\r142 9\r152 B\r192 FIDE_DUTCH_2025_BAKU\r240 H 003  0001  0002\r260 001 009 0001 0002\r"
                + "162  W 3.0    D 1.0\r" + A.replace(" 1.0", " 3.0") + "\r" + B + "\r";
        TrfDocument doc = TrfReader.read(text);
        assertEquals(9, doc.totalRounds().getAsInt());
        assertEquals(Colour.BLACK, doc.initialColour().orElseThrow());
        assertEquals("FIDE_DUTCH_2025_BAKU", doc.tournamentType().orElseThrow());
        assertEquals(List.of(new TrfDocument.RequestedBye(ResultCode.HALF_POINT_BYE, 3, 1),
                new TrfDocument.RequestedBye(ResultCode.HALF_POINT_BYE, 3, 2)), doc.requestedByes());
        assertEquals(List.of(new TrfDocument.ForbiddenPairs(1, 9, List.of(1, 2))), doc.forbiddenPairs());
        assertEquals(30, doc.pointSystem().win());
        assertEquals(10, doc.pointSystem().draw());
        assertEquals(text, TrfWriter.write(doc));
    }

    @Test
    void formatsANewPlayerInTheFixedColumns() {
        TrfPlayer p = TrfPlayer.of(7, "Doe, John", 2100)
                .withGame(1, new TrfGame(12, Colour.WHITE, ResultCode.WIN))
                .withGame(2, TrfGame.bye(ResultCode.PAIRING_ALLOCATED_BYE))
                .withPointsAndRank(20, 3);
        String line = p.format();
        assertEquals("   7", line.substring(4, 8));
        assertEquals("2100", line.substring(48, 52));
        assertEquals(" 2.0", line.substring(80, 84));
        assertEquals("  12 w 1", line.substring(91, 99));
        assertEquals("0000 - U", line.substring(101, 109));
        assertEquals(p, TrfReader.parsePlayer(line, 1));
    }

    private static final String A = "001    1      Alpha                             2000                             1.0    1     2 w 1";
    private static final String B = "001    2      Beta                              1900                             0.0    2     1 b 0";

    private static TrfFormatException error(String text) {
        return assertThrows(TrfFormatException.class, () -> TrfReader.read(text));
    }

    @Test
    void rejectsUnknownResultCodesWithLineAndColumn() {
        TrfFormatException e = error("012 T\n" + A + "\n" + B.replace("b 0", "b X") + "\n");
        assertEquals(3, e.line());
        assertEquals(99, e.column());
    }

    @Test
    void rejectsFieldsOutOfPlace() {
        TrfFormatException e = error(A + "\n" + B.replace("     1 b 0", "    1 b 0 ") + "\n");
        assertEquals(2, e.line());
        assertTrue(e.column() >= 92 && e.column() <= 100, e.getMessage());
    }

    @Test
    void rejectsPointsThatAreNotTheSumOfTheResults() {
        TrfFormatException e = error(A.replace(" 1.0", " 0.5") + "\n" + B + "\n");
        assertEquals(1, e.line());
        assertEquals(81, e.column());
    }

    @Test
    void acceptsPointsWithOrWithoutThePreAssignedByeOfTheNextRound() {
        String without = A + "  0000 - H\n" + B + "\n";
        String with = A.replace(" 1.0", " 1.5") + "  0000 - H\n" + B + "\n";
        assertEquals(10, TrfReader.read(without).playersById().get(1).pointsTenths());
        assertEquals(15, TrfReader.read(with).playersById().get(1).pointsTenths());
    }

    @Test
    void rejectsDuplicateIdsAsymmetricPairingsAndAPlayerTwiceInARound() {
        assertEquals(2, error(A + "\n" + A + "\n").line());
        TrfFormatException asym = error(A + "\n" + B.replace("     1 b 0", "  0000 - Z").replace(" 0.0", " 0.0") + "\n");
        assertTrue(asym.getMessage().contains("asymmetric"), asym.getMessage());
        String c = "001    3      Gamma                             1800                             1.0    3     2 w 1";
        TrfFormatException twice = error(A + "\n" + B + "\n" + c + "\n");
        assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
    }

    @Test
    void rejectsSameColoursForBothPlayers() {
        TrfFormatException e = error(A + "\n" + B.replace(" b 0", " w 0") + "\n");
        assertEquals(97, e.column());
    }

    @Test
    void readsManualAccelerationsFromXxaAnd250InFileOrder() {
        String text = "012 T\nXXR 5\n" + A + "\n" + B + "\n"
                + "XXA    1  1.0  1.0  0.5\n"
                + "250       2.0   2   3    1    2\n"     // rounds 2-3 for ids 1-2: overwrites 1's, pads 2's round 1
                + "XXA    2  0.0\n"                       // appended after round 3
                + "250 00.0  0.5   5   5    2    2\n";    // round 5 for id 2, round 4 stays 0
        TrfDocument doc = TrfReader.read(text);
        assertEquals(java.util.Map.of(1, List.of(10, 20, 20), 2, List.of(0, 20, 20, 0, 5)), doc.accelerations());
        assertEquals(text, TrfWriter.write(doc));
        assertTrue(TrfReader.read("012 T\n" + A + "\n" + B + "\n").accelerations().isEmpty());
    }

    @Test
    void acceptsPointsThatIncludeTheAccelerationOfTheRoundToPair() {
        String text = A + "\n" + B.replace(" 0.0", " 1.0") + "\nXXA    2  0.0  1.0\n";
        assertEquals(10, TrfReader.read(text).playersById().get(2).pointsTenths());
        assertEquals(81, error(A + "\n" + B.replace(" 0.0", " 1.0") + "\nXXA    2  1.0  0.0\n").column());
    }

    @Test
    void rejectsBadAccelerationRecordsWithLineAndColumn() {
        String players = A + "\n" + B + "\n";
        TrfFormatException e = error(players + "XXA    2  1.x\n");
        assertEquals(3, e.line());
        assertEquals(10, e.column());
        assertEquals(15, error(players + "XXA    2  1.0       1.0\n").column());   // blank field inside the line
        assertEquals(5, error(players + "250  1.0  1.0   1   2    1    2\n").column());   // match points in a 001 event
        assertEquals(10, error(players + "250       0.0   1   2    1    2\n").column());  // zero game points
        assertEquals(15, error(players + "250       1.0   3   2    1    2\n").column());  // rounds reversed
        assertEquals(23, error(players + "250       1.0   1   2    2    1\n").column());  // ids reversed
        assertEquals(32, error(players + "250       1.0   1   2    1    1 x\n").column());    // text after column 31
        assertTrue(error(players + "250       1.0   1   2\n").reason().contains("250"));
    }
}

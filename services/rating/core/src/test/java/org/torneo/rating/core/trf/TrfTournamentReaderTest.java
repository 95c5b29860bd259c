package org.torneo.rating.core.trf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.Tournament;

class TrfTournamentReaderTest {

    static String line(int sn, int rating, String points, String... rounds) {
        StringBuilder b = new StringBuilder(String.format("001 %4d      %-33s %4d %-27s%4s %4d", sn, "Player " + sn, rating, "",
                points, sn));
        for (String r : rounds) {
            b.append("  ").append(r);
        }
        return b.toString();
    }

    static final String EVENT = String.join("\r", "012 Test event",
            line(1, 2000, "6.0", "   2 w 1", "0000 - U"),
            line(2, 1900, "1.0", "   1 b 0", "   3 w =", ""),
            line(3, 1800, "2.0", "0000 - H", "   2 b ="),
            "162  W 3.0    D 1.0", "");

    @Test
    void readsPlayersRoundsAndThePointSystemWithAnyLineEnd() {
        Tournament t = TrfTournamentReader.read(EVENT);
        assertEquals("Test event", t.name());
        assertEquals(3, t.size());
        assertEquals(2, t.rounds());
        assertEquals(ResultKind.PAIRING_ALLOCATED_BYE, t.player(1).round(2).kind());
        assertEquals(600, t.scoreCenti(1), "3-1-0: a win and a PAB");
        assertEquals(100, t.scoreCenti(2));
        assertEquals(200, t.scoreCenti(3), "half-point bye earns the draw value");
        assertEquals(t.scoreCenti(1), TrfTournamentReader.read(EVENT.replace("\r", "\r\n")).scoreCenti(1));
    }

    @Test
    void asymmetricPairingsAreRejectedNamingThePlayersAndRound() {
        String bad = String.join("\n", "012 x", line(1, 2000, "1.0", "   2 w 1"), line(2, 1900, "0.0", "   3 b 0"),
                line(3, 1800, "0.0"));
        var e = assertThrows(org.torneo.trf.TrfFormatException.class, () -> TrfTournamentReader.read(bad));
        assertEquals("line 2, column 92: round 1: asymmetric pairing, 1 lists 2 but 2 lists 3",
                e.getMessage());
    }

    @Test
    void badResultCodesAreReportedWithLineAndColumn() {
        String bad = String.join("\n", "012 x", line(1, 2000, "1.0", "   2 w Q"), line(2, 1900, "0.0", "   1 b 0"));
        var e = assertThrows(org.torneo.trf.TrfFormatException.class, () -> TrfTournamentReader.read(bad));
        assertTrue(e.getMessage().startsWith("line 2"), e.getMessage());
    }
}

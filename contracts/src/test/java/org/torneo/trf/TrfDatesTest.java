package org.torneo.trf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Record 042/052 dates as real tools write them, and a clear error naming record, line and column otherwise. */
class TrfDatesTest {

    private static TrfDocument withStart(String date) {
        return TrfReader.read("012 Dates\nXXR 1\n042 " + date + "\n");
    }

    @ParameterizedTest(name = "042 {0}")
    @CsvSource(delimiter = '|', value = {
            "2005/07/28|2005-07-28",            // TRF as specified
            "2005-07-28|2005-07-28",            // ISO 8601
            "2005.07.28|2005-07-28",
            "28. 07. 2005|2005-07-28",          // Swiss-Chess (the Karl-Mala export)
            "28.07.2005|2005-07-28",            // Swiss-Manager
            "28/07/2005|2005-07-28",
            "May 29, 2020|2020-05-29",          // lichess Swiss export
            "Jun 26, 2020|2020-06-26",          // lichess Swiss export
            "May 10, 2020|2020-05-10",
            "September 3, 2026|2026-09-03",
            "Sept. 3 2026|2026-09-03",
            "3 March 2026|2026-03-03",
            "3. März 2026|2026-03-03",
            "28. Juli 2005|2005-07-28"})
    void readsTheDatesToolsWrite(String written, String expected) {
        assertEquals(LocalDate.parse(expected), withStart(written).startDate().orElseThrow());
    }

    @ParameterizedTest(name = "birth date {0}")
    @ValueSource(strings = {"1990/01/01", "1990/00/00", "1990", "0000/00/00", "0000"})
    void readsTheBirthDatesToolsWrite(String written) {
        // 0000/00/00: Swiss-Manager's unknown birth date (realfiles/swiss-manager-unplayed-rounds.trf)
        TrfDocument doc = TrfReader.read("012 Births\nXXR 1\n" + playerBornOn(written));
        assertEquals(written, doc.players().get(0).birthDate());
    }

    @ParameterizedTest(name = "birth date {0}")
    @ValueSource(strings = {"0000/01/00", "0000/00/01", "1799/00/00", "1990/13/01", "1990/02/30"})
    void aBirthDateOutOfRangeIsAnErrorAtColumn70(String written) {
        TrfFormatException e = assertThrows(TrfFormatException.class,
                () -> TrfReader.read("012 Births\nXXR 1\n" + playerBornOn(written)));
        assertEquals(3, e.line());
        assertEquals(70, e.column());
        assertTrue(e.getMessage().contains("birth date (columns 70-79) '" + written + "'"), e.getMessage());
    }

    private static String playerBornOn(String date) {
        String line = "001    1 m    Player 0001                       2240 ZZZ           0 " + String.format("%-10s", date)
                + "  0.0    1";
        assertEquals(70, line.indexOf(date) + 1, "the date in columns 70-79");
        return line + "\n";
    }

    @ParameterizedTest(name = "042 {0}")
    @ValueSource(strings = {"next Tuesday", "Mayday 3, 2026", "Foo 3, 2026", "2026/13/01", "Feb 30, 2026", "28 07 2005",
            "3 Smarch 2026"})
    void aDateNotUnderstoodIsAnErrorNamingRecordLineAndColumn(String written) {
        TrfFormatException e = assertThrows(TrfFormatException.class, () -> withStart(written));
        assertEquals(3, e.line());
        assertEquals(5, e.column());
        assertTrue(e.getMessage().contains("start date (042)"), e.getMessage());
        assertTrue(e.getMessage().contains(written.split(" ")[0]), e.getMessage());
    }
}

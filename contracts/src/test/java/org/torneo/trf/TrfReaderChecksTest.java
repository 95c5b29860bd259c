package org.torneo.trf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each check of the one TRF reader names its line and column (the same cases run through the commands and the route). */
class TrfReaderChecksTest {

    @Test
    void theBaseEventIsValid() {
        TrfDocument doc = TrfReader.read(BadTrfCases.valid());
        assertEquals(4, doc.players().size());
        assertEquals(3, doc.totalRounds().getAsInt());
        assertEquals(java.time.LocalDate.of(2026, 3, 15), doc.startDate().orElseThrow());
    }

    static List<BadTrfCases.Case> cases() {
        return BadTrfCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachCheckNamesLineColumnAndReason(BadTrfCases.Case c) {
        TrfFormatException e = assertThrows(TrfFormatException.class, () -> TrfReader.read(c.text()), c.name());
        assertEquals(c.line(), e.line(), c.name() + ": " + e.getMessage());
        assertEquals(c.column(), e.column(), c.name() + ": " + e.getMessage());
        assertEquals(true, e.reason().contains(c.reason()), c.name() + ": " + e.getMessage());
    }
}

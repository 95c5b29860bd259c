package org.torneo.rating.core.tiebreak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.TieBreakCodes;

class AnnounceableCodesTest {

    /** What the pairing service lets an organiser announce is exactly what this catalogue computes. */
    @Test
    void everyAnnounceableCodeIsComputedAndNoneElse() {
        assertEquals(TieBreakCodes.C07, TieBreaks.codes());
    }
}

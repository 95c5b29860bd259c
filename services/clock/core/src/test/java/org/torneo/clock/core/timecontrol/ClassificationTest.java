package org.torneo.clock.core.timecontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;

class ClassificationTest {

    @Test
    void sixtyMoveBudgetCountsPeriodsBegunWithinSixtyMovesAndSixtyIncrements() {
        // 90 + 40 x 30 s + 30 + 20 x 30 s = 150 min
        assertEquals(150 * 60_000L, Classification.sixtyMoveMillis(TimeControlParser.parse("40/90+30, 30+30")));
        // 120 + 60 (the third period begins only after move 60)
        assertEquals(180 * 60_000L, Classification.sixtyMoveMillis(TimeControlParser.parse("40/120, 20/60, G/30")));
        assertEquals(10 * 60_000L, Classification.sixtyMoveMillis(TimeControlParser.parse("5+5")));
    }

    @ParameterizedTest(name = "{0} under {1} is {2}")
    @CsvSource(delimiter = '|', value = {
            // FIDE 2018 B.1: 10 minutes or less (incl. 60 x increment) is blitz
            "10|FIDE_2018|BLITZ",
            "3+2|FIDE_2018|BLITZ",
            "5+5|FIDE_2018|BLITZ",
            "5+6|FIDE_2018|RAPID",
            "10+1s|FIDE_2018|RAPID",
            "600s+0.001|FIDE_2018|RAPID",
            // FIDE 2018 A.1: more than 10 and less than 60 minutes is rapid
            "15+10|FIDE_2018|RAPID",
            "59|FIDE_2018|RAPID",
            "59+1|FIDE_2018|STANDARD",
            "60|FIDE_2018|STANDARD",
            "90+30|FIDE_2018|STANDARD",
            // FIDE 1997 B.1 "entre 15 y 60 minutos" both included; C.1 blitz under 15
            "14|FIDE_1997|BLITZ",
            "15|FIDE_1997|RAPID",
            "60|FIDE_1997|RAPID",
            "61|FIDE_1997|STANDARD",
            "10|FIDE_1997|BLITZ",
            // FIDE 2001: at least 15 and less than 60 is rapid
            "14|FIDE_2001|BLITZ",
            "15|FIDE_2001|RAPID",
            "60|FIDE_2001|STANDARD",
            // Code 1970: standard only
            "5|CODE_1970|STANDARD",
    })
    void classifiesPerEdition(String control, Edition edition, Category expected) {
        assertEquals(expected, Classification.classify(TimeControlParser.parse(control), edition));
    }
}

package org.torneo.clock.core.timecontrol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

class TimeControlParserTest {

    private static final long MIN = 60_000;
    private static final long SEC = 1000;

    @Test
    void ninetyPlusThirty() {
        TimeControl c = TimeControlParser.parse("90+30");
        assertEquals(TimeControl.of(new Period(0, 90 * MIN, TimingMode.FISCHER, 30 * SEC)), c);
    }

    @Test
    void twoPeriodsWithIncrement() {
        TimeControl c = TimeControlParser.parse("40/90+30, 30+30");
        assertEquals(TimeControl.of(new Period(40, 90 * MIN, TimingMode.FISCHER, 30 * SEC),
                new Period(0, 30 * MIN, TimingMode.FISCHER, 30 * SEC)), c);
    }

    @Test
    void suddenDeathWithSimpleDelay() {
        TimeControl expected = TimeControl.of(new Period(0, 60 * MIN, TimingMode.SIMPLE_DELAY, 5 * SEC));
        assertEquals(expected, TimeControlParser.parse("G/60 d5"));
        assertEquals(expected, TimeControlParser.parse("G/60;d5"));
        assertEquals(expected, TimeControlParser.parse("SD/60 d5"));
    }

    @Test
    void bronsteinDelay() {
        assertEquals(TimeControl.of(new Period(0, 25 * MIN, TimingMode.BRONSTEIN, 5 * SEC)), TimeControlParser.parse("25 b5"));
    }

    @Test
    void threePeriodsWithoutIncrement() {
        TimeControl c = TimeControlParser.parse("40/120, 20/60, G/30");
        assertEquals(TimeControl.of(new Period(40, 120 * MIN, TimingMode.NONE, 0), new Period(20, 60 * MIN, TimingMode.NONE, 0),
                Period.suddenDeath(30 * MIN)), c);
    }

    @Test
    void unitsAndSecondsForms() {
        assertEquals(TimeControl.of(new Period(0, 300 * SEC, TimingMode.FISCHER, 2 * SEC)), TimeControlParser.parse("300s+2"));
        assertEquals(TimeControl.of(new Period(0, 60 * MIN, TimingMode.FISCHER, 30 * SEC)), TimeControlParser.parse("1h+30"));
        assertEquals(TimeControl.of(new Period(0, 90 * MIN, TimingMode.FISCHER, 30 * SEC)), TimeControlParser.parse("90' + 30''"));
        assertEquals(TimeControl.of(new Period(0, 3 * MIN, TimingMode.FISCHER, 500)), TimeControlParser.parse("3min+500ms"));
        assertEquals(TimeControl.of(new Period(0, 3 * MIN, TimingMode.FISCHER, 2500)), TimeControlParser.parse("3+2.5"));
        assertEquals(TimeControlParser.parse("90+30"), TimeControlParser.parse("90 min + 30 sec"));
        assertEquals(TimeControlParser.parse("90+30"), TimeControlParser.parse("1h30 + 30s"));
        assertEquals(TimeControlParser.parse("60+30"), TimeControlParser.parse("1 hour + 30 seconds"));
        assertEquals(TimeControlParser.parse("40/120, G/30"), TimeControlParser.parse("40/2h, G/30mins"));
    }

    @Test
    void trfSecondsForms() {
        assertEquals(TimeControl.of(new Period(0, 5400 * SEC, TimingMode.FISCHER, 30 * SEC)), TimeControlParser.parse("5400+30"));
        assertEquals(TimeControl.of(new Period(40, 6000 * SEC, TimingMode.FISCHER, 30 * SEC),
                new Period(0, 900 * SEC, TimingMode.FISCHER, 30 * SEC)), TimeControlParser.parse("40/6000+30:900+30"));
        assertEquals(TimeControl.of(new Period(0, 3600 * SEC, TimingMode.SIMPLE_DELAY, 5 * SEC)), TimeControlParser.parseTrf("3600d5"));
        assertEquals(TimeControl.of(new Period(0, 180 * SEC, TimingMode.FISCHER, 2 * SEC)), TimeControlParser.parseTrf("180+2"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "90+30|90+30|5400+30",
            "40/90+30, 30+30|40/90+30, 30+30|40/5400+30:1800+30",
            "G/60 d5|G/60 d5|3600d5",
            "40/120, 20/60, G/30|40/120, 20/60, G/30|40/7200:20/3600:1800",
            "5400+30|90+30|5400+30",
            "40/6000+30:900+30|40/100+30, 15+30|40/6000+30:900+30",
            "25 b5|G/25 b5|1500b5",
            "3+2|3+2|180+2",
            "45s+1|45s+1|45+1",
            "40/120, 20/60|40/120, 20/60|40/7200:20/3600",
    })
    void printsHumanAndTrfFormsThatParseBack(String input, String human, String trf) {
        TimeControl c = TimeControlParser.parse(input);
        assertEquals(human, TimeControlFormat.human(c));
        assertEquals(trf, TimeControlFormat.trf(c));
        assertEquals(c, TimeControlParser.parseHuman(TimeControlFormat.human(c)));
        assertEquals(c, TimeControlParser.parseTrf(TimeControlFormat.trf(c)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "90+x|4|x|expected a number for the increment",
            "40/90+30 30+30|10|30|expected ','",
            "90+30, 30+30|1|90+30|no move count",
            "0/90|1|0|move count must be between 1 and 200",
            "40.5/90|1|40.5|whole number",
            "90+30+10|6|+|only one increment or delay",
            "40/5000, G/30|4|5000|more than 10 hours",
            "90+3600|4|3600|absurd",
            "G/0|1|G/0|must give some time",
            "40/|4|''|expected a number for the period's time",
            "90+30,|7|''|a period must follow ','",
            "abc|1|abc|expected a number for the period's time",
            "-5+3|1|-|expected a number",
            "90+0.0001|4|0.0001|finer than a millisecond",
            "30000h|1|30000h|absurd",
    })
    void rejectsNonsenseNamingTheToken(String input, int column, String token, String reasonPart) {
        TimeControlSyntaxException e = assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parse(input));
        assertEquals(column, e.column(), e.getMessage());
        assertEquals(token, e.token(), e.getMessage());
        assertTrue(e.getMessage().contains(reasonPart), e.getMessage());
    }

    @Test
    void armageddonGivesEachSideItsOwnControl() {
        SideControls sides = TimeControlParser.parseSides("W300-B240");
        assertEquals(TimeControl.of(Period.suddenDeath(5 * MIN)), sides.white());
        assertEquals(TimeControl.of(Period.suddenDeath(4 * MIN)), sides.black());
        assertEquals("W300-B240", sides.trf());
        assertEquals("White G/5, Black G/4", sides.human());
        assertEquals(sides, TimeControlParser.parseSides("w5m-b4m"));
        assertEquals(TimeControl.of(new Period(0, 5 * MIN, TimingMode.FISCHER, 2 * SEC)),
                TimeControlParser.parseSides("W300+2-B240+2").white());
        SideControls same = TimeControlParser.parseSides("90+30");
        assertTrue(same.same());
        assertEquals("5400+30", same.trf());
        TimeControlSyntaxException e = assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parseSides("W300-Bx"));
        assertEquals(7, e.column(), e.getMessage());
        assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parseSides("W300"));
        assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parse("W300-B240"));
    }

    @Test
    void rejectsEmpty() {
        assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parse("  "));
        assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parse(null));
    }

    @Test
    void aBareFirstTimeOver120IsSecondsAsInThePgnTimeControlTag() {
        assertEquals(TimeControl.of(new Period(0, 300 * SEC, TimingMode.FISCHER, 3 * SEC)), TimeControlParser.parse("300+3"));
        assertEquals(TimeControl.of(new Period(0, 180 * SEC, TimingMode.FISCHER, 2 * SEC)), TimeControlParser.parse("180+2"));
        assertEquals(TimeControl.of(new Period(0, 120 * MIN, TimingMode.FISCHER, 30 * SEC)), TimeControlParser.parse("120+30"));
        assertEquals(TimeControl.of(new Period(0, 150 * MIN, TimingMode.FISCHER, 30 * SEC)),
                TimeControlParser.parse("150 min + 30 s"));
    }

    @Test
    void perMoveAfterTheIncrementIsRead() {
        assertEquals(TimeControlParser.parse("15+10"), TimeControlParser.parse("15 min + 10 s per move"));
        assertEquals(TimeControlParser.parse("90+30"), TimeControlParser.parse("90 minutes + 30 seconds per move"));
        assertEquals(TimeControlParser.parse("40/90+30, 30+30"),
                TimeControlParser.parse("40/90 + 30 s per move, 30 + 30 s each move"));
        assertThrows(TimeControlSyntaxException.class, () -> TimeControlParser.parse("15 min + 10 s per game"));
    }
}

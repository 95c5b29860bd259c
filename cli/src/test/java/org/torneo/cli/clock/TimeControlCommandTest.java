package org.torneo.cli.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import org.junit.jupiter.api.Test;
import org.torneo.cli.CliRun;

class TimeControlCommandTest {

    @Test
    void printsTheControlItsTrfFormAndTheCategoryPerEdition() {
        CliRun r = run("timecontrol", "40/90+30, 30+30");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("control:  40/90+30, 30+30"), r.out());
        assertTrue(r.out().contains("TRF 222:  40/5400+30:1800+30"), r.out());
        assertTrue(r.out().contains("FIDE2018: standard"), r.out());
    }

    @Test
    void blitzAndRapidDifferPerEdition() {
        CliRun r = run("timecontrol", "10");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("FIDE2018: blitz"), r.out());
        assertTrue(r.out().contains("FIDE1997: blitz"), r.out());
        assertTrue(r.out().contains("Code1970: standard"), r.out());
        CliRun rapid = run("timecontrol", "15+0");
        assertTrue(rapid.out().contains("FIDE1997: rapid"), rapid.out());
        assertTrue(rapid.out().contains("FIDE2018: rapid"), rapid.out());
    }

    @Test
    void readsTheTrfForm() {
        CliRun r = run("timecontrol", "--trf", "40/6000+30:900+30");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("control:  40/100+30, 15+30"), r.out());
    }

    @Test
    void armageddonPrintsBothSides() {
        CliRun r = run("timecontrol", "W300-B240");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("TRF 222: W300-B240"), r.out());
        assertTrue(r.out().contains("--- Black"), r.out());
        assertTrue(r.out().contains("control:  G/4"), r.out());
    }

    @Test
    void badInputNamesTheTokenWithExitCode2() {
        CliRun r = run("timecontrol", "90+x");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("column 4, token 'x'"), r.err());
        assertEquals(2, run("timecontrol").code());
        assertEquals(2, run("timecontrol", "--bogus", "90").code());
    }

    /** The PGN TimeControl tag counts seconds (PGN standard 9.6.1): lichess writes "300+3" for 5 minutes + 3 s. */
    @Test
    void readsThePgnTimeControlTagAsSeconds() {
        CliRun r = run("timecontrol", "300+3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("control:  5+3\n"), r.out());
        assertTrue(r.out().contains("TRF 222:  300+3\n"), r.out());
        assertTrue(r.out().contains("FIDE2018: blitz"), r.out());
        assertTrue(run("timecontrol", "180+2").out().contains("control:  3+2\n"));
        assertTrue(run("timecontrol", "90+30").out().contains("control:  90+30\n"), "minutes as before");
        assertTrue(run("timecontrol", "120+30").out().contains("TRF 222:  7200+30\n"), "120 is still minutes");
    }

    @Test
    void readsTheWordsOfRegulations() {
        CliRun r = run("timecontrol", "15 min + 10 s per move");
        assertEquals(0, r.code(), r.err());
        assertEquals(run("timecontrol", "15+10").out(), r.out());
        assertTrue(r.out().contains("FIDE2018: rapid"), r.out());
        assertEquals(run("timecontrol", "90+30").out(), run("timecontrol", "90 minutes + 30 seconds per move").out());
    }
}

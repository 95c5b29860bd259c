package org.torneo.cli.eboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import org.junit.jupiter.api.Test;
import org.torneo.cli.CliRun;

/** {@code ./torneo eboard}: its usage, and options that do not read refused before anything connects. */
class EboardCommandTest {

    @Test
    void helpPrintsTheOptions() {
        CliRun help = run("help", "eboard");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().startsWith("Usage: torneo eboard"), help.out());
        assertTrue(help.out().contains("--board=SERIAL=BOARD") && help.out().contains("--round=N"), help.out());
    }

    @Test
    void aBadOptionIsAUsageErrorNamingIt() {
        CliRun bad = run("eboard", "--tournament", "open", "--round", "x", "--board", "7425=1");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--round: 'x' is not a whole number"), bad.err());
    }
}

package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import org.junit.jupiter.api.Test;

/** {@code torneo help CMD} prints that command's usage, not the list of commands. */
class HelpCommandTest {

    @Test
    void helpPairPrintsPairsUsage() {
        CliRun r = run("help", "pair");
        assertEquals(0, r.code(), r.err());
        assertEquals("usage: pair [--system dutch|harkness|roundrobin] [--seed S] IN.trf [-o OUT] | --batch LIST\n", r.out());
        assertNotEquals(run("help").out(), r.out());
    }

    @Test
    void helpPrintsTheOptionsOfCommandsThatHaveThem() {
        assertTrue(run("help", "standings").out().contains("--rules auto (default)"));
        assertTrue(run("help", "rating").out().startsWith("usage: rating IN.trf [--date YYYY-MM-DD]"));
        assertTrue(run("help", "timecontrol").out().startsWith("usage: torneo timecontrol [--trf|--human]"));
        assertTrue(run("help", "check").out().startsWith("usage: check IN.trf"));
        assertTrue(run("help", "replay").out().startsWith("usage: replay --format tsv FILE.pgn"));
        CliRun perft = run("help", "perft");
        assertEquals("torneo perft: count the legal move tree: perft FEN DEPTH [--divide] | perft --batch FILE\n",
                perft.out(), "a command without its own usage: its summary, which names the arguments");
    }

    @Test
    void helpForAnUnknownCommandIsAnError() {
        CliRun r = run("help", "nope");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("unknown command 'nope'"), r.err());
    }
}

package org.torneo.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

/** {@code bench pair}: the figure line for a generated field, and what it refuses with the reason. */
class BenchPairTest {

    @Test
    void aGeneratedFieldIsPairedAndTimedAndCanBeSaved(@TempDir Path dir) throws Exception {
        Path saved = dir.resolve("p40.trf");
        CliRun r = run("bench", "pair", "--generate", "40", "3", "7", "--save", saved.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("generated p40 round 3: 40 players to pair, 20 lines, wall "), r.out());
        assertTrue(Files.readString(saved).contains("XXR 3"), "the field is saved as TRF");
        CliRun again = run("bench", "pair", saved.toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains(saved + ": 40 players to pair, 20 lines"), again.out());
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        CliRun letters = run("bench", "pair", "--generate", "many", "3", "1");
        assertEquals(2, letters.code());
        assertTrue(letters.err().contains("PLAYERS must be a whole number > 0, got 'many'"), letters.err());
        CliRun oneRound = run("bench", "pair", "--generate-fast", "100", "1", "1");
        assertEquals(2, oneRound.code());
        assertTrue(oneRound.err().contains("ROUNDS must be >= 2"), oneRound.err());
        CliRun nothing = run("bench", "pair");
        assertEquals(2, nothing.code());
        assertTrue(nothing.err().contains("Usage: torneo bench pair") && nothing.err().contains("--generate=PLAYERS ROUNDS SEED"),
                nothing.err());
        CliRun missing = run("bench", "pair", "/no/such/file.trf");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("/no/such/file.trf"), missing.err());
    }
}

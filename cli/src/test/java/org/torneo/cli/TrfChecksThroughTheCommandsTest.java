package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.torneo.trf.BadTrfCases;

/**
 * The one TRF reader behind every command: each check of the reader (the cases of contracts' BadTrfCases) gives
 * the same error, with file, line and column, and exit code 2 from {@code pair}, {@code check}, {@code standings}
 * and {@code rating}. Before, standings and rating took a second "player 1" rated 2800 in place of the real one.
 */
class TrfChecksThroughTheCommandsTest {

    private static final List<String> COMMANDS = List.of("pair", "check", "standings", "rating");

    @TempDir
    Path dir;

    static List<BadTrfCases.Case> cases() {
        return BadTrfCases.all();
    }

    @Test
    void theBaseEventIsReadByEveryCommand() throws Exception {
        Path file = dir.resolve("valid.trf");
        Files.writeString(file, BadTrfCases.valid());
        for (String command : COMMANDS) {
            CliRun r = run(command, file.toString());
            // check re-pairs every round and exits 1 when the file's pairings differ from the engine's
            assertTrue(r.code() == 0 || command.equals("check") && r.code() == 1, command + ": " + r.err());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyCommandRejectsTheFileNamingLineAndColumn(BadTrfCases.Case c) throws Exception {
        Path file = dir.resolve("bad.trf");
        Files.writeString(file, c.text());
        for (String command : COMMANDS) {
            CliRun r = run(command, file.toString());
            assertEquals(2, r.code(), command + " " + c.name() + ": " + r.out());
            String expected = "torneo " + command + ": " + file + ": line " + c.line() + ", column " + c.column() + ": ";
            assertTrue(r.err().startsWith(expected) && r.err().contains(c.reason()),
                    command + " " + c.name() + ": " + r.err());
        }
    }
}

package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.cli.Cli;
import org.torneo.cli.Command;

/**
 * The options of {@code demo} and {@code chaos} as picocli reads them (the end-to-end tests run them on the stack;
 * these check the reading alone): the values given, the defaults, and out-of-range values refused before anything
 * starts.
 */
class DemoOptionsTest {

    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void demoReadsTheOptionsOfTheEndToEndTestAndKeepsTheDefaultsOfTheOthers() {
        DemoCommand demo = new DemoCommand();
        Cli.commandLine(demo).parseArgs("--players", "60", "--rounds", "5", "--seed", "9", "--exit");
        assertEquals(new DemoOptions(60, 5, 4, 1.0, 9, true, "STANDARD"), demo.options());
        DemoCommand defaults = new DemoCommand();
        Cli.commandLine(defaults).parseArgs("--rapid", "--speed", "0.5", "--halls", "2");
        assertEquals(new DemoOptions(300, 7, 2, 0.5, 2026, false, "RAPID"), defaults.options());
    }

    @Test
    void demoRefusesValuesOutOfRangeBeforeAnythingStarts() {
        var e = assertThrows(Command.UsageException.class,
                () -> new DemoCommand().run(List.of("--players", "3"), NOWHERE, NOWHERE));
        assertEquals("--players must be 4 to 5000, not 3", e.getMessage());
        var speed = assertThrows(Command.UsageException.class,
                () -> new DemoCommand().run(List.of("--speed", "fast"), NOWHERE, NOWHERE));
        assertEquals("--speed: 'fast' is not a number", speed.getMessage());
    }

    @Test
    void chaosReadsItsOptionsAndRefusesValuesOutOfRange() {
        ChaosCommand chaos = new ChaosCommand();
        Cli.commandLine(chaos).parseArgs("--targets", "game,kafka", "--flag-grace", "PT30S", "--faults", "4");
        assertEquals(new ChaosCommand.Options(602, 2, 11, 4, 4, 1.0, Duration.ofSeconds(30), List.of("game", "kafka"), 1, 1),
                chaos.options());
        var brokers = assertThrows(Command.UsageException.class,
                () -> new ChaosCommand().run(List.of("--brokers", "2"), NOWHERE, NOWHERE));
        assertTrue(brokers.getMessage().contains("--brokers must be 1 or 3"), brokers.getMessage());
        var grace = assertThrows(Command.UsageException.class,
                () -> new ChaosCommand().run(List.of("--flag-grace", "3 minutes"), NOWHERE, NOWHERE));
        assertTrue(grace.getMessage().startsWith("--flag-grace: '3 minutes' is not a duration"), grace.getMessage());
    }
}

package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.cli.Cli;
import org.torneo.cli.Command.UsageException;

/** {@code ./torneo chaos --instances N --brokers 3}: read, or refused saying why, before anything starts. */
class ChaosOptionsTest {

    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void instancesAndBrokersAreTaken() {
        ChaosCommand chaos = new ChaosCommand();
        Cli.commandLine(chaos).parseArgs("--instances", "2", "--brokers", "3", "--seed", "11");

        assertEquals(2, chaos.options().instances());
        assertEquals(3, chaos.options().brokers());
        ChaosCommand defaults = new ChaosCommand();
        Cli.commandLine(defaults).parseArgs();
        assertEquals(1, defaults.options().instances());
    }

    @Test
    void instancesOutOfRangeOrNotANumberAreRefused() {
        UsageException zero = assertThrows(UsageException.class,
                () -> new ChaosCommand().run(List.of("--instances", "0"), NOWHERE, NOWHERE));
        assertTrue(zero.getMessage().startsWith("--instances must be from 1 to 4"), zero.getMessage());
        UsageException word = assertThrows(UsageException.class,
                () -> new ChaosCommand().run(List.of("--instances", "two"), NOWHERE, NOWHERE));
        assertTrue(word.getMessage().startsWith("--instances: 'two' is not"), word.getMessage());
    }
}

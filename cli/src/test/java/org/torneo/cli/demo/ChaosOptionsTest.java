package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.cli.Command.UsageException;

/** {@code ./torneo chaos --instances N --brokers 3}: parsed, or refused saying why. */
class ChaosOptionsTest {

    @Test
    void instancesAndBrokersAreTaken() {
        ChaosCommand.Options options = ChaosCommand.parse(List.of("--instances", "2", "--brokers", "3", "--seed", "11"));

        assertEquals(2, options.instances());
        assertEquals(3, options.brokers());
        assertEquals(1, ChaosCommand.parse(List.of()).instances());
    }

    @Test
    void instancesOutOfRangeOrNotANumberAreRefused() {
        UsageException zero = assertThrows(UsageException.class, () -> ChaosCommand.parse(List.of("--instances", "0")));
        assertTrue(zero.getMessage().startsWith("--instances must be from 1 to 4"), zero.getMessage());
        UsageException word = assertThrows(UsageException.class, () -> ChaosCommand.parse(List.of("--instances", "two")));
        assertEquals("--instances must be a number from 1 to 4, not 'two'", word.getMessage());
    }
}

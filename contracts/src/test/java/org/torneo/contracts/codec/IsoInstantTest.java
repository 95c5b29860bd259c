package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The hand-written instant text is the JDK's, character for character, and reads back to the JDK's instant. */
class IsoInstantTest {

    @Test
    void writesWhatInstantToStringWrites() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            long second = random.nextLong(-100_000_000_000L, 300_000_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);
            String text = IsoInstant.format(instant);
            assertEquals(instant.toString(), text);
            assertEquals(Instant.parse(text), IsoInstant.parse(text));
        }
        for (String edge : new String[]{"1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2024-02-29T12:00:00Z",
                "2026-05-01T15:04:05.1Z", "2026-05-01T15:04:05.12Z", "2026-05-01T15:04:05.1234Z"}) {
            assertEquals(Instant.parse(edge), IsoInstant.parse(edge), edge);
        }
    }

    @Test
    void leavesEveryOtherShapeToTheJdk() {
        // what the common shape does not cover is decided (read or refused) by Instant.parse itself
        for (String other : new String[]{"2026-05-01T15:04:05+01:00", "1969-12-31T23:59:59Z", "+10000-01-01T00:00:00Z",
                "2026-05-01T23:59:60Z", "2026-05-01t15:04:05Z", "2026-05-01T15:04:05.Z"}) {
            assertNull(IsoInstant.parseCommonShape(other), other);
        }
        assertEquals(Instant.parse("2026-05-01T15:04:05+01:00"), IsoInstant.parse("2026-05-01T15:04:05+01:00"));
        assertEquals(Instant.parse("2026-05-01T15:04:05.Z"), IsoInstant.parse("2026-05-01T15:04:05.Z"));
        for (String bad : new String[]{"2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-05-01T24:00:01Z",
                "2026-05-01T15:04:05.1234567890Z", "2026-05-01 15:04:05Z", "yesterday"}) {
            assertNull(IsoInstant.parseCommonShape(bad), bad);
            assertThrows(DateTimeParseException.class, () -> IsoInstant.parse(bad), bad);
        }
    }
}

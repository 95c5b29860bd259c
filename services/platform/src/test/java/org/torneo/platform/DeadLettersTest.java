package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class DeadLettersTest {

    @Test
    void keepsKeyValueAndHeadersAndNamesReasonAndOrigin() {
        byte[] key = "g-1".getBytes(StandardCharsets.UTF_8);
        byte[] value = "{not json".getBytes(StandardCharsets.UTF_8);
        ConsumerRecord<byte[], byte[]> original = new ConsumerRecord<>("torneo.game.commands", 4, 1234L, key, value);
        original.headers().add("trace", "abc".getBytes(StandardCharsets.UTF_8));

        ProducerRecord<byte[], byte[]> dead = DeadLetters.of(original, "game", "malformed JSON at line 1, column 10");

        assertEquals("torneo.deadletter", dead.topic());
        assertArrayEquals(key, dead.key());
        assertArrayEquals(value, dead.value());
        assertEquals("abc", DeadLetters.header(dead.headers(), "trace"));
        assertEquals("malformed JSON at line 1, column 10", DeadLetters.header(dead.headers(), DeadLetters.REASON));
        assertEquals("torneo.game.commands", DeadLetters.header(dead.headers(), DeadLetters.TOPIC));
        assertEquals("4", DeadLetters.header(dead.headers(), DeadLetters.PARTITION));
        assertEquals("1234", DeadLetters.header(dead.headers(), DeadLetters.OFFSET));
        assertEquals("game", DeadLetters.header(dead.headers(), DeadLetters.SERVICE));
    }

    @Test
    void aRecordTooLargeForADeadLetterKeepsTheStartOfItsValueAndSaysHowLargeItWas() {
        byte[] value = new byte[1_048_000];
        java.util.Arrays.fill(value, (byte) '[');
        ConsumerRecord<byte[], byte[]> original = new ConsumerRecord<>("torneo.game.commands", 0, 7L, null, value);
        original.headers().add("big", new byte[10_000]);

        ProducerRecord<byte[], byte[]> dead = DeadLetters.of(original, "game", "cannot decode: too deep");

        assertEquals(DeadLetters.KEPT_WHEN_TOO_LARGE, dead.value().length);
        assertEquals("1048000", DeadLetters.header(dead.headers(), DeadLetters.VALUE_BYTES));
        assertEquals(null, DeadLetters.header(dead.headers(), "big"));
        assertEquals("cannot decode: too deep", DeadLetters.header(dead.headers(), DeadLetters.REASON));
        assertEquals("7", DeadLetters.header(dead.headers(), DeadLetters.OFFSET));
    }
}

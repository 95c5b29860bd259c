package org.torneo.platform.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** A poll's records in the order they are decided: by timestamp across partitions, offset order within each. */
class PollOrderTest {

    @Test
    void aBacklogOfTwoTopicsIsDecidedInTheOrderItWasWritten() {
        // given a poll after an outage: a game's moves and, on another topic, the StartClock sent before them
        var moves = List.of(record("torneo.game.moves", 3, 0, 200, "e4"), record("torneo.game.moves", 3, 1, 300, "e5"));
        var clockCommands = List.of(record("torneo.clock.commands", 3, 0, 100, "StartClock"),
                record("torneo.clock.commands", 3, 1, 250, "Arrived"));

        // when the lane orders them (the moves' partition given first, as a poll may)
        var order = PollOrder.byTimestamp(List.of(moves, clockCommands));

        // then the StartClock comes first: no move is read before its game's clock exists
        assertEquals(List.of("StartClock", "e4", "Arrived", "e5"), order.stream().map(ConsumerRecord::value).toList());
    }

    @Test
    void eachPartitionKeepsItsOffsetOrderEvenWhenItsTimestampsGoBack() {
        // given a partition whose second record carries an earlier timestamp (two producers' clocks)
        var a = List.of(record("a", 0, 0, 300, "a0"), record("a", 0, 1, 150, "a1"));
        var b = List.of(record("b", 0, 0, 200, "b0"));

        var order = PollOrder.byTimestamp(List.of(a, b)).stream().map(ConsumerRecord::value).toList();

        // then a1 never overtakes a0 (offsets are committed per partition, highest last)
        assertEquals(List.of("b0", "a0", "a1"), order);
    }

    @Test
    void equalTimestampsKeepThePartitionsInTheOrderGiven() {
        var a = List.of(record("a", 1, 0, 100, "a0"));
        var b = List.of(record("b", 1, 0, 100, "b0"));

        assertEquals(List.of("a0", "b0"), PollOrder.byTimestamp(List.of(a, b)).stream().map(ConsumerRecord::value)
                .toList());
        assertEquals(List.of("b0", "a0"), PollOrder.byTimestamp(List.of(b, a)).stream().map(ConsumerRecord::value)
                .toList());
    }

    private static ConsumerRecord<String, String> record(String topic, int partition, long offset, long timestamp,
                                                         String value) {
        return new ConsumerRecord<>(topic, partition, offset, timestamp, TimestampType.CREATE_TIME, 0, 0, "k", value,
                new RecordHeaders(), java.util.Optional.empty());
    }
}

package org.torneo.platform.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;

class RuntimeMetersTest {

    private static final Actor CLOCK = Actor.system("clock");
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RuntimeMeters meters = new RuntimeMeters(registry, "clock");

    private static Decision<String> decision(boolean duplicate, EventMessage... events) {
        List<Envelope> envelopes = java.util.Arrays.stream(events).map(e -> Envelope.event(UUID.randomUUID(),
                UUID.randomUUID(), null, "g-1", 1, CLOCK, Instant.EPOCH, e)).toList();
        return new Decision<>(UUID.randomUUID(), "g-1", duplicate, envelopes, AggregateState.initial("g-1", "s"));
    }

    private double decided(String outcome) {
        return registry.get(RuntimeMeters.DECIDED).tag("service", "clock").tag("outcome", outcome).counter().count();
    }

    @Test
    void committedDecisionsAreCountedByOutcome() {
        // given a batch: two accepted, one refused (its CommandRejected event), one duplicate, one without events
        var resumed = new ClockEvent.ClockResumed("g-1", "c1", CLOCK, 5, Side.WHITE);
        var refused = new ClockEvent.CommandRejected("g-1", "c2", CLOCK, 6, "PressClock", "the clock is paused");
        List<Decision<String>> batch = List.of(decision(false, resumed), decision(false, resumed, resumed),
                decision(false, refused), decision(true), decision(false));

        // when it is committed
        meters.committed(batch);

        // then
        assertEquals(2, decided(RuntimeMeters.ACCEPTED));
        assertEquals(1, decided(RuntimeMeters.REFUSED));
        assertEquals(1, decided(RuntimeMeters.DUPLICATE));
        assertEquals(1, decided(RuntimeMeters.IGNORED));
    }

    @Test
    void everyOutcomeShowsFromTheStart() {
        for (String outcome : List.of("accepted", "refused", "duplicate", "ignored")) {
            assertEquals(0, decided(outcome), outcome);
        }
    }

    @Test
    void deadLettersAreCountedPerSourceTopic() {
        meters.deadLettered("torneo.clock.commands");
        meters.deadLettered("torneo.clock.commands");
        meters.deadLettered("torneo.game.moves");
        meters.deadLettered(null);

        assertEquals(2, registry.get(RuntimeMeters.DEAD_LETTERS).tag("topic", "torneo.clock.commands").counter().count());
        assertEquals(1, registry.get(RuntimeMeters.DEAD_LETTERS).tag("topic", "torneo.game.moves").counter().count());
        assertEquals(1, registry.get(RuntimeMeters.DEAD_LETTERS).tag("topic", "unknown").counter().count());
    }

    @Test
    void decisionLatencyAndReplayAreTimed() {
        meters.decisionTook(TimeUnit.MILLISECONDS.toNanos(3));
        meters.decisionTook(TimeUnit.MILLISECONDS.toNanos(5));
        meters.replayed(Duration.ofSeconds(2));

        var decision = registry.get(RuntimeMeters.DECISION).tag("service", "clock").timer();
        assertEquals(2, decision.count());
        assertEquals(8, decision.totalTime(TimeUnit.MILLISECONDS), 0.001);
        assertEquals(5, decision.max(TimeUnit.MILLISECONDS), 0.001);
        assertEquals(2, registry.get(RuntimeMeters.REPLAY).tag("service", "clock").timer().totalTime(TimeUnit.SECONDS),
                0.001);
    }

    @Test
    void theLagGaugeOfATopicShowsItsLastValueAlsoAfterARestartOfTheRuntime() {
        meters.lag("torneo.clock.commands", 7);
        assertEquals(7, registry.get(RuntimeMeters.LAG).tag("topic", "torneo.clock.commands").gauge().value());
        assertNull(registry.find(RuntimeMeters.LAG).tag("topic", "torneo.game.moves").gauge());

        // a restarted runtime of the same service gets new meters; the registry keeps the first gauge
        RuntimeMeters afterRestart = new RuntimeMeters(registry, "clock");
        afterRestart.lag("torneo.clock.commands", 2);
        assertEquals(2, registry.get(RuntimeMeters.LAG).tag("topic", "torneo.clock.commands").gauge().value());
    }
}

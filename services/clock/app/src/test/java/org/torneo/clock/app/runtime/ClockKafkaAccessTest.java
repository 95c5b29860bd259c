package org.torneo.clock.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.kafka.AccessCheck;

/** The clock service's Kafka principal allows what its code does. */
class ClockKafkaAccessTest {

    @Test
    void theRuntimeWorksUnderTheClockPrincipal() {
        assertEquals(List.of(), AccessCheck.missing(ClockDefinition.definition(game -> false), KafkaAccess.CLOCK));
    }

    @Test
    void theEdgeAndTheBackfillAreCovered() {
        assertTrue(KafkaAccess.CLOCK.writes().contains(Topics.CLOCK_COMMANDS), "the REST edge");
        assertTrue(KafkaAccess.CLOCK.reads().contains(Topics.CLOCK), "the readings' backfill (TopicsToEnd)");
        assertTrue(!KafkaAccess.CLOCK.writes().contains(Topics.MOVES), "never a move");
    }
}

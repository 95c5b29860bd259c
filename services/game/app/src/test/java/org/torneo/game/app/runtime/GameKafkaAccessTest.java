package org.torneo.game.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.kafka.AccessCheck;

/** The game service's Kafka principal allows what its code does, and the table says it alone writes the moves. */
class GameKafkaAccessTest {

    @Test
    void theRuntimeWorksUnderTheGamePrincipal() {
        assertEquals(List.of(), AccessCheck.missing(GameDefinition.DEFINITION, KafkaAccess.GAME));
    }

    @Test
    void theEdgesAndReadersBesideTheRuntimeAreCovered() {
        // CommandPublisher (REST edge, round starter) and the clock starter
        assertTrue(KafkaAccess.GAME.writes().containsAll(List.of(Topics.GAME_COMMANDS, Topics.CLOCK_COMMANDS)));
        // RoundStarter reads the tournament stream, the projection's backfill (TopicsToEnd) the game's own event topics
        assertTrue(KafkaAccess.GAME.reads().containsAll(List.of(Topics.TOURNAMENT, Topics.MOVES, Topics.CLAIMS,
                Topics.RESULTS)));
    }
}

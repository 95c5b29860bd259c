package org.torneo.pairing.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;
import org.torneo.platform.kafka.AccessCheck;

/** The pairing service's Kafka principal allows what its code does. */
class PairingKafkaAccessTest {

    @Test
    void theRuntimeWorksUnderThePairingPrincipal() {
        assertEquals(List.of(), AccessCheck.missing(PairingDefinition.DEFINITION, KafkaAccess.PAIRING));
        assertTrue(KafkaAccess.PAIRING.writes().contains(Topics.TOURNAMENT_COMMANDS), "the REST edge");
        assertTrue(!KafkaAccess.PAIRING.writes().contains(Topics.RESULTS), "results come from the game service only");
    }
}

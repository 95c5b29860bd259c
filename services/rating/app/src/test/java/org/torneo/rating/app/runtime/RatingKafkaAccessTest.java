package org.torneo.rating.app.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.platform.kafka.AccessCheck;

/** The rating service's Kafka principal allows what its code does (it also creates its sheet topic). */
class RatingKafkaAccessTest {

    @Test
    void theRuntimeWorksUnderTheRatingPrincipal() {
        assertEquals(List.of(), AccessCheck.missing(RatingDefinition.definition(List.of("PTS")), KafkaAccess.RATING));
        assertTrue(KafkaAccess.RATING.creates().contains(RatingDefinition.SHEET), "RatingApp.createSheetTopic");
    }
}

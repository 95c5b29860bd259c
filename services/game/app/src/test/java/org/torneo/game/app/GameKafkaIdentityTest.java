package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.torneo.platform.kafka.KafkaClientConfig;
import org.torneo.stack.test.TorneoStack;

/** The app signs in to Kafka as its own principal (torneo-game), not as the stack's admin. */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class GameKafkaIdentityTest {

    @Inject
    KafkaClientConfig kafkaClients;

    @Test
    void theAppSignsInAsItsOwnUser() {
        Map<String, Object> security = kafkaClients.security();
        assertEquals("SASL_PLAINTEXT", security.get("security.protocol"));
        assertEquals("SCRAM-SHA-512", security.get("sasl.mechanism"));
        assertTrue(String.valueOf(security.get("sasl.jaas.config")).contains("username=\"torneo-game\""),
                "the app's Kafka user is torneo-game");
        assertEquals(TorneoStack.clientSecurity("game"), security, "the stack's password of torneo-game");
    }
}

package org.torneo.platform.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class KafkaClientConfigTest {

    @Test
    void takesTheSignInSettingsUnderKafkaAndNothingElse() {
        Map<String, String> config = Map.of(
                "kafka.bootstrap.servers", "broker:9092",
                "kafka.security.protocol", "SASL_PLAINTEXT",
                "kafka.sasl.mechanism", "SCRAM-SHA-512",
                "kafka.group.id", "not-for-every-client",
                "torneo.kafka.max-block", "PT10S",
                "quarkus.kafka.devservices.enabled", "false");
        Map<String, Object> security = KafkaClientConfig.select(config.keySet(),
                name -> Optional.ofNullable(config.get(name)));
        assertEquals(Map.of("security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", "SCRAM-SHA-512"), security);
    }

    @Test
    void readsTheEnvironmentForm() {
        // as Quarkus sees KAFKA_SASL_JAAS_CONFIG: the dotted name resolves to the variable's value
        Map<String, String> resolved = Map.of("kafka.sasl.jaas.config", "ScramLoginModule required username=\"u\";",
                "kafka.ssl.truststore.location", "/etc/ca.p12");
        Map<String, Object> security = KafkaClientConfig.select(
                List.of("KAFKA_SASL_JAAS_CONFIG", "KAFKA_SSL_TRUSTSTORE_LOCATION", "KAFKA_BOOTSTRAP_SERVERS", "PATH"),
                name -> Optional.ofNullable(resolved.get(name)));
        assertEquals(Map.of("sasl.jaas.config", "ScramLoginModule required username=\"u\";",
                "ssl.truststore.location", "/etc/ca.p12"), security);
    }
}

package org.torneo.cli;

import java.util.Map;

import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.stack.kafka.KafkaCredentials;
import org.torneo.stack.supervisor.StackHome;

/**
 * How the command line signs in to Kafka as one principal of {@link KafkaAccess} (the demo as "edge", audit and
 * export as "audit"): TORNEO_KAFKA_USER and TORNEO_KAFKA_PASSWORD (SCRAM-SHA-512; TORNEO_KAFKA_SECURITY_PROTOCOL,
 * default SASL_PLAINTEXT, e.g. SASL_SSL for a cluster) when set, else that principal's password of the running
 * local stack, else nothing (a broker without authentication).
 */
public final class KafkaSignIn {

    private KafkaSignIn() {
    }

    public static Map<String, Object> as(String role) {
        return as(role, System.getenv(), StackHome.fromSystem());
    }

    static Map<String, Object> as(String role, Map<String, String> environment, StackHome home) {
        String user = environment.get("TORNEO_KAFKA_USER");
        String password = environment.get("TORNEO_KAFKA_PASSWORD");
        if (user != null && !user.isBlank()) {
            if (password == null) {
                throw new Command.UsageException("TORNEO_KAFKA_USER is set but TORNEO_KAFKA_PASSWORD is not");
            }
            Map<String, Object> properties = new java.util.LinkedHashMap<>(KafkaCredentials.clientProperties(user.trim(),
                    password));
            String protocol = environment.get("TORNEO_KAFKA_SECURITY_PROTOCOL");
            if (protocol != null && !protocol.isBlank()) {
                properties.put("security.protocol", protocol.trim());
            }
            return properties;
        }
        KafkaAccess.Principal principal = KafkaAccess.byRole(role).orElseThrow(() -> new IllegalArgumentException(
                "no Kafka principal '" + role + "'"));
        return home.kafkaCredentials().map(c -> c.clientProperties(principal.user())).orElse(Map.of());
    }
}

package org.torneo.platform.kafka;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * How every Kafka client of a service signs in: the {@code kafka.}-prefixed configuration, as SmallRye Reactive
 * Messaging applies it to its channels, reduced to what identifies the client ({@code security.protocol},
 * {@code sasl.*}, {@code ssl.*}). Environment variables work as for any Quarkus setting, e.g.
 * {@code KAFKA_SASL_JAAS_CONFIG} for {@code kafka.sasl.jaas.config}; the local stack and the test resource hand
 * each service its own user that way. The aggregate runtime gets them through {@link KafkaSettings#extra()}
 * ({@code RuntimeRegistry.settings()}), the other clients (edges, backfills, the feed's reader) from here.
 */
@ApplicationScoped
public class KafkaClientConfig {

    private volatile Map<String, Object> security;

    /** The sign-in properties of this service's Kafka clients (empty: an unauthenticated broker). */
    public Map<String, Object> security() {
        Map<String, Object> current = security;
        if (current == null) {
            current = fromConfig(ConfigProvider.getConfig());
            security = current;
        }
        return current;
    }

    /** {@link #security()} as {@link Properties}, to start a client's properties with. */
    public Properties properties() {
        Properties properties = new Properties();
        properties.putAll(security());
        return properties;
    }

    /** The sign-in properties found in a configuration. */
    public static Map<String, Object> fromConfig(Config config) {
        return select(config.getPropertyNames(), name -> config.getOptionalValue(name, String.class));
    }

    /**
     * The {@code kafka.security.protocol}, {@code kafka.sasl.*} and {@code kafka.ssl.*} entries among {@code names}
     * (also in environment-variable form, KAFKA_SASL_JAAS_CONFIG), without the prefix, with their values.
     */
    static Map<String, Object> select(Iterable<String> names, Function<String, Optional<String>> value) {
        Map<String, Object> selected = new LinkedHashMap<>();
        for (String name : names) {
            String dotted = name.startsWith("KAFKA_") ? name.toLowerCase().replace('_', '.') : name;
            if (!dotted.startsWith("kafka.")) {
                continue;
            }
            String key = dotted.substring("kafka.".length());
            if (key.equals("security.protocol") || key.startsWith("sasl.") || key.startsWith("ssl.")) {
                // the dotted name resolves through every config source, the environment included
                value.apply("kafka." + key).or(() -> value.apply(name)).ifPresent(v -> selected.put(key, v));
            }
        }
        return Map.copyOf(selected);
    }
}

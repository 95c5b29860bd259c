package org.torneo.platform.health;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.enterprise.context.ApplicationScoped;

import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * The runtimes of this service, for the health checks. An app registers each runtime it starts:
 * {@code registry.register(runtime); runtime.start();}
 */
@ApplicationScoped
public class RuntimeRegistry {

    private final List<KafkaAggregateRuntime<?, ?, ?>> runtimes = new CopyOnWriteArrayList<>();

    public void register(KafkaAggregateRuntime<?, ?, ?> runtime) {
        runtimes.add(runtime);
    }

    public List<KafkaAggregateRuntime<?, ?, ?>> runtimes() {
        return List.copyOf(runtimes);
    }
}

package org.torneo.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.service.ServiceShell;

/**
 * /q/health/ready is UP when every registered runtime has replayed its log and consumes commands, and every
 * service shell has reloaded what lives beside its runtime (the projection, the clock's deadlines) from the replay;
 * /q/health/live is DOWN only when a runtime failed for good (recovering from a broker outage is live).
 */
public final class RuntimeHealth {

    private RuntimeHealth() {
    }

    static HealthCheckResponse check(String name, RuntimeRegistry registry, boolean readiness) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(name).up();
        for (KafkaAggregateRuntime<?, ?, ?> runtime : registry.runtimes()) {
            KafkaAggregateRuntime.Status status = runtime.status();
            boolean ok = readiness ? status == KafkaAggregateRuntime.Status.RUNNING
                    : status != KafkaAggregateRuntime.Status.FAILED;
            if (!ok) {
                builder.down();
            }
            builder.withData(runtime.name(), status + (runtime.statusDetail().isEmpty() ? "" : ": " + runtime.statusDetail()));
            builder.withData(runtime.name() + ".events", runtime.eventsProduced());
            builder.withData(runtime.name() + ".deadLetters", runtime.deadLetters());
        }
        for (ServiceShell<?, ?, ?> shell : registry.shells()) {
            KafkaAggregateRuntime<?, ?, ?> runtime = shell.runtime();
            boolean reloaded = shell.reloaded();
            if (readiness && !reloaded) {
                builder.down();
            }
            builder.withData(shell.name() + ".reload", reloaded ? "current" : "rebuilding");
            if (runtime != null) {
                builder.withData(shell.name() + ".restarts", runtime.restarts());
            }
            shell.healthData().forEach((key, value) -> {
                if (value instanceof Number number) {
                    builder.withData(shell.name() + "." + key, number.longValue());
                } else {
                    builder.withData(shell.name() + "." + key, String.valueOf(value));
                }
            });
        }
        return builder.build();
    }

    @Readiness
    @ApplicationScoped
    public static class Ready implements HealthCheck {
        @Inject
        RuntimeRegistry registry;

        @Override
        public HealthCheckResponse call() {
            return check("torneo-runtimes-ready", registry, true);
        }
    }

    @Liveness
    @ApplicationScoped
    public static class Live implements HealthCheck {
        @Inject
        RuntimeRegistry registry;

        @Override
        public HealthCheckResponse call() {
            return check("torneo-runtimes-live", registry, false);
        }
    }
}

package org.torneo.pairing.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * /q/health/ready: UP when the tournament runtime has replayed the log, consumes its inputs and the
 * projection was rewritten from the replay. /q/health/live: DOWN only when the runtime failed for
 * good (recovering from a broker outage is live).
 */
public final class PairingHealth {

    private PairingHealth() {
    }

    static HealthCheckResponse check(PairingApp app, boolean readiness) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(readiness ? "pairing-ready" : "pairing-live").up();
        KafkaAggregateRuntime<?, ?, ?> runtime = app.runtime();
        if (runtime == null) {
            return builder.down().withData("pairing", "not started").build();
        }
        KafkaAggregateRuntime.Status status = runtime.status();
        boolean ok = readiness ? status == KafkaAggregateRuntime.Status.RUNNING && app.reloaded()
                : status != KafkaAggregateRuntime.Status.FAILED;
        if (!ok) {
            builder.down();
        }
        builder.withData("pairing", status + (runtime.statusDetail().isEmpty() ? "" : ": " + runtime.statusDetail()));
        builder.withData("pairing.events", runtime.eventsProduced());
        builder.withData("pairing.deadLetters", runtime.deadLetters());
        builder.withData("pairing.restarts", runtime.restarts());
        return builder.build();
    }

    @Readiness
    @ApplicationScoped
    public static class Ready implements HealthCheck {
        @Inject
        PairingApp app;

        @Override
        public HealthCheckResponse call() {
            return check(app, true);
        }
    }

    @Liveness
    @ApplicationScoped
    public static class Live implements HealthCheck {
        @Inject
        PairingApp app;

        @Override
        public HealthCheckResponse call() {
            return check(app, false);
        }
    }
}

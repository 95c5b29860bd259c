package org.torneo.clock.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * /q/health/ready: UP when the clock runtime has replayed the log and consumes commands, and the
 * flag scheduler was reloaded from the replayed clocks. /q/health/live: DOWN only when the runtime
 * failed for good (recovering from a broker outage is live).
 */
public final class ClockHealth {

    private ClockHealth() {
    }

    static HealthCheckResponse check(ClockApp app, boolean readiness) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(readiness ? "clock-ready" : "clock-live").up();
        KafkaAggregateRuntime<?, ?, ?> runtime = app.runtime();
        if (runtime == null) {
            return builder.down().withData("clock", "not started").build();
        }
        KafkaAggregateRuntime.Status status = runtime.status();
        boolean ok = readiness ? status == KafkaAggregateRuntime.Status.RUNNING && app.reloaded()
                : status != KafkaAggregateRuntime.Status.FAILED;
        if (!ok) {
            builder.down();
        }
        builder.withData("clock", status + (runtime.statusDetail().isEmpty() ? "" : ": " + runtime.statusDetail()));
        builder.withData("clock.events", runtime.eventsProduced());
        builder.withData("clock.deadLetters", runtime.deadLetters());
        builder.withData("clock.restarts", runtime.restarts());
        builder.withData("clock.pendingDeadlines", app.scheduler().pending());
        return builder.build();
    }

    @Readiness
    @ApplicationScoped
    public static class Ready implements HealthCheck {
        @Inject
        ClockApp app;

        @Override
        public HealthCheckResponse call() {
            return check(app, true);
        }
    }

    @Liveness
    @ApplicationScoped
    public static class Live implements HealthCheck {
        @Inject
        ClockApp app;

        @Override
        public HealthCheckResponse call() {
            return check(app, false);
        }
    }
}

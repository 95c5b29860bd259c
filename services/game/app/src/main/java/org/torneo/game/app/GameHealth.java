package org.torneo.game.app;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * /q/health/ready: besides the platform's runtime checks, UP only once the projection reflects the replayed
 * state (so queries answer from a complete projection).
 */
@Readiness
@ApplicationScoped
public class GameHealth implements HealthCheck {

    @Inject
    GameApp app;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named("game-projection");
        boolean ok = app.reloaded();
        builder.status(ok);
        builder.withData("projection", ok ? "current" : "rebuilding");
        return builder.build();
    }
}

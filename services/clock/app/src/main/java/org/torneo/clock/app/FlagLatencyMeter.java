package org.torneo.clock.app;

import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.torneo.contracts.clock.ClockEvent.BothFlagsFell;
import org.torneo.contracts.clock.ClockEvent.FlagFell;

/**
 * The flag latency (README "Metrics"): from a clock's deadline (the time a flag event records) to
 * the moment its FlagFell or BothFlagsFell event is committed, measured on this service's wall clock as each
 * batch is committed. Replays do not count: the listeners hear of committed batches only.
 */
@ApplicationScoped
public class FlagLatencyMeter {

    public static final String NAME = "torneo.clock.flag.latency";

    @Inject
    ClockApp app;

    @Inject
    MeterRegistry meters;

    void onStart(@Observes StartupEvent event) {
        Timer latency = Timer.builder(NAME).description("From a clock's deadline to its flag event committed")
                .publishPercentiles(0.5, 0.95, 0.99).register(meters);
        app.addListener(decisions -> {
            long now = System.currentTimeMillis();
            decisions.forEach(d -> d.events().forEach(e -> {
                long deadline = e.payload() instanceof FlagFell flag ? flag.at()
                        : e.payload() instanceof BothFlagsFell both ? both.at() : -1;
                if (deadline >= 0) {
                    latency.record(Math.max(0, now - deadline), TimeUnit.MILLISECONDS);
                }
            }));
        });
    }
}

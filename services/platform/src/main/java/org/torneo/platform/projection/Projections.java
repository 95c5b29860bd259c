package org.torneo.platform.projection;

import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.platform.Decision;
import org.torneo.platform.kafka.CommitListener;

/**
 * Keeps query projections in PostgreSQL through Hibernate Reactive. The runtime calls its commit
 * listeners on its own (non Vert.x) thread after each committed Kafka transaction; Hibernate
 * Reactive needs a Vert.x context, so the projector runs on a fresh duplicated context and the
 * runtime waits for it (projections are updated in commit order).
 *
 * <p>Projections are derived data, never the truth: write them idempotently (upsert by id, or
 * keep the last applied sequence per aggregate and skip older events) because after a crash the
 * same decisions may be projected again when the projection is rebuilt from the log.
 * <pre>
 * runtime.addListener(projections.listener((session, decisions) -> ... session.merge(row) ...));
 * </pre>
 */
@ApplicationScoped
public class Projections {

    @Inject
    Mutiny.SessionFactory sessionFactory;

    /**
     * How long one projection update may take before it fails. A lost reactive callback would otherwise stall
     * the runtime that waits for it with nothing in the log; failing makes the runtime restart and say why.
     */
    @ConfigProperty(name = "torneo.projection.timeout", defaultValue = "PT5M")
    Duration timeout;

    /** A commit listener that runs {@code projector} in one reactive transaction per batch. */
    public <S> CommitListener<S> listener(BiFunction<Mutiny.Session, List<Decision<S>>, Uni<Void>> projector) {
        return decisions -> {
            if (decisions.stream().allMatch(d -> d.events().isEmpty())) {
                return;
            }
            run(session -> projector.apply(session, decisions));
        };
    }

    /** Runs reactive database work from a blocking thread and waits for it. */
    public <T> T run(java.util.function.Function<Mutiny.Session, Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> sessionFactory.withTransaction((session, tx) ->
                    work.apply(session)).ifNoItem().after(timeout).failWith(() -> new IllegalStateException(
                    "projection update did not finish within " + timeout + " (torneo.projection.timeout)")));
        } catch (Throwable e) {
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("projection update failed", e);
        }
    }
}

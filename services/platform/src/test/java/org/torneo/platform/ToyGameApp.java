package org.torneo.platform;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.GameCommand;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.projection.Projections;
import org.torneo.platform.service.ServiceShell;

/** A thin service app as the real ones look: its shell runs the runtime; the app projects what it commits. */
@ApplicationScoped
public class ToyGameApp {

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    Projections projections;

    private ServiceShell<GameCommand, EventMessage, ToyGame.State> shell;

    /** Through a method: the injected bean is a client proxy, its fields are not the instance's. */
    public KafkaAggregateRuntime<GameCommand, EventMessage, ToyGame.State> runtime() {
        return shell.runtime();
    }

    void onStart(@Observes StartupEvent event) {
        shell = runtimes.shell(ToyGame.DEFINITION).listener(projections.listener(ToyGameApp::project)).build();
        shell.start();
    }

    /** Upserts one row per game; skips sequences already projected (idempotent). */
    static Uni<Void> project(Mutiny.Session session, List<Decision<ToyGame.State>> decisions) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (Decision<ToyGame.State> decision : decisions) {
            if (decision.events().isEmpty()) {
                continue;
            }
            chain = chain.chain(() -> session.find(ToyGameRow.class, decision.aggregateId()).chain(found -> {
                ToyGameRow row = found != null ? found : new ToyGameRow();
                if (row.lastSequence >= decision.after().sequence()) {
                    return Uni.createFrom().voidItem();
                }
                row.gameId = decision.aggregateId();
                row.moves = decision.after().state().moves().size();
                row.over = decision.after().state().over();
                row.lastSequence = decision.after().sequence();
                return found != null ? session.flush() : session.persist(row);
            }));
        }
        return chain;
    }
}

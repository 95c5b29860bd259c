package org.torneo.rating.app;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.StartupEvent;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.platform.AggregateState;
import org.torneo.platform.health.RuntimeRegistry;
import org.torneo.platform.projection.Projections;
import org.torneo.platform.service.AggregateService;
import org.torneo.platform.service.ServiceShell;
import org.torneo.rating.app.projection.RatingProjector;
import org.torneo.rating.core.sheet.Publications;
import org.torneo.rating.core.sheet.RatingDecider;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.rating.core.sheet.RatingSheet;

/**
 * The rating service: the rating aggregate on the platform runtime, its PostgreSQL projection, and
 * the live state the REST resource reads. After every replay (start, or starting over after a
 * broker outage) the projection is rewritten from the rebuilt states, since a replay tells no
 * commit listener.
 */
@ApplicationScoped
public class RatingApp implements AggregateService<RatingDecider.Input, EventMessage, RatingSheet> {

    private static final Logger LOG = Logger.getLogger(RatingApp.class.getName());

    @Inject
    RuntimeRegistry runtimes;

    @Inject
    Projections projections;

    /** The tie-breaks announced for new events (FIDE C.07 codes, in order). */
    @ConfigProperty(name = "torneo.rating.tie-breaks", defaultValue = "PTS,BH/C1,BH,SB,PS,WIN")
    String tieBreaks;

    private ServiceShell<RatingDecider.Input, EventMessage, RatingSheet> shell;

    void onStart(@Observes StartupEvent event) {
        createSheetTopic();
        shell = runtimes.shell(RatingDefinition.definition(Arrays.stream(tieBreaks.split(",")).map(String::trim)
                        .toList()), RatingDefinition.CODEC, UnaryOperator.identity())
                .listener(projections.listener(RatingProjector::project))
                .reloadOnRebuild(this::reproject)
                .build();
        shell.start();
    }

    /** One tournament's score sheet, or null when the service knows no such tournament. */
    public RatingSheet sheet(String tournamentId) {
        return runtime().read(store -> store.exists(tournamentId) ? store.stateOf(tournamentId).state() : null);
    }

    /** Rewrites the projection from the replayed states (on the runtime's thread, before any input). */
    private void reproject(Supplier<List<AggregateState<RatingSheet>>> replayed, boolean firstOfRuntime) {
        List<AggregateState<RatingSheet>> states = replayed.get();
        List<RatingEvent> events = new ArrayList<>();
        Instant now = Instant.now();
        for (AggregateState<RatingSheet> sheet : states) {
            events.addAll(Publications.publications(sheet.state(), now));
        }
        if (!events.isEmpty()) {
            projections.run(session -> RatingProjector.write(session, events));
        }
        LOG.info("rating: projection rewritten from " + states.size() + " replayed tournaments");
    }

    /** The internal sheet topic is not in the catalogue the stack creates: create it (idempotent). */
    private void createSheetTopic() {
        Properties props = new Properties();
        props.putAll(runtimes.clientSecurity());
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, runtimes.bootstrapServers());
        Duration maxBlock = runtimes.maxBlock();
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) maxBlock.toMillis());
        String name = runtimes.topic(RatingDefinition.SHEET.name());
        try (Admin admin = Admin.create(props)) {
            if (admin.listTopics().names().get(maxBlock.toMillis(), TimeUnit.MILLISECONDS).contains(name)) {
                return;
            }
            // the broker's default partition count; keys keep each tournament's facts in order
            admin.createTopics(List.of(new NewTopic(name, Optional.empty(), Optional.empty())
                    .configs(RatingDefinition.SHEET.configs()))).all().get(maxBlock.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                LOG.log(Level.WARNING, "rating: could not create " + name + " (the runtime will retry on its own)", e);
            }
        } catch (Exception e) {
            LOG.log(Level.WARNING, "rating: could not create " + name + " (the runtime will retry on its own)", e);
        }
    }

    @Override
    public ServiceShell<RatingDecider.Input, EventMessage, RatingSheet> shell() {
        return shell;
    }
}

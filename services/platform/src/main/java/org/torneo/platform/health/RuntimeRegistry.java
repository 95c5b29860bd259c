package org.torneo.platform.health;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import io.quarkus.runtime.ShutdownEvent;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.KafkaSettings;
import org.torneo.platform.service.ServiceShell;
import org.torneo.platform.signing.ServiceSigning;

/**
 * Starts, registers (for the health checks) and stops the runtimes of a Quarkus service, and makes each app's
 * {@link ServiceShell} from the configuration. An app:
 * <pre>
 * void onStart(@Observes StartupEvent e) {
 *     shell = runtimes.shell(GameDefinition.DEFINITION).listener(projections.listener(GameProjector::project))
 *             .reload((states, first) -&gt; ...).build();
 *     shell.start();
 * }
 * </pre>
 * Configuration: {@code kafka.bootstrap.servers} and the client's sign-in {@code kafka.security.protocol},
 * {@code kafka.sasl.*}, {@code kafka.ssl.*} (as for SmallRye Kafka), {@code torneo.kafka.max-block},
 * {@code torneo.topic-prefix} and {@code torneo.instance-id} (unique per running instance; a restarted instance with
 * the same id fences its predecessor; when unset, the pod name or an id kept under {@code torneo.data-dir}, default
 * {@code ~/.torneo}: {@link #instanceId()}). The apps read these settings only through this bean (a
 * {@code @ConfigMapping} under {@code torneo} would refuse every other {@code torneo.*} key).
 */
@ApplicationScoped
public class RuntimeRegistry {

    private final List<KafkaAggregateRuntime<?, ?, ?>> runtimes = new CopyOnWriteArrayList<>();
    private final List<ServiceShell<?, ?, ?>> shells = new CopyOnWriteArrayList<>();

    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "localhost:9092")
    String bootstrapServers;

    @ConfigProperty(name = "quarkus.application.name", defaultValue = "torneo")
    String applicationName;

    /** Explicit instance id; without it, {@link #instanceId()} finds one ({@link org.torneo.platform.kafka.InstanceIds}). */
    @ConfigProperty(name = "torneo.instance-id")
    java.util.Optional<String> configuredInstanceId;

    /** Where the service keeps what outlives a process (the generated instance id). */
    @ConfigProperty(name = "torneo.data-dir")
    java.util.Optional<String> dataDir;

    @ConfigProperty(name = "torneo.kafka.max-block", defaultValue = "PT30S")
    Duration maxBlock;

    /** Prepended to every catalogue topic name: "" in production, a test's own topics. */
    @ConfigProperty(name = "torneo.topic-prefix")
    java.util.Optional<String> topicPrefix;

    @Inject
    ServiceSigning signing;

    private volatile String instanceId;

    @Inject
    org.torneo.platform.kafka.KafkaClientConfig kafkaClients;

    private final JsonCodec codec = JsonCodec.standard();

    /**
     * Creates and registers the runtime of one aggregate kind from the configuration, not started:
     * add listeners, then {@code start()} it (listeners added after start may miss the first replay).
     */
    public <C, E extends EventMessage, S> KafkaAggregateRuntime<C, E, S> create(AggregateDefinition<C, E, S> definition) {
        KafkaAggregateRuntime<C, E, S> runtime = new KafkaAggregateRuntime<>(definition, codec, settings());
        register(runtime);
        return runtime;
    }

    /** Creates, registers and starts the runtime of one aggregate kind (replay runs in the background). */
    public <C, E extends EventMessage, S> KafkaAggregateRuntime<C, E, S> start(AggregateDefinition<C, E, S> definition) {
        KafkaAggregateRuntime<C, E, S> runtime = create(definition);
        runtime.start();
        return runtime;
    }

    /** An app's shell around the runtime of {@code definition}, with the service's settings and codec. */
    public <C, E extends EventMessage, S> ServiceShell.Builder<C, E, S> shell(AggregateDefinition<C, E, S> definition) {
        return shell(definition, codec, UnaryOperator.identity());
    }

    /**
     * An app's shell around the runtime of {@code definition}: each runtime it starts reads the service's settings
     * ({@link #settings()}, then {@code tuning}, e.g. more client properties), is registered for the health checks
     * while it runs, and signs its chain heads when a key is configured (issue 17).
     */
    public <C, E extends EventMessage, S> ServiceShell.Builder<C, E, S> shell(AggregateDefinition<C, E, S> definition,
                                                                             JsonCodec codec,
                                                                             UnaryOperator<KafkaSettings> tuning) {
        return ServiceShell.<C, E, S>builder(definition.name(),
                        () -> new KafkaAggregateRuntime<>(definition, codec, tuning.apply(settings())))
                .host(new ServiceShell.Host() {
                    @Override
                    public void started(KafkaAggregateRuntime<?, ?, ?> runtime) {
                        register(runtime);
                        signing.sign(runtime);
                    }

                    @Override
                    public void closed(KafkaAggregateRuntime<?, ?, ?> runtime) {
                        unregister(runtime);
                    }

                    @Override
                    public void shellStarted(ServiceShell<?, ?, ?> shell) {
                        shells.add(shell); // reported by the health checks, stopped with the service
                    }

                    @Override
                    public void shellStopped(ServiceShell<?, ?, ?> shell) {
                        shells.remove(shell);
                    }
                });
    }

    /** The shells started and not stopped ({@link RuntimeHealth} reports them). */
    public List<ServiceShell<?, ?, ?>> shells() {
        return List.copyOf(shells);
    }

    /** The Kafka settings of this service from its configuration, with its sign-in ({@code kafka.sasl.*} ...). */
    public KafkaSettings settings() {
        return new KafkaSettings(bootstrapServers, instanceId(), null, maxBlock(), topicPrefix(), clientSecurity());
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** {@code torneo.topic-prefix}, "" when unset. */
    public String topicPrefix() {
        return topicPrefix.orElse("");
    }

    /** The physical name of a catalogue topic ({@link #topicPrefix()} and the name). */
    public String topic(String catalogueName) {
        return topicPrefix() + catalogueName;
    }

    public Duration maxBlock() {
        return maxBlock;
    }

    /** A plain client's properties: the broker, this service's sign-in and {@code clientId}. */
    public Properties clientProperties(String clientId) {
        Properties props = new Properties();
        props.putAll(clientSecurity());
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        return props;
    }

    /**
     * This running instance's id (part of its transactional ids): {@code torneo.instance-id} if set, else the pod
     * name, else an id generated once and kept under {@code torneo.data-dir} (see {@link
     * org.torneo.platform.kafka.InstanceIds}). The same for the life of the process.
     */
    public String instanceId() {
        String id = instanceId;
        if (id == null) {
            synchronized (this) {
                if (instanceId == null) {
                    java.nio.file.Path dir = java.nio.file.Path.of(dataDir.orElse(
                            System.getProperty("user.home") + java.io.File.separator + ".torneo"));
                    var claim = org.torneo.platform.kafka.InstanceIds.resolve(applicationName, configuredInstanceId,
                            dir, System.getenv());
                    java.util.logging.Logger.getLogger(RuntimeRegistry.class.getName()).info(applicationName
                            + ": instance id " + claim.id() + " (from " + claim.source() + ")");
                    instanceId = claim.id();
                }
                id = instanceId;
            }
        }
        return id;
    }

    /** How this service's Kafka clients sign in ({@link org.torneo.platform.kafka.KafkaClientConfig}). */
    public java.util.Map<String, Object> clientSecurity() {
        return kafkaClients.security();
    }

    public void register(KafkaAggregateRuntime<?, ?, ?> runtime) {
        runtimes.add(runtime);
    }

    /** Forgets a runtime (e.g. one an app closed to start a new one); the health checks stop seeing it. */
    public void unregister(KafkaAggregateRuntime<?, ?, ?> runtime) {
        runtimes.remove(runtime);
    }

    /**
     * Closes {@code old} (if any), forgets it, and starts a new runtime of {@code definition}: what an
     * app does to rebuild its state from the log as a new process would.
     */
    public <C, E extends EventMessage, S> KafkaAggregateRuntime<C, E, S> restart(KafkaAggregateRuntime<?, ?, ?> old,
                                                                                AggregateDefinition<C, E, S> definition) {
        if (old != null) {
            old.close();
            unregister(old);
        }
        return start(definition);
    }

    public List<KafkaAggregateRuntime<?, ?, ?>> runtimes() {
        return List.copyOf(runtimes);
    }

    public JsonCodec codec() {
        return codec;
    }

    void stopAll(@Observes ShutdownEvent event) {
        shells.forEach(ServiceShell::stop);
        runtimes.forEach(KafkaAggregateRuntime::close);
    }
}

package org.torneo.platform.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.contracts.EventMessage;
import org.torneo.platform.AggregateState;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * One service's aggregate runtime with what every service does around it, written once: start it, start a new one
 * (which rebuilds every aggregate from the log as a new process would), reload what lives beside the runtime (a
 * projection, a scheduler) after each replay and retry that until it succeeds, say whether the service is ready
 * (replayed, running and reloaded), and stop. An app gives its aggregate definition, its listeners and its reload
 * ({@link Builder}, from {@link org.torneo.platform.health.RuntimeRegistry#shell}); the health checks
 * ({@link org.torneo.platform.health.RuntimeHealth}) report every shell.
 *
 * <p>Why a reload: a replay rebuilds the states but tells no commit listener, so whatever the listeners keep
 * (the projection's rows, the clock's deadlines) is brought up to the rebuilt state once per replay: after the
 * start, after each start-over the runtime makes by itself (a broker outage) and after {@link #restart()}.
 */
public final class ServiceShell<C, E extends EventMessage, S> {

    private static final Logger LOG = Logger.getLogger(ServiceShell.class.getName());
    /** How often the watcher looks for a replay not yet reloaded (and retries a reload that failed). */
    private static final long WATCH_MILLIS = 250;

    /** What an app brings up to the replayed state. */
    @FunctionalInterface
    public interface Reload<S> {

        /**
         * Called after each replay until it returns without throwing (a throw is logged and retried).
         *
         * @param states           the replayed aggregates, read when called (call it under the app's own lock when
         *                         a batch committed meanwhile must not overtake the reload)
         * @param firstOfRuntime   whether this runtime was not reloaded yet (true after a start and a
         *                         {@link #restart()}, false after the runtime's own start-over)
         */
        void reload(Supplier<List<AggregateState<S>>> states, boolean firstOfRuntime);
    }

    /** Where the shell's runtimes are made known (the health checks, the signing key) and forgotten. */
    public interface Host {

        void started(KafkaAggregateRuntime<?, ?, ?> runtime);

        void closed(KafkaAggregateRuntime<?, ?, ?> runtime);

        default void shellStarted(ServiceShell<?, ?, ?> shell) {
        }

        default void shellStopped(ServiceShell<?, ?, ?> shell) {
        }
    }

    private final String name;
    private final Supplier<KafkaAggregateRuntime<C, E, S>> factory;
    private final List<Consumer<KafkaAggregateRuntime<C, E, S>>> wiring;
    private final Reload<S> reload;
    private final boolean reloadOnRebuild;
    private final List<Runnable> beforeStop;
    private final List<Runnable> afterStop;
    private final Supplier<Map<String, Object>> healthData;
    private final Host host;
    private final List<CommitListener<S>> extraListeners = new CopyOnWriteArrayList<>();
    /** Reloads one at a time (the watcher's and a rebuild listener's); never held while a runtime is closed. */
    private final Object reloadLock = new Object();

    private volatile KafkaAggregateRuntime<C, E, S> runtime;
    private volatile long reloadedForRestarts = -1;
    private ScheduledExecutorService watcher;
    private boolean stopped;

    private ServiceShell(Builder<C, E, S> builder) {
        this.name = builder.name;
        this.factory = builder.factory;
        this.wiring = List.copyOf(builder.wiring);
        this.reload = builder.reload;
        this.reloadOnRebuild = builder.reloadOnRebuild;
        this.beforeStop = List.copyOf(builder.beforeStop);
        this.afterStop = List.copyOf(builder.afterStop);
        this.healthData = builder.healthData;
        this.host = builder.host;
    }

    public static <C, E extends EventMessage, S> Builder<C, E, S> builder(String name,
                                                                          Supplier<KafkaAggregateRuntime<C, E, S>> factory) {
        return new Builder<>(name, factory);
    }

    /** Starts the runtime (replay runs in the background) and the watcher that reloads after each replay. */
    public synchronized void start() {
        if (runtime != null) {
            throw new IllegalStateException(name + ": the shell was started already");
        }
        host.shellStarted(this);
        startRuntime();
        if (reload != null) {
            watcher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, name + "-replay-watch");
                t.setDaemon(true);
                return t;
            });
            watcher.scheduleWithFixedDelay(this::reloadIfReplayed, 100, WATCH_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops the runtime and starts a new one, which rebuilds every aggregate from the log as a new process would. */
    public synchronized void restart() {
        KafkaAggregateRuntime<C, E, S> old = runtime;
        old.close();
        host.closed(old);
        startRuntime();
    }

    /** Stops the watcher, the app's parts that go first, the runtime, then the app's parts that go last. */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (watcher != null) {
            watcher.shutdownNow();
        }
        beforeStop.forEach(ServiceShell::quietly);
        KafkaAggregateRuntime<C, E, S> current = runtime;
        if (current != null) {
            current.close();
            host.closed(current);
        }
        afterStop.forEach(ServiceShell::quietly);
        host.shellStopped(this);
    }

    private void startRuntime() {
        KafkaAggregateRuntime<C, E, S> created = factory.get();
        wiring.forEach(w -> w.accept(created));
        created.addListener(decisions -> extraListeners.forEach(l -> l.committed(decisions)));
        if (reloadOnRebuild) {
            // on the runtime's thread, before anything more is decided; the watcher retries what fails
            created.addRebuildListener(store -> reload(created, () -> statesOf(store)));
        }
        reloadedForRestarts = -1;
        runtime = created;
        host.started(created); // registered for the health checks, and signing its chain heads (issue 17)
        created.start();
    }

    public String name() {
        return name;
    }

    /** The current runtime (a new one after each {@link #restart()}). */
    public KafkaAggregateRuntime<C, E, S> runtime() {
        return runtime;
    }

    /** Whether what lives beside the runtime reflects its current replay (always, for a shell without a reload). */
    public boolean reloaded() {
        KafkaAggregateRuntime<C, E, S> current = runtime;
        return current != null && current.status() == KafkaAggregateRuntime.Status.RUNNING
                && (reload == null || reloadedForRestarts == current.restarts());
    }

    /** The app's own figures for the health checks (e.g. the clock's pending deadlines). */
    public Map<String, Object> healthData() {
        return healthData == null ? Map.of() : healthData.get();
    }

    /** Extra observers of committed batches (tests and benchmarks); they stay across restarts. */
    public void addListener(CommitListener<S> listener) {
        extraListeners.add(listener);
    }

    public void removeListener(CommitListener<S> listener) {
        extraListeners.remove(listener);
    }

    /** Every aggregate of the current runtime's store, as committed. */
    public List<AggregateState<S>> states() {
        return runtime.read(ServiceShell::statesOf);
    }

    private static <C, E extends EventMessage, S> List<AggregateState<S>> statesOf(AggregateStore<C, E, S> store) {
        List<AggregateState<S>> all = new ArrayList<>(store.size());
        store.states().keySet().forEach(id -> all.add(store.stateOf(id)));
        return all;
    }

    private void reloadIfReplayed() {
        KafkaAggregateRuntime<C, E, S> current = runtime;
        try {
            if (current == null || current.status() != KafkaAggregateRuntime.Status.RUNNING
                    || current.restarts() == reloadedForRestarts) {
                return;
            }
            if (reloadOnRebuild) {
                // read before taking the reload lock: the runtime's thread may hold its store while it waits for
                // that lock in the rebuild listener
                List<AggregateState<S>> states = current.read(ServiceShell::statesOf);
                reload(current, () -> states);
            } else {
                reload(current, () -> current.read(ServiceShell::statesOf));
            }
        } catch (RuntimeException e) {
            // e.g. the runtime was closed meanwhile: the next look decides again (a throw would end the watcher)
            LOG.log(Level.WARNING, name + ": reload after replay failed; will retry", e);
        }
    }

    private void reload(KafkaAggregateRuntime<C, E, S> source, Supplier<List<AggregateState<S>>> states) {
        synchronized (reloadLock) {
            try {
                long restarts = source.restarts();
                reload.reload(states, reloadedForRestarts < 0 || source != runtime);
                if (source == runtime) {
                    reloadedForRestarts = restarts;
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, name + ": reload after replay failed; will retry", e);
            }
        }
    }

    private static void quietly(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a service part did not stop cleanly", e);
        }
    }

    /** An app's shell: its runtime, listeners, reload and the parts it stops with the runtime. */
    public static final class Builder<C, E extends EventMessage, S> {
        private final String name;
        private final Supplier<KafkaAggregateRuntime<C, E, S>> factory;
        private final List<Consumer<KafkaAggregateRuntime<C, E, S>>> wiring = new ArrayList<>();
        private final List<Runnable> beforeStop = new ArrayList<>();
        private final List<Runnable> afterStop = new ArrayList<>();
        private Reload<S> reload;
        private boolean reloadOnRebuild;
        private Supplier<Map<String, Object>> healthData;
        private Host host = new Host() {
            @Override
            public void started(KafkaAggregateRuntime<?, ?, ?> runtime) {
            }

            @Override
            public void closed(KafkaAggregateRuntime<?, ?, ?> runtime) {
            }
        };

        private Builder(String name, Supplier<KafkaAggregateRuntime<C, E, S>> factory) {
            this.name = Objects.requireNonNull(name, "name");
            this.factory = Objects.requireNonNull(factory, "factory");
        }

        /** Done to each new runtime before it starts: listeners, lanes, ... (in the order given). */
        public Builder<C, E, S> configure(Consumer<KafkaAggregateRuntime<C, E, S>> step) {
            wiring.add(step);
            return this;
        }

        /** A commit listener of each new runtime (in the order given). */
        public Builder<C, E, S> listener(CommitListener<S> listener) {
            return configure(r -> r.addListener(listener));
        }

        /** What is brought up to the state after each replay; readiness waits for it. */
        public Builder<C, E, S> reload(Reload<S> reload) {
            this.reload = reload;
            return this;
        }

        /**
         * Reloads also from the runtime's rebuild listener (each replay and each catch-up with other instances'
         * events), on the runtime's thread before anything more is decided; the watcher retries a failure.
         */
        public Builder<C, E, S> reloadOnRebuild(Reload<S> reload) {
            this.reload = reload;
            this.reloadOnRebuild = true;
            return this;
        }

        public Builder<C, E, S> healthData(Supplier<Map<String, Object>> data) {
            this.healthData = data;
            return this;
        }

        /** A part of the app stopped before the runtime (what feeds it or reacts to it). */
        public Builder<C, E, S> stopBefore(Runnable stop) {
            beforeStop.add(stop);
            return this;
        }

        /** A part of the app stopped after the runtime (what its last batches are handed to). */
        public Builder<C, E, S> stopAfter(Runnable stop) {
            afterStop.add(stop);
            return this;
        }

        public Builder<C, E, S> host(Host host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        public ServiceShell<C, E, S> build() {
            return new ServiceShell<>(this);
        }
    }
}

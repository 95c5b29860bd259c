package org.torneo.stack.supervisor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.stack.LocalStack;
import org.torneo.stack.Ports;
import org.torneo.stack.identity.KeycloakServer;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.postgres.EmbeddedPostgresServer;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.postgres.PostgresServer;

/**
 * The background JVM behind {@code ./torneo up}: starts the broker (child process), PostgreSQL
 * (data kept in .torneo/postgres) and every built service (child processes), writes
 * .torneo/state.properties for {@code status} and {@code up}, and on SIGTERM ({@code ./torneo down})
 * stops the services, the broker and PostgreSQL, in that order.
 * <p>
 * Ports: Kafka TORNEO_KAFKA_PORT (default 9092), PostgreSQL TORNEO_PG_PORT (default 5432), Keycloak
 * TORNEO_KEYCLOAK_PORT (default 8180; TORNEO_KEYCLOAK=off leaves it out), services 8081.. in
 * {@link StackHome#SERVICE_ORDER}; a busy port is replaced by a free one. Keycloak starts side by side with the
 * broker and PostgreSQL (it takes longest), before the services, which get its OIDC settings.
 */
public final class Supervisor {

    /** TORNEO_SERVICE_READY_SECONDS (default 180): a machine shared by many builds starts the services slower. */
    static final Duration SERVICE_READY_TIMEOUT = Duration.ofSeconds(seconds("TORNEO_SERVICE_READY_SECONDS", 180));

    private final StackHome home;
    private final Properties state = new Properties();
    private final Map<String, Process> services = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    /** How each service was launched, to start it again the same way after it died. */
    private final Map<String, ProcessBuilder> launches = new java.util.concurrent.ConcurrentHashMap<>();
    /** The components being restarted right now (service names, "kafka", "postgres"). */
    private final java.util.Set<String> restarting = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * TORNEO_RESTART=on ({@code ./torneo chaos} sets it): a service, the broker or PostgreSQL that dies is started
     * again (same command line, ports and data) instead of being reported down (services) or stopping the stack
     * (broker).
     */
    private final boolean restartDead = "on".equalsIgnoreCase(System.getenv("TORNEO_RESTART"));
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile LocalStack stack;
    private volatile KeycloakServer keycloak;

    private Supervisor(StackHome home) {
        this.home = home;
    }

    public static void main(String[] args) throws Exception {
        StackHome home = new StackHome(Path.of(args.length > 0 ? args[0] : "."));
        new Supervisor(home).run();
    }

    private void run() throws Exception {
        long started = System.nanoTime();
        Files.createDirectories(home.logs());
        Files.writeString(home.supervisorPidFile(), Long.toString(ProcessHandle.current().pid()));
        state.setProperty("supervisor.pid", Long.toString(ProcessHandle.current().pid()));
        state.setProperty("status", "starting");
        state.setProperty("started.at", Instant.now().toString());
        home.writeState(state);
        Runtime.getRuntime().addShutdownHook(new Thread(this::shutdown, "torneo-supervisor-shutdown"));
        try {
            // Keycloak takes longest: it starts first and the services do not wait for it (its issuer URL is known
            // before it is up, and quarkus-oidc connects on the first request when the provider was not up yet).
            CompletableFuture<Void> identity = startKeycloakInBackground();
            startStack();
            long stackMillis = (System.nanoTime() - started) / 1_000_000;
            state.setProperty("stack.startup.ms", Long.toString(stackMillis));
            log("broker + topics + PostgreSQL ready in " + stackMillis + " ms");
            startServices();
            awaitServices();
            awaitKeycloak(identity);
            long totalMillis = (System.nanoTime() - started) / 1_000_000;
            state.setProperty("startup.ms", Long.toString(totalMillis));
            state.setProperty("status", "ready");
            home.writeState(state);
            log("all up in " + totalMillis + " ms");
        } catch (Exception e) {
            log("start failed: " + e.getMessage());
            state.setProperty("status", "failed");
            state.setProperty("error", String.valueOf(e.getMessage()).lines().findFirst().orElse("") );
            home.writeState(state);
            System.exit(1);
        }
        watchServices();
    }

    private void startStack() throws IOException {
        int kafkaPort = port("TORNEO_KAFKA_PORT", 9092);
        int postgresPort = PostgresServer.externalFromEnvironment() != null ? 0 : port("TORNEO_PG_PORT", 5432);
        int partitions = intEnv("TORNEO_PARTITIONS", 0);
        int brokers = intEnv("TORNEO_BROKERS", 1);
        stack = LocalStack.start(new LocalStack.Options(home.dir(), kafkaPort, postgresPort, partitions, true, brokers));
        state.setProperty("kafka.bootstrap", stack.bootstrapServers());
        state.setProperty("kafka.brokers", Integer.toString(brokers));
        state.setProperty("kafka.pid", Long.toString(stack.broker().pid()));
        state.setProperty("kafka.controller.pid", Long.toString(stack.broker().controllerPid()));
        if (brokers > 1) {
            for (int n = 1; n <= brokers; n++) {
                state.setProperty(brokerName(n) + ".pid", Long.toString(stack.brokers().get(n - 1).pid()));
                state.setProperty(brokerName(n) + ".bootstrap", stack.brokers().get(n - 1).bootstrapServers());
            }
        }
        state.setProperty("kafka.log", stack.broker().logFile().toString());
        state.setProperty("kafka.credentials", stack.broker().credentialsFile().toString());
        PostgresServer postgres = stack.postgres();
        state.setProperty("postgres.host", postgres.host());
        state.setProperty("postgres.port", Integer.toString(postgres.port()));
        state.setProperty("postgres.user", postgres.user());
        state.setProperty("postgres.password", postgres.password());
        state.setProperty("postgres.database", postgres.defaultDatabase());
        if (postgres instanceof EmbeddedPostgresServer embedded) {
            state.setProperty("postgres.pid", Long.toString(embedded.pid()));
            state.setProperty("postgres.data", home.postgresDataDir().toString());
        }
        home.writeState(state);
    }

    /** Keycloak in its own thread (its first start takes a minute or more); null future when TORNEO_KEYCLOAK=off. */
    private CompletableFuture<Void> startKeycloakInBackground() {
        if ("off".equalsIgnoreCase(System.getenv("TORNEO_KEYCLOAK"))) {
            log("TORNEO_KEYCLOAK=off: no identity provider");
            return null;
        }
        keycloak = KeycloakServer.at(home.keycloakDir(), port("TORNEO_KEYCLOAK_PORT", 8180), List.of(home.marker()));
        return CompletableFuture.runAsync(() -> {
            keycloak.start();
            log("Keycloak ready in " + keycloak.lastStartTime().toMillis() + " ms at " + keycloak.issuer()
                    + (keycloak.lastStartImported() ? " (realm imported)" : ""));
        });
    }

    private void awaitKeycloak(CompletableFuture<Void> identity) {
        if (identity == null) {
            return;
        }
        try {
            identity.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        state.setProperty("keycloak.url", keycloak.url());
        state.setProperty("keycloak.issuer", keycloak.issuer());
        state.setProperty("keycloak.realm", TorneoRealm.NAME);
        state.setProperty("keycloak.management.port", Integer.toString(keycloak.managementPort()));
        state.setProperty("keycloak.pid", Long.toString(keycloak.pid()));
        state.setProperty("keycloak.log", keycloak.logFile().toString());
        state.setProperty("keycloak.startup.ms", Long.toString(keycloak.lastStartTime().toMillis()));
        home.writeState(state);
    }

    /**
     * The OIDC settings of a service (harmless for an app without quarkus-oidc): the issuer, the service's own
     * client and its development secret, and the audience every token of the realm carries.
     */
    private List<String> oidcOptions(String service) {
        if (keycloak == null) {
            return List.of();
        }
        String client = TorneoRealm.serviceClient(service);
        if (service.equals(CONSOLE)) {
            // the sign-in client (authorization code); the audience check is the services' (the ID token is the
            // console's own), so none here
            return List.of("-Dquarkus.oidc.auth-server-url=" + keycloak.issuer(),
                    "-Dquarkus.oidc.client-id=" + TorneoRealm.CONSOLE_CLIENT,
                    "-Dquarkus.oidc.credentials.secret=" + TorneoRealm.devSecret(TorneoRealm.CONSOLE_CLIENT));
        }
        return List.of("-Dquarkus.oidc.auth-server-url=" + keycloak.issuer(),
                "-Dquarkus.oidc.client-id=" + client,
                "-Dquarkus.oidc.credentials.secret=" + TorneoRealm.devSecret(client),
                "-Dquarkus.oidc.token.audience=" + TorneoRealm.AUDIENCE);
    }

    /** The console (services/console): signed-in pages over the pairing and game routes; reads as Kafka user edge. */
    static final String CONSOLE = "console";

    /** The Kafka principal of an app: its own, the console's is the edge's (reads events, writes none). */
    static String kafkaRole(String app) {
        return app.equals(CONSOLE) ? "edge" : app;
    }

    private void startServices() throws IOException {
        Path keys = home.dir().resolve("keys");
        Path trust = org.torneo.stack.LocalKeys.ensure(keys);
        state.setProperty("signing.trust", trust.toString());
        log("signing keys in " + keys + "; the audit's trust file: " + trust);
        List<String> names = new ArrayList<>();
        int instances = intEnv("TORNEO_INSTANCES", 1);
        state.setProperty("instances", Integer.toString(instances));
        for (StackHome.ServiceApp app : home.builtServices()) {
            PgDatabase database = serviceDatabase(app.name());
            for (int instance = 1; instance <= instancesOf(app.name(), instances); instance++) {
                names.add(startInstance(app, instance, database, keys));
            }
        }
        state.setProperty("services", String.join(",", names));
        home.writeState(state);
    }

    /** Starts instance {@code instance} of {@code app}; returns its name (see {@link #instanceName}). */
    private String startInstance(StackHome.ServiceApp app, int instance, PgDatabase database, Path keys)
            throws IOException {
        String name = instanceName(app.name(), instance);
        int port = instance == 1 && Ports.isFree(app.preferredPort()) ? app.preferredPort() : Ports.free();
        Path log = home.logs().resolve(name + ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(serviceJvmOptions());
        command.add(home.marker());
        command.add("-Dkafka.bootstrap.servers=" + stack.bootstrapServers());
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.add("-Dquarkus.datasource.reactive.url=" + database.reactiveUrl());
        command.add("-Dquarkus.datasource.username=" + database.user());
        command.add("-Dquarkus.datasource.password=" + database.password());
        command.add("-Dquarkus.devservices.enabled=false");
        // Flyway's JDBC connection at start: a new PostgreSQL backend took longer than the pool's 5 s default while ten
        // JVMs started on two loaded cores (--instances 2: both game instances failed to start)
        command.add("-Dquarkus.datasource.jdbc.acquisition-timeout=PT2M");
        command.add("-Dtorneo.signing.key-dir=" + keys); // each service reads <service>.pem (issue 17)
        // each instance its own data (the instance id file) and its own transactional id, as a pod has (decision 16)
        command.add("-Dtorneo.data-dir=" + home.dir().resolve("data").resolve(name));
        command.addAll(oidcOptions(app.name()));
        if (app.name().equals(CONSOLE)) {
            for (String service : List.of("pairing", "game")) { // started before it (SERVICE_ORDER)
                String servicePort = state.getProperty("service." + service + ".port");
                if (servicePort != null) {
                    command.add("-Dquarkus.rest-client." + service + ".url=http://127.0.0.1:" + servicePort);
                }
            }
            // the tournament page links the feed's printed lists (the feed is started before the console)
            String feedPort = state.getProperty("service.feed.port");
            if (feedPort != null) {
                command.add("-Dtorneo.console.feed-url=http://127.0.0.1:" + feedPort);
            }
        }
        String flagGrace = System.getenv("TORNEO_CLOCK_FLAG_GRACE");
        if (app.name().equals("clock") && flagGrace != null && !flagGrace.isBlank()) {
            command.add("-Dtorneo.clock.flag-grace=" + flagGrace.trim()); // e.g. PT3S: see the clock app
        }
        command.add("-jar");
        command.add(app.jar().toString());
        ProcessBuilder builder = new ProcessBuilder(command);
        // its own Kafka user, through the environment (KAFKA_SASL_JAAS_CONFIG ...): never on a command line
        if (KafkaAccess.byRole(kafkaRole(app.name())).isPresent()) {
            builder.environment().putAll(stack.kafkaCredentials().environment(kafkaRole(app.name())));
        } else {
            log(app.name() + " has no principal in KafkaAccess: it starts without Kafka credentials");
        }
        builder.environment().put("POD_NAME", app.name() + "-" + instance);
        builder.directory(app.jar().getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        launches.put(name, builder);
        Process process = builder.start();
        services.put(name, process);
        String key = "service." + name + ".";
        state.setProperty(key + "port", Integer.toString(port));
        state.setProperty(key + "pid", Long.toString(process.pid()));
        state.setProperty(key + "log", log.toString());
        state.setProperty(key + "database", database.name());
        state.setProperty(key + "app", app.name());
        log("started " + name + " (pid " + process.pid() + ") on http://127.0.0.1:" + port);
        return name;
    }

    /**
     * How many instances of {@code app} run when TORNEO_INSTANCES asks for {@code wanted}: the feed keeps one writer
     * (decision 17: one replica until it has one per tournament) and the console keeps its device log in memory, so
     * they run once; every other service runs {@code wanted} times, sharing its database and its input partitions.
     */
    static int instancesOf(String app, int wanted) {
        return app.equals("feed") || app.equals(CONSOLE) ? 1 : Math.max(1, wanted);
    }

    /** The first instance keeps the service's name (its port, log and state keys); the next are NAME-2, NAME-3 ... */
    static String instanceName(String app, int instance) {
        return instance == 1 ? app : app + "-" + instance;
    }

    /** Each service gets its own database torneo_NAME, created on first use. */
    private PgDatabase serviceDatabase(String service) {
        String name = "torneo_" + service.replaceAll("[^a-z0-9_]", "_");
        PostgresServer postgres = stack.postgres();
        try (var connection = PostgresServer.connect(postgres.defaults());
             var statement = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            statement.setString(1, name);
            try (var rows = statement.executeQuery()) {
                if (rows.next()) {
                    return postgres.database(name);
                }
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("cannot look up database " + name + ": " + e.getMessage(), e);
        }
        return postgres.createDatabase(name);
    }

    private void awaitServices() {
        List<CompletableFuture<Void>> waits = new ArrayList<>();
        for (var entry : List.copyOf(services.entrySet())) {
            String name = entry.getKey();
            Process process = entry.getValue();
            int port = Integer.parseInt(state.getProperty("service." + name + ".port"));
            waits.add(CompletableFuture.runAsync(() -> {
                long deadline = System.nanoTime() + SERVICE_READY_TIMEOUT.toNanos();
                while (true) {
                    if (!process.isAlive()) {
                        throw new IllegalStateException(name + " exited with code " + process.exitValue()
                                + " (see .torneo/logs/" + name + ".log)");
                    }
                    if (Health.service(port).healthy()) {
                        log(name + " is healthy");
                        return;
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(name + " not healthy after " + SERVICE_READY_TIMEOUT.toSeconds()
                                + " s (see .torneo/logs/" + name + ".log)");
                    }
                    sleep(300);
                }
            }));
        }
        try {
            CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new)).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /**
     * Logs services that die while the stack runs (status shows them as down); with TORNEO_RESTART=on starts them,
     * the broker and PostgreSQL again instead.
     */
    private void watchServices() throws InterruptedException {
        if (restartDead) {
            log("TORNEO_RESTART=on: a service, the broker or PostgreSQL that dies is started again");
        }
        while (!stopped.await(restartDead ? 200 : 2000, TimeUnit.MILLISECONDS) && !stopping) {
            for (var entry : List.copyOf(services.entrySet())) {
                String name = entry.getKey();
                if (entry.getValue().isAlive()) {
                    continue;
                }
                if (restartDead) {
                    if (restarting.add(name)) {
                        int code = entry.getValue().exitValue();
                        background(() -> restartService(name, code));
                    }
                } else if (state.getProperty("service." + name + ".exit") == null) {
                    state.setProperty("service." + name + ".exit", Integer.toString(entry.getValue().exitValue()));
                    home.writeState(state);
                    log(name + " exited with code " + entry.getValue().exitValue());
                }
            }
            if (keycloak != null && !keycloak.isRunning() && !stopping && state.getProperty("keycloak.exit") == null) {
                state.setProperty("keycloak.exit", "gone");
                home.writeState(state);
                log("Keycloak exited (see " + keycloak.logFile() + ")");
            }
            for (int n = 1; stack != null && n <= stack.brokers().size() && !stopping; n++) {
                if (stack.brokers().get(n - 1).isRunning()) {
                    continue;
                }
                if (!restartDead) {
                    log("the Kafka broker process " + brokerName(n) + " is gone; stopping the stack");
                    System.exit(1);
                }
                int node = n;
                if (restarting.add(brokerName(n))) {
                    background(() -> restartBroker(node));
                }
            }
            if (restartDead && stack != null && stack.postgres() instanceof EmbeddedPostgresServer embedded
                    && !embedded.isRunning() && !stopping && restarting.add("postgres")) {
                background(() -> restartPostgres(embedded));
            }
        }
    }

    /**
     * Each restart in a thread of its own: they wait (a service for its health, the broker for its quorum), and the
     * common pool has a single thread on a two-core machine, so one restart would hold up the others.
     */
    private static void background(Runnable restart) {
        Thread.ofPlatform().daemon().name("torneo-supervisor-restart").start(restart);
    }

    /** Starts a dead service again with its first command line and waits until it is healthy (its replay done). */
    private void restartService(String name, int exitCode) {
        try {
            if (stopping) {
                return;
            }
            long started = System.nanoTime();
            Process process = launches.get(name).start();
            services.put(name, process);
            String key = "service." + name + ".";
            state.setProperty(key + "pid", Long.toString(process.pid()));
            state.setProperty(key + "restarts", Integer.toString(Integer.parseInt(state.getProperty(key + "restarts", "0")) + 1));
            state.remove(key + "healthy.at");
            home.writeState(state);
            log(name + " exited with code " + exitCode + ": started again (pid " + process.pid() + ")");
            int port = Integer.parseInt(state.getProperty(key + "port"));
            while (process.isAlive() && !stopping) {
                if (Health.service(port).healthy()) {
                    long millis = (System.nanoTime() - started) / 1_000_000;
                    state.setProperty(key + "recoveries.ms", (state.getProperty(key + "recoveries.ms", "") + " " + millis).trim());
                    state.setProperty(key + "healthy.at", Long.toString(System.currentTimeMillis()));
                    home.writeState(state);
                    log(name + " (pid " + process.pid() + ") healthy again " + millis + " ms after its restart");
                    return;
                }
                sleep(100);
            }
        } catch (IOException | RuntimeException e) {
            log("restarting " + name + " failed: " + e.getMessage());
        } finally {
            restarting.remove(name);
        }
    }

    /** "kafka" for the single broker, "kafka-N" for node N of the cluster (the names of state.properties). */
    private String brokerName(int node) {
        return stack.brokers().size() == 1 ? "kafka" : "kafka-" + node;
    }

    private void restartBroker(int node) {
        String name = brokerName(node);
        org.torneo.stack.kafka.KafkaBroker broker = stack.brokers().get(node - 1);
        try {
            long started = System.nanoTime();
            log("the Kafka broker process " + name + " is gone: starting it again on the same log");
            try {
                broker.start();
            } catch (IllegalStateException slow) {
                // it gave up waiting, but the process may live on and answer later (log recovery under load)
                if (!broker.awaitReadyAgain(java.time.Duration.ofMinutes(5))) {
                    throw slow;
                }
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            state.setProperty(name + ".pid", Long.toString(broker.pid()));
            state.setProperty(name + ".restarts", Integer.toString(Integer.parseInt(state.getProperty(name + ".restarts", "0")) + 1));
            state.setProperty(name + ".recoveries.ms", (state.getProperty(name + ".recoveries.ms", "") + " " + millis).trim());
            if (node == 1) {
                state.setProperty("kafka.pid", Long.toString(broker.pid()));
                state.setProperty("kafka.controller.pid", Long.toString(broker.controllerPid()));
            }
            home.writeState(state);
            log("Kafka broker " + name + " (pid " + broker.pid() + ") ready again after " + millis + " ms");
        } catch (RuntimeException e) {
            log("restarting the Kafka broker " + name + " failed: " + e.getMessage());
        } finally {
            restarting.remove(name);
        }
    }

    private void restartPostgres(EmbeddedPostgresServer postgres) {
        try {
            long started = System.nanoTime();
            log("PostgreSQL is gone: starting it again on the same data (crash recovery)");
            postgres.restartAfterCrash();
            long millis = (System.nanoTime() - started) / 1_000_000;
            state.setProperty("postgres.pid", Long.toString(postgres.pid()));
            state.setProperty("postgres.restarts", Integer.toString(Integer.parseInt(state.getProperty("postgres.restarts", "0")) + 1));
            state.setProperty("postgres.recoveries.ms", (state.getProperty("postgres.recoveries.ms", "") + " " + millis).trim());
            home.writeState(state);
            log("PostgreSQL (pid " + postgres.pid() + ") ready again after " + millis + " ms");
        } catch (RuntimeException e) {
            log("restarting PostgreSQL failed: " + e.getMessage());
        } finally {
            restarting.remove("postgres");
        }
    }

    private void shutdown() {
        stopping = true;
        log("stopping");
        state.setProperty("status", "stopping");
        try {
            home.writeState(state);
        } catch (RuntimeException e) {
            // keep stopping
        }
        for (Process process : List.copyOf(services.values())) {
            process.destroy();
        }
        for (var entry : List.copyOf(services.entrySet())) {
            stopProcess(entry.getKey(), entry.getValue());
        }
        if (keycloak != null) {
            try {
                keycloak.stop();
            } catch (RuntimeException e) {
                log("stopping Keycloak: " + e.getMessage());
            }
        }
        if (stack != null) {
            try {
                stack.close();
            } catch (RuntimeException e) {
                log("stopping broker/PostgreSQL: " + e.getMessage());
            }
        }
        try {
            Files.deleteIfExists(home.stateFile());
            Files.deleteIfExists(home.supervisorPidFile());
        } catch (IOException e) {
            // down cleans up as well
        }
        log("stopped");
        stopped.countDown();
    }

    private void stopProcess(String name, Process process) {
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                log(name + " did not stop in 30 s: killing it");
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> serviceJvmOptions() {
        String custom = System.getenv("TORNEO_SERVICE_JVM_OPTS");
        if (custom != null && !custom.isBlank()) {
            return List.of(custom.trim().split("\\s+"));
        }
        return List.of("-Xms32m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    }

    private static int port(String env, int preferred) {
        int wanted = intEnv(env, preferred);
        if (wanted > 0 && Ports.isFree(wanted)) {
            return wanted;
        }
        int free = Ports.free();
        log("port " + wanted + " is busy (" + env + "): using " + free);
        return free;
    }

    private static long seconds(String name, long fallback) {
        String value = System.getenv(name);
        try {
            return value == null || value.isBlank() ? fallback : Math.max(1, Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not a number of seconds");
        }
    }

    private static int intEnv(String name, int fallback) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not a port number");
        }
    }

    private static void log(String message) {
        System.out.println(Instant.now() + " supervisor: " + message);
        System.out.flush();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

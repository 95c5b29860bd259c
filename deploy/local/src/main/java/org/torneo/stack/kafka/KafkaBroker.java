package org.torneo.stack.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;
import org.torneo.stack.Ports;

/**
 * A real Apache Kafka 4.1 broker (KRaft, one node) running in its own JVM, started from the kafka_2.13 jars that the
 * build listed in {@code broker-classpath.txt}, with its KRaft controller in a second JVM
 * ({@code workDir/controller}; see {@link BrokerSettings#isolatedBroker} for why). A data directory formatted when the
 * broker was its own controller keeps running that way.
 * <p>
 * The broker process can be killed with SIGKILL and started again on the same ports and the same log
 * directory ({@link #kill()} then {@link #start()}): that is how tests prove crash recovery. The controller stays up
 * through a broker's kill and restart, as a controller quorum does when a broker host fails; {@link #stop()} stops both.
 * Everything the broker writes (data, server.properties, broker.log) lives under one work directory.
 * <p>
 * Security: SASL/SCRAM-SHA-512 on the client listener, KRaft's StandardAuthorizer with
 * {@code allow.everyone.if.no.acl.found=false}; the passwords ({@link KafkaCredentials}) are generated on first
 * format and kept in {@code credentials.properties}; the users are seeded at format time (KIP-900) and, with the
 * ACLs of {@link org.torneo.contracts.topics.KafkaAccess}, put in place again on every start.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final String CLASSPATH_RESOURCE = "/org/torneo/stack/kafka/broker-classpath.txt";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

    private final Path workDir;
    private final int port;
    private final int controllerPort;
    private final List<String> jvmOptions;
    private Process process;
    private KafkaCredentials credentials;
    private Duration lastStartTime = Duration.ZERO;
    private final Map<Path, Path> pendingArchives = new java.util.concurrent.ConcurrentHashMap<>();
    /** Null for the single node; else this node's place in a three-node cluster ({@link KafkaCluster}). */
    private ClusterRole cluster;
    /** The single broker's controller process, or null (a combined node: a cluster's, or a legacy data directory). */
    private KafkaBroker controller;
    /** Set on a controller: the broker it serves (whose passwords it shares). */
    private KafkaBroker servedBroker;
    /** When this object found its process dead after a crash or {@link #kill()} (System.nanoTime), else 0. */
    private long diedAt;

    /** A node of a cluster: its id, the quorum, the cluster id all nodes are formatted with, the shared passwords. */
    record ClusterRole(int nodeId, String voters, String clusterId, Path credentialsFile) {
    }

    /** A node of a three-node cluster; see {@link KafkaCluster}. */
    static KafkaBroker clusterNode(Path workDir, int port, int controllerPort, ClusterRole role) {
        KafkaBroker node = new KafkaBroker(workDir, port, controllerPort, defaultJvmOptions());
        node.cluster = role;
        return node;
    }

    private KafkaBroker(Path workDir, int port, int controllerPort, List<String> jvmOptions) {
        this.workDir = workDir.toAbsolutePath();
        this.port = port;
        this.controllerPort = controllerPort;
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    /**
     * A broker whose files live in {@code workDir}; {@code port} 0 picks a free port. The controller
     * listener gets its own free port. Nothing is started yet.
     */
    public static KafkaBroker at(Path workDir, int port) {
        return at(workDir, port == 0 ? Ports.free() : port, Ports.free());
    }

    /** Same as {@link #at(Path, int)} with explicit ports, used to reattach to a broker after a restart of the caller. */
    public static KafkaBroker at(Path workDir, int port, int controllerPort) {
        KafkaBroker broker = new KafkaBroker(workDir, port, controllerPort, defaultJvmOptions());
        Path dir = broker.workDir;
        boolean formattedCombined = Files.exists(broker.dataDir().resolve("meta.properties"))
                && !Files.isDirectory(dir.resolve("controller"));
        if (!formattedCombined) {
            broker.controller = new KafkaBroker(dir.resolve("controller"), 0, controllerPort, controllerJvmOptions());
            broker.controller.servedBroker = broker;
        }
        return broker;
    }

    /** The controller keeps only metadata: a smaller heap than the broker's. */
    private static List<String> controllerJvmOptions() {
        return List.of("-Xms32m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true");
    }

    /** The pid of the single broker's controller process, or -1 (none of its own, or not running). */
    public long controllerPid() {
        return controller == null ? -1 : controller.pid();
    }

    /**
     * Small heap, quick start: this broker serves tests and a laptop, not production traffic. The parallel collector:
     * with the serial one the broker stopped for 17-30 ms about once a second under 2,000 moves/s, and those pauses
     * were most of the game service's p99 (GameBenchmarkTest on 2 cores: p99 61-78 ms serial, 50-66 ms parallel).
     */
    static List<String> defaultJvmOptions() {
        String extra = System.getenv("TORNEO_KAFKA_JVM_OPTS");
        if (extra != null && !extra.isBlank()) {
            return List.of(extra.trim().split("\\s+"));
        }
        return List.of("-Xms64m", "-Xmx512m", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true");
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public int controllerPort() {
        return controllerPort;
    }

    /** The node's id in its cluster (1 for a single broker). */
    public int nodeId() {
        return cluster == null ? 1 : cluster.nodeId();
    }

    public Path workDir() {
        return workDir;
    }

    public Path logFile() {
        return workDir.resolve("broker.log");
    }

    public Path dataDir() {
        return workDir.resolve("data");
    }

    /** Where the stack's Kafka passwords are kept. */
    public Path credentialsFile() {
        if (servedBroker != null) {
            return servedBroker.credentialsFile();
        }
        return cluster != null ? cluster.credentialsFile() : workDir.resolve(KafkaCredentials.FILE_NAME);
    }

    /** The passwords of this broker's users (read or generated on first use, before the broker starts). */
    public synchronized KafkaCredentials credentials() {
        if (credentials == null) {
            credentials = loadCredentials();
        }
        return credentials;
    }

    /**
     * The stored passwords; new ones when there are none. A data directory formatted before the broker required
     * authentication knows no users, so nobody could connect to it: it is moved aside and a new one formatted.
     */
    private KafkaCredentials loadCredentials() {
        try {
            var stored = KafkaCredentials.read(credentialsFile());
            if (stored.isPresent()) {
                stored.get().write(credentialsFile()); // with passwords for principals added to the table since
                return stored.get();
            }
            if (Files.exists(dataDir().resolve("meta.properties"))) {
                Path aside = workDir.resolve("data-before-kafka-security-" + System.currentTimeMillis());
                Files.move(dataDir(), aside);
                System.err.println("torneo: " + dataDir() + " was formatted without Kafka users; moved to " + aside
                        + " and formatting a new log");
            }
            KafkaCredentials fresh = KafkaCredentials.generate();
            fresh.write(credentialsFile());
            return fresh;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the Kafka credentials in " + workDir, e);
        }
    }

    /** The broker process id, or -1 when it is not running. */
    public long pid() {
        return processAlive() ? process.pid() : -1;
    }

    /** The broker process, and the controller process of a broker that has its own, are alive. */
    public boolean isRunning() {
        return processAlive() && (controller == null || controller.processAlive());
    }

    private boolean processAlive() {
        return process != null && process.isAlive();
    }

    /**
     * Formats the storage on first use, launches the broker process and waits until it answers
     * {@code describeCluster}. Restarting after {@link #kill()} reuses ports and data.
     */
    public synchronized void start() {
        long started = System.nanoTime();
        if (controller != null) {
            controller.start(); // a no-op while it runs: a broker's restart finds its controller up
        }
        if (processAlive()) {
            return;
        }
        if (process != null) {
            diedAt = System.nanoTime(); // died on its own or killed from outside: found dead now, at the latest
            process = null;
        }
        if (controller != null && diedAt != 0) {
            awaitFenced(diedAt);
        }
        diedAt = 0;
        try {
            credentials();
            Files.createDirectories(dataDir());
            Path config = writeServerProperties();
            if (!Files.exists(dataDir().resolve("meta.properties"))) {
                format(config);
            }
            ProcessBuilder builder = new ProcessBuilder(javaCommand(brokerLaunch(config)))
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
            process = builder.start();
            Files.writeString(workDir.resolve("broker.pid"), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the Kafka broker in " + workDir, e);
        }
        if (servedBroker != null) {
            awaitControllerListening(READY_TIMEOUT); // no client listener: the broker's readiness proves the rest
            lastStartTime = Duration.ofNanos(System.nanoTime() - started);
            return;
        }
        awaitReady(READY_TIMEOUT);
        try (Admin admin = admin()) {
            KafkaAccessSetup.apply(admin, credentials);
        }
        lastStartTime = Duration.ofNanos(System.nanoTime() - started);
    }

    /**
     * After a {@link #start()} that gave up waiting while the process lives on (a loaded machine: log recovery, the
     * controller fencing the old incarnation): waits up to {@code timeout} more for it to answer; true once it does.
     */
    public synchronized boolean awaitReadyAgain(Duration timeout) {
        if (!isRunning()) {
            return false;
        }
        try {
            awaitReady(timeout);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** How long the last {@link #start()} took (format if needed, launch, ready). */
    public Duration lastStartTime() {
        return lastStartTime;
    }

    /** SIGKILL, no clean shutdown: the next {@link #start()} recovers the log like after a crash. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        waitForExit(Duration.ofSeconds(30));
        process = null;
        diedAt = System.nanoTime();
        publishArchives();
    }

    /** Clean shutdown (SIGTERM), then SIGKILL if it has not exited in time. */
    public synchronized void stop() {
        if (process != null) {
            process.destroy();
            if (!waitForExit(Duration.ofSeconds(30))) {
                process.destroyForcibly();
                waitForExit(Duration.ofSeconds(10));
            }
            process = null;
            publishArchives();
        }
        if (controller != null) {
            controller.stop(); // after the broker, which deregisters from it on a clean shutdown
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** Opens an admin client on this broker as the stack's super user; the caller closes it. */
    public Admin admin() {
        Properties props = new Properties();
        props.putAll(credentials().adminProperties());
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
        return Admin.create(props);
    }

    private boolean waitForExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * After the broker process died, waits until its controller has fenced it: one broker session after its last
     * heartbeat, and a second to spare. See {@link BrokerSettings#isolatedBroker} for why a restart must not come sooner.
     */
    private static void awaitFenced(long died) {
        long fencedBy = died + BrokerSettings.BROKER_SESSION.plusSeconds(1).toNanos();
        long wait = fencedBy - System.nanoTime();
        if (wait > 0) {
            sleep(wait / 1_000_000 + 1);
        }
    }

    private void awaitControllerListening(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Ports.isListening(controllerPort)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the Kafka controller exited with code " + process.exitValue()
                        + " while starting; last lines of " + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 30));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the Kafka controller did not listen on port " + controllerPort
                        + " within " + timeout + "; last lines of " + logFile() + ":\n"
                        + org.torneo.stack.LogTail.of(logFile(), 30));
            }
            sleep(50);
        }
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        // Cheap socket polling first: an admin client on a closed port logs a warning per attempt.
        while (!org.torneo.stack.Ports.isListening(port) && process.isAlive() && System.nanoTime() < deadline) {
            sleep(50);
        }
        try (Admin admin = admin()) {
            while (true) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the Kafka broker exited with code " + process.exitValue()
                            + " while starting; last lines of " + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 30));
                }
                try {
                    var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2000)).nodes()
                            .get(3, TimeUnit.SECONDS);
                    if (!nodes.isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                    // not up yet: retry until the deadline
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for the Kafka broker", e);
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the Kafka broker did not become ready within " + timeout
                            + "; last lines of " + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 30));
                }
                sleep(100);
            }
        }
    }

    private void format(Path config) throws IOException {
        String clusterId = cluster != null ? cluster.clusterId()
                : controller != null ? controller.formattedClusterId()
                : Uuid.randomUuid().toString();
        // Static quorum (controller.quorum.voters in the properties), so no --standalone: the
        // controller address comes from the config on every start, not from the formatted log.
        List<String> arguments = new ArrayList<>(List.of("format", "--cluster-id", clusterId, "--config",
                config.toString(), "--ignore-formatted"));
        // KIP-900: the SCRAM users exist from the first metadata record on, before any client connects (written by
        // whoever holds the metadata log: a combined node, or the controller of an isolated broker)
        for (String user : controller != null ? List.<String>of() : credentials.users()) {
            if (!user.equals(KafkaCredentials.CONTROLLER_USER)) {
                arguments.add("--add-scram");
                arguments.add(KafkaCredentials.MECHANISM + "=[name=" + user + ",iterations="
                        + KafkaAccessSetup.SCRAM_ITERATIONS + ",password=" + credentials.password(user) + "]");
            }
        }
        List<String> command = javaCommand(new Launch(List.of(), List.of(), "kafka.tools.StorageTool", arguments));
        Path formatLog = workDir.resolve("format.log");
        Process format = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(formatLog.toFile()).start();
        try {
            if (!format.waitFor(60, TimeUnit.SECONDS)) {
                format.destroyForcibly();
                throw new IllegalStateException("formatting the Kafka storage timed out; see " + formatLog);
            }
        } catch (InterruptedException e) {
            format.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting the Kafka storage", e);
        }
        publishArchives();
        if (format.exitValue() != 0) {
            throw new IllegalStateException("formatting the Kafka storage failed (exit " + format.exitValue()
                    + "):\n" + org.torneo.stack.LogTail.of(formatLog, 20));
        }
    }

    private Path writeServerProperties() throws IOException {
        Map<String, String> settings = cluster != null
                ? BrokerSettings.clusterNode(cluster.nodeId(), cluster.voters(), port, controllerPort, dataDir(), credentials)
                : servedBroker != null ? BrokerSettings.controller(controllerPort, dataDir(), credentials)
                : controller != null ? BrokerSettings.isolatedBroker(port, controllerPort, dataDir(), credentials)
                : BrokerSettings.singleNode(port, controllerPort, dataDir(), credentials);
        StringBuilder text = new StringBuilder("# written by org.torneo.stack.kafka.KafkaBroker\n");
        settings.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        Path config = workDir.resolve("server.properties");
        if (!Files.exists(config)) {
            Files.createFile(config);
        }
        KafkaCredentials.ownerOnly(config); // it holds the broker's own passwords
        Files.writeString(config, text.toString(), StandardCharsets.UTF_8);
        return config;
    }

    /** The cluster id this node's log was formatted with (the broker is formatted with its controller's). */
    private String formattedClusterId() throws IOException {
        Properties meta = new Properties();
        try (var reader = Files.newBufferedReader(dataDir().resolve("meta.properties"), StandardCharsets.UTF_8)) {
            meta.load(reader);
        }
        String id = meta.getProperty("cluster.id");
        if (id == null) {
            throw new IllegalStateException(dataDir().resolve("meta.properties") + " names no cluster.id");
        }
        return id;
    }

    /** What to run in a JVM on the broker's classpath: extra -D options, extra jars, main class and arguments. */
    private record Launch(List<String> systemProperties, List<Path> extraJars, String mainClass, List<String> arguments) {
        static Launch of(String mainClass, String... arguments) {
            return new Launch(List.of(), List.of(), mainClass, List.of(arguments));
        }
    }

    /**
     * {@link BrokerMain} (the broker dies with its parent), packed into a one-class jar in the cache
     * so the broker never sees this module's classpath; plain {@code kafka.Kafka} if that fails.
     */
    private Launch brokerLaunch(Path config) {
        Path launcherJar = launcherJar();
        if (launcherJar == null) {
            return Launch.of("kafka.Kafka", config.toString());
        }
        return new Launch(List.of("-Dtorneo.parent.pid=" + ProcessHandle.current().pid()), List.of(launcherJar),
                BrokerMain.class.getName(), List.of(config.toString()));
    }

    private static Path launcherJar() {
        String resource = "/" + BrokerMain.class.getName().replace('.', '/') + ".class";
        try (InputStream in = KafkaBroker.class.getResourceAsStream(resource)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readAllBytes();
            Path jar = cacheDir().resolve("torneo-broker-main-" + Integer.toHexString(java.util.Arrays.hashCode(bytes)) + ".jar");
            if (!Files.exists(jar)) {
                Path temporary = Files.createTempFile(cacheDir(), "broker-main", ".jar");
                try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(temporary))) {
                    out.putNextEntry(new java.util.jar.JarEntry(resource.substring(1)));
                    out.write(bytes);
                    out.closeEntry();
                }
                Files.move(temporary, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            return jar;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Path cacheDir() throws IOException {
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "torneo");
        Files.createDirectories(cache);
        return cache;
    }

    private List<String> javaCommand(Launch launch) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS");
        command.add("-Dtorneo.component=" + (servedBroker != null ? "kafka-controller" : "kafka-broker"));
        command.addAll(launch.systemProperties());
        StringBuilder classpath = new StringBuilder(brokerClasspath());
        launch.extraJars().forEach(jar -> classpath.append(java.io.File.pathSeparator).append(jar));
        command.addAll(classDataSharing(launch.mainClass(), classpath.toString()));
        command.add("-cp");
        command.add(classpath.toString());
        command.add(launch.mainClass());
        command.addAll(launch.arguments());
        return command;
    }

    /**
     * A dynamic class-data-sharing archive per main class, classpath and JDK, kept in the user's
     * cache: later starts map the classes instead of loading them (measured: broker listening after
     * 1.6 s instead of 3.2 s). When it does not exist yet, this JVM dumps one at exit into a file of
     * its own, which {@link #publishArchives()} then renames into place atomically, so JVMs started
     * side by side (parallel test runs) never write or read a half-written archive.
     * TORNEO_KAFKA_CDS=off disables it.
     */
    private List<String> classDataSharing(String mainClass, String classpath) {
        if ("off".equalsIgnoreCase(System.getenv("TORNEO_KAFKA_CDS"))) {
            return List.of();
        }
        try {
            String key = Integer.toHexString((classpath + "|" + System.getProperty("java.vm.version")).hashCode());
            Path archive = cacheDir().resolve(mainClass.replace('.', '-') + "-" + key + ".jsa");
            if (Files.isRegularFile(archive)) {
                return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
            }
            Path pending = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + "-"
                    + System.nanoTime() + ".tmp");
            pendingArchives.put(pending, archive);
            return List.of("-XX:ArchiveClassesAtExit=" + pending, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** Moves archives dumped by exited JVMs into place (first one wins) and drops leftovers. */
    private void publishArchives() {
        for (var entry : Map.copyOf(pendingArchives).entrySet()) {
            Path pending = entry.getKey();
            try {
                if (Files.isRegularFile(pending) && Files.size(pending) > 0 && !Files.exists(entry.getValue())) {
                    Files.move(pending, entry.getValue(), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                }
                Files.deleteIfExists(pending);
            } catch (IOException e) {
                // only a cache: the next start dumps again
            }
            pendingArchives.remove(pending);
        }
    }

    /**
     * The broker's own classpath: from {@code TORNEO_KAFKA_CLASSPATH} if set, else the list the
     * build wrote next to this class. Never the caller's classpath (Scala, other Jackson ...).
     */
    static String brokerClasspath() {
        String override = System.getenv("TORNEO_KAFKA_CLASSPATH");
        if (override != null && !override.isBlank()) {
            return override.trim();
        }
        try (InputStream in = KafkaBroker.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(CLASSPATH_RESOURCE + " is missing: build deploy/local with Maven"
                        + " (it lists the kafka_2.13 jars) or set TORNEO_KAFKA_CLASSPATH");
            }
            String classpath = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            for (String entry : classpath.split(java.io.File.pathSeparator)) {
                if (!Files.exists(Path.of(entry))) {
                    throw new IllegalStateException("a Kafka broker jar is missing: " + entry
                            + " (run ./mvnw install once to download it)");
                }
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

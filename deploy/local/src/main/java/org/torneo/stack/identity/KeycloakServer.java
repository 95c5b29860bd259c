package org.torneo.stack.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.torneo.stack.Ports;

/**
 * A real Keycloak in its own process, with the {@code torneo} realm imported at its first start
 * ({@link TorneoRealm}) and its data kept in its home directory between runs.
 * <p>
 * It runs like {@code kc.sh start-dev} (HTTP, the dev-file H2 database, a local cache, no clustering), but
 * augmented ONCE: {@code kc.sh build --db=dev-file --health-enabled=true}, kept in the user's cache, then
 * {@code kc.sh start --optimized}. {@code start-dev} re-augments at every start, which took 62-87 s of each start
 * on the 2-core build machine under load (see deploy/local/README). {@code TORNEO_KEYCLOAK_MODE=start-dev} runs
 * plain {@code start-dev} instead.
 * <p>
 * Its home ({@code workDir}) holds what a Keycloak writes: {@code data/} (the dev-file H2 database and
 * {@code data/import/torneo-realm.json}), {@code lib/quarkus/} (the augmentation) and {@code keycloak.log};
 * the 160 MB of jars are a link to the {@link KeycloakDistribution} in the user's cache. So any number of servers
 * (a test JVM's, {@code ./torneo up}'s) run side by side from one unpacked copy.
 * <p>
 * The issuer is always {@code http://localhost:<port>/realms/torneo} ({@code --hostname}), however the server is
 * reached; it listens on 127.0.0.1 only (the dev realm's passwords are public). Health ({@code /health/ready})
 * is on the management port. The server dies with the JVM that started it (a watcher in its launch script), and
 * {@link #stop()} stops the whole process tree (SIGTERM, then SIGKILL).
 */
public final class KeycloakServer implements AutoCloseable {

    /** The master realm's administrator, created at the first start (local development only). */
    public static final String ADMIN_USER = "admin";
    public static final String ADMIN_PASSWORD = "admin";

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(300);
    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(600);
    /** Build-time options of {@code kc.sh build}; everything else is given at start. */
    static final List<String> BUILD_OPTIONS = List.of("--db=dev-file", "--health-enabled=true");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Path workDir;
    private final int httpPort;
    private final int managementPort;
    private final List<String> systemProperties;
    private volatile Process process;
    private Duration lastStartTime = Duration.ZERO;
    private boolean lastStartImported;

    private KeycloakServer(Path workDir, int httpPort, int managementPort, List<String> systemProperties) {
        this.workDir = workDir.toAbsolutePath().normalize();
        this.httpPort = httpPort;
        this.managementPort = managementPort;
        this.systemProperties = List.copyOf(systemProperties);
    }

    /** A server whose home is {@code workDir}; port 0 picks a free port (the management port is always free). */
    public static KeycloakServer at(Path workDir, int httpPort) {
        return at(workDir, httpPort, List.of());
    }

    /**
     * Same, with extra {@code -Dname=value} options on Keycloak's java command line (the supervisor's marker,
     * which lets {@code ./torneo down} find leftovers).
     */
    public static KeycloakServer at(Path workDir, int httpPort, List<String> systemProperties) {
        int http = httpPort == 0 ? Ports.free() : httpPort;
        int management = Ports.free();
        while (management == http) {
            management = Ports.free();
        }
        return new KeycloakServer(workDir, http, management, systemProperties);
    }

    /** http://localhost:PORT */
    public String url() {
        return "http://localhost:" + httpPort;
    }

    /** http://localhost:PORT/realms/torneo: the issuer of every token, and {@code quarkus.oidc.auth-server-url}. */
    public String issuer() {
        return url() + "/realms/" + TorneoRealm.NAME;
    }

    public String tokenEndpoint() {
        return issuer() + "/protocol/openid-connect/token";
    }

    public int httpPort() {
        return httpPort;
    }

    public int managementPort() {
        return managementPort;
    }

    public Path workDir() {
        return workDir;
    }

    public Path logFile() {
        return workDir.resolve("keycloak.log");
    }

    /** The pid of the launch script (Keycloak's JVM is its child), -1 when not running. */
    public long pid() {
        return process != null && process.isAlive() ? process.pid() : -1;
    }

    /** The pid of Keycloak's own JVM (for memory figures), -1 when not running. */
    public long javaPid() {
        if (process == null || !process.isAlive()) {
            return -1;
        }
        return process.descendants().filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .mapToLong(ProcessHandle::pid).findFirst().orElse(-1);
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** How long the last {@link #start()} took: linking the home, augmentation, start, realm import, ready. */
    public Duration lastStartTime() {
        return lastStartTime;
    }

    /** Whether the last start imported the realm (first start, or the realm definition changed). */
    public boolean lastStartImported() {
        return lastStartImported;
    }

    /**
     * Prepares the home (unpacking the distribution into the cache the first time, building it once), writes the
     * realm file, launches {@code kc.sh start --optimized --import-realm} and waits for {@code /health/ready} and
     * the realm's discovery document.
     */
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        long started = System.nanoTime();
        Process launched;
        try {
            Path distribution = KeycloakDistribution.unpacked();
            prepareHome(distribution);
            if (optimized()) {
                ensureBuilt(distribution);
            } else {
                Files.deleteIfExists(workDir.resolve("lib/quarkus/torneo-build.txt")); // start-dev re-augments it
            }
            lastStartImported = writeRealm();
            ProcessBuilder builder = new ProcessBuilder(launchCommand())
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            builder.environment().putAll(environment());
            launched = builder.start();
            process = launched;
            Files.writeString(workDir.resolve("keycloak.pid"), Long.toString(launched.pid()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Keycloak in " + workDir, e);
        }
        try {
            awaitReady(launched, READY_TIMEOUT);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
        lastStartTime = Duration.ofNanos(System.nanoTime() - started);
    }

    /**
     * SIGTERM to the launch script and to Keycloak's JVM, then SIGKILL to the whole tree if it lingers. Not
     * synchronized: it also interrupts a {@link #start()} that is still waiting (a supervisor stopping early).
     */
    public void stop() {
        Process stopping = process;
        if (stopping == null) {
            return;
        }
        process = null;
        List<ProcessHandle> tree = new ArrayList<>(stopping.descendants().toList());
        stopping.destroy();
        tree.forEach(ProcessHandle::destroy);
        if (!waitForExit(stopping, tree, Duration.ofSeconds(30))) {
            stopping.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
            waitForExit(stopping, tree, Duration.ofSeconds(10));
        }
    }

    @Override
    public void close() {
        stop();
    }

    private static boolean waitForExit(Process process, List<ProcessHandle> tree, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return false;
            }
            for (ProcessHandle child : tree) {
                long left = deadline - System.nanoTime();
                if (left <= 0 && child.isAlive()) {
                    return false;
                }
                child.onExit().get(Math.max(1, left), TimeUnit.NANOSECONDS);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        }
    }

    /**
     * The home: bin/kc.sh, conf/ and lib/ (quarkus-run.jar, app/, quarkus/) copied from the distribution (kc.sh
     * takes its home from its own path; start-dev rewrites lib/quarkus), lib/lib a link to the distribution's
     * jars, empty providers/ and themes/. Re-done when the distribution changes; data/ is never touched here.
     */
    private void prepareHome(Path distribution) throws IOException {
        Files.createDirectories(workDir);
        Path stamp = workDir.resolve("distribution.txt");
        String wanted = distribution.toAbsolutePath().normalize().toString();
        if (Files.isRegularFile(stamp) && Files.readString(stamp).trim().equals(wanted)
                && Files.isRegularFile(workDir.resolve("bin/kc.sh"))) {
            return;
        }
        for (String dir : List.of("bin", "conf", "lib", "providers", "themes")) {
            KeycloakDistribution.deleteTree(workDir.resolve(dir));
        }
        Files.createDirectories(workDir.resolve("bin"));
        Files.copy(distribution.resolve("bin/kc.sh"), workDir.resolve("bin/kc.sh"), StandardCopyOption.REPLACE_EXISTING);
        workDir.resolve("bin/kc.sh").toFile().setExecutable(true);
        copyTree(distribution.resolve("conf"), workDir.resolve("conf"));
        Files.createDirectories(workDir.resolve("lib"));
        Files.copy(distribution.resolve("lib/quarkus-run.jar"), workDir.resolve("lib/quarkus-run.jar"));
        copyTree(distribution.resolve("lib/app"), workDir.resolve("lib/app"));
        copyTree(distribution.resolve("lib/quarkus"), workDir.resolve("lib/quarkus"));
        Files.createSymbolicLink(workDir.resolve("lib/lib"), distribution.resolve("lib/lib").toAbsolutePath());
        Files.createDirectories(workDir.resolve("providers"));
        Files.createDirectories(workDir.resolve("themes"));
        Files.writeString(stamp, wanted + "\n");
    }

    private static boolean optimized() {
        return !"start-dev".equals(System.getenv("TORNEO_KEYCLOAK_MODE"));
    }

    /**
     * Makes lib/quarkus the augmentation of {@link #BUILD_OPTIONS}: already there (a stamp says so), else copied
     * from the user's cache, else built here with {@code kc.sh build} and then published to the cache (a copy
     * renamed into place, so concurrent builders never share a half-written directory).
     */
    private void ensureBuilt(Path distribution) throws IOException {
        String key = distribution.toAbsolutePath().normalize() + "|" + String.join(" ", BUILD_OPTIONS) + "|"
                + Runtime.version().feature();
        Path quarkus = workDir.resolve("lib/quarkus");
        Path stamp = quarkus.resolve("torneo-build.txt");
        if (Files.isRegularFile(stamp) && Files.readString(stamp).trim().equals(key)) {
            return;
        }
        Path cached = KeycloakDistribution.cacheDir().resolve(distribution.getFileName() + "-build-"
                + TorneoRealm.digest(key).substring(0, 12));
        if (Files.isRegularFile(cached.resolve("torneo-build.txt"))) {
            KeycloakDistribution.deleteTree(quarkus);
            copyTree(cached, quarkus);
            return;
        }
        List<String> command = new ArrayList<>(List.of("/bin/sh", workDir.resolve("bin/kc.sh").toString(), "build"));
        command.addAll(BUILD_OPTIONS);
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().putAll(environment());
        Process build = builder.start();
        try {
            if (!build.waitFor(BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                build.descendants().forEach(ProcessHandle::destroyForcibly);
                build.destroyForcibly();
                throw new IllegalStateException("kc.sh build did not finish within " + BUILD_TIMEOUT.toSeconds()
                        + " s; see " + logFile());
            }
        } catch (InterruptedException e) {
            build.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Keycloak was being built", e);
        }
        if (build.exitValue() != 0) {
            throw new IllegalStateException("kc.sh build failed (exit " + build.exitValue() + "); last lines of "
                    + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 20));
        }
        Files.writeString(stamp, key + "\n");
        Path temporary = Files.createTempDirectory(cached.getParent(), cached.getFileName() + ".copying-");
        try {
            copyTree(quarkus, temporary);
            Files.move(temporary, cached, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            KeycloakDistribution.deleteTree(temporary); // another server published it first: only a cache
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /**
     * Writes data/import/torneo-realm.json. Keycloak imports it only when the realm does not exist yet, so when
     * the realm definition changed since the data was created, the dev database is dropped first (a stale realm
     * would silently keep old clients and roles); the demo's extra accounts are re-created by whoever needs them.
     * Returns whether this start will import the realm.
     */
    private boolean writeRealm() throws IOException {
        Path data = workDir.resolve("data");
        Path importDir = data.resolve("import");
        Files.createDirectories(importDir);
        String realm = TorneoRealm.json();
        String digest = TorneoRealm.digest(realm);
        Path stamp = data.resolve("torneo-realm.sha256");
        Path database = data.resolve("h2");
        boolean hasData = Files.isDirectory(database);
        boolean sameRealm = Files.isRegularFile(stamp) && Files.readString(stamp).trim().equals(digest);
        if (hasData && !sameRealm) {
            KeycloakDistribution.deleteTree(database);
            hasData = false;
        }
        Files.writeString(importDir.resolve("torneo-realm.json"), realm, StandardCharsets.UTF_8);
        Files.writeString(stamp, digest + "\n");
        return !hasData;
    }

    /**
     * {@code sh -c} around kc.sh: it starts kc.sh in the background and stops it (SIGTERM, which kc.sh forwards to
     * Keycloak) as soon as the JVM that launched it is gone, even after a SIGKILL; like the Kafka broker, a crashed
     * test run leaves no Keycloak behind.
     */
    private List<String> launchCommand() {
        List<String> kc = new ArrayList<>();
        kc.add(workDir.resolve("bin/kc.sh").toString());
        kc.addAll(systemProperties);
        kc.add("-Dtorneo.component=keycloak");
        if (optimized()) {
            kc.add("start");
            kc.add("--optimized");
            kc.add("--http-enabled=true");
            kc.add("--cache=local"); // no JGroups cluster (it would also take ports 7800 and 57800)
        } else {
            kc.add("start-dev");
            kc.add("--health-enabled=true");
        }
        kc.add("--import-realm");
        kc.add("--http-host=127.0.0.1");
        kc.add("--http-port=" + httpPort);
        kc.add("--http-management-port=" + managementPort);
        kc.add("--hostname=" + url());
        kc.add("--hostname-backchannel-dynamic=true");
        StringBuilder script = new StringBuilder("parent=").append(ProcessHandle.current().pid()).append("; ");
        for (String word : kc) {
            script.append(shellQuote(word)).append(' ');
        }
        script.append("& kc=$!; ")
                .append("trap 'kill -TERM $kc 2>/dev/null; wait $kc; exit 143' TERM INT; ")
                .append("while kill -0 $parent 2>/dev/null && kill -0 $kc 2>/dev/null; do sleep 1; done; ")
                .append("kill -TERM $kc 2>/dev/null; wait $kc");
        return List.of("/bin/sh", "-c", script.toString());
    }

    /** The environment of the launch: the JDK of this JVM, the bootstrap admin, JVM options. */
    private Map<String, String> environment() {
        String options = System.getenv("TORNEO_KEYCLOAK_JVM_OPTS");
        return Map.of(
                "JAVA_HOME", System.getProperty("java.home"),
                "KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN_USER,
                "KC_BOOTSTRAP_ADMIN_PASSWORD", ADMIN_PASSWORD,
                // C1 only: on two cores the C2 compiler's threads slow the start more than they help a dev server
                "JAVA_OPTS_APPEND", options != null && !options.isBlank() ? options.trim() : "-XX:TieredStopAtLevel=1");
    }

    private static String shellQuote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private void awaitReady(Process process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        URI health = URI.create("http://127.0.0.1:" + managementPort + "/health/ready");
        URI discovery = URI.create("http://127.0.0.1:" + httpPort + "/realms/" + TorneoRealm.NAME
                + "/.well-known/openid-configuration");
        boolean healthy = false;
        while (true) {
            if (this.process != process) {
                throw new IllegalStateException("Keycloak was stopped while starting");
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited with code " + process.exitValue()
                        + " while starting; last lines of " + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 30));
            }
            if (!healthy) {
                healthy = status(health) == 200;
            }
            if (healthy) {
                String document = get(discovery);
                if (document != null) {
                    if (!document.contains("\"issuer\":\"" + issuer() + "\"")) {
                        throw new IllegalStateException("Keycloak's realm " + TorneoRealm.NAME + " announces another issuer"
                                + " than " + issuer() + ": " + document.substring(0, Math.min(200, document.length())));
                    }
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Keycloak was not ready within " + timeout.toSeconds()
                        + " s; last lines of " + logFile() + ":\n" + org.torneo.stack.LogTail.of(logFile(), 30));
            }
            sleep(250);
        }
    }

    private static int status(URI uri) {
        try {
            return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Keycloak", e);
        }
    }

    private static String get(URI uri) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Keycloak", e);
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

package org.torneo.stack.supervisor;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.torneo.stack.identity.KeycloakServer;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.postgres.EmbeddedPostgresServer;
import org.torneo.stack.postgres.PgDatabase;

/** What {@code ./torneo up | status | down} do; the CLI commands only parse arguments and call these. */
public final class StackControl {

    /**
     * Keycloak's first start (unpack, augmentation, realm import) took 3.5 min on the build machine under load 17;
     * the supervisor's TORNEO_SERVICE_READY_SECONDS beyond its default lengthens the wait too.
     */
    static Duration upTimeout(java.util.Map<String, String> environment) {
        return Duration.ofSeconds(480 + Math.max(0, readySeconds(environment) - 180));
    }

    /**
     * The supervisor's TORNEO_SERVICE_READY_SECONDS: the one {@code up} gives it (torneo chaos sets 900), else this
     * process's. Read from this process's alone, a chaos run gave up on the stack after 480 s while the supervisor
     * still waited for services starting slowly on a loaded machine.
     */
    private static long readySeconds(java.util.Map<String, String> environment) {
        try {
            String value = environment.getOrDefault("TORNEO_SERVICE_READY_SECONDS",
                    System.getenv("TORNEO_SERVICE_READY_SECONDS"));
            return value == null || value.isBlank() ? 180 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return 180;
        }
    }

    private final StackHome home;
    private final PrintStream out;
    private final PrintStream err;

    public StackControl(StackHome home, PrintStream out, PrintStream err) {
        this.home = home;
        this.out = out;
        this.err = err;
        quietClientLogging();
    }

    /** The Kafka and PostgreSQL clients log through SLF4J; the CLI has no provider and wants none. */
    static void quietClientLogging() {
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "org.slf4j.helpers.NOP_FallbackServiceProvider");
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
    }

    /** Starts the supervisor in the background and waits until everything is healthy. 0 ok, 1 failed. */
    public int up() throws IOException, InterruptedException {
        return up(java.util.Map.of());
    }

    /**
     * Same, with extra environment for the supervisor (e.g. {@code TORNEO_CLOCK_FLAG_GRACE}); ignored when the
     * stack is already running.
     */
    public int up(java.util.Map<String, String> environment) throws IOException, InterruptedException {
        Optional<ProcessHandle> running = home.liveSupervisor();
        if (running.isPresent()) {
            out.println("torneo: already running (supervisor pid " + running.get().pid() + "); ./torneo status shows it");
            return 0;
        }
        cleanLeftovers(false);
        List<StackHome.ServiceApp> apps = home.builtServices();
        if (apps.isEmpty()) {
            err.println("torneo up: no service is built (services/*/app/target/quarkus-app); starting Kafka,"
                    + " PostgreSQL and Keycloak only. Build the apps with ./mvnw install -DskipTests");
        }
        Files.createDirectories(home.logs());
        Files.deleteIfExists(home.stateFile());
        long started = System.nanoTime();
        Path log = home.logs().resolve("supervisor.log");
        Files.deleteIfExists(log); // one run per log, so that a failure's tail is about this run
        List<String> command = new ArrayList<>();
        if (new File("/usr/bin/setsid").canExecute()) {
            command.add("/usr/bin/setsid"); // own session: a Ctrl-C in this terminal later does not reach it
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-XX:+UseSerialGC");
        command.add(home.marker());
        command.add("-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider");
        command.add("-Dslf4j.internal.verbosity=WARN");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Supervisor.class.getName());
        command.add(home.repo().toString());
        ProcessBuilder launch = new ProcessBuilder(command);
        launch.environment().putAll(environment);
        Process launcher = launch.directory(home.repo().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        out.println("torneo: starting Kafka, PostgreSQL, Keycloak and " + apps.size() + " service(s) ... (log: "
                + home.repo().relativize(log) + ")");
        Duration timeout = upTimeout(environment);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Properties state = home.readState();
            String status = state.getProperty("status", "");
            if (status.equals("ready")) {
                long millis = (System.nanoTime() - started) / 1_000_000;
                printUrls(state);
                printDemoAccounts(state);
                out.printf("torneo: up in %.1f s (broker + topics + PostgreSQL in %.1f s%s)%n", millis / 1000.0,
                        Long.parseLong(state.getProperty("stack.startup.ms", "0")) / 1000.0,
                        state.getProperty("keycloak.startup.ms") == null ? ""
                                : String.format(", Keycloak in %.1f s", Long.parseLong(state.getProperty("keycloak.startup.ms")) / 1000.0));
                return 0;
            }
            if (status.equals("failed")) {
                err.println("torneo up: failed: " + state.getProperty("error", "see .torneo/logs/supervisor.log"));
                down();
                return 1;
            }
            boolean supervisorAlive = home.liveSupervisor().isPresent() || launcher.isAlive();
            if (!supervisorAlive && System.nanoTime() - started > TimeUnit.SECONDS.toNanos(5)) {
                err.println("torneo up: the supervisor exited; last lines of " + log + ":");
                tail(log, 15).forEach(err::println);
                down();
                return 1;
            }
            if (System.nanoTime() > deadline) {
                err.println("torneo up: not ready after " + timeout.toSeconds() + " s; see .torneo/logs/");
                down();
                return 1;
            }
            Thread.sleep(200);
        }
    }

    private void printUrls(Properties state) {
        out.println("  kafka       " + state.getProperty("kafka.bootstrap") + "  (log: .torneo/kafka/broker.log)");
        out.println("  postgresql  jdbc:postgresql://" + state.getProperty("postgres.host") + ":"
                + state.getProperty("postgres.port") + "/" + state.getProperty("postgres.database")
                + " (user " + state.getProperty("postgres.user") + ")");
        if (state.getProperty("keycloak.issuer") != null) {
            out.println("  keycloak    " + state.getProperty("keycloak.issuer") + "  (admin console "
                    + state.getProperty("keycloak.url") + "/admin: " + KeycloakServer.ADMIN_USER + " / "
                    + KeycloakServer.ADMIN_PASSWORD + "; log: .torneo/keycloak/keycloak.log)");
        }
        for (String name : services(state)) {
            out.printf("  %-11s http://127.0.0.1:%s  (health: /q/health, metrics: /q/metrics, log: .torneo/logs/%s.log)%n",
                    name, state.getProperty("service." + name + ".port"), name);
        }
    }

    /** The realm's demo accounts (local development only: the password is in the repository). */
    private void printDemoAccounts(Properties state) {
        if (state.getProperty("keycloak.issuer") == null) {
            return;
        }
        out.println("  demo accounts of realm " + TorneoRealm.NAME + ", password " + TorneoRealm.DEMO_PASSWORD
                + " (./torneo login --user NAME):");
        List<TorneoRealm.DemoAccount> accounts = TorneoRealm.demoAccounts();
        for (TorneoRealm.DemoAccount account : accounts) {
            if (account.role().equals("player") && !account.username().equals(TorneoRealm.playerName(1))) {
                continue;
            }
            String name = account.role().equals("player")
                    ? TorneoRealm.playerName(1) + " .. " + TorneoRealm.playerName(TorneoRealm.PLAYERS_IN_REALM_FILE)
                    : account.username();
            out.printf("    %-22s %-10s %s%n", name, account.role(), account.purpose());
        }
    }

    /** Prints each component and its health. 0 = all healthy, 1 = not running or something unhealthy. */
    public int status() {
        Optional<ProcessHandle> supervisor = home.liveSupervisor();
        if (supervisor.isEmpty()) {
            List<ProcessHandle> left = leftovers();
            out.println(left.isEmpty() ? "torneo: not running (./torneo up starts it)"
                    : "torneo: not running, but " + left.size() + " process(es) of a previous run are alive "
                    + left.stream().map(p -> Long.toString(p.pid())).toList() + ": ./torneo down removes them");
            return 1;
        }
        Properties state = home.readState();
        boolean healthy = true;
        out.printf("%-12s %-8s %s%n", "component", "health", "where");
        out.printf("%-12s %-8s %s%n", "supervisor", "UP", "pid " + supervisor.get().pid() + ", status "
                + state.getProperty("status", "?"));
        String bootstrap = state.getProperty("kafka.bootstrap");
        if (bootstrap != null) {
            Health.Probe kafka = Health.kafka(bootstrap, home.kafkaCredentials()
                    .map(org.torneo.stack.kafka.KafkaCredentials::adminProperties).orElse(java.util.Map.of()));
            healthy &= kafka.healthy();
            out.printf("%-12s %-8s %s (pid %s) %s%n", "kafka", kafka.healthy() ? "UP" : "DOWN", bootstrap,
                    state.getProperty("kafka.pid"), kafka.detail());
        } else {
            healthy = false;
            out.printf("%-12s %-8s %s%n", "kafka", "-", "not started yet");
        }
        String pgPort = state.getProperty("postgres.port");
        if (pgPort != null) {
            PgDatabase database = new PgDatabase(state.getProperty("postgres.host"), Integer.parseInt(pgPort),
                    state.getProperty("postgres.database"), state.getProperty("postgres.user"),
                    state.getProperty("postgres.password"));
            Health.Probe postgres = Health.postgres(database);
            healthy &= postgres.healthy();
            out.printf("%-12s %-8s %s:%s %s%n", "postgresql", postgres.healthy() ? "UP" : "DOWN", database.host(),
                    pgPort, postgres.detail());
        } else {
            healthy = false;
            out.printf("%-12s %-8s %s%n", "postgresql", "-", "not started yet");
        }
        String issuer = state.getProperty("keycloak.issuer");
        if (issuer != null) {
            Health.Probe keycloak = Health.keycloak(issuer, Integer.parseInt(state.getProperty("keycloak.management.port")));
            healthy &= keycloak.healthy();
            out.printf("%-12s %-8s %s (realm %s, pid %s) %s%n", "keycloak", keycloak.healthy() ? "UP" : "DOWN", issuer,
                    state.getProperty("keycloak.realm"), state.getProperty("keycloak.pid"), keycloak.detail());
        } else if (!"off".equalsIgnoreCase(System.getenv("TORNEO_KEYCLOAK")) && !"ready".equals(state.getProperty("status"))) {
            out.printf("%-12s %-8s %s%n", "keycloak", "-", "not started yet");
        }
        for (String name : services(state)) {
            String port = state.getProperty("service." + name + ".port");
            Health.Probe probe = Health.service(Integer.parseInt(port));
            healthy &= probe.healthy();
            out.printf("%-12s %-8s http://127.0.0.1:%s (pid %s) %s%n", name, probe.healthy() ? "UP" : "DOWN", port,
                    state.getProperty("service." + name + ".pid"), probe.detail());
        }
        if (!"ready".equals(state.getProperty("status"))) {
            healthy = false;
        }
        out.println(healthy ? "torneo: all healthy" : "torneo: NOT all healthy");
        return healthy ? 0 : 1;
    }

    /** Stops the supervisor (which stops everything), then kills whatever is left. 0 = nothing left. */
    public int down() throws InterruptedException {
        Optional<ProcessHandle> supervisor = home.liveSupervisor();
        if (supervisor.isEmpty() && !Files.exists(home.stateFile())) {
            int killed = cleanLeftovers(true);
            out.println(killed == 0 ? "torneo: not running" : "torneo: killed " + killed + " leftover process(es)");
            return 0;
        }
        long started = System.nanoTime();
        supervisor.ifPresent(process -> {
            out.println("torneo: stopping (supervisor pid " + process.pid() + ") ...");
            process.destroy();
            try {
                process.onExit().get(90, TimeUnit.SECONDS);
            } catch (Exception e) {
                err.println("torneo down: supervisor did not stop in 90 s: killing it");
                process.destroyForcibly();
            }
        });
        int killed = cleanLeftovers(true);
        if (killed > 0) {
            out.println("torneo: killed " + killed + " leftover process(es)");
        }
        List<ProcessHandle> left = leftovers();
        if (!left.isEmpty()) {
            err.println("torneo down: processes still alive: " + left.stream().map(p -> Long.toString(p.pid())).toList());
            return 1;
        }
        out.printf("torneo: stopped in %.1f s%n", (System.nanoTime() - started) / 1e9);
        return 0;
    }

    /**
     * Kills processes of a previous run that outlived their supervisor (e.g. it was killed with -9):
     * every live process whose command line carries this repo's marker or .torneo path, and the
     * PostgreSQL server of .torneo/postgres. Returns how many were killed.
     */
    private int cleanLeftovers(boolean removeFiles) throws InterruptedException {
        List<ProcessHandle> left = leftovers();
        for (ProcessHandle process : left) {
            process.destroy();
        }
        for (ProcessHandle process : left) {
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                process.destroyForcibly();
            }
        }
        for (ProcessHandle process : left) {
            if (process.isAlive()) {
                process.destroyForcibly();
                try {
                    process.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // reported by the caller's final check
                }
            }
        }
        if (removeFiles) {
            try {
                Files.deleteIfExists(home.stateFile());
                Files.deleteIfExists(home.supervisorPidFile());
            } catch (IOException e) {
                err.println("torneo down: cannot remove " + home.stateFile() + ": " + e.getMessage());
            }
        }
        return left.size();
    }

    /** Live processes of this repo's stack, except the current JVM. */
    List<ProcessHandle> leftovers() {
        String marker = home.marker();
        String torneoDir = home.dir().toString();
        long self = ProcessHandle.current().pid();
        List<ProcessHandle> found = new ArrayList<>(ProcessHandle.allProcesses()
                .filter(p -> p.pid() != self)
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker) || c.contains(torneoDir + File.separator))
                        .orElse(false))
                .toList());
        long postmaster = EmbeddedPostgresServer.postmasterPid(home.postgresDataDir());
        if (postmaster > 0) {
            ProcessHandle.of(postmaster).filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().command().map(c -> c.contains("postgres")).orElse(false))
                    .filter(p -> found.stream().noneMatch(f -> f.pid() == p.pid()))
                    .ifPresent(found::add);
        }
        return found;
    }

    private static List<String> services(Properties state) {
        String names = state.getProperty("services", "");
        return names.isBlank() ? List.of() : List.of(names.split(","));
    }

    private static List<String> tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return all.subList(Math.max(0, all.size() - lines), all.size());
        } catch (IOException e) {
            return List.of("(cannot read " + file + ")");
        }
    }
}

package org.torneo.stack.supervisor;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The files of a stack started by {@code ./torneo up}, all under {@code <repo>/.torneo/}
 * (git-ignored): the supervisor's pid, the state file the supervisor writes and the CLI reads,
 * the broker's and PostgreSQL's data, and every log.
 */
public record StackHome(Path repo) {

    /** Services in the order of their HTTP ports 8081, 8082, ... */
    public static final List<String> SERVICE_ORDER = List.of("game", "clock", "pairing", "rating", "feed", "console");

    public StackHome {
        repo = repo.toAbsolutePath().normalize();
    }

    /** The repository root: the torneo.home system property (set by ./torneo), else the working directory. */
    public static StackHome fromSystem() {
        String home = System.getProperty("torneo.home");
        return new StackHome(Path.of(home == null || home.isBlank() ? "." : home));
    }

    public Path dir() {
        return repo.resolve(".torneo");
    }

    public Path logs() {
        return dir().resolve("logs");
    }

    public Path stateFile() {
        return dir().resolve("state.properties");
    }

    public Path supervisorPidFile() {
        return dir().resolve("supervisor.pid");
    }

    public Path kafkaDir() {
        return dir().resolve("kafka");
    }

    /**
     * The stack's Kafka passwords (written by the broker on its first start), if the stack has been started: the file
     * the running stack's state names (one broker keeps it in kafka/, three in kafka-cluster/), else the one broker's.
     * Reading kafka/ alone gave the demo of a three-broker stack no password, or a single broker's old one: its edge
     * then timed out fetching the topics' metadata, and `chaos --brokers 3` stopped before its first game.
     */
    public Optional<org.torneo.stack.kafka.KafkaCredentials> kafkaCredentials() {
        String named = readState().getProperty("kafka.credentials");
        if (named != null && Files.exists(Path.of(named))) {
            return org.torneo.stack.kafka.KafkaCredentials.read(Path.of(named));
        }
        return org.torneo.stack.kafka.KafkaCredentials.read(kafkaDir().resolve(
                org.torneo.stack.kafka.KafkaCredentials.FILE_NAME));
    }

    /** Keycloak's home: its dev database (data/h2), the imported realm file and keycloak.log. */
    public Path keycloakDir() {
        return dir().resolve("keycloak");
    }

    public Path postgresDataDir() {
        return dir().resolve("postgres").resolve("data");
    }

    /** A marker put on every command line we start, so that leftovers can be found with ps. */
    public String marker() {
        return "-Dtorneo.stack.home=" + repo;
    }

    /**
     * Services whose Quarkus app is built: services/NAME/app/target/quarkus-app/quarkus-run.jar, or for an app that is
     * its module alone (the console) services/NAME/target/quarkus-app/quarkus-run.jar.
     */
    public List<ServiceApp> builtServices() {
        List<ServiceApp> apps = new ArrayList<>();
        List<String> names = new ArrayList<>(SERVICE_ORDER);
        try (var dirs = Files.list(repo.resolve("services"))) {
            dirs.map(d -> d.getFileName().toString()).sorted().filter(n -> !names.contains(n)).forEach(names::add);
        } catch (IOException e) {
            // no services folder: nothing to start
        }
        int port = 8081;
        for (String name : names) {
            Path jar = repo.resolve("services").resolve(name).resolve("app/target/quarkus-app/quarkus-run.jar");
            Path alone = repo.resolve("services").resolve(name).resolve("target/quarkus-app/quarkus-run.jar");
            if (!Files.isRegularFile(jar) && Files.isRegularFile(alone)) {
                jar = alone;
            }
            if (Files.isRegularFile(jar)) {
                apps.add(new ServiceApp(name, jar, port));
            }
            port++;
        }
        return apps;
    }

    /** A built service and its preferred HTTP port. */
    public record ServiceApp(String name, Path jar, int preferredPort) {
    }

    public Optional<Long> supervisorPid() {
        try {
            if (!Files.exists(supervisorPidFile())) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(Files.readString(supervisorPidFile()).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The supervisor process if its pid file names a live process that is really our supervisor. */
    public Optional<ProcessHandle> liveSupervisor() {
        return supervisorPid().flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(Supervisor.class.getName())).orElse(true));
    }

    public Properties readState() {
        Properties state = new Properties();
        if (Files.exists(stateFile())) {
            try (Reader reader = Files.newBufferedReader(stateFile(), StandardCharsets.UTF_8)) {
                state.load(reader);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + stateFile(), e);
            }
        }
        return state;
    }

    /** Writes the state file atomically, so a reader never sees half of it. */
    public void writeState(Properties state) {
        try {
            Files.createDirectories(dir());
            Path temporary = Files.createTempFile(dir(), "state", ".tmp");
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                state.store(writer, "written by the torneo stack supervisor");
            }
            Files.move(temporary, stateFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + stateFile(), e);
        }
    }
}

package org.torneo.console;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.torneo.stack.Ports;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.test.KeycloakStack;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * What the console talks to, real: the stack's Kafka broker and PostgreSQL ({@link TorneoStack}'s), the real
 * Keycloak with the torneo realm ({@link KeycloakStack}), and the pairing and game services as the local stack runs
 * them (their built {@code quarkus-run.jar}, each in its own JVM with its own database, Kafka user and OIDC client,
 * verifying the realm's tokens as in production). The reactor builds those apps before this module; alone, build them
 * first ({@code ./mvnw -pl services/console -am install -DskipTests}). The console gets the services' addresses, the
 * realm, its client's secret and the Kafka user "edge" (it reads torneo.tournament to know halls and arbiters).
 * Service logs: target/services/NAME.log.
 */
public class ServicesStack implements QuarkusTestResourceLifecycleManager {

    static final List<String> SERVICES = List.of("game", "pairing");
    private static final Duration READY = Duration.ofSeconds(240);
    private final Map<String, Process> processes = new LinkedHashMap<>();

    @Override
    public Map<String, String> start() {
        String bootstrap = TorneoStack.bootstrapServers(); // starts the broker and PostgreSQL once per JVM
        String issuer = KeycloakStack.issuer();            // starts Keycloak once per JVM
        Path repo = Path.of("").toAbsolutePath().getParent().getParent();
        Map<String, String> config = new LinkedHashMap<>();
        try {
            Files.createDirectories(Path.of("target/services"));
            Map<String, Integer> ports = new LinkedHashMap<>();
            for (String service : services()) {
                Path jar = repo.resolve("services/" + service + "/app/target/quarkus-app/quarkus-run.jar");
                if (!Files.isRegularFile(jar)) {
                    throw new IllegalStateException(jar + " is missing: build the service apps first (./mvnw -pl"
                            + " services/console -am install -DskipTests)");
                }
                int port = Ports.free();
                PgDatabase database = TorneoStack.newDatabase("console_" + service);
                String client = TorneoRealm.serviceClient(service);
                List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString(), "-Xms32m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                        "-Dkafka.bootstrap.servers=" + bootstrap, "-Dquarkus.http.port=" + port,
                        "-Dquarkus.http.host=127.0.0.1",
                        "-Dquarkus.datasource.reactive.url=" + database.reactiveUrl(),
                        "-Dquarkus.datasource.username=" + database.user(),
                        "-Dquarkus.datasource.password=" + database.password(),
                        "-Dtorneo.signing.key-dir=" + TorneoStack.keysDir(),
                        "-Dtorneo.instance-id=" + service + "-console-test",
                        "-Dquarkus.oidc.auth-server-url=" + issuer, "-Dquarkus.oidc.client-id=" + client,
                        "-Dquarkus.oidc.credentials.secret=" + TorneoRealm.devSecret(client),
                        "-Dquarkus.oidc.token.audience=" + TorneoRealm.AUDIENCE));
                // a benchmark's extra options for the services' JVMs, e.g. a flight recording (%p: each its own file)
                String extra = System.getProperty("console.services.jvm-options", "").strip();
                if (!extra.isEmpty()) {
                    command.addAll(List.of(extra.split("\\s+")));
                }
                command.addAll(List.of("-jar", jar.toString()));
                ProcessBuilder builder = new ProcessBuilder(command).directory(jar.getParent().toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(Path.of("target/services/" + service + ".log").toFile());
                // its own Kafka user, as the local stack gives it: through the environment, not the command line
                TorneoStack.clientSecurity(service).forEach((key, value) -> builder.environment().put(
                        ("kafka." + key).toUpperCase().replace('.', '_'), value.toString()));
                processes.put(service, builder.start());
                ports.put(service, port);
            }
            for (var entry : ports.entrySet()) {
                awaitReady(entry.getKey(), processes.get(entry.getKey()), entry.getValue());
                config.put("quarkus.rest-client." + entry.getKey() + ".url", "http://127.0.0.1:" + entry.getValue());
                if (entry.getKey().equals("feed")) { // the tournament page links the feed's printed lists
                    config.put("torneo.console.feed-url", "http://127.0.0.1:" + entry.getValue());
                }
            }
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("the console's services did not start: " + e.getMessage(), e);
        }
        config.put("kafka.bootstrap.servers", bootstrap);
        TorneoStack.clientSecurity("edge").forEach((key, value) -> config.put("kafka." + key, value.toString()));
        config.put("quarkus.oidc.auth-server-url", issuer);
        config.put("quarkus.oidc.credentials.secret", TorneoRealm.devSecret(TorneoRealm.CONSOLE_CLIENT));
        return config;
    }

    /** The services started, each from its built jar (a benchmark adds the feed). */
    protected List<String> services() {
        return SERVICES;
    }

    private static void awaitReady(String service, Process process, int port) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + READY.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(service + " exited with " + process.exitValue()
                        + " (target/services/" + service + ".log)");
            }
            try {
                HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/q/health/ready")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException(service + " not ready after " + READY.toSeconds() + " s (target/services/"
                + service + ".log)");
    }

    @Override
    public void stop() {
        processes.values().forEach(Process::destroy);
        for (Process process : processes.values()) {
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        processes.clear();
    }
}

package org.torneo.stack.supervisor;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.postgres.PostgresServer;

/** Health probes of the stack's components, each answering in a couple of seconds at most. */
public final class Health {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Health() {
    }

    /** The result of one probe: healthy or not, and what was seen. */
    public record Probe(boolean healthy, String detail) {
    }

    /** GET http://127.0.0.1:port/q/health: healthy on 200 (Quarkus answers 503 when a check is DOWN). */
    public static Probe service(int port) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health"))
                    .timeout(Duration.ofSeconds(3)).GET().build();
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            var overall = java.util.regex.Pattern.compile("\"status\"\\s*:\\s*\"(\\w+)\"").matcher(response.body());
            return new Probe(response.statusCode() == 200,
                    "HTTP " + response.statusCode() + (overall.find() ? " " + overall.group(1) : ""));
        } catch (java.io.IOException e) {
            return new Probe(false, "no answer (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Probe(false, "interrupted");
        }
    }

    /**
     * Keycloak: {@code /health/ready} on its management port, then the realm's discovery document, which must name
     * {@code issuer}.
     */
    public static Probe keycloak(String issuer, int managementPort) {
        try {
            HttpResponse<String> ready = HTTP.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + managementPort + "/health/ready")).timeout(Duration.ofSeconds(3))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (ready.statusCode() != 200) {
                return new Probe(false, "health/ready HTTP " + ready.statusCode());
            }
            HttpResponse<String> discovery = HTTP.send(HttpRequest.newBuilder(
                    URI.create(issuer + "/.well-known/openid-configuration")).timeout(Duration.ofSeconds(3))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            boolean sameIssuer = discovery.statusCode() == 200 && discovery.body().contains("\"issuer\":\"" + issuer + "\"");
            return new Probe(sameIssuer, sameIssuer ? "ready, realm discovery ok"
                    : "realm discovery HTTP " + discovery.statusCode());
        } catch (java.io.IOException e) {
            return new Probe(false, "no answer (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Probe(false, "interrupted");
        }
    }

    /** describeCluster on the broker, signed in with {@code security} (the stack's admin: security.protocol, sasl.*). */
    public static Probe kafka(String bootstrapServers, java.util.Map<String, Object> security) {
        java.util.Map<String, Object> config = new java.util.HashMap<>(security);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "3000");
        config.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
        try (Admin admin = Admin.create(config)) {
            var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(3000)).nodes().get(4, TimeUnit.SECONDS);
            return new Probe(!nodes.isEmpty(), nodes.size() + " broker(s)");
        } catch (Exception e) {
            return new Probe(false, "no answer (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** SELECT 1 on the database. */
    public static Probe postgres(PgDatabase database) {
        try (var connection = PostgresServer.connect(database); var statement = connection.createStatement()) {
            statement.execute("SELECT 1");
            return new Probe(true, "SELECT 1 ok");
        } catch (Exception e) {
            return new Probe(false, "no answer (" + e.getMessage() + ")");
        }
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.CookieHandler;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.torneo.stack.identity.TorneoRealm;

import io.quarkus.test.common.http.TestHTTPResource;

/**
 * The console's tests over HTTP as a signed-in user: signing in through the real Keycloak's login form (a cookie jar per
 * account), reading a page, sending a form, waiting for the services, and the small text helpers those tests share (one
 * copy instead of one per test class).
 */
abstract class ConsoleHttpTest {

    /** How long a test waits for the services to have decided (their events are asynchronous). */
    protected static final Duration WAIT = Duration.ofSeconds(60);

    protected static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    protected URI base;

    protected HttpClient signIn(String account) throws Exception {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new Jar())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        HttpResponse<String> login = follow(http, http.send(HttpRequest.newBuilder(base.resolve("/signin")).build(),
                HttpResponse.BodyHandlers.ofString()));
        Matcher action = Pattern.compile("action=\"([^\"]*login-actions/authenticate[^\"]*)\"").matcher(login.body());
        if (!action.find()) {
            fail("no login form at " + login.uri() + " (" + login.statusCode() + "): " + excerpt(login.body()));
        }
        HttpResponse<String> home = follow(http, http.send(HttpRequest.newBuilder(login.uri().resolve(action.group(1)
                        .replace("&amp;", "&"))).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form("username", account, "password",
                        TorneoRealm.DEMO_PASSWORD, "credentialId", ""))).build(), HttpResponse.BodyHandlers.ofString()));
        assertTrue(home.body().contains("id=\"account\">" + account + "<"), account + " is not signed in at "
                + home.uri() + ": " + excerpt(home.body()));
        return http;
    }

    /** A signed-out visitor: no cookies of a session, redirects not followed. */
    protected static HttpClient signedOut() {
        return HttpClient.newBuilder().cookieHandler(new Jar()).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /**
     * The cookies of one session as Chromium keeps them on localhost: the provider's and the console's, a Secure one
     * sent over http too (localhost is a secure context to a browser; java.net.CookieManager would drop it, and the
     * provider's login form would find no session), a cookie set to expire removed.
     */
    static final class Jar extends CookieHandler {
        private final Map<String, String> cookies = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public Map<String, List<String>> get(URI uri, Map<String, List<String>> requestHeaders) {
            if (cookies.isEmpty()) {
                return Map.of();
            }
            return Map.of("Cookie", List.of(cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(java.util.stream.Collectors.joining("; "))));
        }

        @Override
        public void put(URI uri, Map<String, List<String>> responseHeaders) {
            responseHeaders.forEach((header, values) -> {
                if (header == null || !header.equalsIgnoreCase("set-cookie")) {
                    return;
                }
                for (String value : values) {
                    String[] parts = value.split(";");
                    int eq = parts[0].indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String name = parts[0].substring(0, eq).strip();
                    String text = parts[0].substring(eq + 1).strip();
                    boolean expired = java.util.Arrays.stream(parts).skip(1).map(a -> a.strip().toLowerCase(
                            java.util.Locale.ROOT)).anyMatch(a -> a.equals("max-age=0") || a.contains("1970"));
                    if (expired || text.isEmpty()) {
                        cookies.remove(name);
                    } else {
                        cookies.put(name, text);
                    }
                }
            });
        }
    }

    /** Waits until {@code done} holds, or fails naming {@code what} after {@link #WAIT}. */
    protected static void awaitTrue(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(what + ": not within " + WAIT.toSeconds() + " s");
            }
            Thread.sleep(250);
        }
    }

    /** A condition that may send a request, for {@link #until}. */
    @FunctionalInterface
    protected interface Check {
        boolean holds() throws Exception;
    }

    /** Checks every half second until {@code check} holds, or fails naming {@code what} after {@code limit}. */
    protected static void until(String what, Duration limit, Check check) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + limit.toSeconds() + " s: " + what);
            }
            Thread.sleep(500);
        }
    }

    /**
     * Sends a command's JSON object to a service's route with a new {@code commandId} added (the services take a
     * command id once), as {@code token}'s bearer, without waiting for the answer.
     */
    protected static CompletableFuture<HttpResponse<String>> postCommand(HttpClient http, String url, String token,
                                                                          String body) {
        String withId = body.equals("{}") ? "{\"commandId\":\"" + UUID.randomUUID() + "\"}"
                : body.substring(0, body.length() - 1) + ",\"commandId\":\"" + UUID.randomUUID() + "\"}";
        return http.sendAsync(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(withId)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    protected static HttpResponse<String> follow(HttpClient http, HttpResponse<String> answer) throws Exception {
        for (int i = 0; i < 10 && answer.statusCode() / 100 == 3; i++) {
            URI next = answer.uri().resolve(answer.headers().firstValue("Location").orElseThrow());
            answer = http.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
    }

    // ------------------------------------------------------------------ the services' own routes (the fixture)

    /** A client of the services' routes, apart from the console's sessions (the browser tests' fixtures use it too). */
    protected static final HttpClient services = HttpClient.newHttpClient();

    protected static HttpResponse<String> post(String url, String json, String token) throws Exception {
        return services.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    protected static HttpResponse<String> get(String url) {
        try {
            return services.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(url + ": " + e, e);
        }
    }

    protected static JsonNode json(HttpResponse<String> answer) {
        try {
            return answer.statusCode() == 200 ? JSON.readTree(answer.body()) : JSON.createArrayNode();
        } catch (java.io.IOException e) {
            return JSON.createArrayNode();
        }
    }

    /** The pairing service's round as [number, white, black, hall] a board, by board number. */
    protected static List<String[]> boards(String pairing, String t, int round) {
        List<String[]> boards = new java.util.ArrayList<>();
        json(get(pairing + "/tournaments/" + t + "/rounds/" + round)).path("halls").fields().forEachRemaining(hall -> {
            for (JsonNode b : hall.getValue()) {
                boards.add(new String[] {b.path("board").asText(), b.path("white").asText(), b.path("black").asText(),
                        hall.getKey()});
            }
        });
        boards.sort(java.util.Comparator.comparingInt(b -> Integer.parseInt(b[0])));
        return boards;
    }

    protected static void accepted(HttpResponse<String> answer) {
        assertEquals(202, answer.statusCode(), answer.body());
    }


    protected String page(HttpClient session, String path) {
        try {
            return session.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (Exception e) {
            throw new IllegalStateException(path + ": " + e, e);
        }
    }

    protected HttpResponse<String> send(HttpClient session, String path, String form) throws Exception {
        return session.send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    protected static void assertRedirect(HttpResponse<String> answer, String location) {
        assertEquals(303, answer.statusCode(), excerpt(answer.body()));
        assertTrue(answer.headers().firstValue("Location").orElse("").endsWith(location),
                answer.headers().firstValue("Location").orElse(""));
    }

    protected static String form(String... keysAndValues) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            out.append(out.isEmpty() ? "" : "&").append(URLEncoder.encode(keysAndValues[i], StandardCharsets.UTF_8))
                    .append('=').append(URLEncoder.encode(keysAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    /** The page's text as typed: Qute escapes quotes and ampersands. */
    protected static String unescaped(String html) {
        return html.replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&");
    }

    protected static String excerpt(String body) {
        String text = body == null ? "" : body.replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").strip();
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }
}

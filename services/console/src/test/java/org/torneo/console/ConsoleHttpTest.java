package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.torneo.stack.identity.TorneoRealm;

import io.quarkus.test.common.http.TestHTTPResource;

/**
 * The console's tests over HTTP as a signed-in user: signing in through the real Keycloak's login form, reading a page,
 * sending a form, and the small text helpers those tests share (one copy instead of one per test class).
 */
abstract class ConsoleHttpTest {

    @TestHTTPResource("/")
    protected URI base;

    protected HttpClient signIn(String account) throws Exception {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new ConsoleRoleMatrixTest.Jar())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        HttpResponse<String> login = follow(http, http.send(HttpRequest.newBuilder(base.resolve("/signin")).build(),
                HttpResponse.BodyHandlers.ofString()));
        Matcher action = Pattern.compile("action=\"([^\"]*login-actions/authenticate[^\"]*)\"").matcher(login.body());
        if (!action.find()) {
            fail("no login form at " + login.uri() + ": " + excerpt(login.body()));
        }
        HttpResponse<String> home = follow(http, http.send(HttpRequest.newBuilder(login.uri().resolve(action.group(1)
                        .replace("&amp;", "&"))).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form("username", account, "password",
                        TorneoRealm.DEMO_PASSWORD, "credentialId", ""))).build(), HttpResponse.BodyHandlers.ofString()));
        assertTrue(home.body().contains("id=\"account\">" + account + "<"), account + " is not signed in");
        return http;
    }

    protected static HttpResponse<String> follow(HttpClient http, HttpResponse<String> answer) throws Exception {
        for (int i = 0; i < 10 && answer.statusCode() / 100 == 3; i++) {
            URI next = answer.uri().resolve(answer.headers().firstValue("Location").orElseThrow());
            answer = http.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
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

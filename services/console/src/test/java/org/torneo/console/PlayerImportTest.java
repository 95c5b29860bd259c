package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Registration from a file, through the console as the organiser signed in through the real Keycloak (no browser),
 * against the real pairing service on the real broker and PostgreSQL ({@link ServicesStack}): a Latin-1 CSV with a bad
 * line is uploaded, previewed with the bad line named, refused until the bad line is explicitly skipped, then its good
 * lines are registered; an excerpt of FIDE's TXT rating list is pasted with the FIDE ids wanted, and those players
 * are registered with their standard ratings; the same CSV again finds its players already registered.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class PlayerImportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TestHTTPResource("/")
    URI base;

    @Inject
    EdgeGuard guard;

    private final HttpClient services = HttpClient.newHttpClient();

    @Test
    void an_organiser_previews_a_csv_skips_its_bad_line_registers_the_rest_then_takes_players_from_the_fide_list()
            throws Exception {
        String t = "imp-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        HttpResponse<String> created = services.send(HttpRequest.newBuilder(URI.create(pairing + "/tournaments"))
                .header("Content-Type", "application/json").header("Authorization", "Bearer "
                        + KeycloakStack.token("organiser")).POST(HttpRequest.BodyPublishers.ofString("{\"tournamentId\":\""
                        + t + "\",\"name\":\"Import\",\"system\":\"dutch\",\"rounds\":5,\"rulesetId\":\"FIDE_2018\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, created.statusCode(), created.body());
        awaitTrue("the tournament's offices folded by the console", () -> guard.authorities().of(t)
                .map(a -> a.created()).orElse(false));
        HttpClient organiser = signIn("organiser");

        // given a spreadsheet's export in Latin-1, ';'-separated, Spanish headers, line 4's rating mistyped
        byte[] csv = ("Nombre;Elo;ID FIDE;Título;Federación;Año de nacimiento\r\n"
                + "\"Núñez Peña, Lucía\";1512;32000111;;ESP;2009\r\n"
                + "Vallejo Pons, Francisco;2650;2205254;GM;ESP;1982\r\n"
                + "Ruiz, Marta;19OO;;;ESP;2011\r\n"
                + "García, Pedro;1750;;;;\r\n").getBytes(StandardCharsets.ISO_8859_1);

        // when it is uploaded: the preview names the bad line, registers nothing
        HttpResponse<String> preview = upload(organiser, "/t/" + t + "/players/import", "csv", "entries.csv", csv);
        assertEquals(400, preview.statusCode(), excerpt(preview.body()));
        assertTrue(preview.body().contains("line 4, column 13 (rating): &#39;19OO&#39; is not a rating")
                || preview.body().contains("line 4, column 13 (rating): '19OO' is not a rating"), excerpt(preview.body()));
        assertTrue(preview.body().contains("Núñez Peña, Lucía") && preview.body().contains("García, Pedro"),
                excerpt(preview.body()));
        String text = textOf(preview.body());
        assertTrue(text.startsWith("Nombre;Elo;ID FIDE"), text);

        // confirming without skipping the bad line registers nothing
        HttpResponse<String> refused = send(organiser, "/t/" + t + "/players/import/confirm", form("format", "csv",
                "text", text));
        assertEquals(400, refused.statusCode(), excerpt(refused.body()));
        assertTrue(refused.body().contains("nothing was registered"), excerpt(refused.body()));
        assertEquals(Map.of(), players(pairing, t));

        // skipping it explicitly registers the three good lines, the FIDE id as the player id where there is one
        HttpResponse<String> done = send(organiser, "/t/" + t + "/players/import/confirm", form("format", "csv",
                "text", text, "skip", "yes"));
        assertEquals(303, done.statusCode(), excerpt(done.body()));
        assertTrue(done.headers().firstValue("Location").orElse("").endsWith("/t/" + t + "?done=playersImported"),
                done.headers().toString());
        assertEquals(Map.of("32000111", "Núñez Peña, Lucía 1512", "2205254", "Vallejo Pons, Francisco 2650",
                "garcia-pedro", "García, Pedro 1750"), players(pairing, t));

        // the FIDE list's excerpt pasted, two of its players wanted by FIDE id
        String list;
        try (InputStream in = getClass().getResourceAsStream("/players_list_sample.txt")) {
            list = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        HttpResponse<String> fide = send(organiser, "/t/" + t + "/players/import", form("format", "fide", "text", list,
                "fideIds", "1503014, 700070"));
        assertEquals(200, fide.statusCode(), excerpt(fide.body()));
        assertTrue(fide.body().contains("Carlsen, Magnus") && fide.body().contains("Polgar, Judit")
                && !fide.body().contains("<td>8602980</td>"), excerpt(fide.body())); // the text area still holds her line
        HttpResponse<String> fideDone = send(organiser, "/t/" + t + "/players/import/confirm", form("format", "fide",
                "text", list, "fideIds", "1503014, 700070"));
        assertEquals(303, fideDone.statusCode(), excerpt(fideDone.body()));
        Map<String, String> all = players(pairing, t);
        assertEquals(5, all.size(), all.toString());
        assertEquals("Carlsen, Magnus 2831", all.get("1503014"));
        assertEquals("Polgar, Judit 2675", all.get("700070"));

        // the same CSV again: its players are already registered, each named on its line
        HttpResponse<String> again = upload(organiser, "/t/" + t + "/players/import", "csv", "entries.csv", csv);
        assertEquals(400, again.statusCode(), excerpt(again.body()));
        assertTrue(again.body().contains("is already registered in " + t), excerpt(again.body()));
        // and the tournament page lists the players registered from the files
        HttpResponse<String> page = organiser.send(HttpRequest.newBuilder(base.resolve("/t/" + t)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(page.body().contains("Carlsen, Magnus") && page.body().contains("Núñez Peña, Lucía"),
                excerpt(page.body()));
    }

    /** The players the pairing service holds: id to "name rating". */
    private Map<String, String> players(String pairing, String t) throws Exception {
        HttpResponse<String> answer = services.send(HttpRequest.newBuilder(URI.create(pairing + "/tournaments/" + t
                + "/players")).build(), HttpResponse.BodyHandlers.ofString());
        Map<String, String> players = new TreeMap<>();
        for (JsonNode p : JSON.readTree(answer.body())) {
            players.put(p.path("playerId").asText(), p.path("name").asText() + " " + p.path("rating").asInt());
        }
        return players;
    }

    /** The textarea of the preview: the file's text as decoded, what the confirmation sends back. */
    private static String textOf(String html) {
        Matcher m = Pattern.compile("<textarea id=\"entry-text\"[^>]*>(.*?)</textarea>", Pattern.DOTALL).matcher(html);
        if (!m.find()) {
            fail("no entry text in the preview: " + excerpt(html));
        }
        // Qute's HTML escapes, undone ("&amp;" last)
        return m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }

    private HttpResponse<String> upload(HttpClient session, String path, String format, String fileName, byte[] file)
            throws Exception {
        String boundary = "----torneo" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\n" + format + "\r\n")
                .getBytes(StandardCharsets.UTF_8));
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                + "\"\r\nContent-Type: text/csv\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.write(file);
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return session.send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type",
                "multipart/form-data; boundary=" + boundary).POST(HttpRequest.BodyPublishers.ofByteArray(
                body.toByteArray())).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> send(HttpClient session, String path, String form) throws Exception {
        return session.send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A console session through Keycloak's login form (as {@link ConsoleRoleMatrixTest} signs in). */
    private HttpClient signIn(String account) throws Exception {
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
        assertTrue(home.body().contains("id=\"account\">" + account + "<"), account + " is not signed in: "
                + excerpt(home.body()));
        return http;
    }

    private static HttpResponse<String> follow(HttpClient http, HttpResponse<String> answer) throws Exception {
        for (int i = 0; i < 10 && answer.statusCode() / 100 == 3; i++) {
            URI next = answer.uri().resolve(answer.headers().firstValue("Location").orElseThrow());
            answer = http.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
    }

    private static void awaitTrue(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(what + ": not within " + WAIT.toSeconds() + " s");
            }
            Thread.sleep(250);
        }
    }

    private static String form(String... keysAndValues) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            out.append(out.isEmpty() ? "" : "&").append(URLEncoder.encode(keysAndValues[i], StandardCharsets.UTF_8))
                    .append('=').append(URLEncoder.encode(keysAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    private static String excerpt(String body) {
        String text = body == null ? "" : body.replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").strip();
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }
}

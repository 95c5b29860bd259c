package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
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
class PlayerImportTest extends ConsoleHttpTest {

    @Inject
    EdgeGuard guard;

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

        // a file giving one FIDE id on two lines (a player entered twice): the second line is named, nothing registered
        String twice = "name;rating;FIDE id\nShirov, Alexei;2704;2209390\nSchirow, Alexei;2704;2209390\n";
        HttpResponse<String> duplicate = send(organiser, "/t/" + t + "/players/import", form("format", "csv", "text",
                twice));
        assertEquals(400, duplicate.statusCode(), excerpt(duplicate.body()));
        assertTrue(unescaped(duplicate.body()).contains("line 3, column 22 (player id): '2209390' is already an earlier"
                + " line's player"), excerpt(duplicate.body()));
        HttpResponse<String> duplicateRefused = send(organiser, "/t/" + t + "/players/import/confirm", form("format",
                "csv", "text", twice));
        assertEquals(400, duplicateRefused.statusCode(), excerpt(duplicateRefused.body()));
        assertTrue(duplicateRefused.body().contains("nothing was registered"), excerpt(duplicateRefused.body()));
        assertEquals(3, players(pairing, t).size(), "a refused file registered a player");

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
}

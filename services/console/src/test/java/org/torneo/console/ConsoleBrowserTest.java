package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The console's first slice end to end, in a real headless Chromium (Debian's chromium and chromium-driver, driven by
 * Selenium with the driver's path set: nothing downloaded), signing in through the real Keycloak's login page, against
 * the real pairing and game services on the real broker and PostgreSQL ({@link ServicesStack}): the organiser creates
 * a tournament with two halls, appoints the chief arbiter and two hall arbiters, registers eight players one by one
 * and imports a TRF (a malformed one first); the chief arbiter pairs and publishes round 1; each hall arbiter enters
 * his hall's results in the one field (with bad entries refused on the page, nothing recorded), and hall A's arbiter
 * is refused hall B's entry screen (403), which the console does not link for him; the chief arbiter closes the
 * round. Every console page is checked with axe-core 4.10 in the browser (no serious or critical violation) and kept
 * as a screenshot in target/screenshots (the browsers and page steps: {@link ConsoleBrowsers}).
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ConsoleBrowserTest extends ConsoleBrowsers {

    @Override
    protected String screenshotPrefix() {
        return "console";
    }

    @Test
    void an_organiser_a_chief_arbiter_and_two_hall_arbiters_run_round_one_from_their_browsers() throws Exception {
        String id = "c-" + UUID.randomUUID().toString().substring(0, 8);
        // ready as the local stack's supervisor waits for it (./torneo up starts the console with the services)
        HttpResponse<String> ready = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve("/q/health/ready"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ready.statusCode(), ready.body());
        // a signed-out visitor is sent to the provider's login page for a guarded page, not shown it
        HttpResponse<String> anonymous = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve("/new"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(302, anonymous.statusCode(), anonymous.body());
        assertTrue(anonymous.headers().firstValue("Location").orElse("").contains("/realms/torneo/protocol/openid-connect/auth"),
                anonymous.headers().toString());

        // --- the organiser: create, appoint, register, import
        WebDriver organiser = signIn("organiser", "en");
        open(organiser, "/");
        page(organiser, "organiser-home");
        submit(organiser, "new-tournament");
        await(organiser, "create-form");
        fill(organiser, "id", id);
        fill(organiser, "name", "Open Console " + id);
        fill(organiser, "rounds", "3");
        // FIDE 2001 and one period without increment: a quickplay-finish claim (2001 10.2) is the arbiter's to rule
        new Select(organiser.findElement(By.id("ruleset"))).selectByValue("FIDE_2001");
        fill(organiser, "timeControl", "60");
        fill(organiser, "halls", "A 1-2\nB Z");
        submit(organiser, "create");
        String error = await(organiser, "error").getText();
        assertTrue(error.contains("halls, line 2") && error.contains("'B Z'"), error);
        page(organiser, "organiser-create-refused");
        organiser.findElement(By.id("halls")).clear();
        fill(organiser, "halls", "A 1-2\nB 3-4");
        submit(organiser, "create");
        assertTrue(await(organiser, "done").getText().contains("created"), organiser.getPageSource());
        page(organiser, "organiser-tournament");

        appoint(organiser, "chief-arbiter", "", true);
        appoint(organiser, "arbiter-1", "A", false);
        appoint(organiser, "arbiter-2", "B", false);
        String arbiters = organiser.findElement(By.id("arbiters")).getText();
        assertTrue(arbiters.contains("arbiter-1") && arbiters.contains("arbiter-2") && arbiters.contains("chief-arbiter"),
                arbiters);
        String[] names = {"Ana Pérez", "Bruno Díaz", "Carla Ruiz", "David Gil", "Eva Sanz", "Félix Mora", "Gema Ríos",
            "Hugo León"};
        for (int i = 0; i < names.length; i++) {
            fill(organiser, "player-id", id + "-p" + (i + 1));
            fill(organiser, "player-name", names[i]);
            fill(organiser, "player-rating", Integer.toString(2400 - 40 * i));
            submit(organiser, "register");
            await(organiser, "done");
        }
        String players = organiser.findElement(By.id("players")).getText();
        for (String name : names) {
            assertTrue(players.contains(name), players);
        }
        page(organiser, "organiser-players");
        // a player id registered already: the pairing service's refusal, with its reason, on the page; nothing added
        fill(organiser, "player-id", id + "-p1");
        fill(organiser, "player-name", "Ana Pérez again");
        submit(organiser, "register");
        error = await(organiser, "error").getText();
        assertTrue(error.contains("refused (DUPLICATE_REGISTRATION)") && error.contains("already registered"), error);
        assertFalse(organiser.findElement(By.id("players")).getText().contains("again"));
        page(organiser, "organiser-duplicate-refused");
        // player-1's account is Ana Pérez (an id not registered refused first, nothing linked)
        fill(organiser, "link-player", id + "-p99");
        fill(organiser, "link-account", "player-1");
        submit(organiser, "link");
        error = await(organiser, "error").getText();
        assertTrue(error.contains("'" + id + "-p99' is not a registered player"), error);
        fill(organiser, "link-player", id + "-p1");
        fill(organiser, "link-account", "player-1");
        submit(organiser, "link");
        assertTrue(await(organiser, "done").getText().contains("linked"), organiser.getPageSource());

        // a TRF: a malformed one is refused with its line, then a good one is imported as its own tournament
        open(organiser, "/new");
        String imported = id + "-trf";
        fill(organiser, "importId", imported);
        fill(organiser, "trf", "012 Imported open\n001    1 x   Broken line");
        submit(organiser, "import");
        error = await(organiser, "error").getText();
        assertTrue(error.startsWith("TRF import: HTTP 400") && error.contains("line"), error);
        page(organiser, "organiser-import-refused");
        organiser.findElement(By.id("trf")).clear();
        fill(organiser, "trf", trf());
        submit(organiser, "import");
        assertTrue(await(organiser, "done").getText().contains("imported"), organiser.getPageSource());
        String importedPlayers = organiser.findElement(By.id("players")).getText();
        assertTrue(importedPlayers.contains("Alpha, Ann") && importedPlayers.contains("Delta, Dan"), importedPlayers);
        // the TRF's title column (an older writer's short code 'g') and federation are kept: GM, ESP, FRA
        assertEquals(List.of("GM", "Alpha, Ann", "ESP", "2300"), playerRow(organiser, "Alpha, Ann").subList(1, 5));
        assertEquals(List.of("", "Bravo, Ben", "FRA", "2250"), playerRow(organiser, "Bravo, Ben").subList(1, 5));
        page(organiser, "organiser-imported");
        // the organiser holds no chief arbiter's office: no pairing button for him
        open(organiser, "/t/" + id);
        assertTrue(organiser.findElements(By.id("pair")).isEmpty(), "the organiser was offered to pair");

        // --- the chief arbiter pairs and publishes round 1 (in Spanish: the language follows the user)
        WebDriver chief = signIn("chief-arbiter", "es");
        open(chief, "/t/" + id);
        page(chief, "chief-tournament");
        chief.findElement(By.id("pair")).click();
        new WebDriverWait(chief, WAIT).until(d -> d.getCurrentUrl().endsWith("/t/" + id + "/rounds/1"));
        String pairings = chief.findElement(By.tagName("main")).getText();
        assertTrue(pairings.contains("Ronda 1") && pairings.contains("Sala A") && pairings.contains("Sala B"), pairings);
        assertEquals(4, chief.findElements(By.cssSelector("table.pairings tbody tr")).size(), pairings);
        assertEquals("es", chief.findElement(By.tagName("html")).getAttribute("lang"));
        page(chief, "chief-round-1");

        // --- hall A's arbiter: his entry screen only
        WebDriver arbiterA = signIn("arbiter-1", "en");
        open(arbiterA, "/t/" + id + "/rounds/1");
        assertFalse(arbiterA.findElements(By.id("enter-A")).isEmpty(), "no entry link for his own hall");
        assertTrue(arbiterA.findElements(By.id("enter-B")).isEmpty(), "hall B's entry link shown to hall A's arbiter");
        page(arbiterA, "arbiter-a-round-1");
        arbiterA.findElement(By.id("enter-A")).click();
        awaitRows(arbiterA, 2);
        page(arbiterA, "arbiter-a-entry");
        claimRuledWithAPenalty(arbiterA);
        open(arbiterA, "/t/" + id + "/rounds/1/halls/A");
        type(arbiterA, "12x");
        error = await(arbiterA, "error").getText();
        assertTrue(error.contains("'12x'") && error.contains("position 3"), error);
        type(arbiterA, "3 1");
        error = await(arbiterA, "error").getText();
        assertTrue(error.contains("board 3 is not a board of hall A"), error);
        page(arbiterA, "arbiter-a-entry-refused");
        assertEquals("", result(arbiterA, 1));
        assertEquals("", result(arbiterA, 2));
        type(arbiterA, "1 1");
        assertEquals("1-0", result(arbiterA, 1));
        type(arbiterA, "2=");
        assertEquals("½-½", result(arbiterA, 2));
        page(arbiterA, "arbiter-a-entered");
        // hall B's screen: 403 from the console, as the game service would refuse his result there
        open(arbiterA, "/t/" + id + "/rounds/1/halls/B");
        assertTrue(arbiterA.findElement(By.id("error")).getText().contains("RULE"), arbiterA.getPageSource());
        page(arbiterA, "arbiter-a-hall-b-refused");
        assertEquals(403, statusAs(arbiterA, "/t/" + id + "/rounds/1/halls/B"));
        assertEquals(200, statusAs(arbiterA, "/t/" + id + "/rounds/1/halls/A"));

        // --- hall B's arbiter
        WebDriver arbiterB = signIn("arbiter-2", "en");
        open(arbiterB, "/t/" + id + "/rounds/1/halls/B");
        awaitRows(arbiterB, 2);
        type(arbiterB, "3 0");
        assertEquals("0-1", result(arbiterB, 3));
        type(arbiterB, "4+");
        assertEquals("+-", result(arbiterB, 4).replace("−", "-"));
        page(arbiterB, "arbiter-b-entered");
        assertEquals(403, statusAs(arbiterB, "/t/" + id + "/rounds/1/halls/A"));

        // --- the chief arbiter sees every result and closes the round
        open(chief, "/t/" + id + "/rounds/1");
        submit(chief, "close");
        assertTrue(await(chief, "done").getText().contains("cerrado") || chief.getPageSource().contains("cerrada"),
                chief.getPageSource());
        String closed = chief.findElement(By.tagName("main")).getText();
        assertTrue(closed.contains("1-0") && closed.contains("0-1"), closed);
        page(chief, "chief-round-1-closed");

        // --- the chief arbiter corrects board 2's draw (the scoresheets show White won), with his reason
        fill(chief, "correct-entry", "2 1");
        submit(chief, "correct");
        error = await(chief, "error").getText();
        assertTrue(error.contains("reason is required"), error);
        fill(chief, "correct-entry", "2 1");
        fill(chief, "correct-reason", "both scoresheets show 41. Qxf7# by White");
        submit(chief, "correct");
        await(chief, "done");
        new WebDriverWait(chief, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            String board2 = d.findElement(By.cssSelector("#board-row-2 td.result")).getText().strip();
            // the game's corrected result (the pairing list's beside it while it still differs)
            if (board2.startsWith("1-0")) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
        page(chief, "chief-result-corrected");
        // a result entry that does not read: its position, nothing sent
        fill(chief, "correct-entry", "2x");
        fill(chief, "correct-reason", "typo");
        submit(chief, "correct");
        error = await(chief, "error").getText();
        assertTrue(error.contains("'2x'") && error.contains("position 2"), error);

        // --- the TRF for the rating report: a download of the pairing service's export, with the corrected result
        HttpResponse<String> trf = getAs(chief, "/t/" + id + "/trf");
        assertEquals(200, trf.statusCode(), trf.body());
        assertTrue(trf.headers().firstValue("Content-Disposition").orElse("").contains("attachment; filename=\""
                + id + ".trf\""), trf.headers().toString());
        assertTrue(trf.body().lines().filter(line -> line.startsWith("001")).count() == 8, trf.body());
        // round 1's results (TRF-16 column 99): the results typed from the scoresheets are of played games (FIDE
        // 2018 8.7): 1 / 0 / =, and only board 4's '+' is a forfeit
        java.util.List<Character> round1 = trf.body().lines().filter(line -> line.startsWith("001") && line.length() > 98)
                .map(line -> line.charAt(98)).toList();
        assertEquals(8, round1.size(), trf.body());
        assertEquals(1, round1.stream().filter(c -> c == '+').count(), "one forfeit win in round 1: " + round1);
        assertEquals(1, round1.stream().filter(c -> c == '-').count(), "one forfeit loss in round 1: " + round1);
        assertEquals(6, round1.stream().filter(c -> c == '1' || c == '0' || c == '=').count(), "played: " + round1);
        open(chief, "/t/" + id);
        assertEquals("/t/" + id + "/trf", URI.create(chief.findElement(By.id("trf")).getAttribute("href")).getPath());

        // --- player-1 (Ana Pérez) on his own page: the round as the pairings show it, from his side
        open(chief, "/t/" + id + "/rounds/1");
        List<WebElement> cells = chief.findElements(By.xpath("//table[@class='pairings']//tr[td[contains(., 'Ana Pérez')]]/td"));
        assertEquals(4, cells.size(), chief.getPageSource());
        boolean white = cells.get(1).getText().contains("Ana Pérez");
        WebDriver player = signIn("player-1", "en");
        submit(player, "my-games");
        String mine = await(player, "my-round-" + id + "-1").getText();
        assertTrue(mine.contains(cells.get(0).getText().strip()) && mine.contains(white ? "White" : "Black")
                && mine.contains(cells.get(white ? 3 : 1).getText().strip()) && mine.contains(cells.get(2).getText()
                .strip()), mine + " / " + cells.stream().map(WebElement::getText).toList());
        page(player, "player-my-games");

        // --- the chief arbiter withdraws Hugo León (a withdrawal without its reason refused first, nothing changed)
        open(chief, "/t/" + id);
        fill(chief, "withdraw-player", id + "-p8");
        submit(chief, "withdraw");
        error = await(chief, "error").getText();
        assertTrue(error.contains("reason is required"), error);
        assertFalse(chief.findElement(By.id("players")).getText().contains("retirado"));
        fill(chief, "withdraw-player", id + "-p8");
        fill(chief, "withdraw-reason", "left the event (illness)");
        submit(chief, "withdraw");
        await(chief, "done");
        String withdrawn = chief.findElements(By.cssSelector("#players tbody tr")).stream().map(WebElement::getText)
                .filter(line -> line.contains("Hugo León")).findFirst().orElse("");
        assertTrue(withdrawn.contains("retirado"), withdrawn);
        page(chief, "chief-withdrawn");
    }

    /**
     * Registration from a spreadsheet through the page: a CSV with a bad rating on line 3 is previewed with that line
     * and field named, and confirming it registers nothing; a good file is then confirmed and its players are listed
     * with their titles and federations.
     */
    @Test
    void an_organiser_previews_a_csv_with_a_bad_line_registers_nothing_then_registers_a_good_one() throws Exception {
        String id = "e-" + UUID.randomUUID().toString().substring(0, 8);
        WebDriver organiser = signIn("organiser", "en");
        open(organiser, "/new");
        fill(organiser, "id", id);
        fill(organiser, "name", "Entries Open " + id);
        fill(organiser, "rounds", "5");
        fill(organiser, "halls", "A 1-10");
        submit(organiser, "create");
        assertTrue(await(organiser, "done").getText().contains("created"), organiser.getPageSource());

        // a spreadsheet export: header on line 1, Bruno's rating on line 3 is no number
        Path bad = csv("Name,Rating,Title,Federation\n\"Pérez, Ana\",2310,WIM,esp\n\"Díaz, Bruno\",23x0,,ARG\n");
        upload(organiser, bad);
        List<String> problems = await(organiser, "entry-problems").findElements(By.tagName("li")).stream()
                .map(WebElement::getText).toList();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("line 3, column ") && problems.get(0).contains("(rating)")
                && problems.get(0).contains("'23x0'"), problems.get(0));
        page(organiser, "organiser-entries-bad-line");
        // confirmed as it is (without "skip the lines with errors"): refused on the page, nothing registered
        submit(organiser, "confirm");
        String error = await(organiser, "error").getText();
        assertTrue(error.contains("1 line(s) have errors; nothing was registered"), error);
        open(organiser, "/t/" + id);
        assertTrue(organiser.findElements(By.id("players")).isEmpty(), () -> "a player was registered from a file with"
                + " a bad line: " + organiser.findElement(By.id("players")).getText());

        Path good = csv("Name,Rating,Title,Federation\n\"Pérez, Ana\",2310,WIM,esp\n\"Díaz, Bruno\",2300,,ARG\n"
                + "\"Vallejo, Paco\",2650,GM,ESP\n");
        upload(organiser, good);
        assertEquals(3, await(organiser, "entries").findElements(By.cssSelector("tbody tr")).size());
        assertTrue(organiser.findElements(By.id("entry-problems")).isEmpty(), organiser.getPageSource());
        page(organiser, "organiser-entries-good");
        submit(organiser, "confirm");
        assertTrue(await(organiser, "done").getText().contains("players were registered"), organiser.getPageSource());
        assertEquals(3, organiser.findElements(By.cssSelector("#players tbody tr")).size());
        // No., title, name, federation, rating: the file's title and federation kept by the registration
        assertEquals(List.of("GM", "Vallejo, Paco", "ESP", "2650"), playerRow(organiser, "Vallejo, Paco").subList(1, 5));
        assertEquals(List.of("WIM", "Pérez, Ana", "ESP", "2310"), playerRow(organiser, "Pérez, Ana").subList(1, 5));
        assertEquals(List.of("", "Díaz, Bruno", "ARG", "2300"), playerRow(organiser, "Díaz, Bruno").subList(1, 5));
        page(organiser, "organiser-entries-registered");
    }

    /** A small Swiss before its first round: four players (FIDE TRF-16 player lines). */
    private static String trf() throws Exception {
        try (InputStream in = ConsoleBrowserTest.class.getResourceAsStream("/four-players.trf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.torneo.stack.identity.TorneoRealm;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
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
 * as a screenshot in target/screenshots.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ConsoleBrowserTest {

    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final Duration WAIT = Duration.ofSeconds(40);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String axe;

    private final List<WebDriver> browsers = new ArrayList<>();
    private final List<Path> profiles = new ArrayList<>();
    private int shot;

    @TestHTTPResource("/")
    URI base;

    @BeforeAll
    static void prerequisites() throws Exception {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            fail("the browser tests need Chromium: install the Debian packages chromium and chromium-driver ("
                    + CHROMIUM + ", " + CHROMEDRIVER + ")");
        }
        try (InputStream in = ConsoleBrowserTest.class.getResourceAsStream("/axe.min.js")) {
            if (in == null) {
                fail("axe.min.js (com.deque.html.axe-core:selenium) is not on the test class path");
            }
            axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.createDirectories(Path.of("target/screenshots"));
    }

    @AfterEach
    void closeBrowsers() throws Exception {
        browsers.forEach(WebDriver::quit);
        for (Path profile : profiles) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
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
        organiser.findElement(By.id("new-tournament")).click();
        await(organiser, "create-form");
        fill(organiser, "id", id);
        fill(organiser, "name", "Open Console " + id);
        fill(organiser, "rounds", "3");
        // FIDE 2001 and one period without increment: a quickplay-finish claim (2001 10.2) is the arbiter's to rule
        new Select(organiser.findElement(By.id("ruleset"))).selectByValue("FIDE_2001");
        fill(organiser, "timeControl", "60");
        fill(organiser, "halls", "A 1-2\nB Z");
        organiser.findElement(By.id("create")).click();
        String error = await(organiser, "error").getText();
        assertTrue(error.contains("halls, line 2") && error.contains("'B Z'"), error);
        page(organiser, "organiser-create-refused");
        organiser.findElement(By.id("halls")).clear();
        fill(organiser, "halls", "A 1-2\nB 3-4");
        organiser.findElement(By.id("create")).click();
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
            organiser.findElement(By.id("register")).click();
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
        organiser.findElement(By.id("register")).click();
        error = await(organiser, "error").getText();
        assertTrue(error.contains("refused (DUPLICATE_REGISTRATION)") && error.contains("already registered"), error);
        assertFalse(organiser.findElement(By.id("players")).getText().contains("again"));
        page(organiser, "organiser-duplicate-refused");
        // player-1's account is Ana Pérez (an id not registered refused first, nothing linked)
        fill(organiser, "link-player", id + "-p99");
        fill(organiser, "link-account", "player-1");
        organiser.findElement(By.id("link")).click();
        error = await(organiser, "error").getText();
        assertTrue(error.contains("'" + id + "-p99' is not a registered player"), error);
        fill(organiser, "link-player", id + "-p1");
        fill(organiser, "link-account", "player-1");
        organiser.findElement(By.id("link")).click();
        assertTrue(await(organiser, "done").getText().contains("linked"), organiser.getPageSource());

        // a TRF: a malformed one is refused with its line, then a good one is imported as its own tournament
        open(organiser, "/new");
        String imported = id + "-trf";
        fill(organiser, "importId", imported);
        fill(organiser, "trf", "012 Imported open\n001    1 x   Broken line");
        organiser.findElement(By.id("import")).click();
        error = await(organiser, "error").getText();
        assertTrue(error.startsWith("TRF import: HTTP 400") && error.contains("line"), error);
        page(organiser, "organiser-import-refused");
        organiser.findElement(By.id("trf")).clear();
        fill(organiser, "trf", trf());
        organiser.findElement(By.id("import")).click();
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
        chief.findElement(By.id("close")).click();
        assertTrue(await(chief, "done").getText().contains("cerrado") || chief.getPageSource().contains("cerrada"),
                chief.getPageSource());
        String closed = chief.findElement(By.tagName("main")).getText();
        assertTrue(closed.contains("1-0") && closed.contains("0-1"), closed);
        page(chief, "chief-round-1-closed");

        // --- the chief arbiter corrects board 2's draw (the scoresheets show White won), with his reason
        fill(chief, "correct-entry", "2 1");
        chief.findElement(By.id("correct")).click();
        error = await(chief, "error").getText();
        assertTrue(error.contains("reason is required"), error);
        fill(chief, "correct-entry", "2 1");
        fill(chief, "correct-reason", "both scoresheets show 41. Qxf7# by White");
        chief.findElement(By.id("correct")).click();
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
        chief.findElement(By.id("correct")).click();
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
        player.findElement(By.id("my-games")).click();
        String mine = await(player, "my-round-" + id + "-1").getText();
        assertTrue(mine.contains(cells.get(0).getText().strip()) && mine.contains(white ? "White" : "Black")
                && mine.contains(cells.get(white ? 3 : 1).getText().strip()) && mine.contains(cells.get(2).getText()
                .strip()), mine + " / " + cells.stream().map(WebElement::getText).toList());
        page(player, "player-my-games");

        // --- the chief arbiter withdraws Hugo León (a withdrawal without its reason refused first, nothing changed)
        open(chief, "/t/" + id);
        fill(chief, "withdraw-player", id + "-p8");
        chief.findElement(By.id("withdraw")).click();
        error = await(chief, "error").getText();
        assertTrue(error.contains("reason is required"), error);
        assertFalse(chief.findElement(By.id("players")).getText().contains("retirado"));
        fill(chief, "withdraw-player", id + "-p8");
        fill(chief, "withdraw-reason", "left the event (illness)");
        chief.findElement(By.id("withdraw")).click();
        await(chief, "done");
        String withdrawn = chief.findElements(By.cssSelector("#players tbody tr")).stream().map(WebElement::getText)
                .filter(line -> line.contains("Hugo León")).findFirst().orElse("");
        assertTrue(withdrawn.contains("retirado"), withdrawn);
        page(chief, "chief-withdrawn");
    }

    /**
     * Hall A's arbiter at his claims queue: White claims a quickplay finish (FIDE 2001 10.2) on board 1 with 1:30 on
     * his clock; a clock typed wrong is refused with its field; the claim is before the arbiter with its evidence; a
     * time penalty without its seconds is refused and changes nothing; he rejects the claim (the opponent gets his
     * two minutes, 2001 10.2c) and warns White (2001 13.4a), and the game's file shows both.
     */
    private void claimRuledWithAPenalty(WebDriver arbiter) throws Exception {
        arbiter.findElement(By.id("claims")).click();
        assertEquals("Claims before the arbiter: 0", await(arbiter, "open-count").getText());
        page(arbiter, "arbiter-a-claims-empty");
        fill(arbiter, "claim-board", "1");
        new Select(arbiter.findElement(By.id("claim-kind"))).selectByValue("QUICKPLAY_FINISH");
        fill(arbiter, "claim-white-clock", "1:75");
        fill(arbiter, "claim-black-clock", "4:05");
        arbiter.findElement(By.id("record-claim")).click();
        String error = await(arbiter, "error").getText();
        assertTrue(error.contains("White's clock: '1:75' is not a clock reading"), error);
        assertTrue(arbiter.findElements(By.id("open-1")).isEmpty(), "a refused claim was recorded");
        page(arbiter, "arbiter-a-claim-refused");
        arbiter.findElement(By.id("claim-white-clock")).clear();
        fill(arbiter, "claim-white-clock", "1:30");
        arbiter.findElement(By.id("record-claim")).click();
        assertTrue(await(arbiter, "done").getText().contains("recorded"), arbiter.getPageSource());
        assertEquals("Claims before the arbiter: 1", arbiter.findElement(By.id("open-count")).getText());
        String open = arbiter.findElement(By.id("open-1")).getText();
        assertTrue(open.contains("quickplay finish (less than 2 minutes) · White") && !open.contains("QUICKPLAY_FINISH")
                && open.contains("White 1:30, Black 4:05")
                && open.contains("FIDE 2001 10.2"), open);
        assertEquals(8, arbiter.findElements(By.cssSelector("#game-1 table.diagram tbody tr")).size());
        page(arbiter, "arbiter-a-claim-open");

        new Select(arbiter.findElement(By.id("rule-1-decision"))).selectByValue("REJECT");
        new Select(arbiter.findElement(By.id("rule-1-penalty"))).selectByValue("ADD_TIME");
        new Select(arbiter.findElement(By.id("rule-1-offender"))).selectByValue("WHITE");
        arbiter.findElement(By.id("rule-1")).click();
        error = await(arbiter, "error").getText();
        assertTrue(error.contains("seconds is required"), error);
        assertEquals("Claims before the arbiter: 1", arbiter.findElement(By.id("open-count")).getText(),
                "a refused ruling changed the claim");

        new Select(arbiter.findElement(By.id("rule-1-decision"))).selectByValue("REJECT");
        new Select(arbiter.findElement(By.id("rule-1-penalty"))).selectByValue("WARNING");
        new Select(arbiter.findElement(By.id("rule-1-offender"))).selectByValue("WHITE");
        fill(arbiter, "rule-1-details", "claimed with the opponent pressing for a win");
        arbiter.findElement(By.id("rule-1")).click();
        assertTrue(await(arbiter, "done").getText().contains("ruling"), arbiter.getPageSource());
        assertEquals("Claims before the arbiter: 0", arbiter.findElement(By.id("open-count")).getText());
        String file = arbiter.findElement(By.id("file-1")).getText();
        assertTrue(file.contains("claim rejected") && file.contains("opponent +120 s"), file);
        assertTrue(file.contains("ruling: warning") && file.contains("FIDE 2001 13.4a")
                && !file.contains("RulingIssued"), file);
        assertTrue(arbiter.findElement(By.id("state-1")).getText().contains("in progress"));
        page(arbiter, "arbiter-a-claim-ruled");
    }

    // ------------------------------------------------------------------------------------------ helpers

    /** A console page fetched over HTTP with this browser's session (its cookies): status, headers and body. */
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
        organiser.findElement(By.id("create")).click();
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
        organiser.findElement(By.id("confirm")).click();
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
        organiser.findElement(By.id("confirm")).click();
        assertTrue(await(organiser, "done").getText().contains("players were registered"), organiser.getPageSource());
        assertEquals(3, organiser.findElements(By.cssSelector("#players tbody tr")).size());
        // No., title, name, federation, rating: the file's title and federation kept by the registration
        assertEquals(List.of("GM", "Vallejo, Paco", "ESP", "2650"), playerRow(organiser, "Vallejo, Paco").subList(1, 5));
        assertEquals(List.of("WIM", "Pérez, Ana", "ESP", "2310"), playerRow(organiser, "Pérez, Ana").subList(1, 5));
        assertEquals(List.of("", "Díaz, Bruno", "ARG", "2300"), playerRow(organiser, "Díaz, Bruno").subList(1, 5));
        page(organiser, "organiser-entries-registered");
    }

    /** The cells of the player list's row of this player (No., title, name, federation, rating, points, id). */
    private static List<String> playerRow(WebDriver browser, String name) {
        return browser.findElements(By.cssSelector("#players tbody tr")).stream()
                .map(r -> r.findElements(By.tagName("td")).stream().map(td -> td.getText().strip()).toList())
                .filter(cells -> cells.get(2).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not in the player list: "
                        + browser.findElement(By.id("players")).getText()));
    }

    /** The tournament page's import form: the file chosen, previewed. */
    private void upload(WebDriver organiser, Path file) {
        WebElement input = organiser.findElement(By.id("entry-file"));
        input.sendKeys(file.toAbsolutePath().toString());
        organiser.findElement(By.id("preview-players")).click();
        new WebDriverWait(organiser, WAIT).until(d -> !d.findElements(By.id("confirm-form")).isEmpty());
    }

    private Path csv(String text) throws Exception {
        Path file = Files.createTempFile(Path.of("target"), "entries-", ".csv");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private HttpResponse<String> getAs(WebDriver browser, String path) throws Exception {
        String cookies = browser.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookies)
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A browser of its own (no shared cookies), signed in through Keycloak's login page. */
    private WebDriver signIn(String account, String language) throws Exception {
        Path profile = Files.createTempDirectory("console-chromium-");
        profiles.add(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1280,1000", "--user-data-dir=" + profile, "--lang=" + language);
        options.setExperimentalOption("prefs", java.util.Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        browsers.add(browser);
        browser.get(base.resolve("/signin").toString());
        WebElement user = new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.id("username")));
        screenshot(browser, "keycloak-sign-in-" + account);
        user.sendKeys(account);
        browser.findElement(By.id("password")).sendKeys(TorneoRealm.DEMO_PASSWORD);
        browser.findElement(By.id("kc-login")).click();
        new WebDriverWait(browser, WAIT).until(d -> d.getCurrentUrl().startsWith(base.toString())
                && !d.findElements(By.id("account")).isEmpty());
        assertEquals(account, browser.findElement(By.id("account")).getText());
        return browser;
    }

    private void open(WebDriver browser, String path) {
        browser.get(base.resolve(path).toString());
        new WebDriverWait(browser, WAIT).until(d -> !d.findElements(By.tagName("main")).isEmpty());
    }

    private static void fill(WebDriver browser, String field, String text) {
        browser.findElement(By.id(field)).sendKeys(text);
    }

    /** The element once the page has it; a page that shows an error instead fails at once with that error. */
    private static WebElement await(WebDriver browser, String id) {
        return new WebDriverWait(browser, WAIT).until(d -> {
            List<WebElement> found = d.findElements(By.id(id));
            if (!found.isEmpty()) {
                return found.get(0);
            }
            List<WebElement> error = d.findElements(By.id("error"));
            if (!id.equals("error") && !error.isEmpty()) {
                fail("waiting for #" + id + " at " + d.getCurrentUrl() + ", the page says: " + error.get(0).getText());
            }
            return null;
        });
    }

    private void appoint(WebDriver organiser, String account, String halls, boolean chief) {
        fill(organiser, "arbiter-account", account);
        fill(organiser, "arbiter-halls", halls);
        if (chief) {
            organiser.findElement(By.id("arbiter-chief")).click();
        }
        organiser.findElement(By.id("appoint")).click();
        assertTrue(await(organiser, "done").getText().contains("appointed"), organiser.getPageSource());
    }

    /** Types one entry and Enter, as at the hall: the page comes back with the row or the message. */
    private static void type(WebDriver browser, String entry) {
        // a mark on the page's window: the answer is a new document, which has none
        ((JavascriptExecutor) browser).executeScript("window.torneoBeforeEnter = true;");
        WebElement field = browser.findElement(By.id("entry"));
        field.clear();
        field.sendKeys(entry + Keys.ENTER);
        new WebDriverWait(browser, WAIT).ignoring(org.openqa.selenium.WebDriverException.class).until(d ->
                Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                        "return window.torneoBeforeEnter === undefined && document.readyState === 'complete'"
                                + " && document.getElementById('entry') !== null;")));
    }

    private static String result(WebDriver browser, int board) {
        return browser.findElement(By.cssSelector("#board-" + board + " td.result")).getText().strip();
    }

    /** The entry screen lists the hall's games once the game service has started them: reload until it does. */
    private static void awaitRows(WebDriver browser, int rows) {
        new WebDriverWait(browser, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (d.findElements(By.cssSelector("#boards tbody tr")).size() >= rows) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
    }

    /** The HTTP status of a console page for this browser's session (its cookies), as the server answers it. */
    private int statusAs(WebDriver browser, String path) throws Exception {
        String cookies = browser.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(path))
                .header("Cookie", cookies).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode();
    }

    /** Screenshot, then axe-core on the page: no serious or critical violation. */
    private void page(WebDriver browser, String name) throws Exception {
        screenshot(browser, name);
        JavascriptExecutor js = (JavascriptExecutor) browser;
        js.executeScript(axe);
        Object raw = ((JavascriptExecutor) browser).executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "axe.run(document).then(function (r) { done(JSON.stringify({passes: r.passes.length, violations:"
                + " r.violations.map(function (v) { return {id: v.id, impact: v.impact, help: v.help,"
                + " nodes: v.nodes.map(function (n) { return n.target.join(' '); })}; })})); })"
                + ".catch(function (e) { done('axe failed: ' + e); });");
        String text = String.valueOf(raw);
        if (text.startsWith("axe failed")) {
            fail(name + ": " + text);
        }
        List<String> bad = new ArrayList<>();
        JsonNode report = JSON.readTree(text);
        System.out.println("axe " + name + ": " + report.path("passes").asInt() + " rules passed, "
                + report.path("violations").size() + " violated");
        assertTrue(report.path("passes").asInt() > 0, name + ": axe checked nothing: " + text);
        for (JsonNode v : report.path("violations")) {
            String impact = v.path("impact").asText();
            System.out.println("axe " + name + ": " + impact + " " + v.path("id").asText() + " " + v.path("nodes"));
            if (impact.equals("serious") || impact.equals("critical")) {
                bad.add(v.toString());
            }
        }
        assertTrue(bad.isEmpty(), name + ": axe-core found serious or critical violations: " + bad);
    }

    private void screenshot(WebDriver browser, String name) throws Exception {
        File file = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(file.toPath(), Path.of("target/screenshots/console-%02d-%s.png".formatted(++shot, name)),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** A small Swiss before its first round: four players (FIDE TRF-16 player lines). */
    private static String trf() throws Exception {
        try (InputStream in = ConsoleBrowserTest.class.getResourceAsStream("/four-players.trf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

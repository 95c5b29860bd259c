package org.torneo.feed.app;

import org.torneo.feed.core.Chain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.feed.core.FeedModel;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * What a spectator sees, in a real headless Chromium (the Debian chromium and chromium-driver
 * packages, driven by Selenium with the driver path set, so nothing is downloaded). Screenshots go
 * to target/screenshots.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class FeedBrowserTest {

    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static WebDriver browser;
    private static Path profile;

    @TestHTTPResource("/")
    URI base;

    @BeforeAll
    static void startChromium() throws Exception {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            fail("the browser tests need Chromium: install the Debian packages chromium and chromium-driver ("
                    + CHROMIUM + ", " + CHROMEDRIVER + ")");
        }
        profile = Files.createTempDirectory("feed-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=412,915", "--user-data-dir=" + profile, "--lang=es",
                // a page left stays alive in the back-forward cache with its event stream open; six such streams hold
                // every connection Chromium allows per host, and the next page's own requests wait for one
                "--disable-features=BackForwardCache");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        Files.createDirectories(Path.of("target/screenshots"));
    }

    @AfterAll
    static void stopChromium() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private void screenshot(String name) throws Exception {
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), Path.of("target/screenshots", name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private String text(String css) {
        return browser.findElement(By.cssSelector(css)).getText();
    }

    private void waitFor(String what, java.util.function.Supplier<Boolean> condition) {
        new WebDriverWait(browser, WAIT).withMessage(what)
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .ignoring(org.openqa.selenium.NoSuchElementException.class).until(d -> {
                    try {
                        return condition.get();
                    } catch (org.openqa.selenium.WebDriverException e) {
                        // the page re-drew the element while it was read: Chromium 156 reports that as a plain
                        // inspector error ("Node with given id does not belong to the document"), not a stale element
                        if (e.getMessage() != null && e.getMessage().contains("does not belong to the document")) {
                            return false;
                        }
                        throw e;
                    }
                });
    }

    @Test
    void aMoveAppearsOnTheLiveBoardAndInTheRoundPgn() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        FeedStack.await(base.resolve("/api/games/" + s.game(1)), b -> b.contains(s.game(1)), WAIT);
        browser.get(base.resolve("/games/" + s.game(1) + "?lang=es").toString());
        waitFor("the live board is drawn", () -> browser.findElements(By.cssSelector("#board div")).size() == 64);
        assertTrue(text("h1").contains("Ronda 1") && text("h1").contains("Tablero 1"), text("h1"));
        waitFor("the stream is connected", () -> text("#status").equals("en directo"));
        screenshot("live-board-before-move");

        s.publish(s.game(1), Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000,
                java.time.Instant.now()));
        waitFor("e4 in the move list", () -> text("#moves").contains("e4"));
        assertEquals("♙", text("#board div[data-square='e4']"), "the pawn stands on e4");
        assertEquals("", text("#board div[data-square='e2']"));
        String blackBefore = text("#clock-black");
        assertTrue(blackBefore.startsWith("1:29:") || blackBefore.startsWith("1:30:"), blackBefore);
        assertTrue(browser.findElement(By.id("clock-black")).getAttribute("class").contains("running"));
        waitFor("Black's clock runs down", () -> !text("#clock-black").equals(blackBefore));
        assertEquals("1:29:55", text("#clock-white"), "White's clock stands at the reading");
        screenshot("live-board-after-e4");

        // the round PGN as lichess would poll it, fetched by the page's browser
        String pgn = (String) ((org.openqa.selenium.JavascriptExecutor) browser).executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                        + "fetch('/api/tournaments/" + s.tournament + "/rounds/1/pgn').then(r => r.text()).then(done);");
        assertTrue(pgn.contains("[Round \"1.1\"]") && pgn.contains("1. e4 { [%clk 1:29:55] } *"), pgn);
    }

    @Test
    void aRejectedClaimAndAnArbitersRulingAppearInTheLiveBoardsIncidentList() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String game = s.game(2);
        FeedStack.await(base.resolve("/api/games/" + game), b -> b.contains(game), WAIT);
        browser.get(base.resolve("/games/" + game + "?lang=es").toString());
        waitFor("the live board is drawn", () -> browser.findElements(By.cssSelector("#board div")).size() == 64);
        waitFor("the stream is connected", () -> text("#status").equals("en directo"));
        assertEquals(0, browser.findElements(By.cssSelector("#notices li")).size(), "no incident yet");

        java.time.Instant now = java.time.Instant.now();
        s.publish(game, new ClaimEvent.ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 0, false, now));
        s.publish(game, new ClaimEvent.ClaimRejected(Side.WHITE, DrawClaimKind.THREEFOLD,
                "the position occurred only twice", "FIDE 2018 9.5.2", new Penalty(120_000, 0, "FIDE 2018 9.5.2.2",
                "two minutes to the opponent"), true, new ClaimEvidence(FeedModel.STANDARD_FEN, List.of(0, 4), -1, 4),
                now.plusSeconds(30)));
        s.publish(game, new ClaimEvent.RulingIssued(RulingKind.WARNING, "FIDE 2018 11.5", "molestar al rival",
                Side.BLACK, null, 0, 0, 0, 0, now.plusSeconds(60)));
        waitFor("three incidents listed", () -> browser.findElements(By.cssSelector("#notices li")).size() == 3);
        List<String> live = incidents();
        assertEquals(List.of("Las blancas reclaman tablas por triple repetición",
                "Reclamación de las blancas (triple repetición) rechazada: the position occurred only twice;"
                        + " 2 min más para las negras — FIDE 2018 9.5.2",
                "Árbitro: amonesta a las negras: molestar al rival — FIDE 2018 11.5"), live);
        assertEquals(List.of("claimFiled", "claimRejected", "ruling"), browser.findElements(By.cssSelector("#notices li"))
                .stream().map(e -> e.getAttribute("data-kind")).toList());
        showIncidents();
        screenshot("live-board-claim-rejected-and-ruling");

        // a spectator arriving later sees the same list, rendered by the server
        browser.get(base.resolve("/games/" + game + "?lang=es").toString());
        waitFor("the live board is drawn", () -> browser.findElements(By.cssSelector("#board div")).size() == 64);
        assertEquals(live, incidents());
        browser.get(base.resolve("/games/" + game + "?lang=en").toString());
        assertEquals(List.of("White claims a draw by threefold repetition",
                "Claim by White (threefold repetition) rejected: the position occurred only twice; 2 min added to Black"
                        + " — FIDE 2018 9.5.2",
                "Arbiter: warns Black: molestar al rival — FIDE 2018 11.5"), incidents());
        showIncidents();
        screenshot("live-board-incidents-english");
    }

    @Test
    void aGameCancelledByAPairingCorrectionShowsWhyOnItsLiveBoardAndLeavesTheRoundsBoards() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String game = s.game(3);
        FeedStack.await(base.resolve("/api/games/" + game), b -> b.contains(game), WAIT);
        browser.get(base.resolve("/games/" + game + "?lang=es").toString());
        waitFor("the live board is drawn", () -> browser.findElements(By.cssSelector("#board div")).size() == 64);
        waitFor("the stream is connected", () -> text("#status").equals("en directo"));

        String reason = "Carla Ruiz y Gema Ríos pidieron descanso de medio punto";
        String t = s.tournament;
        s.publish(t, new org.torneo.contracts.tournament.TournamentEvent.PairingCorrected(t, "c-fix", Chain.ARBITER,
                Chain.T0, 1, List.of(new org.torneo.contracts.tournament.Board(1, null, s.player(1), s.player(5)),
                new org.torneo.contracts.tournament.Board(2, null, s.player(6), s.player(2)),
                new org.torneo.contracts.tournament.Board(4, null, s.player(8), s.player(4))),
                List.of(new org.torneo.contracts.tournament.Bye(s.player(3),
                        org.torneo.contracts.tournament.ByeKind.HALF_POINT, org.torneo.contracts.tournament.Score.HALF),
                        new org.torneo.contracts.tournament.Bye(s.player(7),
                                org.torneo.contracts.tournament.ByeKind.HALF_POINT,
                                org.torneo.contracts.tournament.Score.HALF)), reason));
        s.publish(game, new org.torneo.contracts.game.MoveEvent.GameCancelled(reason, "arbiter-1",
                java.util.UUID.randomUUID(), "C.04.2", java.time.Instant.now()));
        String cancelled = "Partida cancelada por una corrección del emparejamiento del árbitro: no se juega, sin "
                + "resultado: " + reason;
        waitFor("the cancellation where the result would be", () -> text("#result").equals(cancelled));
        assertEquals(List.of(cancelled), incidents());
        assertTrue(browser.findElement(By.id("result")).getAttribute("class").contains("cancelled"));
        assertEquals("gameCancelled", browser.findElement(By.cssSelector("#notices li")).getAttribute("data-kind"));
        screenshot("live-board-cancelled");

        browser.get(base.resolve("/t/" + t + "/rounds/1?lang=es").toString());
        waitFor("the cancelled game listed apart", () -> text("#cancelled li[data-board='3']").contains(reason));
        assertEquals(0, browser.findElements(By.cssSelector("tr[data-board='3']")).size(), "not a board any more");
        assertEquals(3, browser.findElements(By.cssSelector("table.pairings tbody tr")).size());
        screenshot("round-with-cancelled-game");
    }

    @Test
    void aHallScreenShowsAResultPushedLiveWithoutReloading() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(base.resolve("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 720)); // a television, not a phone
        try {
            browser.get(base.resolve("/t/" + t + "/halls/A/screen?view=results&rotate=0&lang=es").toString());
            waitFor("the stream is connected", () -> text("#status").equals("en directo"));
            assertEquals("0", text("#finished"));
            JavascriptExecutor js = (JavascriptExecutor) browser;
            js.executeScript("window.sameDocument = 'not reloaded';");

            // a result in hall B does not reach hall A's screen; one in hall A does, in both views
            s.publish(t, Chain.ended(s.game(3), t, 1, 3, s.player(3), s.player(7), GameResult.BLACK_WINS));
            s.publish(t, Chain.ended(s.game(2), t, 1, 2, s.player(6), s.player(2), GameResult.DRAW));
            waitFor("½-½ on board 2 of the results", () -> browser.findElement(
                    By.cssSelector("table.results tr[data-board='2']")).isDisplayed()
                    && text("table.results tr[data-board='2'] td.result").equals("½-½"));
            assertEquals("1", text("#finished"), "hall B's result is not hall A's");
            assertEquals(0, browser.findElements(By.cssSelector("tr[data-board='3']")).size());
            assertEquals("½-½", js.executeScript(
                    "return document.querySelector(\"table.pairings tr[data-board='2'] td.result\").textContent;"));
            // the standings view (not shown now) takes the draw's half points in, read again without a reload
            String standingsPoints = "return document.querySelector(\"section[data-view='standings'] "
                    + "tr[data-player='\" + arguments[0] + \"'] td:last-child\").textContent;";
            try {
                waitFor("½ for both players of board 2 in the standings view",
                        () -> "½".equals(js.executeScript(standingsPoints, s.player(6)))
                                && "½".equals(js.executeScript(standingsPoints, s.player(2))));
            } catch (org.openqa.selenium.TimeoutException e) {
                throw new AssertionError("the standings view without board 2's draw: " + js.executeScript(
                        "return document.querySelector(\"section[data-view='standings']\").outerHTML;"), e);
            }
            assertEquals("not reloaded", js.executeScript("return window.sameDocument;"), "pushed, not reloaded");
            assertTrue(text("table.results tr[data-board='2']").contains("Félix Mora")
                    && text("table.results tr[data-board='2']").contains("Bruno Díaz"), "players by name");
            screenshot("hall-screen-result-arrived");

            browser.get(base.resolve("/t/" + t + "/halls/A/screen?view=pairings&rotate=0&lang=en").toString());
            assertEquals(List.of("1", "2"), browser.findElements(By.cssSelector("table.pairings tbody tr")).stream()
                    .map(e -> e.getAttribute("data-board")).toList());
            screenshot("hall-screen-pairings");
        } finally {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(412, 915));
        }
    }

    @Test
    void aPrintedListKeepsItsTableHeaderOnEverySheetAndNoRowIsSplit() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(base.resolve("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        browser.get(base.resolve("/t/" + t + "/print/alphabetical?round=1&lang=es").toString());
        ChromeDriver chrome = (ChromeDriver) browser;
        JavascriptExecutor js = (JavascriptExecutor) browser;
        String style = "var s = getComputedStyle(document.querySelector(arguments[0])); return s[arguments[1]];";
        assertEquals("block", js.executeScript(style, "header", "display"), "on screen the site's header shows");
        chrome.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
        try {
            assertEquals("table-header-group", js.executeScript(style, "table.alphabetical thead", "display"),
                    "the header row repeats on every printed sheet");
            assertEquals("avoid", js.executeScript(style, "table.alphabetical tbody tr", "breakInside"),
                    "no row split across two sheets");
            assertEquals("none", js.executeScript(style, "header", "display"), "no site header on paper");
            assertEquals("none", js.executeScript(style, ".print-button", "display"));
            assertEquals(List.of("Ana Pérez", "Bruno Díaz", "Carla Ruiz", "David Gil", "Eva Sanz", "Félix Mora",
                    "Gema Ríos", "Hugo León"), browser.findElements(By.cssSelector("table.alphabetical tbody tr td:first-child"))
                    .stream().map(e -> e.getText()).toList());
            screenshot("print-alphabetical");
            @SuppressWarnings("unchecked")
            Map<String, Object> pdf = (Map<String, Object>) chrome.executeCdpCommand("Page.printToPDF",
                    Map.of("printBackground", true, "preferCSSPageSize", true));
            byte[] bytes = java.util.Base64.getDecoder().decode((String) pdf.get("data"));
            assertEquals("%PDF", new String(bytes, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
            Files.write(Path.of("target/screenshots/print-alphabetical.pdf"), bytes);
        } finally {
            chrome.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", ""));
        }
    }

    /**
     * axe-core (the engine the test classpath packages, run in this Chromium) on the feed's tournament pages, the
     * printed lists and a hall screen: no serious or critical violation.
     */
    @Test
    void theTournamentPagesListsAndHallScreenHaveNoSeriousAccessibilityViolation() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(base.resolve("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        s.publish(t, Chain.ended(s.game(1), t, 1, 1, s.player(1), s.player(5), GameResult.WHITE_WINS));
        FeedStack.await(base.resolve("/api/tournaments/" + t + "/rounds/1"), b -> b.contains("1-0"), WAIT);
        String axe;
        try (var in = getClass().getClassLoader().getResourceAsStream("axe.min.js")) {
            assertTrue(in != null, "axe.min.js is on the test classpath (com.deque.html.axe-core:selenium)");
            axe = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        List<String> pages = new java.util.ArrayList<>(List.of("/t/" + t, "/t/" + t + "/rounds/1",
                "/t/" + t + "/standings", "/t/" + t + "/print", "/t/" + t + "/halls/A/screen?rotate=0"));
        for (String list : org.torneo.feed.app.web.Prints.LISTS) {
            pages.add("/t/" + t + "/print/" + list + "?round=1");
        }
        List<String> problems = new java.util.ArrayList<>();
        for (String page : pages) {
            for (String lang : List.of("es", "en")) {
                browser.get(base.resolve(page + (page.contains("?") ? "&" : "?") + "lang=" + lang).toString());
                JavascriptExecutor js = (JavascriptExecutor) browser;
                js.executeScript(axe);
                Object found = js.executeAsyncScript("var done = arguments[arguments.length - 1];"
                        + "axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
                        + "  done(r.violations.filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })"
                        + "    .map(function (v) { return v.id + ' (' + v.impact + '): ' + v.nodes.map(function (n) {"
                        + "      return n.target.join(' '); }).join(', '); }));"
                        + "}).catch(function (e) { done(['axe failed: ' + e]); });");
                if (lang.equals("es")) {
                    screenshot("page" + page.replace("/t/" + t, "").replaceAll("[^a-z0-9]+", "-"));
                }
                for (Object violation : (List<?>) found) {
                    problems.add(page + " [" + lang + "] " + violation);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        System.out.println("axe-core: " + pages.size() * 2 + " pages, 0 serious or critical violations");
    }

    /** Scrolls the incident list into the phone-sized window for the screenshot. */
    private void showIncidents() {
        ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                "document.getElementById('notices').scrollIntoView({block: 'center'});");
    }

    private List<String> incidents() {
        return browser.findElements(By.cssSelector("#notices li")).stream().map(e -> e.getText()).toList();
    }

    @Test
    void aResultAppearsInPairingsAndStandings() throws Exception {
        FeedStack s = new FeedStack().publishRoundOne();
        String t = s.tournament;
        FeedStack.await(base.resolve("/api/tournaments/" + t + "/rounds/1"), b -> b.contains(s.game(4)), WAIT);
        browser.get(base.resolve("/t/" + t + "/rounds/1?lang=en").toString());
        // the halls as the organiser named them ("A", "B"), not prefixed with a word of ours
        assertEquals(List.of("A", "B"), browser.findElements(By.tagName("h2")).stream()
                .map(e -> e.getText()).toList());
        assertEquals("live", text("tr[data-board='1'] td.result"));
        screenshot("pairings-before-result");

        s.publish(t, Chain.ended(s.game(1), t, 1, 1, s.player(1), s.player(5), GameResult.WHITE_WINS));
        waitFor("1-0 on board 1", () -> text("tr[data-board='1'] td.result").equals("1-0"));
        screenshot("pairings-after-result");

        browser.get(base.resolve("/t/" + t + "/standings?lang=es").toString());
        assertTrue(text("main p").startsWith("Provisional"), text("main p"));
        assertEquals("1", text("tr[data-player='" + s.player(1) + "'] td:nth-child(1)"), "the winner leads");
        assertEquals("1", text("tr[data-player='" + s.player(1) + "'] td:nth-child(5)"), "Rk, No., name, Rtg, Pts");
        assertEquals("Ana Pérez", text("tr[data-player='" + s.player(1) + "'] td:nth-child(3)"));
        screenshot("standings-provisional");

        s.publish(t, Chain.standings(t, 1, List.of(
                new RatingEvent.StandingRow(1, s.player(1), 1, List.of("1", "0", "0")),
                new RatingEvent.StandingRow(5, s.player(5), 8, List.of("0", "1", "0")))));
        waitFor("the rating service's standings with tie-breaks", () -> browser.findElements(By.tagName("th")).stream()
                .anyMatch(e -> e.getText().equals("BH")));
        assertEquals("Clasificación", browser.findElement(By.tagName("h1")).getText().split(" · ")[1]);
        assertEquals("8", text("tr[data-player='" + s.player(5) + "'] td:nth-child(1)"));
        screenshot("standings-with-tie-breaks");

        browser.get(base.resolve("/t/" + t + "/players/" + s.player(5) + "?lang=en").toString());
        assertTrue(text("table.card tbody").contains("Ana Pérez"), text("table.card tbody"));
        assertTrue(text("table.card tbody").contains("1-0"));
        assertEquals("0", text("#total"));
        screenshot("player-card");
    }
}

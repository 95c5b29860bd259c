package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
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

import io.quarkus.test.common.http.TestHTTPResource;

/**
 * What the console's browser tests share: a headless Chromium per user (Debian's chromium and chromium-driver, driven
 * by Selenium with the driver's path set: nothing downloaded), signed in through the real Keycloak's login page; the
 * page steps (open, fill, await an element or fail with the page's error, type a result entry and Enter); every page
 * kept as a screenshot in target/screenshots ({@code <screenshotPrefix>-NN-<name>.png}) and checked with axe-core 4.10 in the
 * browser (no serious or critical violation); and the steps two walks take alike (appointing an arbiter, ruling a
 * claim with a penalty). The browsers and their profiles are closed and deleted after each test.
 */
abstract class ConsoleBrowsers {


    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    protected static final Duration WAIT = Duration.ofSeconds(40);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String axe;

    private final List<WebDriver> browsers = new ArrayList<>();
    private final List<Path> profiles = new ArrayList<>();
    private int shot;

    @TestHTTPResource("/")
    protected URI base;

    @BeforeAll
    static void prerequisites() throws Exception {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            fail("the browser tests need Chromium: install the Debian packages chromium and chromium-driver ("
                    + CHROMIUM + ", " + CHROMEDRIVER + ")");
        }
        try (InputStream in = ConsoleBrowsers.class.getResourceAsStream("/axe.min.js")) {
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

    /** What the screenshots' file names start with. */
    protected abstract String screenshotPrefix();

    /**
     * Hall A's arbiter at his claims queue: White claims a quickplay finish (FIDE 2001 10.2) on board 1 with 1:30 on
     * his clock; a clock typed wrong is refused with its field; the claim is before the arbiter with its evidence; a
     * time penalty without its seconds is refused and changes nothing; he rejects the claim (the opponent gets his
     * two minutes, 2001 10.2c) and warns White (2001 13.4a), and the game's file shows both.
     */
    protected void claimRuledWithAPenalty(WebDriver arbiter) throws Exception {
        submit(arbiter, "claims");
        assertEquals("Claims before the arbiter: 0", await(arbiter, "open-count").getText());
        page(arbiter, "arbiter-a-claims-empty");
        fill(arbiter, "claim-board", "1");
        new Select(arbiter.findElement(By.id("claim-kind"))).selectByValue("QUICKPLAY_FINISH");
        fill(arbiter, "claim-white-clock", "1:75");
        fill(arbiter, "claim-black-clock", "4:05");
        submit(arbiter, "record-claim");
        String error = await(arbiter, "error").getText();
        assertTrue(error.contains("White's clock: '1:75' is not a clock reading"), error);
        assertTrue(arbiter.findElements(By.id("open-1")).isEmpty(), "a refused claim was recorded");
        page(arbiter, "arbiter-a-claim-refused");
        arbiter.findElement(By.id("claim-white-clock")).clear();
        fill(arbiter, "claim-white-clock", "1:30");
        submit(arbiter, "record-claim");
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
        submit(arbiter, "rule-1");
        error = await(arbiter, "error").getText();
        assertTrue(error.contains("seconds is required"), error);
        assertEquals("Claims before the arbiter: 1", arbiter.findElement(By.id("open-count")).getText(),
                "a refused ruling changed the claim");

        new Select(arbiter.findElement(By.id("rule-1-decision"))).selectByValue("REJECT");
        new Select(arbiter.findElement(By.id("rule-1-penalty"))).selectByValue("WARNING");
        new Select(arbiter.findElement(By.id("rule-1-offender"))).selectByValue("WHITE");
        fill(arbiter, "rule-1-details", "claimed with the opponent pressing for a win");
        submit(arbiter, "rule-1");
        assertTrue(await(arbiter, "done").getText().contains("ruling"), arbiter.getPageSource());
        assertEquals("Claims before the arbiter: 0", arbiter.findElement(By.id("open-count")).getText());
        String file = arbiter.findElement(By.id("file-1")).getText();
        assertTrue(file.contains("claim rejected") && file.contains("opponent +120 s"), file);
        assertTrue(file.contains("ruling: warning") && file.contains("FIDE 2001 13.4a")
                && !file.contains("RulingIssued"), file);
        assertTrue(arbiter.findElement(By.id("state-1")).getText().contains("in progress"));
        page(arbiter, "arbiter-a-claim-ruled");
    }

    /** The cells of the player list's row of this player (No., title, name, federation, rating, points, id). */
    protected static List<String> playerRow(WebDriver browser, String name) {
        return browser.findElements(By.cssSelector("#players tbody tr")).stream()
                .map(r -> r.findElements(By.tagName("td")).stream().map(td -> td.getText().strip()).toList())
                .filter(cells -> cells.get(2).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not in the player list: "
                        + browser.findElement(By.id("players")).getText()));
    }

    /** The tournament page's import form: the file chosen, previewed. */
    protected void upload(WebDriver organiser, Path file) {
        WebElement input = organiser.findElement(By.id("entry-file"));
        input.sendKeys(file.toAbsolutePath().toString());
        organiser.findElement(By.id("preview-players")).click();
        new WebDriverWait(organiser, WAIT).until(d -> !d.findElements(By.id("confirm-form")).isEmpty());
    }

    protected Path csv(String text) throws Exception {
        Path file = Files.createTempFile(Path.of("target"), "entries-", ".csv");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    protected HttpResponse<String> getAs(WebDriver browser, String path) throws Exception {
        String cookies = browser.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(path)).header("Cookie", cookies)
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A browser of its own (no shared cookies), signed in through Keycloak's login page. */
    protected WebDriver signIn(String account, String language) throws Exception {
        WebDriver browser = signedOut(language);
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

    /** A browser of its own, signed out (a spectator's, or a hall's screen before anyone signs in). */
    protected WebDriver signedOut(String language) throws Exception {
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
        return browser;
    }

    protected void open(WebDriver browser, String path) {
        browser.get(base.resolve(path).toString());
        new WebDriverWait(browser, WAIT).until(d -> !d.findElements(By.tagName("main")).isEmpty());
    }

    protected static void fill(WebDriver browser, String field, String text) {
        browser.findElement(By.id(field)).sendKeys(text);
    }

    /** The element once the page has it; a page that shows an error instead fails at once with that error. */
    protected static WebElement await(WebDriver browser, String id) {
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

    protected void appoint(WebDriver organiser, String account, String halls, boolean chief) {
        fill(organiser, "arbiter-account", account);
        fill(organiser, "arbiter-halls", halls);
        if (chief) {
            organiser.findElement(By.id("arbiter-chief")).click();
        }
        submit(organiser, "appoint");
        assertTrue(await(organiser, "done").getText().contains("appointed"), organiser.getPageSource());
    }

    /** Types one entry and Enter, as at the hall: the page comes back with the row or the message. */
    protected static void type(WebDriver browser, String entry) {
        typeInto(browser, "entry", entry);
    }

    /** Types one entry and Enter in the field of that id (result entry, check-in desk): the page comes back. */
    /**
     * Clicks a form's button and waits for the answer's new document: until then the old page, whose #done or #error
     * an await would find and then lose as stale, is still the one shown.
     */
    protected static void submit(WebDriver browser, String buttonId) {
        ((JavascriptExecutor) browser).executeScript("window.torneoBeforeSubmit = true;");
        browser.findElement(By.id(buttonId)).click();
        new WebDriverWait(browser, WAIT).ignoring(org.openqa.selenium.WebDriverException.class).until(d ->
                Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                        "return window.torneoBeforeSubmit === undefined && document.readyState === 'complete';")));
    }

    protected static void typeInto(WebDriver browser, String fieldId, String entry) {
        // a mark on the page's window: the answer is a new document, which has none
        ((JavascriptExecutor) browser).executeScript("window.torneoBeforeEnter = true;");
        WebElement field = browser.findElement(By.id(fieldId));
        field.clear();
        field.sendKeys(entry + Keys.ENTER);
        new WebDriverWait(browser, WAIT).ignoring(org.openqa.selenium.WebDriverException.class).until(d ->
                Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                        "return window.torneoBeforeEnter === undefined && document.readyState === 'complete'"
                                + " && document.getElementById(arguments[0]) !== null;", fieldId)));
    }

    protected static String result(WebDriver browser, int board) {
        return browser.findElement(By.cssSelector("#board-" + board + " td.result")).getText().strip();
    }

    /** The entry screen lists the hall's games once the game service has started them: reload until it does. */
    protected static void awaitRows(WebDriver browser, int rows) {
        new WebDriverWait(browser, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (d.findElements(By.cssSelector("#boards tbody tr")).size() >= rows) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
    }

    /** The HTTP status of a console page for this browser's session (its cookies), as the server answers it. */
    protected int statusAs(WebDriver browser, String path) throws Exception {
        String cookies = browser.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(path))
                .header("Cookie", cookies).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode();
    }

    /** Screenshot, then axe-core on the page: no serious or critical violation. */
    protected void page(WebDriver browser, String name) throws Exception {
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

    protected void screenshot(WebDriver browser, String name) throws Exception {
        File file = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(file.toPath(), Path.of("target/screenshots/%s-%02d-%s.png".formatted(screenshotPrefix(), ++shot, name)),
                StandardCopyOption.REPLACE_EXISTING);
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.chromium.ChromiumNetworkConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;
import org.torneo.stack.test.KeycloakStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 20 end to end in headless Chromium at a tablet's size (800 x 1280), signed in through the real Keycloak, against
 * the real pairing and game services on the real broker and PostgreSQL ({@link ServicesStack}): the organiser and the
 * chief arbiter set up a one-board round and assign device-1 and device-2 to the board (through the services' routes);
 * hall A's arbiter reads the board codes on the console; each device binds its sheet with its player's code and the two
 * players record a whole game with the pad (both players' moves on both sheets, FIDE 2018 8.1): White offers a draw
 * (=), Black makes a wrong threefold claim with its intended move (FIDE 2018 9.2.1.1, 9.5), the arbiter's claims page
 * shows it with its evidence and the decision's penalty reaches both sheets; White's sheet is offline for two moves
 * (Chromium's network conditions) and loses nothing, then sends everything again (a lost answer) and doubles nothing;
 * Black's sheet writes move 5 wrong and the arbiter gets the alert with the move number; Black resigns; the game's PGN
 * has exactly the moves recorded. Black's device runs the sheet in Spanish (chosen on the binding form, kept by the
 * language cookie). The pad's keys stay where they were on the screen while moves, answers, the offline line and the
 * arbiter's decisions arrive (a tap found a key, then the list grew and the tap landed on the key above), at a tablet's
 * size and at a phone's. Screenshots in English and Spanish at both sizes.
 */
@QuarkusTest
@QuarkusTestResource(value = ServicesStack.class, restrictToAnnotatedClass = true)
class ScoresheetBrowserTest {

    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<WebDriver> browsers = new ArrayList<>();
    private final List<Path> profiles = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private int shot;

    @TestHTTPResource("/")
    URI base;

    @BeforeAll
    static void prerequisites() throws Exception {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            fail("the browser tests need Chromium: install the Debian packages chromium and chromium-driver");
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
    void two_players_record_a_whole_game_on_their_electronic_scoresheets() throws Exception {
        String id = "s-" + UUID.randomUUID().toString().substring(0, 8);
        String pairing = ConfigProvider.getConfig().getValue("quarkus.rest-client.pairing.url", String.class);
        String game = ConfigProvider.getConfig().getValue("quarkus.rest-client.game.url", String.class);
        TokenClient tokens = new TokenClient(TokenClient.keycloakTokenEndpoint(KeycloakStack.issuer()),
                TorneoRealm.CLI_CLIENT, null);
        String organiser = tokens.password("organiser", TorneoRealm.DEMO_PASSWORD).accessToken();
        String chief = tokens.password("chief-arbiter", TorneoRealm.DEMO_PASSWORD).accessToken();

        // --- the round: one board in hall A, two players, the chief arbiter and hall A's arbiter, two devices
        assertEquals(202, post(pairing + "/tournaments", organiser, "{\"tournamentId\":\"" + id + "\",\"name\":\"Sheets "
                + id + "\",\"system\":\"roundrobin\",\"rounds\":0,\"rulesetId\":\"FIDE_2018\",\"halls\":[{\"name\":\"A\","
                + "\"firstBoard\":1,\"lastBoard\":1}],\"commandId\":\"" + UUID.randomUUID() + "\"}").statusCode());
        until("the tournament is created", () -> get(pairing + "/tournaments/" + id, null).statusCode() == 200);
        post(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"chief-arbiter\",\"chief\":true,"
                + "\"halls\":[]}");
        post(pairing + "/tournaments/" + id + "/arbiters", organiser, "{\"account\":\"arbiter-1\",\"chief\":false,"
                + "\"halls\":[\"A\"]}");
        post(pairing + "/tournaments/" + id + "/players", organiser, "{\"playerId\":\"" + id + "-ana\",\"name\":\"Ana"
                + " Blanco\",\"rating\":2000}");
        post(pairing + "/tournaments/" + id + "/players", organiser, "{\"playerId\":\"" + id + "-bruno\",\"name\":"
                + "\"Bruno Negro\",\"rating\":1900}");
        for (String device : List.of("device-1", "device-2")) {
            until("the chief arbiter assigns " + device, () -> post(pairing + "/tournaments/" + id + "/devices", chief,
                    "{\"account\":\"" + device + "\",\"hall\":\"A\",\"boards\":[1]}").statusCode() == 202);
        }
        until("the players are registered", () -> json(get(pairing + "/tournaments/" + id + "/players", null))
                .size() == 2);
        assertEquals(202, post(pairing + "/tournaments/" + id + "/rounds/next", chief, "{}").statusCode());
        until("the game of board 1 starts", () -> json(get(game + "/games?tournament=" + id + "&round=1", null))
                .size() == 1);
        JsonNode row = json(get(game + "/games?tournament=" + id + "&round=1", null)).get(0);
        String gameId = row.path("gameId").asText();

        // --- hall A's arbiter reads the board codes; each device binds its sheet with its player's code
        WebDriver arbiter = signIn("arbiter-1");
        String sheets = "/t/" + id + "/rounds/1/halls/A/sheets";
        open(arbiter, sheets);
        String whiteCode = arbiter.findElement(By.cssSelector("#codes-1 .white-code")).getText().strip();
        String blackCode = arbiter.findElement(By.cssSelector("#codes-1 .black-code")).getText().strip();
        screenshot(arbiter, "arbiter-board-codes");
        WebDriver white = signIn("device-1");
        WebDriver black = signIn("device-2");
        bind(white, "XXXX", "device-1");
        assertTrue(await(white, "error").getText().contains("is not a board code"), white.getPageSource());
        bind(white, whiteCode.toLowerCase(), "device-1");
        open(black, "/sheet?lang=es");
        screenshot(black, "es-sheet-bind");
        bind(black, blackCode, "device-2");
        assertEquals("White", white.findElement(By.id("sheet-side")).getText().strip());
        assertEquals("Negras", black.findElement(By.id("sheet-side")).getText().strip(), "Black's sheet in Spanish");
        assertEquals("es", black.findElement(By.tagName("html")).getAttribute("lang"));
        screenshot(white, "sheet-white-bound");
        screenshot(black, "es-sheet-black-bound");
        // where each key of the pad is on the screen: it must not change as the game goes on
        String whitePad = pad(white);
        String blackPad = pad(black);

        // --- 1. Nf3 Nf6 2. Ng1 (=) Ng8 3. Nf3: both sheets record both players' moves, with the pad
        write(white, 1, "Nf3");
        write(black, 1, "Nf3");
        write(black, 2, "Nf6");
        write(white, 2, "Nf6");
        write(white, 3, "Ng1");
        tap(white, "offer"); // FIDE 2018 8.1.5, C.12: the draw offer marked (=)
        write(black, 3, "Ng1");
        write(black, 4, "Ng8");
        write(white, 4, "Ng8");
        write(white, 5, "Nf3");
        write(black, 5, "Nf3");
        until("the game has 5 moves", () -> plies(game, gameId) == 5);
        assertEquals(whitePad, pad(white), "White's pad moved when the moves arrived");
        assertEquals(blackPad, pad(black), "Black's pad moved when the moves arrived");
        assertTrue(text(white, "ply-3").contains("(="), "the offer is marked on White's sheet");

        // --- Black claims a threefold repetition with the intended move 3...Nf6: the position after it has occurred
        // twice, not three times: the game rejects the claim, plays the written move and gives White 2 minutes
        keys(black, "Nf6");
        tap(black, "claim");
        awaitStatus(black, 6, "received");
        write(white, 6, "Nf6");
        until("the claim's move is played", () -> plies(game, gameId) == 6);
        until("the decision reaches White's sheet", () -> notes(white).contains("Claim rejected"));
        until("the decision reaches Black's sheet", () -> notes(black).contains("Reclamación rechazada"));
        // the reason and the penalty in each sheet's language, built from the decision's fields (SheetNotice)
        until("White's sheet reads the penalty in English", () -> notes(white).contains("120 s added to White's time"));
        until("Black's sheet reads the reason and the penalty in Spanish", () -> notes(black).contains(
                "la posición se ha producido 2 veces, no tres; sanción: 120 s añadidos al tiempo de Blancas"));
        screenshot(black, "es-sheet-black-claim-rejected");
        assertEquals(blackPad, pad(black), "Black's pad moved when the arbiter's decision arrived");
        open(arbiter, "/t/" + id + "/rounds/1/halls/A/claims");
        String file = arbiter.findElement(By.id("game-1")).getText();
        assertTrue(file.contains("THREEFOLD"), file);
        assertTrue(file.contains("Nf6"), "the intended move is in the claim's evidence: " + file);
        screenshot(arbiter, "arbiter-claim-evidence");

        // --- White's sheet goes offline for 4. Ng1 Ng8: kept on the device, sent in order when the network returns
        ChromiumNetworkConditions offline = new ChromiumNetworkConditions();
        offline.setOffline(true);
        ((ChromeDriver) white).setNetworkConditions(offline);
        keys(white, "Ng1");
        tap(white, "record");
        new WebDriverWait(white, WAIT).until(d -> "offline".equals(status(d, 7)));
        assertTrue(text(white, "connection").contains("⚠"), text(white, "connection"));
        write(black, 7, "Ng1");
        keys(black, "Ng8");
        tap(black, "record");
        keys(white, "Ng8");
        tap(white, "record");
        new WebDriverWait(white, WAIT).until(d -> "offline".equals(status(d, 8)));
        Thread.sleep(3000);
        assertEquals("waiting", status(black, 8), "Black's move waits for White's, which is still on White's device");
        assertEquals(6, plies(game, gameId), "nothing of the offline sheet reached the game");
        screenshot(white, "sheet-white-offline");
        assertEquals(whitePad, pad(white), "White's pad moved when the offline line appeared");
        ((ChromeDriver) white).deleteNetworkConditions();
        awaitStatus(white, 7, "received");
        awaitStatus(white, 8, "received");
        awaitStatus(black, 8, "received");
        until("the game has 8 moves", () -> plies(game, gameId) == 8);

        // --- 5. e4 e5: Black's sheet writes White's move as e3: the arbiter is alerted with the move number
        write(white, 9, "e4");
        write(black, 9, "e3");
        write(black, 10, "e5");
        write(white, 10, "e5");
        until("the game has 10 moves", () -> plies(game, gameId) == 10);
        open(arbiter, "/t/" + id + "/rounds/1/halls/A/claims");
        WebElement alert = await(arbiter, "sheet-alerts").findElement(By.cssSelector("li.alert"));
        assertEquals("5", alert.getAttribute("data-move"), alert.getText());
        assertTrue(alert.getText().contains("e4") && alert.getText().contains("e3"), alert.getText());
        screenshot(arbiter, "arbiter-sheet-alert");

        // --- Black resigns; both approve the result
        tap(black, "resign");
        until("the game ends", () -> json(get(game + "/games/" + gameId, null)).path("result").isTextual());
        tap(white, "approve");
        new org.openqa.selenium.support.ui.Select(black.findElement(By.id("result"))).selectByValue("1-0");
        tap(black, "approve");
        until("the approvals are received", () -> notes(white).contains("✓ 1-0") && notes(black).contains("✓ 1-0"));
        assertEquals(whitePad, pad(white), "White's pad moved during the game");
        assertEquals(blackPad, pad(black), "Black's pad moved during the game");
        screenshot(white, "sheet-white-game-over");
        screenshot(black, "es-sheet-black-game-over");
        // a phone's size: the whole pad in the viewport, the list scrolling above it; the keys stay put while the
        // opponent's lines (sent by script, as another device's would arrive) and the answers come
        for (WebDriver device : List.of(white, black)) {
            // the viewport of a phone (a window cannot be made that narrow): 390 x 780 CSS pixels, a touch screen
            ((ChromeDriver) device).executeCdpCommand("Emulation.setDeviceMetricsOverride", java.util.Map.of("width",
                    390, "height", 780, "deviceScaleFactor", 1, "mobile", true));
            device.navigate().refresh();
            await(device, "moves");
            new WebDriverWait(device, WAIT).until(d -> "received".equals(status(d, 10)));
            Object fits = ((JavascriptExecutor) device).executeScript("var r = document.getElementById('backspace')"
                    + ".getBoundingClientRect(); var l = document.getElementById('sheet-scroll').getBoundingClientRect();"
                    + " return r.bottom <= 780 && r.right <= 390 && document.documentElement.scrollWidth <= 390"
                    + " && l.height >= 80;");
            assertEquals(Boolean.TRUE, fits, "the pad fits a phone's screen (" + ((JavascriptExecutor) device)
                    .executeScript("return document.documentElement.scrollWidth + 'x' + window.innerHeight"
                            + " + ', list ' + document.getElementById('sheet-scroll').getBoundingClientRect().height;")
                    + ") with room for the"
                    + " list: " + pad(device));
        }
        screenshot(white, "sheet-white-phone");
        screenshot(black, "es-sheet-black-phone");
        String whitePhonePad = pad(white);
        ((JavascriptExecutor) white).executeScript("document.getElementById('connection').textContent = '⚠ x';"
                + " var b = document.querySelector('#moves tbody'); for (var i = 0; i < 30; i++) {"
                + " b.appendChild(b.lastElementChild.cloneNode(true)); }");
        assertEquals(whitePhonePad, pad(white), "White's pad moved on a phone when the list grew");

        // --- the game's PGN has exactly the moves recorded; the result is the resignation's
        String pgn = get(game + "/games/" + gameId + "/pgn", null).body().replaceAll("\\{[^}]*\\}", " ")
                .replaceAll("\\s+", " ");
        assertTrue(pgn.contains("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 1-0"), pgn);

        // --- everything sent again (an answer lost on the way): nothing doubled, in the console's log or the game
        open(arbiter, sheets);
        int logged = arbiter.findElements(By.cssSelector("#log-1 tbody tr")).size();
        String whiteLog = arbiter.findElement(By.id("white-lines-1")).getText();
        ((JavascriptExecutor) white).executeScript("var k = 'torneo-sheet:' + document.getElementById('main')"
                + ".getAttribute('data-code'); var s = JSON.parse(localStorage.getItem(k));"
                + " s.actions.forEach(function (a) { a.status = 'pending'; }); localStorage.setItem(k, JSON.stringify(s));");
        white.navigate().refresh();
        for (int ply = 1; ply <= 10; ply++) {
            awaitStatus(white, ply, "received");
        }
        open(arbiter, sheets);
        assertEquals(logged, arbiter.findElements(By.cssSelector("#log-1 tbody tr")).size(), "the log doubled");
        assertEquals(whiteLog, arbiter.findElement(By.id("white-lines-1")).getText());
        assertEquals("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 e5", whiteLog);
        assertEquals(10, plies(game, gameId));
        screenshot(arbiter, "arbiter-device-log");

        // --- the game edge decides a client's command id once: White's 4. Ng1 sent again under its id
        String device1 = tokens.password("device-1", TorneoRealm.DEMO_PASSWORD).accessToken();
        String ng1 = (String) ((JavascriptExecutor) white).executeScript("var k = 'torneo-sheet:' + document"
                + ".getElementById('main').getAttribute('data-code'); return JSON.parse(localStorage.getItem(k))"
                + ".actions.filter(function (a) { return a.action === 'line' && a.ply === 7; })[0].id;");
        JsonNode first = json(get(game + "/commands/" + ng1, null));
        assertEquals("ACCEPTED", first.path("status").asText(), first.toString());
        assertTrue(first.path("events").toString().contains("Ng1"), first.toString());
        HttpResponse<String> again = http.send(HttpRequest.newBuilder(URI.create(game + "/games/" + gameId
                        + "/commands")).header("Content-Type", "application/json").header("Authorization", "Bearer "
                        + device1).header("Torneo-Command-Id", ng1).POST(HttpRequest.BodyPublishers.ofString(
                        "{\"type\":\"game.SubmitMove\",\"payload\":{\"move\":\"Ng1\",\"source\":\"BOARD\"}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, again.statusCode(), again.body());
        assertTrue(again.body().contains(ng1), again.body());
        Thread.sleep(3000);
        assertEquals(first, json(get(game + "/commands/" + ng1, null)), "the command was decided again");
        HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create(game + "/games/" + gameId
                        + "/commands")).header("Content-Type", "application/json").header("Authorization", "Bearer "
                        + device1).header("Torneo-Command-Id", "not-a-uuid").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"type\":\"game.SubmitMove\",\"payload\":{\"move\":\"Ng1\",\"source\":\"BOARD\"}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, bad.statusCode(), bad.body());
        assertTrue(bad.body().contains("Torneo-Command-Id"), bad.body());
    }

    // ------------------------------------------------------------------------------------------------ the sheet

    private void bind(WebDriver device, String code, String account) {
        bind(device, code, account, "");
    }

    private void bind(WebDriver device, String code, String account, String query) {
        open(device, "/sheet" + query);
        WebElement field = device.findElement(By.id("code"));
        field.clear();
        field.sendKeys(code);
        device.findElement(By.id("bind")).click();
        new WebDriverWait(device, WAIT).until(d -> !d.findElements(By.id("moves")).isEmpty()
                || !d.findElements(By.id("error")).isEmpty());
    }

    /** Taps the move on the pad, then Record, and waits until the console has it. */
    private static void write(WebDriver device, int ply, String san) {
        keys(device, san);
        tap(device, "record");
        new WebDriverWait(device, WAIT).until(d -> d.findElements(By.id("ply-" + ply)).size() == 1);
        awaitStatus(device, ply, "received");
    }

    private static void keys(WebDriver device, String san) {
        for (char c : san.toCharArray()) {
            device.findElement(By.cssSelector("button[data-key='" + c + "']")).click();
        }
        assertEquals(san, device.findElement(By.id("move")).getAttribute("value"));
    }

    /** Where every key of the pad and the Record button are on the screen (CSS pixels, in the viewport). */
    private static String pad(WebDriver device) {
        return (String) ((JavascriptExecutor) device).executeScript("return Array.prototype.map.call(document"
                + ".querySelectorAll('#pad button'), function (b) { var r = b.getBoundingClientRect();"
                + " return (b.id || b.getAttribute('data-key')) + '@' + Math.round(r.left) + ',' + Math.round(r.top)"
                + " + ',' + Math.round(r.width) + 'x' + Math.round(r.height); }).join(' ');");
    }

    private static void tap(WebDriver device, String button) {
        device.findElement(By.id(button)).click();
    }

    /** Read in one script: the page re-renders the list as answers come, so an element found may be gone. */
    private static String status(WebDriver device, int ply) {
        Object status = ((JavascriptExecutor) device).executeScript("var b = document.getElementById('ply-' + arguments[0]);"
                + " return b ? b.parentNode.getAttribute('data-status') : '';", ply);
        return status == null ? "" : status.toString();
    }

    private static String text(WebDriver device, String id) {
        Object text = ((JavascriptExecutor) device).executeScript("var e = document.getElementById(arguments[0]);"
                + " return e ? e.textContent : '';", id);
        return text == null ? "" : text.toString();
    }

    private static void awaitStatus(WebDriver device, int ply, String expected) {
        new WebDriverWait(device, WAIT).withMessage(() -> "ply " + ply + " " + expected + ": " + status(device, ply)
                + " " + text(device, "notes")).until(d -> expected.equals(status(d, ply)));
    }

    private static String notes(WebDriver device) {
        return text(device, "notes");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private int plies(String game, String gameId) throws Exception {
        return json(get(game + "/games/" + gameId, null)).path("plies").asInt();
    }

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String token, String body) throws Exception {
        String withId = body.equals("{}") ? "{\"commandId\":\"" + UUID.randomUUID() + "\"}"
                : body.endsWith("}") && !body.contains("commandId")
                ? body.substring(0, body.length() - 1) + ",\"commandId\":\"" + UUID.randomUUID() + "\"}" : body;
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.ofString(withId)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    @FunctionalInterface
    interface Check {
        boolean holds() throws Exception;
    }

    private static void until(String what, Check check) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            if (check.holds()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("not within " + WAIT.toSeconds() + " s: " + what);
            }
            Thread.sleep(300);
        }
    }

    private WebDriver signIn(String account) throws Exception {
        Path profile = Files.createTempDirectory("sheet-chromium-");
        profiles.add(profile);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        // a tablet's size, portrait
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=800,1280", "--user-data-dir=" + profile, "--lang=en");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        browsers.add(browser);
        browser.get(base.resolve("/signin").toString());
        WebElement user = new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.id("username")));
        user.sendKeys(account);
        browser.findElement(By.id("password")).sendKeys(TorneoRealm.DEMO_PASSWORD);
        browser.findElement(By.id("kc-login")).click();
        new WebDriverWait(browser, WAIT).until(d -> d.getCurrentUrl().startsWith(base.toString())
                && !d.findElements(By.id("account")).isEmpty());
        return browser;
    }

    private void open(WebDriver browser, String path) {
        browser.get(base.resolve(path).toString());
        new WebDriverWait(browser, WAIT).until(d -> !d.findElements(By.tagName("main")).isEmpty());
    }

    private static WebElement await(WebDriver browser, String id) {
        return new WebDriverWait(browser, WAIT).until(d -> {
            List<WebElement> found = d.findElements(By.id(id));
            return found.isEmpty() ? null : found.get(0);
        });
    }

    private void screenshot(WebDriver browser, String name) throws Exception {
        File file = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(file.toPath(), Path.of("target/screenshots/sheet-%02d-%s.png".formatted(++shot, name)),
                StandardCopyOption.REPLACE_EXISTING);
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The whole event in headless Chromium, every user in a browser of his own signed in through the real
 * Keycloak, against the real pairing, game and feed services on the real broker and PostgreSQL: the organiser creates
 * a 40-player Dutch open with two halls (boards 1-10 and 11-20) and appoints the chief arbiter and one arbiter per
 * hall; he registers 20 players from a TRF, 5 from FIDE's rating-list sample and 15 from a second FIDE list file, each
 * file previewed before it is confirmed; the hall arbiters check the 40 in at the check-in desk by their numbers (a
 * name nobody has refused on the page); the chief arbiter declares a forbidden pair and lifts it, pairs round 1 (the
 * pairing service publishes as it pairs), swaps two players by hand with his reason (the swap on the page and in the
 * round's record of changes); each hall arbiter types his hall's ten results on his own entry screen, hall A's after
 * ruling a claim with a penalty; the chief arbiter closes round 1 and pairs round 2; the tournament page's links open
 * the feed's alphabetical pairing list and standings, which are checked with print media emulated (every row there,
 * the header repeated, no row split, no table wider than an A4 sheet) and printed to PDF. Every page: a screenshot in
 * target/screenshots (walk-NN-*.png, the PDFs beside them) and axe-core with no serious or critical violation.
 */
@QuarkusTest
@QuarkusTestResource(value = ConsoleEventWalkTest.WithFeed.class, restrictToAnnotatedClass = true)
class ConsoleEventWalkTest extends ConsoleBrowsers {

    /** The console's services and the feed (whose printed lists the tournament page links). */
    public static class WithFeed extends ServicesStack {
        @Override
        protected List<String> services() {
            return List.of("game", "pairing", "feed");
        }
    }

    private static final int PLAYERS = 40;
    /** An A4 sheet's width in CSS pixels (210 mm at 96 px per inch). */
    private static final int A4_WIDTH = 794;
    /** How long the feed may take to have followed the services' events (two cores shared by many builds). */
    private static final Duration FEED_WAIT = Duration.ofSeconds(120);

    @Override
    protected String screenshotPrefix() {
        return "walk";
    }

    @Test
    void an_organiser_two_hall_arbiters_and_the_chief_arbiter_run_a_40_player_open_to_round_two() throws Exception {
        long started = System.nanoTime();
        String id = "w-" + UUID.randomUUID().toString().substring(0, 8);

        // --- the organiser: the tournament, its halls and arbiters
        WebDriver organiser = signIn("organiser", "en");
        open(organiser, "/new");
        page(organiser, "organiser-create");
        fill(organiser, "id", id);
        fill(organiser, "name", "Open de Primavera " + id);
        new Select(organiser.findElement(By.id("system"))).selectByValue("dutch");
        organiser.findElement(By.id("rounds")).clear();
        fill(organiser, "rounds", "5");
        // FIDE 2001, one period without increment: the quickplay-finish claim below is the arbiter's to rule (10.2)
        new Select(organiser.findElement(By.id("ruleset"))).selectByValue("FIDE_2001");
        fill(organiser, "timeControl", "90");
        fill(organiser, "halls", "A 1-10\nB 11-20");
        submit(organiser, "create");
        assertTrue(await(organiser, "done").getText().contains("created"), organiser.getPageSource());
        appoint(organiser, "chief-arbiter", "", true);
        appoint(organiser, "arbiter-1", "A", false);
        appoint(organiser, "arbiter-2", "B", false);
        String halls = organiser.findElement(By.tagName("main")).getText();
        assertTrue(halls.contains("1–10") && halls.contains("11–20"), halls);
        page(organiser, "organiser-tournament-and-arbiters");

        // --- registration: a TRF's players, FIDE's list sample, then a second FIDE list file for the rest
        List<String> names = new ArrayList<>();
        Path trf = file("players-", ".trf", trf(names));
        importFile(organiser, "trf", trf, 20, "organiser-trf-preview");
        Path sample = Files.createTempFile(Path.of("target"), "players_list_sample-", ".txt");
        try (InputStream in = getClass().getResourceAsStream("/players_list_sample.txt")) {
            Files.write(sample, in.readAllBytes());
        }
        names.addAll(List.of("Carlsen, Magnus", "Hou, Yifan", "Polgar, Judit", "Vallejo Pons, Francisco",
                "Núñez Peña, Lucía"));
        importFile(organiser, "fide", sample, 5, "organiser-fide-sample-preview");
        Path rest = file("players_list-", ".txt", fideList(names));
        importFile(organiser, "fide", rest, 15, "organiser-fide-list-preview");
        assertEquals(PLAYERS, organiser.findElements(By.cssSelector("#players tbody tr")).size());
        String listed = organiser.findElement(By.id("players")).getText();
        for (String name : names) {
            assertTrue(listed.contains(name), name + " is not in the player list: " + listed);
        }
        // the files' titles and federations kept: the TRF's short code 'g', the FIDE list's Tit column
        assertEquals(List.of("GM", "Alonso Vega, Marta", "ESP", "2480"), playerRow(organiser, "Alonso Vega, Marta")
                .subList(1, 5));
        assertEquals(List.of("GM", "Carlsen, Magnus", "NOR", "2831"), playerRow(organiser, "Carlsen, Magnus")
                .subList(1, 5));
        show(organiser, "players");
        page(organiser, "organiser-40-players");

        // --- check-in before round 1: each hall arbiter at the desk types players' numbers and Enter, as players
        // arrive; a name nobody has is refused on the page and nothing is recorded; round 1 pairs those checked in
        WebDriver arbiterA = signIn("arbiter-1", "en");
        open(arbiterA, "/t/" + id + "/check-in");
        typeInto(arbiterA, "checkin-entry", "Zorro");
        String refused = await(arbiterA, "checkin-error").getText();
        assertTrue(refused.contains("Zorro"), refused);
        assertEquals("0", arbiterA.findElement(By.id("checkin-count")).getText());
        page(arbiterA, "arbiter-a-check-in-refused");
        for (int number = 1; number <= PLAYERS / 2; number++) {
            typeInto(arbiterA, "checkin-entry", Integer.toString(number));
            checkedIn(arbiterA, number);
        }
        assertEquals(Integer.toString(PLAYERS / 2), arbiterA.findElement(By.id("checkin-count")).getText());
        page(arbiterA, "arbiter-a-check-in");
        WebDriver arbiterB = signIn("arbiter-2", "es");
        open(arbiterB, "/t/" + id + "/check-in");
        for (int number = PLAYERS / 2 + 1; number <= PLAYERS; number++) {
            typeInto(arbiterB, "checkin-entry", Integer.toString(number));
            checkedIn(arbiterB, number);
        }
        assertEquals(Integer.toString(PLAYERS), arbiterB.findElement(By.id("checkin-count")).getText());
        assertEquals(PLAYERS, arbiterB.findElements(By.cssSelector("#checkin-players tr.checked-in")).size());
        page(arbiterB, "arbiter-b-check-in");

        // --- the chief arbiter: a forbidden pair declared and lifted, round 1 paired
        WebDriver chief = signIn("chief-arbiter", "en");
        open(chief, "/t/" + id);
        Map<String, String> idOf = playerIds(chief);
        assertEquals(PLAYERS, idOf.size(), idOf.toString());
        fill(chief, "forbid-first", idOf.get("Carlsen, Magnus"));
        fill(chief, "forbid-second", idOf.get("Hou, Yifan"));
        fill(chief, "forbid-reason", "same federation team coach");
        submit(chief, "forbid");
        assertTrue(await(chief, "done").getText().contains("forbidden"), chief.getPageSource());
        String forbidden = chief.findElement(By.id("forbidden-table")).getText();
        assertTrue(forbidden.contains("Carlsen, Magnus") && forbidden.contains("Hou, Yifan")
                && forbidden.contains("same federation team coach") && forbidden.contains("chief-arbiter"), forbidden);
        show(chief, "forbidden");
        page(chief, "chief-pair-forbidden");
        submit(chief, "lift-0");
        assertTrue(await(chief, "done").getText().contains("lifted"), chief.getPageSource());
        assertTrue(chief.findElements(By.id("forbidden-table")).isEmpty(), "the lifted pair is still listed");
        assertTrue(!chief.findElements(By.id("no-forbidden")).isEmpty());
        show(chief, "forbidden");
        page(chief, "chief-pair-lifted");

        chief.findElement(By.id("pair")).click();
        new WebDriverWait(chief, WAIT).until(d -> d.getCurrentUrl().contains("/t/" + id + "/rounds/1"));
        assertEquals(20, chief.findElements(By.cssSelector("table.pairings tbody tr")).size(),
                chief.findElement(By.tagName("main")).getText());
        page(chief, "chief-round-1-paired");

        // --- the swap by hand: the white players of boards 11 and 12 change places, with the reason
        String white11 = cell(chief, 11, 1);
        String white12 = cell(chief, 12, 1);
        new Select(chief.findElement(By.id("change-kind"))).selectByValue("SWAP_PLAYERS");
        fill(chief, "change-first", idOf.get(white11));
        fill(chief, "change-second", idOf.get(white12));
        fill(chief, "change-reason", "seated at each other's board before the start");
        submit(chief, "change");
        assertTrue(await(chief, "done").getText().contains("recorded"), chief.getPageSource());
        new WebDriverWait(chief, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (cell(d, 11, 1).equals(white12) && cell(d, 12, 1).equals(white11)) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
        String change = await(chief, "change-0").getText();
        // the players by name and pairing number, never by id (the round page reads the change from its structure)
        assertTrue(change.contains("by chief-arbiter") && change.contains("swapped")
                && change.contains(white11 + " (No. ") && change.contains("(board 11, White)")
                && change.contains(white12 + " (No. ") && change.contains("(board 12, White)")
                && !change.contains(idOf.get(white11)) && !change.contains(idOf.get(white12))
                && change.contains("reason: seated at each other's board before the start"), change);
        show(chief, "changes");
        page(chief, "chief-round-1-swapped");

        // --- hall A's arbiter: the claim on board 1 ruled with a penalty, then his ten results typed
        open(arbiterA, "/t/" + id + "/rounds/1");
        assertTrue(arbiterA.findElements(By.id("enter-B")).isEmpty(), "hall B's entry link shown to hall A's arbiter");
        arbiterA.findElement(By.id("enter-A")).click();
        awaitRows(arbiterA, 10);
        page(arbiterA, "arbiter-a-entry");
        claimRuledWithAPenalty(arbiterA);
        open(arbiterA, "/t/" + id + "/rounds/1/halls/A");
        enterResults(arbiterA, 1, 10);
        page(arbiterA, "arbiter-a-entered");

        // --- hall B's arbiter, in Spanish: the swapped boards' players are his
        open(arbiterB, "/t/" + id + "/rounds/1/halls/B");
        awaitRows(arbiterB, 10);
        // the game service has the swap once it has followed the pairing service's change: reload until it does
        new WebDriverWait(arbiterB, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (d.findElement(By.id("board-11")).getText().contains(white12)) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
        page(arbiterB, "arbiter-b-entry");
        enterResults(arbiterB, 11, 20);
        page(arbiterB, "arbiter-b-entered");

        // --- the chief arbiter closes round 1 and pairs round 2
        open(chief, "/t/" + id + "/rounds/1");
        submit(chief, "close");
        await(chief, "done");
        new WebDriverWait(chief, WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (d.findElement(By.tagName("h1")).getText().contains("closed")) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
        page(chief, "chief-round-1-closed");
        open(chief, "/t/" + id);
        chief.findElement(By.id("pair")).click();
        new WebDriverWait(chief, WAIT).until(d -> d.getCurrentUrl().contains("/t/" + id + "/rounds/2"));
        assertEquals(20, chief.findElements(By.cssSelector("table.pairings tbody tr")).size(),
                chief.findElement(By.tagName("main")).getText());
        page(chief, "chief-round-2-paired");

        // --- the printed lists: the tournament page links the feed's, with the latest round
        open(chief, "/t/" + id);
        page(chief, "chief-tournament-round-2");
        String feed = ConfigProvider.getConfig().getValue("quarkus.rest-client.feed.url", String.class);
        String alphabetical = chief.findElement(By.id("print-alphabetical")).getAttribute("href");
        assertTrue(alphabetical.startsWith(feed + "/t/" + id + "/print/alphabetical?round=2"), alphabetical);
        String standings = chief.findElement(By.id("print-standings")).getAttribute("href");
        assertTrue(standings.startsWith(feed + "/t/" + id + "/print/standings"), standings);

        chief.findElement(By.id("print-alphabetical")).click();
        awaitTableRows(chief, "table.alphabetical", PLAYERS);
        String list = chief.findElement(By.cssSelector("table.alphabetical")).getText();
        for (String name : names) {
            assertTrue(list.contains(name), name + " is not on the alphabetical list");
        }
        page(chief, "print-alphabetical-round-2");
        printedWhole(chief, "table.alphabetical", PLAYERS, "print-alphabetical-round-2-as-printed");

        chief.get(standings);
        awaitTableRows(chief, "table.standings", PLAYERS);
        page(chief, "print-standings-after-round-1");
        printedWhole(chief, "table.standings", PLAYERS, "print-standings-as-printed");

        System.out.printf("the walk (40 players, two rounds, 20 results typed) took %d s%n",
                Duration.ofNanos(System.nanoTime() - started).toSeconds());
    }

    // ------------------------------------------------------------------------------------------ steps

    /** The tournament page's import form: format chosen, file previewed with its players, confirmed. */
    private void importFile(WebDriver organiser, String format, Path file, int players, String shot) throws Exception {
        new Select(organiser.findElement(By.id("entry-format"))).selectByValue(format);
        upload(organiser, file);
        assertTrue(organiser.findElements(By.id("entry-problems")).isEmpty(), () -> organiser.findElement(
                By.id("entry-problems")).getText());
        assertEquals(players, await(organiser, "entries").findElements(By.cssSelector("tbody tr")).size());
        page(organiser, shot);
        submit(organiser, "confirm");
        assertTrue(await(organiser, "done").getText().contains("players were registered"), organiser.getPageSource());
    }

    /** Each board's result typed and Enter, as at the hall: 1-0, 0-1 and draws in turn, each shown on its row. */
    private static void enterResults(WebDriver arbiter, int first, int last) {
        for (int board = first; board <= last; board++) {
            String entry = switch (board % 3) {
                case 0 -> board + "=";
                case 1 -> board + " 1";
                default -> board + " 0";
            };
            type(arbiter, entry);
            String expected = switch (board % 3) {
                case 0 -> "½-½";
                case 1 -> "1-0";
                default -> "0-1";
            };
            assertEquals(expected, result(arbiter, board), "board " + board + " after '" + entry + "'");
        }
    }

    /** The part of the page the step is about, scrolled into the screenshot. */
    /** The desk took the number: its message says so, and it names no refusal. */
    private static void checkedIn(WebDriver arbiter, int number) {
        List<WebElement> refused = arbiter.findElements(By.id("checkin-error"));
        assertTrue(refused.isEmpty(), () -> "No. " + number + " refused: " + refused.get(0).getText());
        assertTrue(await(arbiter, "checkin-done").isDisplayed());
    }

    private static void show(WebDriver browser, String id) {
        ((JavascriptExecutor) browser).executeScript("document.getElementById(arguments[0]).scrollIntoView();", id);
    }

    /** The round page's cell of a board: 0 board, 1 White, 2 result, 3 Black. */
    private static String cell(WebDriver browser, int board, int column) {
        return browser.findElements(By.cssSelector("#board-row-" + board + " td")).get(column).getText().strip();
    }

    /** The tournament page's player list: name to player id. */
    private static Map<String, String> playerIds(WebDriver browser) {
        Map<String, String> ids = new HashMap<>();
        for (WebElement row : browser.findElements(By.cssSelector("#players tbody tr"))) {
            List<WebElement> cells = row.findElements(By.tagName("td"));
            ids.put(cells.get(2).getText().strip(), cells.get(6).getText().strip());
        }
        return ids;
    }

    /** The feed's list once it has the rows (it follows the services' events): reload until it does. */
    private static void awaitTableRows(WebDriver browser, String table, int rows) {
        new WebDriverWait(browser, FEED_WAIT).pollingEvery(Duration.ofMillis(500)).until(d -> {
            if (d.findElements(By.cssSelector(table + " tbody tr")).size() >= rows) {
                return true;
            }
            d.navigate().refresh();
            return false;
        });
    }

    /**
     * The list as a browser prints it: print media emulated on an A4-wide page, every row there and shown, the
     * table's header repeated on each sheet, no row split across two, the table no wider than the sheet, the site's
     * header left out; a screenshot of it, and the PDF Chromium prints kept beside the screenshots.
     */
    private void printedWhole(WebDriver browser, String table, int rows, String name) throws Exception {
        ChromeDriver chromium = (ChromeDriver) browser;
        chromium.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
        chromium.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", A4_WIDTH, "height", 1123,
                "deviceScaleFactor", 1, "mobile", false));
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> seen = (Map<String, Object>) ((JavascriptExecutor) browser).executeScript(
                    "var t = document.querySelector(arguments[0]);"
                    + "var rows = Array.from(t.tBodies[0].rows);"
                    + "var header = document.querySelector('body > header');"
                    + "return {print: matchMedia('print').matches, rows: rows.length,"
                    + " shown: rows.filter(function (r) { return r.offsetHeight > 0; }).length,"
                    + " unsplit: rows.filter(function (r) { var s = getComputedStyle(r);"
                    + "   return s.breakInside === 'avoid' || s.pageBreakInside === 'avoid'; }).length,"
                    + " thead: getComputedStyle(t.tHead).display,"
                    + " width: Math.ceil(t.getBoundingClientRect().right), page: document.documentElement.clientWidth,"
                    + " header: header === null ? 'none' : getComputedStyle(header).display};", table);
            assertEquals(true, seen.get("print"), seen.toString());
            assertEquals((long) rows, seen.get("rows"), seen.toString());
            assertEquals((long) rows, seen.get("shown"), "rows hidden in print: " + seen);
            assertEquals((long) rows, seen.get("unsplit"), "rows that may split across sheets: " + seen);
            assertEquals("table-header-group", seen.get("thead"), "the header is not repeated: " + seen);
            assertTrue(((Number) seen.get("width")).longValue() <= ((Number) seen.get("page")).longValue(),
                    "the table is wider than an A4 sheet: " + seen);
            assertEquals("none", seen.get("header"), "the site's header is printed: " + seen);
            screenshot(browser, name);
            Map<String, Object> pdf = chromium.executeCdpCommand("Page.printToPDF", Map.of("paperWidth", 8.27,
                    "paperHeight", 11.69, "printBackground", false));
            byte[] bytes = Base64.getDecoder().decode((String) pdf.get("data"));
            assertTrue(new String(bytes, 0, 5, StandardCharsets.US_ASCII).equals("%PDF-"), "not a PDF");
            Files.write(Path.of("target/screenshots/walk-" + name + ".pdf"), bytes);
        } finally {
            chromium.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            chromium.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", ""));
        }
    }

    // ------------------------------------------------------------------------------------------ the files

    private static Path file(String prefix, String suffix, String text) throws Exception {
        Path file = Files.createTempFile(Path.of("target"), prefix, suffix);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** A TRF-16 of another event's 20 players (line 001's static part; the first an older writer's 'g' for GM). */
    private static String trf(List<String> names) {
        String[] players = {"Alonso Vega, Marta", "Benítez Roca, Iker", "Cano Serra, Lola", "Domínguez Pardo, Raúl",
            "Estévez Luna, Sara", "Fuentes Gil, Óscar", "Garrido Mas, Nuria", "Herrera Sanz, Pablo",
            "Ibáñez Cruz, Elena", "Jiménez Soto, Álvaro", "Lorenzo Paz, Irene", "Márquez Rey, Jorge",
            "Navarro Sáez, Alba", "Ortega Vidal, Hugo", "Peña Ferrer, Clara", "Quintana Mora, Dani",
            "Ramos Prieto, Noa", "Salas Bravo, Unai", "Toledo Ríos, Vera", "Urrutia León, Gael"};
        StringBuilder trf = new StringBuilder("012 Open de Invierno (inscritos)\n022 Madrid\n032 ESP\nXXR 9\n");
        for (int i = 0; i < players.length; i++) {
            names.add(players[i]);
            trf.append("001 %4d %1s%3s %-33s %4d %3s %11s %10s %4s %4d%n".formatted(i + 1, i % 2 == 0 ? "w" : "m",
                    i == 0 ? "g" : i == 3 ? "m" : "", players[i], 2480 - 25 * i, i % 5 == 4 ? "POR" : "ESP",
                    "91000" + "%02d".formatted(i + 1), "199%d/0%d/1%d".formatted(i % 10, 1 + i % 9, i % 10), "0.0",
                    i + 1));
        }
        return trf.toString();
    }

    /** A FIDE rating list in its TXT form (the sample's header and columns) with 15 more players. */
    private String fideList(List<String> names) throws Exception {
        String header;
        try (InputStream in = getClass().getResourceAsStream("/players_list_sample.txt")) {
            header = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).lines().findFirst().orElseThrow();
        }
        String[] players = {"Abad Cortés, Rocío", "Blanco Ferrán, Luis", "Castro Nieto, Ainhoa", "Díez Lara, Mateo",
            "Escobar Pino, Julia", "Franco Ruiz, Adrián", "Gallego Sola, Carmen", "Hidalgo Tena, Martín",
            "Iglesias Mena, Paula", "Juárez Olmo, Sergio", "Lara Campos, Ana", "Molina Rubio, Diego",
            "Nieto Arias, Laura", "Ortiz Camps, Rubén", "Pascual Vera, Inés"};
        StringBuilder list = new StringBuilder(header).append('\n');
        for (int i = 0; i < players.length; i++) {
            names.add(players[i]);
            char[] line = " ".repeat(header.length()).toCharArray();
            put(line, header, "ID Number", "2230" + "%03d".formatted(i + 1));
            put(line, header, "Name", players[i]);
            put(line, header, "Fed", "ESP");
            put(line, header, "Sex", i % 2 == 0 ? "F" : "M");
            put(line, header, "Tit", i == 0 ? "IM" : "");
            put(line, header, "SRtng", Integer.toString(2300 - 30 * i));
            put(line, header, "B-day", Integer.toString(1980 + i));
            list.append(new String(line).stripTrailing()).append('\n');
        }
        return list.toString();
    }

    /** The value written where the header's column of that name starts. */
    private static void put(char[] line, String header, String column, String value) {
        int at = (" " + header + " ").indexOf(" " + column + " ");
        assertTrue(at >= 0, column + " is not a column of " + header);
        value.getChars(0, value.length(), line, at);
    }
}

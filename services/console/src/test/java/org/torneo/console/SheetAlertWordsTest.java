package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;

import io.quarkus.qute.Engine;
import io.quarkus.qute.ReflectionValueResolver;

/**
 * A scoresheet alert's detail on the hall arbiter's claims and sheets pages is said in the user's language from the
 * alert's structure (FIDE 2018 8.1.1: the move number, whose move or sheet, each sheet's line, the move both sheets
 * agree on once corrected); an alert recorded in words only, before it had structure, is shown as recorded.
 */
class SheetAlertWordsTest {

    private static final String READER = "Qxh8 is illegal: the queen on d8 cannot reach h8";

    /** Move 5: White's sheet Bb4, Black's sheet Bc5 (ply 10: Black's move). */
    private static SheetLog.Alert discrepancy(boolean lifted) {
        return new SheetLog.Alert(10, 5, "discrepancy", "move 5 (Black): White's sheet Bb4, Black's sheet Bc5", lifted,
                null, "Bb4", "Bc5", null, lifted ? "Bb4" : null);
    }

    /** Move 2 on Black's sheet: Qxh8, no legal move. */
    private static SheetLog.Alert illegal() {
        return new SheetLog.Alert(4, 2, "illegal", "move 2 on Black's sheet: " + READER, false, Side.BLACK, null,
                "Qxh8", READER, null);
    }

    @Test
    void aDiscrepancyAndAnIllegalLineAreSaidInEachLanguageFromTheirStructure() {
        assertEquals("move 5 (Black): White's sheet Bb4, Black's sheet Bc5",
                SheetAlertText.describe(Words.EN, discrepancy(false)));
        assertEquals("jugada 5 (negras): planilla de las blancas Bb4, planilla de las negras Bc5",
                SheetAlertText.describe(Words.ES, discrepancy(false)));
        assertEquals("move 2 on Black's sheet: Qxh8 is no legal move (" + READER + ")",
                SheetAlertText.describe(Words.EN, illegal()));
        assertEquals("jugada 2 en la planilla de las negras: Qxh8 no es una jugada legal (" + READER + ")",
                SheetAlertText.describe(Words.ES, illegal()));
        SheetLog.Alert white = new SheetLog.Alert(3, 2, "illegal", "move 2 on White's sheet: Ke9 is not a move", false,
                Side.WHITE, "Ke9", null, "Ke9 is not a move", null);
        assertEquals("jugada 2 en la planilla de las blancas: Ke9 no es una jugada legal (Ke9 is not a move)",
                SheetAlertText.describe(Words.ES, white));
        // White's move of a ply that is odd
        SheetLog.Alert whitesMove = new SheetLog.Alert(9, 5, "discrepancy", "", false, null, "Nf3", "Nc3", null, null);
        assertEquals("move 5 (White): White's sheet Nf3, Black's sheet Nc3", SheetAlertText.describe(Words.EN,
                whitesMove));
    }

    @Test
    void aLiftedDiscrepancySaysTheMoveBothSheetsNowAgreeOn() {
        assertEquals("move 5 (Black): White's sheet Bb4, Black's sheet Bc5; corrected: both sheets Bb4",
                SheetAlertText.describe(Words.EN, discrepancy(true)));
        assertEquals("jugada 5 (negras): planilla de las blancas Bb4, planilla de las negras Bc5; corregida: ambas"
                + " planillas Bb4", SheetAlertText.describe(Words.ES, discrepancy(true)));
    }

    @Test
    void anAlertRecordedInWordsOnlyIsShownAsRecordedInEitherLanguage() {
        SheetLog.Alert old = new SheetLog.Alert(10, 5, "discrepancy", "move 5 (Black): White's sheet Bb4, Black's"
                + " sheet Bc5", true, null, null, null, null, "Bb4");
        assertFalse(old.structured());
        assertEquals("move 5 (Black): White's sheet Bb4, Black's sheet Bc5; corregida: ambas planillas Bb4",
                SheetAlertText.describe(Words.ES, old));
    }

    @Test
    void theSheetsPageListsEachBoardsAlertsInTheUsersLanguage() throws Exception {
        for (Words words : Words.values()) {
            Map<String, Object> board = new LinkedHashMap<>();
            board.put("board", 3);
            board.put("gameId", "open-r1-b3");
            board.put("white", "Pérez, Ana");
            board.put("black", "Ruiz, Luis");
            board.put("whiteCode", "W-123");
            board.put("blackCode", "B-456");
            board.put("alerts", List.of(SheetAlertText.shown(words, discrepancy(true)),
                    SheetAlertText.shown(words, illegal())));
            board.put("log", List.of(new SheetLog.Entry(1, null, null, "device-b", "BLACK", "a-1", "line", "ply 4: Qxh8",
                    "received")));
            board.put("whiteLines", "e4 c5");
            board.put("blackLines", "e4 Qxh8");
            String page = render(words, "sheets.html", Map.of("id", "open", "number", 1, "hall", "A", "boards",
                    List.of(board)));
            if (words == Words.ES) {
                assertTrue(page.contains("<li class=\"alert lifted\" data-move=\"5\">las dos planillas no coinciden:"
                        + " jugada 5 (negras): planilla de las blancas Bb4, planilla de las negras Bc5; corregida: ambas"
                        + " planillas Bb4</li>"), page);
                assertTrue(page.contains("<li class=\"alert\" data-move=\"2\">jugada ilegal anotada: jugada 2 en la"
                        + " planilla de las negras: Qxh8 no es una jugada legal ("), page);
                assertFalse(page.contains("sheet Bc5") || page.contains("corrected:"), page);
            } else {
                assertTrue(page.contains("<li class=\"alert lifted\" data-move=\"5\">the two sheets disagree: move 5"
                        + " (Black): White's sheet Bb4, Black's sheet Bc5; corrected: both sheets Bb4</li>"), page);
                assertTrue(page.contains("<li class=\"alert\" data-move=\"2\">illegal move written: move 2 on"
                        + " Black's sheet: Qxh8 is no legal move ("), page);
            }
        }
    }

    @Test
    void theClaimsPageListsTheStandingAlertsInTheUsersLanguage() throws Exception {
        for (Words words : Words.values()) {
            Map<String, Object> data = new HashMap<>();
            data.put("id", "open");
            data.put("number", 1);
            data.put("hall", "A");
            data.put("games", List.of());
            data.put("openCount", 0L);
            data.put("sheetAlerts", List.of(new Console.SheetAlert(3, 5, "discrepancy",
                    SheetAlertText.describe(words, discrepancy(false)))));
            data.put("penalties", Arbitration.catalogue(null));
            data.put("claimKinds", Console.CLAIM_KINDS);
            data.put("done", "");
            data.put("error", "");
            data.put("unreadable", "");
            Map<String, String> form = new HashMap<>();
            for (String key : List.of("claimBoard", "claimSide", "claimKind", "claimMove", "claimPly", "whiteClock",
                    "blackClock", "ruleBoard", "ruleDetails", "ruleSeconds")) {
                form.put(key, "");
            }
            data.put("form", form);
            String page = render(words, "claims.html", data);
            String expected = words == Words.ES
                    ? "data-board=\"3\" data-move=\"5\">Tablero 3: las dos planillas no coinciden: jugada 5 (negras):"
                    + " planilla de las blancas Bb4, planilla de las negras Bc5</li>"
                    : "data-board=\"3\" data-move=\"5\">Board 3: the two sheets disagree: move 5 (Black): White's"
                    + " sheet Bb4, Black's sheet Bc5</li>";
            assertTrue(page.contains(expected), words + ": " + page);
        }
    }

    private static String render(Words words, String template, Map<String, Object> extra) {
        var engine = Engine.builder().addDefaults().addValueResolver(new ReflectionValueResolver())
                .addLocator(RoundPageBenchmarkTest::template).build();
        Map<String, Object> data = new Console.Context(words, false, null, "/t/open/rounds/1/halls/A").data();
        data.putAll(extra);
        var instance = engine.getTemplate(template).instance();
        data.forEach(instance::data);
        // the console's pages escape HTML (an apostrophe as &#39;); this engine does not: the words are compared
        return instance.render().replace("&#39;", "'");
    }
}

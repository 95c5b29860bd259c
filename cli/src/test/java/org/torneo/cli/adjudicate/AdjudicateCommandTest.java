package org.torneo.cli.adjudicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

/**
 * {@code torneo adjudicate}: one script per defect of issue 22 (cli test resources, adjudicate/) reproduces the
 * corrected decision; bad script lines name the line and the field and exit 2.
 */
class AdjudicateCommandTest {

    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path resource(String name) throws Exception {
        try (InputStream in = AdjudicateCommandTest.class.getResourceAsStream("/adjudicate/" + name)) {
            Path file = dir.resolve(name);
            Files.write(file, in.readAllBytes());
            return file;
        }
    }

    /** The run's output: the event lines (parsed) and the result line. */
    private record Adjudication(CliRun run, List<JsonNode> events, String result) {

        JsonNode only(String type) {
            List<JsonNode> found = events.stream().filter(e -> e.get("type").asText().equals(type)).toList();
            assertEquals(1, found.size(), "one " + type + " expected in\n" + run.out());
            return found.get(0).get("event");
        }

        List<JsonNode> all(String type) {
            return events.stream().filter(e -> e.get("type").asText().equals(type)).map(e -> e.get("event")).toList();
        }
    }

    private Adjudication adjudicate(String ruleset, String script, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("adjudicate", "--ruleset", ruleset));
        for (String extra : more) {
            args.add(extra.endsWith(".json") ? resource(extra).toString() : extra);
        }
        args.add(resource(script).toString());
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.err());
        List<String> lines = run.out().lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("result: "), run.out());
        List<JsonNode> events = new java.util.ArrayList<>();
        for (String line : lines.subList(0, lines.size() - 1)) {
            events.add(JSON.readTree(line));
        }
        return new Adjudication(run, events, last);
    }

    @Test
    void defect1Fide2001WrongClaimIsPenalisedOnTheTimeAtTheClaim() throws Exception {
        // FIDE 2001 9.5b: 1:50 at the claim: set to one minute (50 s taken), opponent +3 min
        Adjudication a = adjudicate("2001-standard", "defect1-2001-wrong-claim.jsonl");
        JsonNode penalty = a.only("game.ClaimRejected").get("penalty");
        assertEquals(50_000, penalty.get("deductedFromOffenderMillis").asLong());
        assertEquals(180_000, penalty.get("addedToOpponentMillis").asLong());
        assertEquals("result: * IN_PROGRESS -", a.result());
    }

    @Test
    void defect1Fide1997WrongClaimWithNoReadingTheClockCoreTakesHalfOfTheClaimantsTime() throws Exception {
        // FIDE 1997 9.5b: White has 52:00 at the claim (8 minutes used): half, at most 3 minutes, taken by the clock
        Adjudication a = adjudicate("1997-standard", "defect1-1997-wrong-claim-no-reading.jsonl");
        assertTrue(a.only("game.ClaimRejected").get("penalty").get("claimantDeductionByTheClock").asBoolean());
        JsonNode deducted = a.only("clock.TimeDeducted");
        assertEquals("WHITE", deducted.get("side").asText());
        assertEquals(180_000, deducted.get("millis").asLong());
        assertEquals(180_000, a.only("clock.TimeAdded").get("millis").asLong());
    }

    @Test
    void defect2Fide1997BlitzTwoKnightsMateAKingHemmedInByItsPawn() throws Exception {
        Adjudication a = adjudicate("1997-blitz", "defect2-1997-blitz-mating-potential.jsonl");
        assertEquals("result: 1-0 FLAG_FALL FIDE 1997 6.9, C.4, B.6, B.7", a.result());
    }

    @Test
    void defect3Fide1997RapidTheFlagCountsWhenTheOpponentClaimsIt() throws Exception {
        Adjudication a = adjudicate("1997-rapid", "defect3-1997-rapid-flag-claim.jsonl");
        JsonNode refused = a.only("game.CommandRejected");
        assertEquals("FIDE 1997 B.6", refused.get("article").asText());
        assertEquals("result: 0-1 FLAG_FALL FIDE 1997 6.9, B.6, B.7", a.result());
    }

    @Test
    void defect4Fide1997BlitzIllegalMoveStandsAndTheBareKingsClaimDraws() throws Exception {
        Adjudication a = adjudicate("1997-blitz", "defect4-1997-blitz-illegal-move.jsonl");
        // seen by the arbiter, it stands (C.3, B.5); White's claim is then judged
        assertTrue(a.all("game.IllegalMoveRecorded").get(0).get("stands").asBoolean(), a.run().out());
        assertEquals("result: 1/2-1/2 ILLEGAL_MOVES FIDE 1997 C.3, C.4 (the claimant has no mating potential)",
                a.result());
    }

    @Test
    void defect5Fide2018NoScoreAboveTheGamesMaximum() throws Exception {
        Adjudication a = adjudicate("2018-standard", "defect5-2018-maximum-score.jsonl");
        assertTrue(a.only("game.CommandRejected").get("reason").asText().contains("maximum"), a.run().out());
        assertEquals("result: 1-0 ARBITER_DECISION FIDE 2018 12.9.4", a.result());
    }

    @Test
    void defect6Code1970FiftyMovesAreMovesMade() throws Exception {
        Adjudication a = adjudicate("1970-standard", "defect6-1970-fifty-moves.jsonl");
        assertTrue(a.only("game.CommandRejected").get("reason").asText().contains("already made"), a.run().out());
        assertEquals("result: 1/2-1/2 FIFTY_MOVES_CLAIM Code 1970 art. XII-4", a.result());
    }

    @Test
    void defect6Code1970FiftyMovesRaisedForAnnouncedMaterial() throws Exception {
        Adjudication a = adjudicate("1970-standard", "defect6-1970-raised-fifty-moves.jsonl", "--regulations",
                "raised-fifty-moves.json");
        assertTrue(a.only("game.ClaimRejected").get("reason").asText().contains("not 200"), a.run().out());
        assertEquals("result: * IN_PROGRESS -", a.result());
        // without the regulations, 60 moves each draw
        assertEquals("result: 1/2-1/2 FIFTY_MOVES_CLAIM Code 1970 art. XII-4",
                adjudicate("1970-standard", "defect6-1970-raised-fifty-moves.jsonl").result());
    }

    @Test
    void defect6Code1970NoRepetitionClaimOnMovesNotRecordedInTime() throws Exception {
        Adjudication a = adjudicate("1970-standard", "defect6-1970-unrecorded-moves.jsonl");
        assertEquals("Code 1970 art. XIII-2", a.only("game.CommandRejected").get("article").asText());
        assertEquals("result: 1/2-1/2 THREEFOLD_CLAIM Code 1970 art. XII-3", a.result());
    }

    @Test
    void defect7Fide1997AppendixDNoArbiterPresentTheClaimEndsTheGame() throws Exception {
        Adjudication a = adjudicate("1997-standard", "defect7-1997-no-arbiter-claim.jsonl", "--regulations",
                "no-arbiter-present.json");
        List<JsonNode> refused = a.all("game.CommandRejected");
        assertEquals(2, refused.size(), a.run().out());
        assertEquals("FIDE 1997 D", refused.get(0).get("article").asText());
        assertEquals("FIDE 1997 D", refused.get(1).get("article").asText());
        // the claimant stopped the clocks (FIDE 1997 10.2): the clock core records the pause, held (as in the clock
        // service) until it has seen the claim's two presses, which this e-board script never sends; no flag fell
        assertTrue(a.events().stream().anyMatch(e -> e.get("type").asText().equals("clock.PauseHeld")), a.run().out());
        assertTrue(a.events().stream().noneMatch(e -> e.get("type").asText().endsWith("FlagFell")), a.run().out());
        assertEquals("result: 1/2-1/2 ARBITER_DECISION FIDE 1997 D", a.result());
    }

    @Test
    void defect8Fide1997TouchMoveIsAClaimAndTheSanctionsAreThoseOf13_4() throws Exception {
        Adjudication a = adjudicate("1997-standard", "defect8-1997-touch-move-and-sanctions.jsonl");
        assertEquals("FIDE 1997 4.6", a.only("game.MovesTakenBack").get("article").asText());
        List<JsonNode> refused = a.all("game.CommandRejected");
        assertEquals(2, refused.size(), a.run().out());
        assertTrue(refused.get(0).get("reason").asText().contains("g1 must be moved"), a.run().out());
        assertEquals("FIDE 1997 13.4", refused.get(1).get("article").asText());
        assertEquals("result: * IN_PROGRESS -", a.result());
    }

    @Test
    void defect8Fide2018BothFlagsDrawOnlyUnderTheAnnouncedGuidelinesIII() throws Exception {
        Adjudication silent = adjudicate("2018-standard", "defect8-2018-both-flags.jsonl");
        assertEquals("FIDE 2018 III.2.1", silent.only("game.CommandRejected").get("article").asText());
        assertEquals("result: * IN_PROGRESS -", silent.result());
        Adjudication announced = adjudicate("2018-standard", "defect8-2018-both-flags.jsonl", "--regulations",
                "guidelines-iii-announced.json");
        assertEquals("result: 1/2-1/2 BOTH_FLAGS_FELL FIDE 2018 III.3.1", announced.result());
    }

    @Test
    void defect9Fide1997EnPassantWrittenApart() throws Exception {
        Adjudication a = adjudicate("1997-standard", "defect9-1997-en-passant.jsonl");
        List<JsonNode> moves = a.all("game.MovePlayed");
        assertEquals(5, moves.size(), a.run().out());
        assertEquals("e5f6", moves.get(4).get("uci").asText());
    }

    @Test
    void theClockCoreRunsBesideTheGameAndItsFlagReachesTheGame() throws Exception {
        Adjudication a = adjudicate("2018-blitz", "clock-2018-blitz-flag.jsonl");
        JsonNode flag = a.only("clock.FlagFell");
        assertEquals("WHITE", flag.get("side").asText());
        assertEquals("result: 0-1 FLAG_FALL FIDE 2018 6.9", a.result());
        // the resignation after the flag fall is refused: the game was over
        assertTrue(a.only("game.CommandRejected").get("reason").asText().contains("over"), a.run().out());
    }

    @Test
    void theHelpDocumentsTheScriptFormatWithAWorkedExample() {
        CliRun run = CliRun.run("adjudicate", "--help");
        assertEquals(0, run.code());
        assertTrue(run.out().contains("Worked example"), run.out());
        assertTrue(run.out().contains("\"actor\""), run.out());
        assertTrue(CliRun.run("help").out().contains("adjudicate"));
    }

    @Test
    void aBadScriptLineNamesTheLineAndTheFieldAndExitsTwo() throws Exception {
        Path script = dir.resolve("bad.jsonl");
        Files.writeString(script, """
                # a comment
                {"at":"2026-05-01T15:00:10Z","actor":{"role":"BOARD","id":"b"},"type":"game.SubmitMove","payload":{"move":"e4","source":"BOARD"}}
                {"at":"2026-05-01T15:00:20Z","actor":{"role":"KING","id":"b"},"type":"game.SubmitMove","payload":{"move":"e5","source":"BOARD"}}
                """, StandardCharsets.UTF_8);
        CliRun run = CliRun.run("adjudicate", "--ruleset", "2018-standard", script.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("line 3: field 'actor.role'"), run.err());
        assertEquals("", run.out(), "nothing is played from a bad script");

        Files.writeString(script, """
                {"at":"2026-05-01T15:00:10Z","actor":{"role":"BOARD","id":"b"},"type":"game.SubmitMove","payload":{"source":"BOARD"}}
                """, StandardCharsets.UTF_8);
        CliRun missing = CliRun.run("adjudicate", "--ruleset", "2018-standard", script.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("line 1: field 'payload'") && missing.err().contains("move"), missing.err());

        Files.writeString(script, """
                {"at":"2026-05-01T15:00:10Z","actor":{"role":"BOARD","id":"b"},"type":"game.SubmitMove","payload":{"move":"e4","source":"BOARD"}}
                {"at":"2026-05-01T15:00:00Z","actor":{"role":"BOARD","id":"b"},"type":"game.SubmitMove","payload":{"move":"e5","source":"BOARD"}}
                {"at":"2026-05-01T15:00:30Z","who":"me"}
                """, StandardCharsets.UTF_8);
        assertTrue(CliRun.run("adjudicate", "--ruleset", "2018-standard", script.toString()).err()
                .contains("line 2: field 'at'"));
        assertEquals(2, CliRun.run("adjudicate", "--ruleset", "1997-bullet", script.toString()).code());
        assertTrue(CliRun.run("adjudicate", "--ruleset", "1997-bullet", script.toString()).err()
                .contains("category"));
    }
}

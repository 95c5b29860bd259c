package org.torneo.cli.adjudicate;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.torneo.cli.Command;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.game.GameState;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code adjudicate --ruleset EDITION-CATEGORY [--regulations FILE] SCRIPT}: plays a script of game commands through
 * the game decider, and the clock core when the game has a time control, offline and exactly as the game and clock
 * services would decide them; prints every decided event as one JSON line, then the result line. The appeals
 * committee's tool: "replay this game under 1997 blitz and show me the decision". The script format is in
 * {@link #SCRIPT_FORMAT}.
 */
@CommandLine.Command(name = "adjudicate",
        description = "replay a game's commands under an edition and show every decision",
        footer = AdjudicateCommand.SCRIPT_FORMAT)
public final class AdjudicateCommand extends Command {

    /** The usage's footer: what the command prints, the script format and a worked example. */
    static final String SCRIPT_FORMAT = """

            Plays a game's commands through the game decider (and the clock core when the game has a time
            control) offline, as the game and clock services would, and prints each decided event as one JSON
            line, then a last line:  result: <1-0|0-1|1/2-1/2|0-0|*> <reason> <article>

            SCRIPT         JSON lines, one command each, in the shape of the body of POST /games/{id}/commands
                           ("type", "payload") plus who acts and when:
                             "type"    a game command of the catalogue, e.g. game.SubmitMove, game.ClaimDraw
                             "payload" its payload as the REST route takes it (its observedAt is the line's "at")
                             "actor"   {"role": PLAYER|ARBITER|ORGANISER|BOARD|EBOARD|SYSTEM, "id": "..."}: offline the
                                       script says who acts (online the token does); the players are "white" and
                                       "black" unless a first game.StartGame line names others; the clock service
                                       is {"role": "SYSTEM", "id": "clock"}
                             "at"      the instant, ISO-8601 UTC (e.g. 2026-05-01T15:00:10Z), never before the line
                                       above
                           Blank lines and lines starting with # are skipped. Without a first game.StartGame line
                           the game starts from the initial position at the first line's instant; a StartGame line
                           may give initialFen, timeControl (then the clock core runs: presses, penalties and flag
                           falls are decided by it as by the clock service) and the players; --ruleset and
                           --regulations replace its own.

            Worked example (1997 blitz, C.3 and C.4): script.jsonl holds
              {"at":"2026-05-01T15:00:00Z","actor":{"role":"ARBITER","id":"a"},"type":"game.StartGame","payload":{"tournamentId":"appeal","round":1,"board":1,"whitePlayerId":"white","blackPlayerId":"black","initialFen":"8/p7/8/8/8/4k3/8/4K3 b - - 0 60"}}
              {"at":"2026-05-01T15:00:05Z","actor":{"role":"EBOARD","id":"e1"},"type":"game.SubmitMove","payload":{"move":"e3e2","source":"EBOARD"}}
              {"at":"2026-05-01T15:00:07Z","actor":{"role":"PLAYER","id":"white"},"type":"game.ReportIllegalMove","payload":{"ply":1,"reportedBy":"WHITE","details":"king next to king"}}
            ./torneo adjudicate --ruleset 1997-blitz script.jsonl prints
              {"line":1,"stream":"game","type":"game.GameStarted","event":{...}}
              {"line":2,"stream":"game","type":"game.IllegalMoveRecorded","event":{...,"stands":true,...}}
              {"line":3,"stream":"game","type":"results.GameEnded","event":{...,"result":"DRAW",...}}
              result: 1/2-1/2 ILLEGAL_MOVES FIDE 1997 C.3, C.4 (the claimant has no mating potential)
            (White, a bare king, has no mating potential: his claim of the win gives a draw.)

            Exit 0 when the script was played (refused commands are decisions too: game.CommandRejected lines);
            2 for bad usage or a bad script line (the line number and the field are named; nothing is played).""";

    private static final Set<String> LINE_FIELDS = Set.of("type", "payload", "actor", "at");

    private final ObjectMapper json = new ObjectMapper();
    private final JsonCodec codec = JsonCodec.standard();

    @Option(names = "--ruleset", required = true, paramLabel = "EDITION-CATEGORY", description = {
            "the Laws: EDITION one of 1970 (the FIDE Code), 1997, 2001, 2018 (also written CODE_1970, FIDE_1997, ...),",
            "CATEGORY one of standard, rapid, blitz; e.g. 1997-blitz"})
    String rulesetText;

    @Option(names = "--regulations", paramLabel = "FILE", description = {
            "a JSON file with the event's regulations (the StartGame's \"regulations\"), e.g. {\"drawOffersFromMove\": 0,"
                    + " \"adequateSupervision\": false, \"quickplayFinish\": \"DRAW_CLAIMS\"} (quickplayFinish:"
                    + " NOT_ANNOUNCED, DRAW_CLAIMS or INCREMENT_ON_REQUEST); default: none of them"})
    String regulationsFile;

    @Parameters(paramLabel = "SCRIPT", description = "the game's commands, one JSON object a line (below)")
    String script;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        Ruleset ruleset = ruleset(rulesetText);
        JsonNode regulations = regulationsFile == null ? null : regulations(regulationsFile);
        List<Step> steps = steps(script, ruleset, regulations);
        new Replay(codec, out).play(steps);
        return 0;
    }

    // ------------------------------------------------------------------------------------------------ options

    /** EDITION-CATEGORY: "1997-blitz", "FIDE_1997-BLITZ", "code1970-standard". */
    static Ruleset ruleset(String text) {
        int dash = text.lastIndexOf('-');
        if (dash <= 0 || dash == text.length() - 1) {
            throw new UsageException("--ruleset " + text + ": expected EDITION-CATEGORY, e.g. 1997-blitz or "
                    + "FIDE_2018-STANDARD");
        }
        String edition = text.substring(0, dash).replaceAll("[^0-9]", "");
        Ruleset.Edition e = switch (edition) {
            case "1970" -> Ruleset.Edition.CODE_1970;
            case "1997" -> Ruleset.Edition.FIDE_1997;
            case "2001" -> Ruleset.Edition.FIDE_2001;
            case "2018" -> Ruleset.Edition.FIDE_2018;
            default -> throw new UsageException("--ruleset " + text + ": the edition '" + text.substring(0, dash)
                    + "' is not one of 1970, 1997, 2001, 2018");
        };
        String category = text.substring(dash + 1).toUpperCase(Locale.ROOT);
        try {
            return new Ruleset(e, Ruleset.Category.valueOf(category));
        } catch (IllegalArgumentException bad) {
            throw new UsageException("--ruleset " + text + ": the category '" + text.substring(dash + 1)
                    + "' is not one of standard, rapid, blitz");
        }
    }

    private JsonNode regulations(String file) {
        JsonNode node;
        try {
            node = json.readTree(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new UsageException("--regulations " + file + ": not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UsageException("--regulations " + file + ": cannot read the file (" + e.getMessage() + ")");
        }
        if (node == null || !node.isObject()) {
            throw new UsageException("--regulations " + file + ": a JSON object of the event's regulations expected");
        }
        return node;
    }

    // ------------------------------------------------------------------------------------------------ the script

    /** One command of the script: its line number, who acts and the command (its observedAt is the line's). */
    record Step(int line, Actor actor, GameCommand command) {
    }

    private List<Step> steps(String script, Ruleset ruleset, JsonNode regulations) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(script), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException(script + ": cannot read the script (" + e.getMessage() + ")");
        }
        List<Step> steps = new ArrayList<>();
        Instant previous = null;
        int previousLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            int number = i + 1;
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            ScriptLine line = read(script, number, text);
            if (previous != null && line.at.isBefore(previous)) {
                throw bad(script, number, "at", line.at + " is before the instant of line " + previousLine + " ("
                        + previous + "): the script runs forward in time");
            }
            boolean start = line.type.equals(typeName(GameCommand.StartGame.class));
            if (start && !steps.isEmpty()) {
                throw bad(script, number, "type", "game.StartGame may only be the first command of the script");
            }
            if (steps.isEmpty() && !start) {
                steps.add(new Step(0, new Actor(Actor.Role.ARBITER, "arbiter"), startGame(script, number, ruleset,
                        regulations, json.createObjectNode().put("tournamentId", "adjudication").put("round", 1)
                                .put("board", 1).put("whitePlayerId", "white").put("blackPlayerId", "black"),
                        line.at)));
            }
            GameCommand command = start ? startGame(script, number, ruleset, regulations, line.payload, line.at)
                    : command(script, number, line.type, line.payload, line.at);
            steps.add(new Step(number, line.actor, command));
            previous = line.at;
            previousLine = number;
        }
        if (steps.isEmpty()) {
            throw new UsageException(script + ": the script has no command");
        }
        return steps;
    }

    private record ScriptLine(String type, ObjectNode payload, Actor actor, Instant at) {
    }

    private ScriptLine read(String script, int number, String text) {
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UsageException(script + " line " + number + ": not a JSON object: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new UsageException(script + " line " + number + ": a JSON object {\"type\", \"payload\", \"actor\", "
                    + "\"at\"} expected");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!LINE_FIELDS.contains(name)) {
                throw bad(script, number, name, "unknown field (a line has type, payload, actor and at)");
            }
        }
        JsonNode type = node.get("type");
        if (type == null || !type.isTextual() || type.asText().isBlank()) {
            throw bad(script, number, "type", "missing: a game command type, e.g. game.SubmitMove");
        }
        JsonNode payload = node.get("payload");
        if (payload == null || !payload.isObject()) {
            throw bad(script, number, "payload", "missing or not a JSON object (the command's payload)");
        }
        JsonNode at = node.get("at");
        if (at == null || !at.isTextual()) {
            throw bad(script, number, "at", "missing: the instant, ISO-8601 UTC, e.g. 2026-05-01T15:00:10Z");
        }
        Instant instant;
        try {
            instant = Instant.parse(at.asText());
        } catch (DateTimeParseException e) {
            throw bad(script, number, "at", "'" + at.asText() + "' is not an ISO-8601 UTC instant, e.g. "
                    + "2026-05-01T15:00:10Z");
        }
        return new ScriptLine(type.asText(), (ObjectNode) payload.deepCopy(), actor(script, number, node.get("actor")),
                instant);
    }

    private static Actor actor(String script, int number, JsonNode node) {
        if (node == null || !node.isObject()) {
            throw bad(script, number, "actor", "missing: {\"role\": PLAYER|ARBITER|ORGANISER|BOARD|EBOARD|SYSTEM, "
                    + "\"id\": \"...\"}");
        }
        JsonNode role = node.get("role");
        JsonNode id = node.get("id");
        if (role == null || !role.isTextual()) {
            throw bad(script, number, "actor.role", "missing: one of PLAYER, ARBITER, ORGANISER, BOARD, EBOARD, SYSTEM");
        }
        if (id == null || !id.isTextual() || id.asText().isBlank()) {
            throw bad(script, number, "actor.id", "missing: who acts, e.g. \"white\"");
        }
        try {
            return new Actor(Actor.Role.valueOf(role.asText()), id.asText());
        } catch (IllegalArgumentException e) {
            throw bad(script, number, "actor.role", "'" + role.asText() + "' is not one of PLAYER, ARBITER, "
                    + "ORGANISER, BOARD, EBOARD, SYSTEM");
        }
    }

    private GameCommand startGame(String script, int number, Ruleset ruleset, JsonNode regulations,
                                  ObjectNode payload, Instant at) {
        ObjectNode start = payload.deepCopy();
        start.set("ruleset", json.createObjectNode().put("edition", ruleset.edition().name())
                .put("category", ruleset.category().name()));
        if (regulations != null) {
            start.set("regulations", regulations);
        }
        return command(script, number, typeName(GameCommand.StartGame.class), start, at);
    }

    /** The command as the game service's REST route reads it: the codec's checks, observedAt set to the instant. */
    private GameCommand command(String script, int number, String type, ObjectNode payload, Instant at) {
        var entry = codec.catalog().byType(type).orElse(null);
        if (entry == null || !entry.isCommand() || !GameCommand.class.isAssignableFrom(entry.javaType())) {
            throw bad(script, number, "type", "'" + type + "' is not a game command of the catalogue (e.g. "
                    + "game.SubmitMove, game.ClaimDraw, game.ArbiterRuling)");
        }
        payload.put("observedAt", at.toString());
        CommandMessage command;
        try {
            command = codec.readCommand(type, payload);
        } catch (DecodingException e) {
            throw bad(script, number, "payload", e.getMessage());
        }
        return (GameCommand) command;
    }

    private static UsageException bad(String script, int number, String field, String why) {
        return new UsageException(script + " line " + number + ": field '" + field + "': " + why);
    }

    static String typeName(Class<?> type) {
        MessageType annotation = type.getAnnotation(MessageType.class);
        return annotation == null ? type.getSimpleName() : annotation.name();
    }

    /** The last line: the result, its reason and article; "*" while the game is not over. */
    static String resultLine(GameState state) {
        if (state.isCancelled()) {
            return "result: * CANCELLED_BY_PAIRING_CORRECTION " + state.cancelled().article();
        }
        if (!state.isOver()) {
            return "result: * " + (state.phase() == GameState.Phase.ADJOURNED ? "ADJOURNED" : "IN_PROGRESS") + " -";
        }
        GameEnded ended = state.ended();
        return "result: " + score(ended.whiteHalfPoints()) + "-" + score(ended.blackHalfPoints()) + " "
                + ended.reason() + " " + (ended.article().isBlank() ? "-" : ended.article());
    }

    private static String score(int halfPoints) {
        return switch (halfPoints) {
            case 0 -> "0";
            case 1 -> "1/2";
            case 2 -> "1";
            default -> halfPoints + "/2";
        };
    }
}

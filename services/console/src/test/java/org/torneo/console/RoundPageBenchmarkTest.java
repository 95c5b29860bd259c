package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.qute.Engine;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator;
import io.quarkus.qute.Variant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.PairingWarning;

/**
 * How long the console's round (pairing) page of a 5,000-player open takes to render (issue 18: the pairing page of a
 * round within 1 s): 2,500 boards in four halls, every board's game with a result, a change by hand with its
 * warnings. Timed through the console's own code from the services' answers on: the pairing service's round and
 * players (JSON as its routes send them, parsed as the REST client does), the game service's results, the page's data
 * built ({@code Console.hallBoards}, {@code byeLines}, {@code playerNames}, the change's warnings in words) and the
 * round template rendered by Qute (the same templates, an engine of its own). Not timed: the HTTP calls to the
 * services and their database reads (the feed's FeedLatencyBenchmarkTest and the scoresheet benchmark measure the
 * stack). Prints p50/p95/max; asserts only that the page is whole.
 *
 * <p>{@code ./mvnw -pl services/console test -Pslow -Dtest=RoundPageBenchmarkTest [-Dround.bench.players=5000]}
 */
@Tag("slow")
class RoundPageBenchmarkTest {

    private static final int PLAYERS = Integer.getInteger("round.bench.players", 5000);
    private static final int RUNS = Integer.getInteger("round.bench.runs", 30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theRoundPageOfA5000PlayerOpen() throws Exception {
        int boards = PLAYERS / 2;
        String[] halls = {"Hall A", "Hall B", "Hall C", "Hall D"};
        // the pairing service's answers, as its routes write them
        ArrayNode players = JSON.createArrayNode();
        for (int i = 1; i <= PLAYERS; i++) {
            players.addObject().put("playerId", "p" + i).put("name", "Jugador " + i + ", Nombre").put("rating",
                    2700 - i / 3).put("title", i < 50 ? "GM" : "").put("federation", "ESP");
        }
        ObjectNode round = JSON.createObjectNode().put("tournamentId", "open-5000").put("round", 5).put("closed", false);
        ObjectNode byHall = round.putObject("halls");
        Map<Integer, String> decided = new HashMap<>();
        String[] results = {"WHITE_WINS", "BLACK_WINS", "DRAW", "WHITE_WINS_BY_FORFEIT"};
        for (int b = 1; b <= boards; b++) {
            String hall = halls[Math.min(halls.length - 1, (b - 1) / (boards / halls.length))];
            ArrayNode list = byHall.has(hall) ? (ArrayNode) byHall.get(hall) : byHall.putArray(hall);
            String result = results[b % results.length];
            ObjectNode board = list.addObject().put("board", b).put("white", "p" + b).put("black", "p" + (PLAYERS + 1 - b));
            // the pairing service has most results already; some boards are ahead on the game service
            if (b % 10 == 0) {
                board.putNull("result");
            } else {
                board.put("result", result.replace("_BY_FORFEIT", ""));
            }
            board.put("played", !result.endsWith("FORFEIT"));
            decided.put(b, result);
        }
        round.putArray("byes");
        String roundJson = JSON.writeValueAsString(round);
        String playersJson = JSON.writeValueAsString(players);
        List<PairingWarning> warnings = List.of(new PairingWarning("C3", "SAME_COLOUR_THREE_TIMES", 7, List.of("p7"),
                "WWW"), new PairingWarning("C6-C7", "SCORE_DIFFERENCE", 9, List.of("p9", "p4992"), "1"));

        Engine engine = Engine.builder().addDefaults().addValueResolver(new ReflectionValueResolver())
                .addLocator(RoundPageBenchmarkTest::template).build();
        Template template = engine.getTemplate("round.html");

        List<Long> micros = new ArrayList<>();
        String page = "";
        for (int run = 0; run < 10 + RUNS; run++) {
            long start = System.nanoTime();
            Words words = run % 2 == 0 ? Words.ES : Words.EN;
            JsonNode r = JSON.readTree(roundJson);
            Map<String, String> names = Console.playerNames(JSON.readTree(playersJson));
            Map<String, Object> data = new Console.Context(words, false, null, "/t/open-5000/rounds/5").data();
            data.put("id", "open-5000");
            data.put("name", "Open 5000");
            data.put("number", 5);
            data.put("closed", false);
            data.put("halls", Console.hallBoards(words, r, names, decided, hall -> true));
            data.put("byes", Console.byeLines(words, r, names));
            data.put("mayClose", true);
            data.put("mayCorrect", true);
            data.put("changes", List.of(new Views.ChangeLine(Instant.EPOCH.toString(), Instant.EPOCH.toString(), "chief", "swap", "reason",
                    warnings.stream().map(w -> HandChangeWarnings.describe(words, w, id -> names.getOrDefault(id, id)))
                            .toList())));
            data.put("mayChange", true);
            data.put("done", "");
            data.put("error", "");
            var instance = template.instance();
            data.forEach(instance::data);
            page = instance.render();
            long took = (System.nanoTime() - start) / 1000;
            if (run >= 10) {
                micros.add(took);
            }
        }
        long[] sorted = micros.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("round page, %d players (%d boards in %d halls), %d runs after 10 warm-up: p50 %.1f ms,"
                        + " p95 %.1f ms, max %.1f ms; page %,d bytes%n", PLAYERS, boards, halls.length, RUNS,
                sorted[sorted.length / 2] / 1000.0, sorted[(int) Math.ceil(sorted.length * 0.95) - 1] / 1000.0,
                sorted[sorted.length - 1] / 1000.0, page.length());
        // whole: every board's row, the last player's name, the change's warnings, the end of the page
        assertEquals(boards, page.split("id=\"board-row-", -1).length - 1, "every board has its row");
        assertTrue(page.contains("Jugador " + PLAYERS + ", Nombre"), "the last player by name");
        assertTrue(page.contains("class=\"warning\""), "the change's warnings");
        assertTrue(page.strip().endsWith("</html>"), page.substring(Math.max(0, page.length() - 200)));
        String whole = page;
        assertTrue(Arrays.stream(halls).allMatch(whole::contains), "every hall");
    }

    /** The console's templates from the class path, as Quarkus finds them (templates/NAME, NAME.html). */
    static Optional<TemplateLocator.TemplateLocation> template(String id) {
        for (String name : List.of(id, id + ".html")) {
            InputStream in = RoundPageBenchmarkTest.class.getResourceAsStream("/templates/" + name);
            if (in != null) {
                String text;
                try (in) {
                    text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                return Optional.of(new TemplateLocator.TemplateLocation() {
                    @Override
                    public Reader read() {
                        return new StringReader(text);
                    }

                    @Override
                    public Optional<Variant> getVariant() {
                        return Optional.empty();
                    }
                });
            }
        }
        return Optional.empty();
    }
}

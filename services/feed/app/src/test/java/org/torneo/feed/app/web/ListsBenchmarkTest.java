package org.torneo.feed.app.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedModel;

/**
 * How long the printed lists of a 5,000-player open take to render (issue 18: the alphabetical list within 1 s,
 * the standings within 500 ms), through the routes' own methods on the feed's model: the snapshot under the
 * model's lock, the list built, the HTML written. Prints the figures; asserts only that the pages are whole.
 *
 * <p>{@code ./mvnw -o -pl services/feed/app test -Pslow -Dtest=ListsBenchmarkTest [-Dlists.bench.players=5000]}
 */
@Tag("slow")
class ListsBenchmarkTest {

    private static final String T = "open-5000";
    private static final int PLAYERS = Integer.getInteger("lists.bench.players", 5000);
    private static final int ROUNDS = 9;
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    @Test
    void theListsOfA5000PlayerOpen() throws Exception {
        long built = System.nanoTime();
        int boards = PLAYERS / 2;
        given(T, new TournamentEvent.TournamentCreated(T, "c-1", Chain.ARBITER, Chain.T0, "Open de 5.000",
                PairingSystemKind.DUTCH, ROUNDS, org.torneo.contracts.tournament.Scoring.classic(), "fide-2018",
                List.of(new Hall("Hall A", 1, 1000), new Hall("Hall B", 1001, 2000), new Hall("Hall C", 2001, 10_000)),
                null, List.of("BH-1", "BH", "SB")));
        String[] surnames = {"Álvarez", "Bravo", "Castro", "Díaz", "Éguez", "Fernández", "García", "Hernández",
            "Íñiguez", "Jiménez", "López", "Martínez", "Núñez", "Ñíguez", "Ortega", "Pérez", "Quintana", "Ruiz",
            "Sánchez", "Torres", "Úbeda", "Vázquez", "Zapata"};
        String[] given = {"Ana", "Bruno", "Carla", "David", "Elena", "Félix", "Gema", "Hugo", "Inés", "Jorge"};
        Map<String, Integer> numbers = new HashMap<>();
        for (int i = 1; i <= PLAYERS; i++) {
            String name = surnames[(i * 7) % surnames.length] + " " + surnames[(i * 13) % surnames.length] + ", "
                    + given[i % given.length] + " " + i;
            given(T, Chain.player(T, "p" + i, name, 2700 - (i * 1700 / PLAYERS)));
            numbers.put("p" + i, i);
        }
        given(T, new TournamentEvent.PairingNumbersAssigned(T, "c-n", Chain.ARBITER, Chain.T0, numbers));
        // rounds 1-8 played and round 9 half played: each round a different deterministic pairing
        for (int round = 1; round <= ROUNDS; round++) {
            List<Board> list = rotation(round, boards);
            given(T, Chain.paired(T, round, list, List.of()));
            int played = round == ROUNDS ? boards / 2 : boards;
            for (int b = 0; b < played; b++) {
                Board board = list.get(b);
                GameResult result = switch ((b + round) % 3) {
                    case 0 -> GameResult.WHITE_WINS;
                    case 1 -> GameResult.DRAW;
                    default -> GameResult.BLACK_WINS;
                };
                given(T, Chain.ended(T + "-r" + round + "-b" + board.number(), T, round, board.number(), board.white(),
                        board.black(), result));
            }
        }
        List<RatingEvent.StandingRow> rows = new ArrayList<>(PLAYERS);
        for (int i = 1; i <= PLAYERS; i++) {
            rows.add(new RatingEvent.StandingRow(i, "p" + i, i, List.of(String.valueOf((PLAYERS - i) * 9 / PLAYERS),
                    String.valueOf(40 - i % 20), String.valueOf(45 - i % 20), String.valueOf(30 - i % 17))));
        }
        given(T, new RatingEvent.StandingsComputed(T, ROUNDS - 1, "2024", List.of("PTS", "BH-1", "BH", "SB"), rows,
                Chain.T0.plusSeconds(7200)));
        System.out.printf("lists benchmark: %d players, %d rounds of %d boards built in %d ms%n", PLAYERS, ROUNDS,
                boards, (System.nanoTime() - built) / 1_000_000);

        Prints prints = Templates.fill(new Prints());
        prints.model = model;
        Pages pages = Templates.fill(new Pages());
        pages.model = model;
        Map<String, Supplier<String>> cases = new java.util.LinkedHashMap<>();
        cases.put("alphabetical list (es, round 9)", () -> prints.list(T, "alphabetical", "9", null, "es", null));
        cases.put("alphabetical list (en, round 9)", () -> prints.list(T, "alphabetical", "9", null, "en", null));
        cases.put("standings (print)", () -> prints.list(T, "standings", null, null, "es", null));
        cases.put("standings (page)", () -> pages.standings(T, "es", null));
        cases.put("pairings by board (print)", () -> prints.list(T, "pairings", "9", null, "es", null));
        cases.put("round page", () -> pages.round(T, "9", null, "es", null));
        cases.put("crosstable (print)", () -> prints.list(T, "crosstable", null, null, "es", null));
        Screens screens = Templates.fill(new Screens());
        screens.model = model;
        cases.put("hall screen (Hall C)", () -> screens.screen(T, "Hall C", null, null, "es", null));
        for (var c : cases.entrySet()) {
            long[] millis = new long[15];
            int size = 0;
            for (int warm = 0; warm < 5; warm++) {
                size = c.getValue().get().length();
            }
            for (int i = 0; i < millis.length; i++) {
                long start = System.nanoTime();
                String page = c.getValue().get();
                millis[i] = (System.nanoTime() - start) / 1_000_000;
                assertTrue(page.endsWith("</html>"), c.getKey());
            }
            Arrays.sort(millis);
            String line = String.format("lists benchmark: %-34s %6d KiB  min %4d ms  median %4d ms  max %4d ms",
                    c.getKey(), size / 1024, millis[0], millis[millis.length / 2], millis[millis.length - 1]);
            System.out.println(line);
        }
        String load = Files.readString(Path.of("/proc/loadavg")).strip();
        System.out.println("lists benchmark: load average (1, 5, 15 min, /proc/loadavg): " + load + "; "
                + Runtime.getRuntime().availableProcessors() + " processors");
    }

    /** Round {@code round}'s boards: every player once, a different opponent each round (a circle rotation). */
    private static List<Board> rotation(int round, int boards) {
        int n = boards * 2;
        List<Board> out = new ArrayList<>(boards);
        for (int b = 0; b < boards; b++) {
            int a = b == 0 ? 0 : 1 + (b - 1 + round) % (n - 1);
            int c = 1 + (n - 2 - b + round) % (n - 1);
            String white = "p" + (a + 1);
            String black = "p" + (c + 1);
            out.add(round % 2 == 0 ? new Board(b + 1, null, white, black) : new Board(b + 1, null, black, white));
        }
        return out;
    }
}

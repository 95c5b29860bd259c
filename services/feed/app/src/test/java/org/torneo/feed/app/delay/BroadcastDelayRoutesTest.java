package org.torneo.feed.app.delay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.RouteTable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * Given an organiser's broadcast delay, when every public route of the feed is asked (every JAX-RS GET method of every
 * resource class in the app, found by scanning its classes, with every printed list and hall-screen view; the SSE
 * stream; the README's other public feed routes must be these), then none returns a move younger than the delay
 * (measured on the move's recorded instant against the feed's clock, which the test moves), and the moves appear
 * once old enough. In the after-the-game mode nothing of a game's play is public before it ends.
 */
class BroadcastDelayRoutesTest {

    private static final String T = "open-delay";
    private static final Instant NOW = Instant.parse("2026-05-01T17:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Moves of the games below that are younger than 15 minutes at NOW: their SAN, UCI and the FEN after them. */
    private static final List<String> YOUNG = List.of("Nf3", "g1f3", Chain.FEN_NF3.split(" ")[0], "Nh3", "g1h3",
            "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R");
    private static final String[] LISTS = {"players", "checkin", "pairings", "alphabetical", "results", "standings",
        "crosstable", "grid"};

    private final MovableClock clock = new MovableClock(NOW);
    private final FeedModel model = new FeedModel(clock);
    private final Chain chain = new Chain();

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    private void given(String aggregate, EventMessage event, Instant recordedAt) {
        model.apply(chain.seal(aggregate, event, recordedAt));
    }

    private static Instant minutesAgo(int minutes) {
        return NOW.minus(Duration.ofMinutes(minutes));
    }

    /** Round 1: board 1 has an old 1.e4 e5 and a young 2.Nf3 and a young draw offer; board 2 a young 1.Nh3 and result. */
    private void givenARoundUnder(BroadcastDelayMode mode, int seconds) {
        given(T, Chain.created(T, "Open Diferido", List.of(new Hall("A", 1, 2))));
        for (int i = 1; i <= 4; i++) {
            given(T, Chain.player(T, "p" + i, "Player " + i, 2300 - 10 * i));
        }
        given(T, new TournamentEvent.BroadcastDelaySet(T, "c-delay", Chain.ARBITER, Chain.T0, mode, seconds));
        given(T, Chain.paired(T, 1, List.of(new Board(1, "A", "p1", "p2"), new Board(2, "A", "p3", "p4")), List.of()));
        given("g1", Chain.started(T, 1, 1, "p1", "p2", "A"));
        given("g2", Chain.started(T, 1, 2, "p3", "p4", "A"));
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_400_000, 5_400_000, minutesAgo(30)), minutesAgo(30));
        given("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_390_000, 5_380_000, minutesAgo(20)), minutesAgo(20));
        given("g1", Chain.move(3, "Nf3", "g1f3", Chain.FEN_NF3, 5_100_000, 5_380_000, minutesAgo(5)), minutesAgo(5));
        given("g1", new ClaimEvent.DrawOffered(Side.WHITE, 3, true, false, minutesAgo(4)), minutesAgo(4));
        given("g2", Chain.move(1, "Nh3", "g1h3", "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
                5_300_000, 5_400_000, minutesAgo(3)), minutesAgo(3));
        given(T, ResultEvent.GameEnded.of("g2", T, 1, 2, "p3", "p4", GameResult.BLACK_WINS, EndReason.RESIGNATION,
                "FIDE 2018 5.1.2", true, minutesAgo(2)), minutesAgo(2));
    }

    @Test
    void withAFifteenMinuteDelayNoPublicRouteOrStreamShowsAMoveYoungerThanFifteenMinutes() throws Exception {
        givenARoundUnder(BroadcastDelayMode.FIXED, 900);
        RecordingSubscriber subscriber = new RecordingSubscriber();
        model.subscribe(T, 0, subscriber);

        Map<String, String> answers = everyPublicRoute();
        for (var answer : answers.entrySet()) {
            for (String young : YOUNG) {
                assertFalse(answer.getValue().contains(young), answer.getKey() + " shows the young move '" + young
                        + "':\n" + answer.getValue());
            }
            assertNoEventYoungerThan(answer.getKey(), answer.getValue(), Duration.ofMinutes(15));
        }
        assertStreamHoldsBack(subscriber, Duration.ofMinutes(15));
        // the old moves are public (so the test would see a young one): the game, its PGN and the round's
        assertTrue(answers.get("GET /api/tournaments/{tournament}/rounds/{round}/pgn").contains(
                "1. e4 { [%clk 1:30:00] } e5 { [%clk 1:29:40] }"), answers.toString());
        assertTrue(answers.get("GET /api/games/{game}").contains("\"san\":\"e5\""));
        assertTrue(answers.get("GET /api/tournaments/{tournament}/log")
                .contains("\"type\":\"move\""));
        // the young draw offer and board 2's young result are held back with the moves
        assertTrue(model.gameView("g1").notices().isEmpty(), model.gameView("g1").notices().toString());
        assertNull(model.gameView("g2").result());
        assertNull(model.round(T, 1, FeedFilter.ALL).boards().get(1).result());
        // and the clock shown is the last public move's, stopped: a running clock would tell that time passed
        assertEquals(5_380_000, model.gameView("g1").clock().blackMillis());
        assertNull(model.gameView("g1").clock().running());

        // when 10 minutes pass, 2.Nf3 (recorded 5 minutes before NOW) is old enough everywhere
        clock.set(NOW.plus(Duration.ofMinutes(10)));
        model.releaseDue();
        assertTrue(pgn().contains("2. Nf3"), pgn());
        assertEquals(3, model.gameView("g1").moves().size());
        assertTrue(subscriber.moves().contains("Nf3"), subscriber.moves().toString());
        assertTrue(model.events(T, 0, FeedFilter.ALL).stream().anyMatch(e -> e.json().contains("\"san\":\"Nf3\"")));
        assertFalse(pgn().contains("Nh3"), "board 2's 1.Nh3 is still 13 minutes old");
        assertNoEventYoungerThan("SSE", String.join("\n", subscriber.json()), Duration.ofMinutes(15));
        // when 15 more minutes pass everything is public: board 2's move and its result
        clock.set(NOW.plus(Duration.ofMinutes(25)));
        model.releaseDue();
        assertTrue(pgn().contains("1. Nh3 { [%clk 1:28:20] } 0-1"), pgn());
        assertEquals("0-1", model.round(T, 1, FeedFilter.ALL).boards().get(1).result());
        assertEquals(1, model.gameView("g1").notices().size());
        assertEquals(model.events(T, 0, FeedFilter.ALL).size(), subscriber.events.size(),
                "the stream gave every event once the delay passed");
        assertEquals(model.lastEventId(T), subscriber.events.get(subscriber.events.size() - 1).id());
    }

    @Test
    void afterTheGameModeShowsNoMoveOfAGameInProgressThenTheWholeGameWhenItEnds() throws Exception {
        givenARoundUnder(BroadcastDelayMode.AFTER_GAME, 0);
        RecordingSubscriber subscriber = new RecordingSubscriber();
        model.subscribe(T, 0, subscriber);
        clock.set(NOW.plus(Duration.ofDays(1))); // age alone releases nothing in this mode
        model.releaseDue();
        Map<String, String> answers = everyPublicRoute();
        for (var answer : answers.entrySet()) {
            for (String move : List.of("Nf3", "g1f3", "\"san\":\"e4\"", "1. e4", "offers a draw")) {
                assertFalse(answer.getValue().contains(move), answer.getKey() + " shows '" + move + "' of a game in"
                        + " progress:\n" + answer.getValue());
            }
        }
        assertTrue(subscriber.moves().stream().noneMatch(san -> List.of("e4", "e5", "Nf3").contains(san)),
                subscriber.moves().toString());
        // board 2 has ended: its move and result are public at once
        assertTrue(pgn().contains("1. Nh3 { [%clk 1:28:20] } 0-1"), pgn());
        assertTrue(subscriber.moves().contains("Nh3"));

        // when board 1 ends, its moves, clocks and draw offer are public, logged before its result
        given(T, ResultEvent.GameEnded.of("g1", T, 1, 1, "p1", "p2", GameResult.DRAW, EndReason.AGREEMENT,
                "FIDE 2018 9.1.2", true, NOW.plus(Duration.ofDays(1))), NOW.plus(Duration.ofDays(1)));
        assertTrue(pgn().contains("1. e4 { [%clk 1:30:00] } e5 { [%clk 1:29:40] } 2. Nf3 { [%clk 1:25:00] }"), pgn());
        assertTrue(pgn().contains("[Result \"1/2-1/2\"]"), pgn());
        assertEquals(List.of("Nh3", "e4", "e5", "Nf3"), subscriber.moves());
        List<String> types = subscriber.events.stream().filter(e -> e.board() == 1).map(FeedEvent::type).toList();
        assertEquals(List.of("gameStarted", "move", "move", "move", "claim", "result"), types);
    }

    @Test
    void withoutADelayEveryMoveIsPublicAtOnce() throws Exception {
        givenARoundUnder(BroadcastDelayMode.NONE, 0);
        assertTrue(pgn().contains("2. Nf3") && pgn().contains("1. Nh3"), pgn());
        assertTrue(everyPublicRoute().get("GET /games/{game}").contains("Nf3"));
    }

    // ------------------------------------------------------------------------------------------------ the routes

    private String pgn() throws Exception {
        Map<String, String> answers = everyPublicRoute();
        return answers.get("GET /api/tournaments/{tournament}/rounds/{round}/pgn");
    }

    /**
     * Asks every public route: each GET method of every JAX-RS resource of the app (scanned, so a new resource or
     * route is asked too), its values for every parameter; the answers by route key, several calls of one route
     * (each printed list, each screen view, each game) joined.
     */
    private Map<String, String> everyPublicRoute() throws Exception {
        List<Class<?>> resources = resourceClasses();
        List<RouteRules.Route> routes = RouteRules.routes(resources.toArray(Class<?>[]::new));
        Set<String> readmePublic = new TreeSet<>();
        RouteTable.of("feed").forEach((key, row) -> {
            if (row.checks().equals("public")) {
                readmePublic.add(key);
            }
        });
        Set<String> beyondJaxRs = new TreeSet<>(readmePublic);
        routes.forEach(route -> beyondJaxRs.remove(route.key()));
        // the SSE stream is asked below (FeedModel.subscribe, what sse.SseRoutes calls); metrics hold no moves
        beyondJaxRs.removeAll(Set.of("GET /q/metrics", "GET /api/tournaments/{tournament}/events"));
        assertEquals(Set.of(), beyondJaxRs, "public feed routes of the README this test does not ask");

        Map<String, String> answers = new LinkedHashMap<>();
        for (Class<?> resource : resources) {
            // the pages' templates as Quarkus would inject them (web.Templates)
            Object instance = org.torneo.feed.app.web.Templates.fill(resource.getDeclaredConstructor().newInstance());
            for (Field field : resource.getDeclaredFields()) {
                if (field.getType() == FeedModel.class) {
                    field.setAccessible(true);
                    field.set(instance, model);
                }
            }
            for (Method method : resource.getMethods()) {
                if (!method.isAnnotationPresent(GET.class)) {
                    continue;
                }
                String key = "GET " + pathOf(resource, method);
                StringBuilder all = new StringBuilder();
                for (Object[] arguments : argumentsFor(method)) {
                    all.append(call(instance, method, arguments)).append('\n');
                }
                answers.merge(key, all.toString(), String::concat);
            }
        }
        List<String> stream = new ArrayList<>();
        RecordingSubscriber late = new RecordingSubscriber();
        model.subscribe(T, 0, late);
        model.unsubscribe(T, late);
        stream.addAll(late.json());
        answers.put("GET /api/tournaments/{tournament}/events", String.join("\n", stream));
        for (RouteRules.Route route : routes) {
            assertTrue(answers.containsKey(route.key()), route.key() + " was not asked: " + answers.keySet());
        }
        return answers;
    }

    /** The route's path as RouteRules writes it: the class's and the method's {@code @Path} joined. */
    private static String pathOf(Class<?> resource, Method method) {
        jakarta.ws.rs.Path path = method.getAnnotation(jakarta.ws.rs.Path.class);
        String joined = ("/" + resource.getAnnotation(jakarta.ws.rs.Path.class).value() + "/"
                + (path == null ? "" : path.value())).replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    /** Every combination worth asking: each printed list, each screen view, both games, English and Spanish. */
    private static List<Object[]> argumentsFor(Method method) {
        List<Object[]> calls = new ArrayList<>();
        calls.add(new Object[method.getParameterCount()]);
        Parameter[] parameters = method.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            List<Object> values = valuesOf(parameters[i]);
            List<Object[]> next = new ArrayList<>();
            for (Object[] call : calls) {
                for (Object value : values) {
                    Object[] copy = call.clone();
                    copy[i] = value;
                    next.add(copy);
                }
            }
            calls = next;
        }
        return calls;
    }

    private static List<Object> valuesOf(Parameter parameter) {
        PathParam path = parameter.getAnnotation(PathParam.class);
        if (path != null) {
            return switch (path.value()) {
                case "tournament", "id" -> List.of(T);
                case "round" -> List.of("1");
                case "game" -> List.of("g1", "g2");
                case "player" -> List.of("p1", "p3");
                case "hall" -> List.of("A");
                case "list" -> List.of((Object[]) LISTS);
                default -> throw new AssertionError("no value for the path parameter '" + path.value()
                        + "': say in this test what to ask it with");
            };
        }
        QueryParam query = parameter.getAnnotation(QueryParam.class);
        if (query != null) {
            return switch (query.value()) {
                case "lang" -> List.of("en", "es");
                case "view" -> java.util.Arrays.asList(null, "pairings", "results", "standings");
                case "round" -> java.util.Arrays.asList(null, "1");
                default -> java.util.Arrays.asList((Object) null);
            };
        }
        if (parameter.isAnnotationPresent(HeaderParam.class)) {
            return java.util.Arrays.asList((Object) null);
        }
        if (parameter.getType() == String.class) {
            return java.util.Arrays.asList((Object) null);
        }
        return java.util.Arrays.asList((Object) null); // @Context UriInfo: only read for a full page
    }

    private static String call(Object instance, Method method, Object[] arguments) throws Exception {
        Object answer;
        try {
            answer = method.invoke(instance, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof FeedModel.NotFound || e.getCause() instanceof FeedFilter.BadRequest
                    || e.getCause() instanceof jakarta.ws.rs.WebApplicationException) {
                return e.getCause().getMessage();
            }
            throw e;
        }
        if (answer instanceof Response response) {
            answer = response.getEntity();
        }
        return answer instanceof String text ? text : JSON.writeValueAsString(answer);
    }

    /** The app's JAX-RS resources: every class of its package tree annotated {@code @Path}. */
    private static List<Class<?>> resourceClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        List<Class<?>> found = new ArrayList<>();
        Enumeration<URL> roots = BroadcastDelayRoutesTest.class.getClassLoader().getResources("org/torneo/feed/app");
        while (roots.hasMoreElements()) {
            Path root = Path.of(roots.nextElement().toURI());
            Path base = root.getParent().getParent().getParent().getParent();
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    String name = base.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                    Class<?> type = Class.forName(name, false, BroadcastDelayRoutesTest.class.getClassLoader());
                    if (type.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                        found.add(type);
                    }
                }
            }
        }
        if (found.size() < 4) {
            fail("expected the feed's resources (FeedResource, Pages, Prints, Screens), found " + found);
        }
        return found;
    }

    /** Every JSON move event in {@code text} (a route's JSON or the stream) is at least {@code delay} old. */
    private void assertNoEventYoungerThan(String route, String text, Duration delay) {
        long horizon = clock.millis() - delay.toMillis();
        for (String line : text.split("\n")) {
            for (int at = line.indexOf("\"at\":"); at >= 0; at = line.indexOf("\"at\":", at + 5)) {
                int end = at + 5;
                while (end < line.length() && Character.isDigit(line.charAt(end))) {
                    end++;
                }
                if (end > at + 5) {
                    long instant = Long.parseLong(line.substring(at + 5, end));
                    assertTrue(instant <= horizon, route + ": a fact recorded at " + Instant.ofEpochMilli(instant)
                            + " is younger than " + delay + ": " + line);
                }
            }
        }
    }

    private void assertStreamHoldsBack(RecordingSubscriber subscriber, Duration delay) {
        long horizon = clock.millis() - delay.toMillis();
        assertFalse(subscriber.events.isEmpty());
        for (FeedEvent event : subscriber.events) {
            assertTrue(event.at() <= horizon, "the stream gave " + event);
        }
        assertEquals(List.of("e4", "e5"), subscriber.moves());
    }

    /** A subscriber that keeps what it is given. */
    private static final class RecordingSubscriber implements FeedModel.Subscriber {
        final List<FeedEvent> events = new ArrayList<>();

        @Override
        public FeedFilter filter() {
            return FeedFilter.ALL;
        }

        @Override
        public void deliver(FeedEvent event) {
            events.add(event);
        }

        List<String> json() {
            return events.stream().map(FeedEvent::json).toList();
        }

        List<String> moves() {
            List<String> sans = new ArrayList<>();
            for (FeedEvent event : events) {
                if (event.type().equals("move")) {
                    try {
                        JsonNode data = JSON.readTree(event.json());
                        sans.add(data.path("san").asText());
                    } catch (IOException e) {
                        throw new AssertionError(e);
                    }
                }
            }
            return sans;
        }
    }

    /** The feed's clock, moved by the test. */
    static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void set(Instant instant) {
            now = instant;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}

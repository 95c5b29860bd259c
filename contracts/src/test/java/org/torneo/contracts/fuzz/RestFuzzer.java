package org.torneo.contracts.fuzz;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Mutated JSON bodies through an app's POST routes over real HTTP, fixed seeds. Every answer must be 2xx, or 4xx with
 * a message; a 5xx, a 4xx without a body, or a broken connection is a failure. A body that is refused must store
 * nothing: {@code stored} (e.g. the records on the app's command topics) grows by exactly one per accepted body.
 */
public final class RestFuzzer {

    /** A POST route and a valid body for it. */
    public record Route(String path, String validBody) {
    }

    /** The outcome of a run, per route and in total. */
    public static final class Figures {
        public long cases;
        public long accepted;
        public long cleanErrors;
        public long errorsWithoutMessage;
        public long serverErrors;
        public long brokenConnections;
        public long storedDelta;
        public final List<String> firstFailures = new ArrayList<>();
        public final Map<String, long[]> byRoute = new LinkedHashMap<>();

        public long failures() {
            return errorsWithoutMessage + serverErrors + brokenConnections;
        }

        @Override
        public String toString() {
            return cases + " cases, " + cleanErrors + " clean errors (4xx with a message), " + accepted
                    + " accepted (2xx), " + serverErrors + " 5xx, " + errorsWithoutMessage + " 4xx without a message, "
                    + brokenConnections + " broken connections; stored +" + storedDelta;
        }
    }

    private final String base;
    private final Map<String, String> headers;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * @param base    e.g. http://localhost:8081 (no trailing slash)
     * @param headers sent with every request (roles, tokens)
     */
    public RestFuzzer(String base, Map<String, String> headers) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.headers = Map.copyOf(headers);
    }

    /**
     * Sends {@code cases} mutated bodies over the routes (each route's own mutator, seeded from {@code seed}).
     *
     * @param stored what the app stores (read before and after); must grow by the accepted count exactly
     */
    public Figures run(String target, long seed, int cases, List<Route> routes, LongSupplier stored) throws Exception {
        List<JsonMutator> mutators = new ArrayList<>();
        for (int i = 0; i < routes.size(); i++) {
            mutators.add(new JsonMutator(seed + i, List.of(routes.get(i).validBody().getBytes(StandardCharsets.UTF_8)),
                    List.of(), 50_000));
        }
        SplittableRandom pick = new SplittableRandom(seed);
        Figures figures = new Figures();
        long before = stored.getAsLong();
        long started = System.nanoTime();
        for (int i = 0; i < cases; i++) {
            int index = pick.nextInt(routes.size());
            Route route = routes.get(index);
            JsonMutator.Case next = mutators.get(index).next();
            long[] counts = figures.byRoute.computeIfAbsent(route.path(), p -> new long[3]);
            figures.cases++;
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + route.path()))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(next.bytes()));
            headers.forEach(request::header);
            HttpResponse<String> response;
            try {
                response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                figures.brokenConnections++;
                counts[2]++;
                note(figures, route, next, "connection: " + e);
                continue;
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                figures.accepted++;
                counts[0]++;
            } else if (status >= 400 && status < 500 && !response.body().isBlank()) {
                figures.cleanErrors++;
                counts[1]++;
            } else if (status >= 400 && status < 500) {
                figures.errorsWithoutMessage++;
                counts[2]++;
                note(figures, route, next, status + " without a message");
            } else {
                figures.serverErrors++;
                counts[2]++;
                note(figures, route, next, status + ": " + abbreviated(response.body()));
            }
        }
        figures.storedDelta = stored.getAsLong() - before;
        System.out.printf(java.util.Locale.ROOT, "REST fuzz %s (seed %d): %s in %.1f s%n", target, seed, figures,
                (System.nanoTime() - started) / 1e9);
        figures.byRoute.forEach((path, c) -> System.out.printf("  %-45s accepted %5d, clean errors %5d, failures %d%n",
                path, c[0], c[1], c[2]));
        figures.firstFailures.forEach(f -> System.out.println("  FAILURE " + f));
        return figures;
    }

    private static void note(Figures figures, Route route, JsonMutator.Case next, String what) {
        if (figures.firstFailures.size() < 10) {
            figures.firstFailures.add(route.path() + " " + next.kind() + " " + abbreviated(next.text()) + " -> " + what);
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "… (" + text.length() + " chars)";
    }
}

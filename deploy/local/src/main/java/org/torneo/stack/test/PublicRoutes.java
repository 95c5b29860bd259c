package org.torneo.stack.test;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks every public read of an app as the README's "Routes and roles" table lists it (a GET whose public cell is
 * {@code yes}): a route added to the table is asked without changing the test, and a route naming a path parameter
 * the test gives no value for fails, so no public route escapes (e.g. the broadcast delay's check, issue 20).
 */
public final class PublicRoutes {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");

    private PublicRoutes() {
    }

    /** One answer: the table's route, the address asked, the status and the body. */
    public record Answer(String route, String path, int status, String body) {
        @Override
        public String toString() {
            return route + " (" + path + "): " + status + " " + (body.length() > 300 ? body.substring(0, 300) + "..."
                    : body);
        }
    }

    /** The table's public GET routes of {@code app} ("GET /games/{id}", ...). */
    public static List<RouteTable.Row> of(String app) {
        return RouteTable.of(app).values().stream().filter(r -> r.method().equals("GET") && r.allows("public"))
                .toList();
    }

    /**
     * Asks each public GET of {@code app} at {@code base} (no trailing slash needed).
     *
     * @param value  the value of a path parameter: (route key, parameter name) to the value, or null when the test has
     *               none (then this fails, naming the route)
     * @param query  a query string per route key to add (e.g. "tournament=t-1" for a list), may be empty
     * @param bearer a bearer token to send, or null for an anonymous spectator
     */
    public static List<Answer> askEvery(String app, String base, BiFunction<String, String, String> value,
                                        Map<String, String> query, String bearer) throws Exception {
        String root = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        List<Answer> answers = new ArrayList<>();
        for (RouteTable.Row row : of(app)) {
            Matcher m = PARAMETER.matcher(row.path());
            StringBuilder path = new StringBuilder();
            while (m.find()) {
                String given = value.apply(row.key(), m.group(1));
                if (given == null) {
                    throw new IllegalStateException("README line " + row.line() + ": public route " + row.key()
                            + " has parameter {" + m.group(1) + "} and the test gives no value for it: add one");
                }
                m.appendReplacement(path, Matcher.quoteReplacement(URLEncoder.encode(given, StandardCharsets.UTF_8)));
            }
            m.appendTail(path);
            String q = query.get(row.key());
            String address = path + (q == null || q.isEmpty() ? "" : "?" + q);
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(root + address)).GET();
            if (bearer != null) {
                request.header("Authorization", Tokens.bearer(bearer));
            }
            HttpResponse<String> response = HTTP.send(request.build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            answers.add(new Answer(row.key(), address, response.statusCode(), response.body()));
        }
        return answers;
    }
}

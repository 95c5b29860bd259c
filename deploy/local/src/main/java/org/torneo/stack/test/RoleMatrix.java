package org.torneo.stack.test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * The role matrix of one app, generated from the README's "Routes and roles" table: every state-changing route of
 * the app is called with no token, a malformed one, an expired one, one signed by a foreign key, one of another
 * issuer, a valid one without roles, and as each role (organiser, chief arbiter, an arbiter of the route's hall, a
 * player of the game, a device of the board, services), and as the accounts that must be refused (an arbiter of
 * another hall, a chief arbiter of another tournament, the other player of the game, an organiser of another
 * tournament); each answer must be 401, 403 or 202 exactly as the table's line says. A route of the table the test
 * has no call for fails it, so a new route cannot skip the matrix.
 * <p>
 * The fixture (its offices) is the test's: the accounts below must hold those offices in the tournament of the calls
 * ({@link #ORGANISER} organised it, {@link #CHIEF} is its chief arbiter, {@link #HALL_ARBITER} serves the hall of the
 * route's board and {@link #OTHER_HALL_ARBITER} another hall, {@link #PLAYER} is linked to the player acting in the
 * call and {@link #OTHER_PLAYER} to his opponent, {@link #DEVICE} serves the board), while {@link #OTHER_CHIEF} and
 * {@link #OTHER_ORGANISER} hold those offices in another tournament.
 */
public final class RoleMatrix {

    public static final String ORGANISER = "org-1";
    public static final String CHIEF = "chief-1";
    public static final String HALL_ARBITER = "arb-a";
    public static final String OTHER_HALL_ARBITER = "arb-b";
    public static final String PLAYER = "wanda";
    public static final String OTHER_PLAYER = "bert";
    public static final String DEVICE = "dev-a1";
    public static final String OTHER_CHIEF = "chief-2";
    public static final String OTHER_ORGANISER = "org-2";

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** One request: the concrete path (with its query), the content type and the body. */
    public record Call(String path, String contentType, String body) {
        public static Call json(String path, String body) {
            return new Call(path, "application/json", body);
        }
    }

    /**
     * One way to call a route. A route whose body decides the permission (a generic command route) is called once per
     * permission, each with the cells of that permission alone ({@code cells}, in the table's role-column order);
     * null cells: the route's line in the table.
     */
    public record Variant(String name, IntFunction<Call> call, List<String> cells) {
        public static Variant of(IntFunction<Call> call) {
            return new Variant("", call, null);
        }
    }

    /** One kind of caller, the token it sends (null: none), and what the table's line lets it get. */
    public record Case(String name, String token, ToIntFunction<RouteTable.Row> expected, String messageHas) {
    }

    /** The outcome: how many calls were made, and every one that did not answer as the table says. */
    public record Result(int cases, List<String> failures) {
    }

    private RoleMatrix() {
    }

    /** Every case, in the order they are run for each route. */
    public static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("no token", null, row -> 401, "no bearer token"));
        cases.add(new Case("a malformed token", Tokens.malformed(), row -> 401, "malformed"));
        cases.add(new Case("an expired token", Tokens.account(CHIEF).roles("arbiter").expired().mint(), row -> 401,
                "expired"));
        cases.add(new Case("a token signed by a foreign key", Tokens.account(CHIEF).roles("arbiter")
                .signedWithForeignKey().mint(), row -> 401, "signature"));
        cases.add(new Case("a token of another issuer", Tokens.account(CHIEF).roles("arbiter")
                .issuer(Tokens.OTHER_ISSUER).mint(), row -> 401, "another issuer"));
        cases.add(new Case("a token for another audience", Tokens.account(CHIEF).roles("arbiter")
                .audience("account").mint(), row -> 401, "not meant for this service"));
        cases.add(new Case("a token without the role claim", Tokens.account(CHIEF).withoutRoleClaim().mint(),
                row -> 403, "no role"));
        cases.add(new Case("the organiser", Tokens.of(ORGANISER, "organiser"), row -> allow(row, "organiser"), null));
        cases.add(new Case("the chief arbiter", Tokens.of(CHIEF, "arbiter"), row -> allow(row, "chief arbiter"), null));
        cases.add(new Case("an arbiter of the hall", Tokens.of(HALL_ARBITER, "arbiter"),
                row -> allow(row, "hall arbiter"), null));
        cases.add(new Case("the player", Tokens.of(PLAYER, "player"), row -> allow(row, "player"), null));
        cases.add(new Case("the device of the board", Tokens.of(DEVICE, "device"), row -> allow(row, "device"), null));
        cases.add(new Case("the game service", Tokens.of("service-account-game", "service"),
                row -> row.cell("service").equals("any") || List.of(row.cell("service").split(",\\s*|\\s*/\\s*"))
                        .contains("game") ? 202 : 403, null));
        cases.add(new Case("the feed service", Tokens.of("service-account-feed", "service"),
                row -> row.cell("service").equals("any") ? 202 : 403, null));
        // "any hall": any arbiter of the tournament may (check-in, before halls matter), another hall's too
        cases.add(new Case("an arbiter of another hall", Tokens.of(OTHER_HALL_ARBITER, "arbiter"),
                row -> row.cell("hall arbiter").equals("any hall") ? 202 : 403, null));
        cases.add(new Case("the chief arbiter of another tournament", Tokens.of(OTHER_CHIEF, "arbiter"), row -> 403,
                null));
        cases.add(new Case("the other player of the game", Tokens.of(OTHER_PLAYER, "player"), row -> 403, null));
        cases.add(new Case("the organiser of another tournament", Tokens.of(OTHER_ORGANISER, "organiser"),
                row -> row.cell("organiser").equals("yes") ? 202 : 403, null));
        cases.add(new Case("the organiser holding every role", Tokens.of(ORGANISER, "organiser", "arbiter", "player",
                "device"), row -> allow(row, "organiser"), null));
        return cases;
    }

    private static int allow(RouteTable.Row row, String role) {
        return row.allows(role) ? 202 : 403;
    }

    /**
     * Calls every state-changing route of {@code app} in the table as every {@link #cases() case}.
     *
     * @param calls route key ("POST /games/{id}/moves") to the call to make; given the case's number, for ids that
     *              must differ between calls (a tournament to import)
     */
    public static Result run(String app, String baseUrl, Map<String, IntFunction<Call>> calls) {
        Map<String, List<Variant>> variants = new java.util.LinkedHashMap<>();
        calls.forEach((key, call) -> variants.put(key, List.of(Variant.of(call))));
        return runVariants(app, baseUrl, variants);
    }

    /** As {@link #run}, with several calls for a route whose body decides the permission. */
    public static Result runVariants(String app, String baseUrl, Map<String, List<Variant>> calls) {
        List<String> failures = new ArrayList<>();
        int count = 0;
        for (RouteTable.Row line : RouteTable.of(app).values()) {
            if (!line.stateChanging()) {
                continue;
            }
            List<Variant> ways = calls.get(line.key());
            if (ways == null || ways.isEmpty()) {
                failures.add(line.key() + " (README line " + line.line() + "): the role matrix has no call for it");
                continue;
            }
            for (Variant way : ways) {
                RouteTable.Row row = way.cells() == null ? line : new RouteTable.Row(line.app(), line.method(),
                        line.path(), way.cells(), line.checks(), line.line());
                for (Case c : cases()) {
                    count++;
                    Call request = way.call().apply(count);
                    int expected = c.expected().applyAsInt(row);
                    HttpResponse<String> response;
                    try {
                        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + request.path()))
                                .header("Content-Type", request.contentType())
                                .POST(HttpRequest.BodyPublishers.ofString(request.body()));
                        if (c.token() != null) {
                            builder.header("Authorization", Tokens.bearer(c.token()));
                        }
                        response = HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                    } catch (Exception e) {
                        failures.add(line.key() + " " + way.name() + " as " + c.name() + ": " + e);
                        continue;
                    }
                    String what = line.key() + (way.name().isEmpty() ? "" : " (" + way.name() + ")") + " as " + c.name()
                            + " [" + request.path() + "]";
                    if (response.statusCode() != expected) {
                        failures.add(what + ": expected " + expected + ", got " + response.statusCode() + " "
                                + response.body());
                    } else if (expected != 202 && !response.body().contains("\"error\"")) {
                        failures.add(what + ": " + expected + " without a message saying why: '" + response.body() + "'");
                    } else if (c.messageHas() != null && !response.body().contains(c.messageHas())) {
                        failures.add(what + ": the message should say '" + c.messageHas() + "': " + response.body());
                    }
                }
            }
        }
        if (count == 0) {
            failures.add("the README's table lists no state-changing route of " + app + ": nothing was called");
        }
        System.out.printf("role matrix of %s: %d cases, %d failures%n", app, count, failures.size());
        return new Result(count, failures);
    }
}

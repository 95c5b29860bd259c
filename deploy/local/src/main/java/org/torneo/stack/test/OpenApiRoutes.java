package org.torneo.stack.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The app's OpenAPI document ({@code GET /q/openapi?format=json}) against the README's "Routes and roles" table: every
 * route the table gives the app is described, with its method. Quarkus' own routes ({@code /q/...}) are not JAX-RS
 * resources and are left out. With {@link RouteTable} checking the table against the code, the document then covers
 * every route of the code.
 */
public final class OpenApiRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenApiRoutes() {
    }

    /** The table's routes of {@code app} that the document the app at {@code base} serves lacks (see below). */
    public static List<String> missing(String app, java.net.URI base) throws java.io.IOException, InterruptedException {
        java.net.http.HttpResponse<String> answer = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(base.resolve("/q/openapi?format=json")).GET().build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            return List.of("GET /q/openapi answered " + answer.statusCode() + ": " + answer.body());
        }
        return missing(app, answer.body());
    }

    /** The table's routes of {@code app} the document lacks, as "METHOD /path"; empty when it describes them all. */
    public static List<String> missing(String app, String openApiJson) {
        JsonNode paths;
        try {
            paths = JSON.readTree(openApiJson).path("paths");
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("the OpenAPI document is not JSON: " + e.getMessage(), e);
        }
        List<String> missing = new ArrayList<>();
        for (RouteTable.Row row : RouteTable.of(app).values()) {
            if (row.path().startsWith("/q/")) {
                continue;
            }
            if (!paths.path(row.path()).has(row.method().toLowerCase(Locale.ROOT))) {
                missing.add(row.method() + " " + row.path() + " (README line " + row.line() + ")");
            }
        }
        if (RouteTable.of(app).isEmpty()) {
            missing.add("the README lists no route of " + app);
        }
        return missing;
    }
}

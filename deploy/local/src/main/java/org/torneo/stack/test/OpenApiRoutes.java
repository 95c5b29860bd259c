package org.torneo.stack.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The app's OpenAPI document ({@code GET /q/openapi?format=json}) against the README's "Routes and roles" table: every
 * route the table gives the app is described, with its method and with who may call it (the extension
 * {@code x-torneo-roles} the platform's {@code RolesInOpenApi} writes: each role column's cell, as the table's line);
 * and the document is valid OpenAPI by a standard validator (swagger-parser: it parses with no message). Quarkus' own
 * routes ({@code /q/...}) are not JAX-RS resources and are left out. With {@link RouteTable} checking the table against
 * the code, the document then covers every route of the code.
 */
public final class OpenApiRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The table's role columns, in order (RouteTable.HEADER without app, route and checks). */
    private static final List<String> ROLES = RouteTable.HEADER.subList(2, RouteTable.HEADER.size() - 1);

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

    /**
     * What the document lacks or gets wrong, one line each: a table route of {@code app} it does not describe ("METHOD
     * /path"), a route whose roles are not the table line's, and each message of the validator; empty when all is well.
     */
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
            JsonNode operation = paths.path(row.path()).path(row.method().toLowerCase(Locale.ROOT));
            if (operation.isMissingNode()) {
                missing.add(row.method() + " " + row.path() + " (README line " + row.line() + ")");
                continue;
            }
            java.util.Map<String, String> expected = new java.util.LinkedHashMap<>();
            for (int i = 0; i < ROLES.size(); i++) {
                expected.put(ROLES.get(i), row.cells().get(i));
            }
            java.util.Map<String, String> stated = new java.util.LinkedHashMap<>();
            operation.path("x-torneo-roles").fields().forEachRemaining(e -> stated.put(e.getKey(), e.getValue().asText()));
            if (!stated.equals(expected)) {
                missing.add(row.method() + " " + row.path() + ": x-torneo-roles " + (stated.isEmpty() ? "absent" : stated)
                        + ", README line " + row.line() + " says " + expected);
            }
        }
        validationMessages(openApiJson).forEach(m -> missing.add("not valid OpenAPI: " + m));
        if (RouteTable.of(app).isEmpty()) {
            missing.add("the README lists no route of " + app);
        }
        return missing;
    }

    /**
     * What swagger-parser (the reference OpenAPI parser and validator) says of the document: its messages (a missing
     * required field, a wrong type, an unresolved reference ...); empty when it is valid.
     */
    public static List<String> validationMessages(String openApiDocument) {
        io.swagger.v3.parser.core.models.ParseOptions options = new io.swagger.v3.parser.core.models.ParseOptions();
        options.setResolve(true);
        io.swagger.v3.parser.core.models.SwaggerParseResult result = new io.swagger.v3.parser.OpenAPIV3Parser()
                .readContents(openApiDocument, null, options);
        List<String> messages = new ArrayList<>(result.getMessages() == null ? List.of() : result.getMessages());
        if (result.getOpenAPI() == null && messages.isEmpty()) {
            messages.add("the document did not parse");
        }
        return messages;
    }
}

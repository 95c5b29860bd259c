package org.torneo.stack.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The OpenAPI check the apps' tests run on their /q/openapi: the validator's messages and the README's roles. */
class OpenApiRoutesTest {

    private static final String VALID = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/api/stats": {"get": {"responses": {"200": {"description": "ok"}},
               "x-torneo-roles": {"public": "yes", "organiser": "yes", "chief arbiter": "yes", "hall arbiter": "yes",
                                  "player": "yes", "device": "yes", "service": "yes"}}}}}""";

    @Test
    void aValidDocumentHasNoMessage() {
        assertEquals(List.of(), OpenApiRoutes.validationMessages(VALID));
    }

    @Test
    void theValidatorSaysWhatIsWrong() {
        String noInfo = VALID.replace("\"info\": {\"title\": \"t\", \"version\": \"1\"},", "");
        List<String> messages = OpenApiRoutes.validationMessages(noInfo);
        assertTrue(messages.stream().anyMatch(m -> m.contains("info")), messages.toString());
        String danglingReference = VALID.replace("{\"200\": {\"description\": \"ok\"}}",
                "{\"200\": {\"$ref\": \"#/components/responses/Nothing\"}}");
        assertFalse(OpenApiRoutes.validationMessages(danglingReference).isEmpty());
    }

    @Test
    void aRouteWhoseRolesAreNotTheReadmesIsReported() {
        List<String> problems = OpenApiRoutes.missing("feed", VALID.replace("\"public\": \"yes\"", "\"public\": \"—\""));
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("GET /api/stats: x-torneo-roles")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("GET /api/tournaments (README line")),
                "the feed's other routes are not described: " + problems);
        assertFalse(OpenApiRoutes.missing("feed", VALID).stream().anyMatch(p -> p.startsWith("GET /api/stats")));
    }
}

package org.torneo.game.app.rest;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.ws.rs.WebApplicationException;

import org.junit.jupiter.api.Test;

/** Ids named in a body are printable text of bounded length (the REST fuzz found a NUL tournament id answered 500). */
class IdentifierTest {

    @Test
    void aNulInAnIdIsABadRequestNamingTheFieldAndThePosition() {
        WebApplicationException refused = assertThrows(WebApplicationException.class,
                () -> GameResource.identifier("t\u0000", "tournamentId"));
        assertEquals(400, refused.getResponse().getStatus());
        assertEquals("tournamentId: control character U+0000 at position 1 (ids are printable text)",
                ((GameRequests.Problem) refused.getResponse().getEntity()).error());
    }

    @Test
    void anOverlongIdIsABadRequest() {
        WebApplicationException refused = assertThrows(WebApplicationException.class,
                () -> GameResource.identifier("x".repeat(GameResource.MAX_IDENTIFIER_LENGTH + 1), "white"));
        assertEquals(400, refused.getResponse().getStatus());
    }

    @Test
    void printableIdsInAnyScriptPass() {
        assertDoesNotThrow(() -> GameResource.identifier("Open A: Müller-Łukasz 1º", "white"));
        assertDoesNotThrow(() -> GameResource.identifier(null, "hall"));
    }
}

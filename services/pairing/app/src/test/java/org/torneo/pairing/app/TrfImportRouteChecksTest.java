package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import jakarta.ws.rs.core.Response;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.torneo.pairing.app.rest.TournamentResource;
import org.torneo.trf.BadTrfCases;

/**
 * POST /tournaments/import reads with the one TRF reader of the command line: each of its checks (the cases of
 * contracts' BadTrfCases) answers 400 with the reader's line, column and reason, before anything is sent.
 * The resource is called as the HTTP layer calls it; a bad file never reaches the tournament or the broker.
 */
class TrfImportRouteChecksTest {

    static List<BadTrfCases.Case> cases() {
        return BadTrfCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theImportRouteAnswers400WithLineColumnAndReason(BadTrfCases.Case c) {
        TournamentResource resource = new TournamentResource(); // app, publisher and guard unset: a bad file must not reach them
        try (Response response = resource.importTrf("t-bad", "dutch", c.text())) {
            assertEquals(400, response.getStatus(), c.name());
            String error = ((TournamentResource.Problem) response.getEntity()).error();
            assertTrue(error.startsWith("invalid TRF: line " + c.line() + ", column " + c.column() + ": ")
                    && error.contains(c.reason()), c.name() + ": " + error);
        }
    }
}

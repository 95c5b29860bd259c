package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;

/**
 * Which answers of the game service leave a sheet's line to be sent again: an answer about the call (the service
 * down or busy, the console's token not taken) must never be logged as the game's final word on the move, or the
 * move is lost (issue 20: own moves logged "received" that the game never had).
 */
class ScoresheetCallTest {

    private static Scoresheets.Call answer(int status) {
        return new Scoresheets.Call(status, JsonNodeFactory.instance.objectNode(), "HTTP " + status);
    }

    @Test
    void answersAboutTheCallAreSentAgain() {
        for (int status : new int[] {401, 408, 429, 500, 502, 503, 504}) {
            assertTrue(answer(status).worthRetrying(), "HTTP " + status + " must leave the line to be sent again");
        }
    }

    @Test
    void theGamesOwnAnswersAreFinal() {
        for (int status : new int[] {200, 202, 400, 403, 404, 409, 422}) {
            assertFalse(answer(status).worthRetrying(), "HTTP " + status + " is the game's answer on the move");
        }
    }
}

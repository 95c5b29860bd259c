package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Which requests of a session the provider ended are sent to sign in again (a browser's page) and which get a 401 (a
 * script, an API client, htmx): the whole flow against the real Keycloak is SignedOutVisitorTest's.
 */
class SessionEndedTest {

    @Test
    void aBrowsersPageRequestIsSentToSignInAndEveryOtherCallGetsA401() {
        // Chromium's and Firefox's navigation, and a form posted from a page
        assertTrue(SessionEnded.pageRequest("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", null));
        assertTrue(SessionEnded.pageRequest("application/xhtml+xml", ""));
        // the scoresheet's fetch (*/*), a JSON client, no Accept at all, an htmx swap of a page's part
        assertFalse(SessionEnded.pageRequest("*/*", null));
        assertFalse(SessionEnded.pageRequest("application/json", null));
        assertFalse(SessionEnded.pageRequest(null, null));
        assertFalse(SessionEnded.pageRequest("text/html", "true"));
    }
}

package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.torneo.stack.test.PublicRoutes;
import org.torneo.stack.test.RouteTable;

/**
 * Issue 20: "no public route or stream returns a move younger than the delay (a test asks every public route)". Every
 * public GET of the README's table is accounted for: the game's and the clock's are asked with a 15-minute delay by
 * their apps' BroadcastDelayReadsTest (the list read from the table), the feed's by its BroadcastDelayRoutesTest (every
 * resource scanned); the other apps' public reads are named here with why they hold no move. A public route added to
 * the table of any app fails this test until it is asked or shown to hold no move.
 */
class PublicRoutesUnderDelayTest {

    /** Apps whose every public GET a delay test asks (the route list read from the table or the code). */
    static final Set<String> ASKED = Set.of("game", "clock", "feed");

    /** The other apps' public reads, and why no move is in them. */
    static final Map<String, String> HOLD_NO_MOVE = Map.ofEntries(
            Map.entry("pairing GET /tournaments", "tournaments: names, systems, rounds"),
            Map.entry("pairing GET /tournaments/{id}", "a tournament's settings and rounds"),
            Map.entry("pairing GET /tournaments/{id}/players", "the players list"),
            Map.entry("pairing GET /tournaments/{id}/rounds/{round}", "pairings and recorded results, no moves"),
            Map.entry("pairing GET /tournaments/{id}/trf", "the TRF report: pairings and results, no moves"),
            Map.entry("pairing GET /tournaments/{id}/anchors", "the anchored rounds' numbers"),
            Map.entry("pairing GET /tournaments/{id}/anchors/{round}", "signed chain heads: hashes, no moves"),
            Map.entry("pairing GET /keys", "public signing keys"),
            Map.entry("pairing GET /q/metrics", "meters"),
            Map.entry("rating GET /tournaments/{id}/players/{no}/rating", "rating changes from results"),
            Map.entry("rating GET /tournaments/{id}/prizes", "prizes from standings"),
            Map.entry("rating GET /tournaments/{id}/standings", "standings from results"),
            Map.entry("rating GET /tournaments/{id}/standings/published", "standings from results"),
            Map.entry("rating GET /keys", "public signing keys"),
            Map.entry("rating GET /q/metrics", "meters"),
            Map.entry("console GET /", "the list of tournaments"),
            Map.entry("console GET /signin", "the sign-in page"),
            Map.entry("console GET /events/{event}", "an event's tournaments: names, systems, rounds, no moves"),
            Map.entry("console GET /t/{id}", "a tournament's page: players and rounds, no moves"),
            Map.entry("console GET /t/{id}/rounds/{round}", "pairings and results, read from the game service with"
                    + " the visitor's own token (a spectator's rows of delayed games are withheld there)"),
            Map.entry("console GET /t/{id}/trf", "the TRF report"),
            Map.entry("console GET /me", "the signed-in account"),
            Map.entry("console GET /q/metrics", "meters"));

    @Test
    void every_public_read_of_every_app_is_asked_under_a_delay_or_holds_no_move() {
        Set<String> unaccounted = new TreeSet<>();
        Set<String> apps = new TreeSet<>();
        for (RouteTable.Row row : RouteTable.rows()) {
            apps.add(row.app());
        }
        for (String app : apps) {
            if (ASKED.contains(app)) {
                continue;
            }
            for (RouteTable.Row row : PublicRoutes.of(app)) {
                if (!HOLD_NO_MOVE.containsKey(app + " " + row.key())) {
                    unaccounted.add("README line " + row.line() + ": " + app + " " + row.key());
                }
            }
        }
        assertEquals(Set.of(), unaccounted, "public reads neither asked under a broadcast delay nor shown to hold no"
                + " move: ask them in a BroadcastDelayReadsTest, or name them in HOLD_NO_MOVE with why");
        assertFalse(PublicRoutes.of("game").isEmpty());
        assertFalse(PublicRoutes.of("clock").isEmpty());
        List<String> stale = HOLD_NO_MOVE.keySet().stream().filter(key -> {
            String app = key.substring(0, key.indexOf(' '));
            return PublicRoutes.of(app).stream().noneMatch(r -> key.equals(app + " " + r.key()));
        }).sorted().toList();
        assertEquals(List.of(), stale, "named here but no public route of the table");
    }
}

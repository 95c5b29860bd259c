package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.torneo.stack.test.ProjectionSchemaCheck;

/**
 * The pairing app's Flyway migrations on the real PostgreSQL (issue 21): applied once to a new database, a no-op the
 * second time with the rows kept, and a database the former schema generation made is taken over with its rows. That
 * the entities match the migrated schema is checked by Hibernate at every app start (schema validation), i.e. by each
 * of this module's Quarkus tests.
 */
class ProjectionMigrationsTest {

    @Test
    void theMigrationsApplyOnceKeepTheRowsAndTakeOverAFormerDatabase() throws Exception {
        // given new databases, when migrated twice with a row written between (ProjectionSchemaCheck), then
        ProjectionSchemaCheck.Result result = ProjectionSchemaCheck.verify("tournament",
                "insert into tournament (tournamentId, totalRounds, lastRound, lastRoundClosed, players, lastSequence) values ('t', 5, 0, false, 0, 1)");

        // V1, V2: the player's title and federation, V3: the event and the organiser's rules, V4: his check-in
        assertEquals(4, result.applied());
        assertColumn(result, "tournament_player.checkedin boolean not null");
        assertColumn(result, "tournament.eventid character varying(255) null");
        assertColumn(result, "tournament.eventname character varying(255) null");
        assertColumn(result, "tournament.maxhalfpointbyes integer null");
        assertColumn(result, "tournament.nohalfpointbyelastrounds integer not null");
        assertColumn(result, "tournament.lastentryround integer null");
        assertColumn(result, "tournament_player.title character varying(255) null");
        assertColumn(result, "tournament_player.federation character varying(255) null");
        assertColumn(result, "tournament.lastroundclosed boolean not null");
        assertColumn(result, "tournament_player.pairingnumber integer null");
        assertColumn(result, "torneo_snapshot.state text not null");
    }

    private static void assertColumn(ProjectionSchemaCheck.Result result, String column) {
        assertTrue(result.schema().contains(column), () -> column + " missing: " + result.schema());
    }
}

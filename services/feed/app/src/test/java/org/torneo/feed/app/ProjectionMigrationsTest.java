package org.torneo.feed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.torneo.stack.test.ProjectionSchemaCheck;

/**
 * The feed app's Flyway migrations on the real PostgreSQL (issue 21): applied once to a new database, a no-op the
 * second time with the rows kept, and a database the former schema generation made is taken over with its rows. That
 * the entities match the migrated schema is checked by Hibernate at every app start (schema validation), i.e. by each
 * of this module's Quarkus tests.
 */
class ProjectionMigrationsTest {

    @Test
    void theMigrationsApplyOnceKeepTheRowsAndTakeOverAFormerDatabase() throws Exception {
        // given new databases, when migrated twice with a row written between (ProjectionSchemaCheck), then
        ProjectionSchemaCheck.Result result = ProjectionSchemaCheck.verify("feed_event",
                "insert into feed_event (tournament_id, id, type, round, board, json) values ('t', 1, 'pairings', 1, 0, '{}')");

        assertEquals(1, result.applied());
        assertColumn(result, "feed_event.json text not null");
        assertColumn(result, "feed_event.fact_at bigint null");
        assertColumn(result, "feed_position.next_offset bigint not null");
        assertColumn(result, "torneo_snapshot.state text not null");
    }

    private static void assertColumn(ProjectionSchemaCheck.Result result, String column) {
        assertTrue(result.schema().contains(column), () -> column + " missing: " + result.schema());
    }
}

package org.torneo.game.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.app.GameStackSupport.BOARD;
import static org.torneo.game.app.GameStackSupport.ORGANISER;
import static org.torneo.game.app.GameStackSupport.events;
import static org.torneo.game.app.GameStackSupport.move;
import static org.torneo.game.app.GameStackSupport.send;
import static org.torneo.game.app.GameStackSupport.start;
import static org.torneo.game.app.GameStackSupport.unique;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.test.ProjectionSchemaCheck;
import org.torneo.stack.test.TorneoStack;

/**
 * The projection is never dropped (issue 21): the app started on the database Flyway migrated, a second migration run
 * is a no-op, and what a second instance's start does (every event row projected again from the log, every game row
 * written again from the replayed state, two of them at once) neither drops, misses nor doubles a row; a row lost
 * between commit and projection comes back.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class ProjectionRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Inject
    GameApp app;

    @Test
    void aSecondStartOnTheSameDatabaseKeepsEveryRowAndDoublesNone() throws Exception {
        // given a game with moves and an incident, projected
        awaitReloaded();
        GameStackSupport.offices();
        String game = unique("pr");
        send(game, ORGANISER, start(unique("t"), "w1", "b1"));
        send(game, BOARD, move("e4"));
        send(game, BOARD, move("e5"));
        send(game, BOARD, move("Ke7"));     // illegal for White: an incident row
        events(Topics.MOVES.name(), game, 3, WAIT);
        PgDatabase database = TorneoStack.currentDatabase();
        awaitRows(database, "select count(*) from game_move where gameId = '" + game + "'", 2);
        awaitRows(database, "select count(*) from game where gameId = '" + game + "' and plies = 2", 1);
        awaitRows(database, "select least(count(*), 1) from game_incident where gameId = '" + game + "'", 1);
        awaitIdle();
        List<String> before = projection(database);
        assertTrue(before.stream().anyMatch(row -> row.startsWith("game_incident") && row.contains(game)),
                "no incident row for " + game + ": " + before);

        // when the migrations run again (a restart) and two instances project the log and their states at once
        MigrateResult again = ProjectionSchemaCheck.flyway(database).migrate();
        CompletableFuture<Long> first = CompletableFuture.supplyAsync(app::projectEventsFromLog);
        CompletableFuture<Long> second = CompletableFuture.supplyAsync(app::projectEventsFromLog);
        long read = first.join() + second.join();
        app.projectStatesAgain();

        // then nothing was applied twice and every row is as before
        assertEquals(0, again.migrationsExecuted, "a second migration run applied " + again.migrations.size());
        assertTrue(read > 0, "the log held no events");
        assertEquals(before, projection(database));

        // and a row lost between commit and projection (a crash) comes back from the log, the others untouched
        execute(database, "delete from game_move where gameId = '" + game + "' and ply = 2");
        app.projectEventsFromLog();
        assertEquals(before, projection(database));
    }

    private void awaitReloaded() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!app.reloaded() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(app.reloaded(), "game runtime not running: " + app.runtime().statusDetail());
    }

    private void awaitIdle() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!app.projectionIdle() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(app.projectionIdle(), "the projection did not catch up");
    }

    /** Every row of the three tables, one line each, sorted. */
    private static List<String> projection(PgDatabase database) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement()) {
            for (String table : List.of("game", "game_move", "game_incident")) {
                try (ResultSet rows = statement.executeQuery("select * from " + table)) {
                    ResultSetMetaData meta = rows.getMetaData();
                    while (rows.next()) {
                        StringBuilder line = new StringBuilder(table);
                        for (int column = 1; column <= meta.getColumnCount(); column++) {
                            line.append(' ').append(meta.getColumnName(column)).append('=').append(rows.getString(column));
                        }
                        lines.add(line.toString());
                    }
                }
            }
        }
        lines.sort(null);
        return lines;
    }

    private static void awaitRows(PgDatabase database, String countQuery, long expected) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        long seen = -1;
        while (System.nanoTime() < deadline) {
            try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement();
                 ResultSet rows = statement.executeQuery(countQuery)) {
                rows.next();
                seen = rows.getLong(1);
            }
            if (seen == expected) {
                return;
            }
            Thread.sleep(100);
        }
        assertEquals(expected, seen, countQuery);
    }

    private static void execute(PgDatabase database, String sql) throws SQLException {
        try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}

package org.torneo.stack.test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.torneo.stack.postgres.PgDatabase;

/**
 * Checks an app's Flyway migrations ({@code classpath:db/migration}, configured as the apps configure Quarkus:
 * baseline-on-migrate, baseline version 0) on the stack's real PostgreSQL: on a new database they apply; applied
 * again they are a no-op; rows written between two starts are kept; a database whose tables were made without
 * Flyway (the former drop-and-create or update) is taken over with its rows and ends with the same schema.
 * The app's test hands it one row to insert; each failure says what differed.
 */
public final class ProjectionSchemaCheck {

    private ProjectionSchemaCheck() {
    }

    /** What the check saw: the migrations applied to a new database, and its schema (table.column type nullability). */
    public record Result(int applied, List<String> schema) {
    }

    /**
     * @param table     a table of the projection
     * @param insertRow an INSERT of one row into {@code table}
     */
    public static Result verify(String table, String insertRow) throws SQLException {
        PgDatabase fresh = TorneoStack.newDatabase("migrate");
        MigrateResult first = flyway(fresh).migrate();
        if (first.migrationsExecuted < 1) {
            throw new AssertionError("no migration applied to a new database (classpath:db/migration empty?)");
        }
        execute(fresh, insertRow);
        MigrateResult second = flyway(fresh).migrate();
        if (second.migrationsExecuted != 0) {
            throw new AssertionError("the migrations applied a second time ran " + second.migrationsExecuted
                    + " migration(s): " + second.migrations.stream().map(m -> m.filepath).toList());
        }
        flyway(fresh).validate();
        if (count(fresh, table) != 1) {
            throw new AssertionError(table + " holds " + count(fresh, table) + " rows after a second start, not 1");
        }
        List<String> schema = schema(fresh);

        // a database the former drop-and-create made: the tables and a row, no schema history
        PgDatabase former = TorneoStack.newDatabase("former");
        flyway(former).migrate();
        execute(former, insertRow);
        execute(former, "drop table flyway_schema_history");
        MigrateResult takeOver = flyway(former).migrate();
        if (takeOver.migrationsExecuted != first.migrationsExecuted) {
            throw new AssertionError("taking over a database without a schema history ran "
                    + takeOver.migrationsExecuted + " migration(s), not " + first.migrationsExecuted);
        }
        if (count(former, table) != 1) {
            throw new AssertionError(table + " lost its row when its database was taken over: "
                    + count(former, table) + " rows");
        }
        if (!schema(former).equals(schema)) {
            throw new AssertionError("a taken-over database has another schema than a new one:\n  new   "
                    + schema + "\n  taken " + schema(former));
        }
        return new Result(first.migrationsExecuted, schema);
    }

    /** Flyway on {@code database} as the apps run it at start. */
    public static Flyway flyway(PgDatabase database) {
        return Flyway.configure()
                .dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration")
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load();
    }

    /** The public tables' columns ("table.column type null|not null"), sorted; Flyway's own table left out. */
    public static List<String> schema(PgDatabase database) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select table_name, column_name, data_type,"
                     + " coalesce(character_maximum_length, datetime_precision), is_nullable"
                     + " from information_schema.columns where table_schema = 'public'"
                     + " and table_name <> 'flyway_schema_history' order by table_name, column_name")) {
            while (rows.next()) {
                columns.add(rows.getString(1) + "." + rows.getString(2) + " " + rows.getString(3)
                        + (rows.getObject(4) == null ? "" : "(" + rows.getInt(4) + ")")
                        + ("YES".equals(rows.getString(5)) ? " null" : " not null"));
            }
        }
        return columns;
    }

    /** The rows of {@code table}. */
    public static long count(PgDatabase database, String table) throws SQLException {
        try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select count(*) from " + table)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static void execute(PgDatabase database, String sql) throws SQLException {
        try (Connection connection = TorneoStack.jdbc(database); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}

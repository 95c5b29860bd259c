package org.torneo.stack.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.regex.Pattern;

/** A running PostgreSQL: embedded (started by us) or external (given by URL). */
public sealed interface PostgresServer extends AutoCloseable permits EmbeddedPostgresServer, ExternalPostgres {

    Pattern DATABASE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    String host();

    int port();

    String user();

    String password();

    /** The database that exists from the start ("postgres" for the embedded server). */
    String defaultDatabase();

    /** Stops the server if we started it; an external server is left alone. */
    @Override
    void close();

    default PgDatabase database(String name) {
        return new PgDatabase(host(), port(), name, user(), password());
    }

    default PgDatabase defaults() {
        return database(defaultDatabase());
    }

    /**
     * Creates an empty database (for a test that needs isolation) and returns it.
     * Names are lower-case letters, digits and underscores, starting with a letter or underscore.
     */
    default PgDatabase createDatabase(String name) {
        if (!DATABASE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad database name '" + name
                    + "': use lower-case letters, digits and _ (max 63), not starting with a digit");
        }
        try (Connection connection = connect(defaults()); Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE \"" + name + "\"");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + " on " + host() + ":" + port()
                    + ": " + e.getMessage(), e);
        }
        return database(name);
    }

    /** Drops a database created by {@link #createDatabase(String)} (closing its connections). */
    default void dropDatabase(String name) {
        if (!DATABASE_NAME.matcher(name).matches() || name.equals(defaultDatabase())) {
            throw new IllegalArgumentException("refusing to drop database '" + name + "'");
        }
        try (Connection connection = connect(defaults()); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS \"" + name + "\" WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop database " + name + ": " + e.getMessage(), e);
        }
    }

    /** A JDBC connection to one database of this server. */
    static Connection connect(PgDatabase database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", database.user());
        if (database.password() != null) {
            props.setProperty("password", database.password());
        }
        props.setProperty("connectTimeout", "10");
        return new org.postgresql.Driver().connect(database.jdbcUrl(), props);
    }

    /** Whether the server answers a trivial query. */
    default boolean isHealthy() {
        try (Connection connection = connect(defaults()); Statement statement = connection.createStatement()) {
            return statement.execute("SELECT 1");
        } catch (SQLException e) {
            return false;
        }
    }

    static PostgresServer embedded(EmbeddedPostgresServer.Settings settings) {
        return EmbeddedPostgresServer.start(settings);
    }

    /** Uses TORNEO_PG_URL (+ TORNEO_PG_USER, TORNEO_PG_PASSWORD) when set, otherwise null. */
    static ExternalPostgres externalFromEnvironment() {
        String url = System.getenv("TORNEO_PG_URL");
        if (url == null || url.isBlank()) {
            return null;
        }
        return ExternalPostgres.parse(url.trim(), envOr("TORNEO_PG_USER", "postgres"), envOr("TORNEO_PG_PASSWORD", ""));
    }

    private static String envOr(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }
}

package org.torneo.stack.postgres;

/** Where one PostgreSQL database is and how to log in, in the forms JDBC and Quarkus want. */
public record PgDatabase(String host, int port, String name, String user, String password) {

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + name;
    }

    /** For {@code quarkus.datasource.reactive.url} (Vert.x reactive PostgreSQL client). */
    public String reactiveUrl() {
        return "postgresql://" + host + ":" + port + "/" + name;
    }
}

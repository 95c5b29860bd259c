package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.torneo.stack.postgres.ExternalPostgres;

class ExternalPostgresTest {

    @Test
    void acceptsJdbcAndPlainUrls() {
        ExternalPostgres jdbc = ExternalPostgres.parse("jdbc:postgresql://db.example:6543/torneo", "u", "p");
        assertEquals("db.example", jdbc.host());
        assertEquals(6543, jdbc.port());
        assertEquals("torneo", jdbc.defaultDatabase());
        assertEquals("postgresql://db.example:6543/torneo", jdbc.defaults().reactiveUrl());
        ExternalPostgres plain = ExternalPostgres.parse("postgres://localhost", "u", "p");
        assertEquals(5432, plain.port());
        assertEquals("postgres", plain.defaultDatabase());
    }

    @Test
    void rejectsOtherUrlsWithAReason() {
        var mysql = assertThrows(IllegalArgumentException.class, () -> ExternalPostgres.parse("jdbc:mysql://h/db", "u", "p"));
        assertTrue(mysql.getMessage().contains("expected jdbc:postgresql://host:port/database"), mysql.getMessage());
        var broken = assertThrows(IllegalArgumentException.class, () -> ExternalPostgres.parse("postgresql://h:x/db", "u", "p"));
        assertTrue(broken.getMessage().startsWith("TORNEO_PG_URL"), broken.getMessage());
    }

    @Test
    void refusesUnsafeDatabaseNames() {
        ExternalPostgres server = ExternalPostgres.parse("postgresql://localhost:1/postgres", "u", "p");
        var error = assertThrows(IllegalArgumentException.class, () -> server.createDatabase("x\"; DROP"));
        assertTrue(error.getMessage().startsWith("bad database name"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> server.dropDatabase("postgres"));
    }
}

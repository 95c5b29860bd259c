package org.torneo.stack.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prints Keycloak's start-up figures (no timing is asserted):
 * {@code ./mvnw -q -B -o -pl deploy/local test -Pslow -Dtest=KeycloakStartupBenchmark}
 * <ol>
 *   <li>first start ever: an empty cache (unpack the zip, {@code kc.sh build}), a new home (realm import);</li>
 *   <li>a new home with the cache filled (what a test JVM pays): realm import;</li>
 *   <li>the same home again (what {@code ./torneo up} pays after the first time): the realm is kept;</li>
 * </ol>
 * and the resident memory of Keycloak's JVM after each start and after 20 sign-ins.
 */
@Tag("slow")
class KeycloakStartupBenchmark {

    @Test
    void printStartupFigures(@TempDir Path dir) throws Exception {
        String previousCache = System.getProperty("torneo.cache.dir");
        System.setProperty("torneo.cache.dir", dir.resolve("cache").toString());
        List<String> figures = new ArrayList<>();
        try {
            long started = System.nanoTime();
            KeycloakDistribution.unpack(KeycloakDistribution.zip(), dir.resolve("unpack-only"));
            figures.add(String.format("unpack the distribution zip alone: %d ms", (System.nanoTime() - started) / 1_000_000));
            KeycloakDistribution.deleteTree(dir.resolve("unpack-only"));

            figures.add(measure("first start (empty cache: unpack + kc.sh build + start + realm import)", dir.resolve("home-1"), true));
            figures.add(measure("new home, cache filled (start + realm import)", dir.resolve("home-2"), true));
            figures.add(measure("same home again (start, realm kept)", dir.resolve("home-2"), false));
        } finally {
            if (previousCache == null) {
                System.clearProperty("torneo.cache.dir");
            } else {
                System.setProperty("torneo.cache.dir", previousCache);
            }
        }
        System.out.println("Keycloak start-up (" + Runtime.getRuntime().availableProcessors() + " cores, load "
                + Files.readString(Path.of("/proc/loadavg")).trim() + "):");
        figures.forEach(line -> System.out.println("  " + line));
    }

    private static String measure(String what, Path home, boolean expectImport) throws Exception {
        KeycloakServer server = KeycloakServer.at(home, 0);
        try {
            server.start();
            assertEquals(expectImport, server.lastStartImported());
            long rssAfterStart = rssKilobytes(server.javaPid());
            TokenClient cli = new TokenClient(TokenClient.keycloakTokenEndpoint(server.issuer()), TorneoRealm.CLI_CLIENT, null);
            long signIns = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                assertFalse(cli.password(TorneoRealm.playerName(1 + i % TorneoRealm.PLAYERS_IN_REALM_FILE),
                        TorneoRealm.DEMO_PASSWORD).accessToken().isBlank());
            }
            long signInMillis = (System.nanoTime() - signIns) / 1_000_000 / 20;
            long rssAfterSignIns = rssKilobytes(server.javaPid());
            assertTrue(rssAfterStart > 0);
            return String.format("%s: %d ms; RSS %d MB after start, %d MB after 20 sign-ins (%d ms each)", what,
                    server.lastStartTime().toMillis(), rssAfterStart / 1024, rssAfterSignIns / 1024, signInMillis);
        } finally {
            server.stop();
        }
    }

    private static long rssKilobytes(long pid) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}

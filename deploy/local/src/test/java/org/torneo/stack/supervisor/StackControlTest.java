package org.torneo.stack.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's bookkeeping, without starting the real stack (smoke.sh does that). */
class StackControlTest {

    @TempDir
    Path repo;

    @Test
    void builtServicesGetPortsInTheFixedOrderAndUnknownServicesAfterThem() throws Exception {
        for (String name : List.of("rating", "game", "zeta")) {
            Path jar = repo.resolve("services/" + name + "/app/target/quarkus-app/quarkus-run.jar");
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "not really a jar");
        }
        Files.createDirectories(repo.resolve("services/clock/app")); // not built: skipped
        // an app that is its module alone (no app/ folder): the console
        Path console = repo.resolve("services/console/target/quarkus-app/quarkus-run.jar");
        Files.createDirectories(console.getParent());
        Files.writeString(console, "not really a jar");
        List<StackHome.ServiceApp> apps = new StackHome(repo).builtServices();
        assertEquals(List.of("game", "rating", "console", "zeta"), apps.stream().map(StackHome.ServiceApp::name).toList());
        assertEquals(List.of(8081, 8084, 8086, 8087), apps.stream().map(StackHome.ServiceApp::preferredPort).toList());
        assertEquals(console, apps.get(2).jar());
    }

    @Test
    void upWaitsAsLongAsTheSupervisorItStartsWaitsForItsServices() {
        // torneo chaos gives the supervisor 900 s per service; the launcher gave up after 480 s, its own default
        assertEquals(java.time.Duration.ofSeconds(480 + 900 - 180),
                StackControl.upTimeout(java.util.Map.of("TORNEO_SERVICE_READY_SECONDS", "900")));
        assertEquals(java.time.Duration.ofSeconds(480), StackControl.upTimeout(java.util.Map.of(
                "TORNEO_SERVICE_READY_SECONDS", "60")));
    }

    @Test
    void stateFileRoundTrips() {
        StackHome home = new StackHome(repo);
        Properties state = new Properties();
        state.setProperty("status", "ready");
        state.setProperty("service.game.port", "8081");
        home.writeState(state);
        assertEquals(state, home.readState());
    }

    @Test
    void statusWithNothingRunningSaysSoAndFails() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new StackControl(new StackHome(repo), new PrintStream(out, true, StandardCharsets.UTF_8), System.err).status();
        assertEquals(1, code);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("not running"));
    }

    @Test
    void downKillsProcessesLeftByACrashedSupervisor() throws Exception {
        StackHome home = new StackHome(repo);
        // a process carrying this repo's marker, as every JVM the supervisor starts does
        Process orphan = new ProcessBuilder("sh", "-c", "sleep 60", home.marker()).start();
        try {
            assertTrue(orphan.isAlive());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = new StackControl(home, new PrintStream(out, true, StandardCharsets.UTF_8), System.err).down();
            assertEquals(0, code);
            assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the leftover process was stopped");
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("killed 1 leftover"), out.toString(StandardCharsets.UTF_8));
            assertFalse(new StackControl(home, System.out, System.err).leftovers().stream()
                    .anyMatch(p -> p.pid() == orphan.pid()));
        } finally {
            orphan.destroyForcibly();
        }
    }
}

package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.torneo.cli.Main;

/**
 * The "done when": {@code ./torneo demo --players 60 --rounds 5 --exit} on the real local stack (broker,
 * PostgreSQL and the five service apps, which the reactor builds before this module) completes and its audit
 * finds no discrepancy, and its games run on real clocks: at least one game ends on a flag fall that the clock
 * service saw (a player stopped moving), decided by the game service. Run in its own JVM, as {@code ./torneo} runs it, so that the stack supervisor it starts
 * gets a plain class path. Part of the default test run (about a minute: five Quarkus apps start); alone:
 * {@code ./mvnw -pl cli test -Dtest=DemoEndToEndTest}. It uses the ports of {@code ./torneo up}.
 */
class DemoEndToEndTest {

    @Test
    void a_sixty_player_five_round_open_runs_through_every_service_and_its_audit_is_clean() throws Exception {
        Path repo = Path.of("").toAbsolutePath().getParent();
        assertTrue(Files.exists(repo.resolve("services/game/app/target/quarkus-app/quarkus-run.jar")),
                "the service apps must be built first (./mvnw install -DskipTests)");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path output = Files.createTempFile("torneo-demo", ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xss16m", "-Dtorneo.home=" + repo, "-cp", classPath, Main.class.getName(),
                "demo", "--players", "60", "--rounds", "5", "--seed", "9", "--exit"));
        Process process = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        boolean finished = process.waitFor(20, TimeUnit.MINUTES);
        if (!finished) {
            process.destroy();
        }
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        String all = String.join("\n", lines);
        assertTrue(finished, "the demo did not finish in 20 minutes:\n" + all);
        assertEquals(0, process.exitValue(), all);
        assertTrue(all.contains("demo: round 5: 30/30 games finished")
                || all.matches("(?s).*demo: round 5: (\\d+)/\\1 games finished.*"), all);
        assertTrue(all.contains("demo: final standings after round 5"), all);
        java.util.regex.Matcher clocks = java.util.regex.Pattern.compile("demo: clocks: (\\d+) started, \\d+ paused for a "
                + "claim, (\\d+) flag falls seen by the clock service; games ended on time: (\\d+) lost, (\\d+) drawn")
                .matcher(all);
        assertTrue(clocks.find(), all);
        assertTrue(Integer.parseInt(clocks.group(1)) >= 5 * 29, "every game on a clock: " + clocks.group());
        assertTrue(Integer.parseInt(clocks.group(2)) >= 1, "no flag fell on the clock: " + clocks.group());
        assertTrue(Integer.parseInt(clocks.group(3)) + Integer.parseInt(clocks.group(4)) >= 1,
                "no game ended on a flag fall: " + clocks.group());
        // issue 17: every service signed its heads through the real broker, every note is valid, every event is as
        // signed, and the rounds' anchors (signed by the pairing service) hold
        java.util.regex.Matcher signatures = java.util.regex.Pattern.compile("demo: audit: signatures: (\\d+) of \\1 heads"
                + " notes valid, ([1-9]\\d*) anchor\\(s\\), 0 finding\\(s\\)").matcher(all);
        assertTrue(signatures.find(), all);
        assertTrue(Integer.parseInt(signatures.group(1)) > 100, signatures.group());
        String last = lines.getLast();
        assertTrue(last.matches(
                "audit: [1-9]\\d* decisions checked, 0 discrepant, 0 decisions without authority, chain intact"), last + "\n" + all);
    }
}

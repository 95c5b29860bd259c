package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.cli.Main;

/**
 * Issue 21: {@code ./torneo chaos} on the real local stack. The short case (default run): a small field whose second
 * run loses its game service, its broker (three times, once while it recovers) and PostgreSQL to {@code kill -9},
 * compared with the undisturbed run of the same seed. The slow case: >= 300 boards, seed 11, every process
 * killed at least twice, also on three brokers and on two instances of each service. Each runs {@code ./torneo chaos} in its own JVM (as the launcher does); they use the ports of
 * {@code ./torneo up}, like DemoEndToEndTest: never next to another stack of the same checkout.
 */
class ChaosEndToEndTest {

    static final Pattern SUMMARY = Pattern.compile("chaos: seed (\\d+), (\\d+) kill -9 \\{([^}]*)}(.*?): commands sent (\\d+),"
            + " decided (\\d+), lost (\\d+), duplicated (\\d+); digests ([^;]*); audit discrepancies (\\d+); feed events"
            + " missing (\\d+)");

    // In the default run (issue 21: "a short one runs in the default CI run"): both runs and their comparison take 2-3
    // minutes on the quiet 2-core machine (session 18: twice clean, 5 kills each). Under load 25-40 it took 17 minutes
    // (session 16), hence the generous limit.
    @Test
    void a_small_open_killed_in_its_game_service_broker_and_database_ends_as_the_undisturbed_one() throws Exception {
        // seed 7's plans let no flag fall, so the long flag grace (a restart under load took up to 71 s) costs nothing
        List<String> lines = chaos(30, "--players", "10", "--rounds", "2", "--seed", "7", "--faults", "4",
                "--targets", "game,kafka,postgres", "--flag-grace", "PT600S");
        Matcher summary = summary(lines);
        String kills = summary.group(3);
        assertTrue(kills.matches(".*\\bgame=[1-9].*") && kills.matches(".*\\bkafka=[1-9].*"),
                "the game service and the broker were killed: " + summary.group());
        assertEquals("", summary.group(4).trim(), "every planned fault fired: " + summary.group());
        assertClean(summary, lines);
    }

    // 602 players: 300 boards and a bye in round 1, 301 boards in round 2; two rounds give every process its two kills
    // (seed 11's default faults) and take 21-25 minutes for both runs on 2 cores (docs/benchmarks.md, "Faults")
    @Tag("slow")
    @Test
    void three_hundred_boards_seed_eleven_every_process_killed_twice() throws Exception {
        List<String> lines = chaos(90, "--players", "602", "--rounds", "2", "--seed", "11");
        Matcher summary = summary(lines);
        assertKilledTwice(summary, List.of("game", "clock", "pairing", "rating", "feed", "kafka", "postgres"));
        assertClean(summary, lines);
    }

    @Tag("slow")
    @Test
    void three_hundred_boards_on_three_brokers_each_node_killed_twice() throws Exception {
        List<String> lines = chaos(90, "--players", "602", "--rounds", "2", "--seed", "11", "--brokers", "3");
        Matcher summary = summary(lines);
        assertKilledTwice(summary, List.of("game", "clock", "pairing", "rating", "feed", "kafka-1", "kafka-2", "kafka-3",
                "postgres"));
        assertClean(summary, lines);
    }

    @Tag("slow")
    @Test
    void three_hundred_boards_on_two_instances_of_each_service_each_instance_killed_twice() throws Exception {
        List<String> lines = chaos(90, "--players", "602", "--rounds", "2", "--seed", "11", "--instances", "2");
        Matcher summary = summary(lines);
        assertKilledTwice(summary, List.of("game", "game-2", "clock", "clock-2", "pairing", "pairing-2", "rating",
                "rating-2", "feed", "kafka", "postgres"));
        assertClean(summary, lines);
    }

    private static void assertKilledTwice(Matcher summary, List<String> processes) {
        for (String process : processes) {
            Matcher count = Pattern.compile("(?<![\\w-])" + Pattern.quote(process) + "=(\\d+)").matcher(summary.group(3));
            assertTrue(count.find() && Integer.parseInt(count.group(1)) >= 2, process + " killed twice: " + summary.group());
        }
    }

    private static void assertClean(Matcher summary, List<String> lines) {
        String all = String.join("\n", lines);
        assertTrue(Integer.parseInt(summary.group(5)) > 0, "commands were sent: " + summary.group());
        assertEquals(summary.group(5), summary.group(6), "every command decided: " + summary.group() + "\n" + all);
        assertEquals("0", summary.group(7), "lost: " + summary.group() + "\n" + all);
        assertEquals("0", summary.group(8), "duplicated: " + summary.group() + "\n" + all);
        for (String digest : summary.group(9).split(", ")) {
            assertTrue(digest.endsWith(" equal"), "digest " + digest + ": " + summary.group() + "\n" + all);
        }
        assertTrue(summary.group(9).contains("game equal") && summary.group(9).contains("pairing equal")
                && summary.group(9).contains("feed equal"), summary.group());
        assertEquals("0", summary.group(10), "audit discrepancies: " + summary.group() + "\n" + all);
        assertEquals("0", summary.group(11), "feed events missing: " + summary.group() + "\n" + all);
    }

    private static Matcher summary(List<String> lines) {
        for (String line : lines) {
            Matcher matcher = SUMMARY.matcher(line);
            if (matcher.find()) {
                return matcher;
            }
        }
        throw new AssertionError("no summary line:\n" + String.join("\n", lines));
    }

    private static List<String> chaos(int minutes, String... args) throws Exception {
        Path repo = Path.of("").toAbsolutePath().getParent();
        assertTrue(Files.exists(repo.resolve("services/game/app/target/quarkus-app/quarkus-run.jar")),
                "the service apps must be built first (./mvnw install -DskipTests)");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path output = Files.createTempFile("torneo-chaos", ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xss16m", "-Dtorneo.home=" + repo, "-cp", classPath, Main.class.getName(), "chaos"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        boolean finished = process.waitFor(minutes, TimeUnit.MINUTES);
        if (!finished) {
            process.destroy();
            process.waitFor(60, TimeUnit.SECONDS);
        }
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertTrue(finished, "chaos did not finish in " + minutes + " minutes:\n" + String.join("\n", lines));
        return lines;
    }
}

package org.torneo.cli.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

class PairingCommandsTest {

    @TempDir
    Path dir;

    static Path resource(String name) throws Exception {
        return Path.of(PairingCommandsTest.class.getResource("/pairing/" + name).toURI());
    }

    @Test
    void pairPrintsTheRealEventRoundExactlyAsPublished() throws Exception {
        CliRun r = run("pair", "--system", "dutch", resource("javafo_TRFXSample2.round-05.in.trf").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Files.readString(resource("javafo_TRFXSample2.round-05.expected")), r.out());
    }

    @Test
    void harknessAndRoundRobinPairEveryAvailablePlayerOnce() throws Exception {
        for (String system : List.of("harkness", "roundrobin")) {
            CliRun r = run("pair", "--system", system, "--seed", "5",
                    resource("javafo_TRFXSample2.round-05.in.trf").toString());
            assertEquals(0, r.code(), system + ": " + r.err());
            List<String> lines = r.out().lines().toList();
            assertEquals(Integer.parseInt(lines.get(0)), lines.size() - 1);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String line : lines.subList(1, lines.size())) {
                for (String id : line.split(" ")) {
                    if (!id.equals("0")) {
                        assertTrue(seen.add(id), system + ": player " + id + " twice");
                    }
                }
            }
            assertTrue(seen.size() >= 40, system + ": " + seen.size());
        }
    }

    @Test
    void pairReportsNoValidPairingWithExitCode1() throws Exception {
        CliRun r = run("pair", resource("dev-nopair02-p008-r08.round-08.in.trf").toString());
        assertEquals(1, r.code());
        assertTrue(r.err().contains("No valid pairing"), r.err());
    }

    @Test
    void batchWritesEveryOutputAndMarksUnpairableRounds() throws Exception {
        Path a = dir.resolve("a.txt");
        Path b = dir.resolve("b.txt");
        Path list = dir.resolve("list.tsv");
        Files.writeString(list, resource("javafo_TRFXSample2.round-05.in.trf") + "\t" + a + "\n"
                + resource("dev-nopair02-p008-r08.round-08.in.trf") + "\t" + b + "\n");
        CliRun r = run("pair", "--system", "dutch", "--batch", list.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(Files.readString(resource("javafo_TRFXSample2.round-05.expected")), Files.readString(a));
        assertEquals("no valid pairing\n", Files.readString(b));
    }

    @Test
    void badInputNamesLineAndColumnWithExitCode2() throws Exception {
        Path bad = dir.resolve("bad.trf");
        String text = Files.readString(resource("javafo_TRFXSample2.round-05.in.trf"));
        Files.writeString(bad, text.replace("    26 w 1    13 b 1", "    26 w 1    13 b Q"));
        CliRun r = run("pair", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("line 14") && r.err().contains("column 109"), r.err());
    }

    @Test
    void generateIsReproducibleAndCheckAgreesWithEveryRound() throws Exception {
        Path g1 = dir.resolve("g1.trf");
        Path g2 = dir.resolve("g2.trf");
        assertEquals(0, run("generate", "--players", "21", "--rounds", "6", "--seed", "7", "--forfeits", "10",
                "--byes", "5", "-o", g1.toString()).code());
        assertEquals(0, run("generate", "--players", "21", "--rounds", "6", "--seed", "7", "--forfeits", "10",
                "--byes", "5", "-o", g2.toString()).code());
        assertEquals(Files.readString(g1), Files.readString(g2));
        CliRun check = run("check", g1.toString());
        assertEquals(0, check.code(), check.out());
        assertTrue(check.out().contains("all 6 rounds agree"), check.out());
    }

    @Test
    void checkReportsARoundThatDiffersFromTheEngine() throws Exception {
        Path g = dir.resolve("g.trf");
        assertEquals(0, run("generate", "--players", "12", "--rounds", "4", "--seed", "3", "--byes", "0",
                "--withdrawals", "0", "--forfeits", "0", "-o", g.toString()).code());
        // swap the colours of one game of round 2: a different pairing than the engine's
        List<String> lines = Files.readAllLines(g);
        String first = lines.stream().filter(l -> l.startsWith("001    1 ")).findFirst().orElseThrow();
        int opponent = Integer.parseInt(first.substring(101, 105).strip());
        StringBuilder out = new StringBuilder();
        for (String l : lines) {
            if (l.startsWith("001") && (Integer.parseInt(l.substring(4, 8).strip()) == 1
                    || Integer.parseInt(l.substring(4, 8).strip()) == opponent)) {
                char c = l.charAt(106);
                l = l.substring(0, 106) + (c == 'w' ? 'b' : 'w') + l.substring(107);
            }
            out.append(l).append('\n');
        }
        Files.writeString(g, out.toString());
        CliRun check = run("check", g.toString());
        assertEquals(1, check.code(), check.out());
        assertTrue(check.out().contains("round 2: DIFFERS"), check.out());
    }
}

package org.torneo.cli.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

/**
 * {@code standings} applies the C.07 edition in force on the start date (042), as FIDE's tie-break checker does,
 * and {@code --rules} forces one. The real file: a 9-player, 9-round lichess Swiss (realfiles/README.md) in which
 * every player has one pairing-allocated bye, an unplayed round. C.07 (2024) 16.4 counts that round's dummy
 * opponent with the player's own score; C.07 (2026, applied from 2026-03-01) 16.4.2 caps it at the points of a
 * draw times the rounds (0.5 x 9 = 4.5). Nothing else differs between the editions here, so a player's Buchholz
 * and Sonneborn-Berger (the PAB is worth 1 point, so the same amount) drop by max(0, score - 4.5) under 2026.
 */
class StandingsRulesByDateTest {

    @TempDir
    Path dir;

    private Path lichess(String startDate) throws Exception {
        Path real = Path.of(getClass().getResource("/realfiles/lichess-swiss-2020-06.trf").toURI());
        String text = Files.readString(real);
        assertTrue(text.contains("042 Jun 26, 2020\n"));
        Path file = dir.resolve("event.trf");
        Files.writeString(file, text.replace("042 Jun 26, 2020\n", "042 " + startDate + "\n"));
        return file;
    }

    private static Map<Integer, BigDecimal[]> rows(CliRun r) {
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("StartNo\tPTS\tBH\tSB\tRank", lines[0]);
        Map<Integer, BigDecimal[]> rows = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String[] c = lines[i].split("\t");
            rows.put(Integer.parseInt(c[0]), new BigDecimal[] {new BigDecimal(c[1]), new BigDecimal(c[2]),
                    new BigDecimal(c[3])});
        }
        assertEquals(9, rows.size());
        return rows;
    }

    private static CliRun standings(Path file, String... rules) {
        String[] args = new String[5 + rules.length];
        args[0] = "standings";
        args[1] = file.toString();
        args[2] = "--tiebreaks";
        args[3] = "PTS,BH,SB";
        args[4] = "--format";
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[5] = "tsv";
        System.arraycopy(rules, 0, all, 6, rules.length);
        return run(all);
    }

    @Test
    void the2026RulesCapTheDummyOpponentOfAnUnplayedRound() throws Exception {
        Path file = lichess("Jun 26, 2020");
        Map<Integer, BigDecimal[]> v2024 = rows(standings(file, "--rules", "2024"));
        Map<Integer, BigDecimal[]> v2026 = rows(standings(file, "--rules", "2026"));
        BigDecimal cap = new BigDecimal("4.5");
        int changed = 0;
        for (int sn = 1; sn <= 9; sn++) {
            BigDecimal score = v2024.get(sn)[0];
            BigDecimal drop = score.subtract(cap).max(BigDecimal.ZERO);
            assertEquals(0, v2024.get(sn)[1].subtract(v2026.get(sn)[1]).compareTo(drop), "BH of " + sn);
            assertEquals(0, v2024.get(sn)[2].subtract(v2026.get(sn)[2]).compareTo(drop), "SB of " + sn);
            changed += drop.signum();
        }
        assertEquals(5, changed, "the five players above 4.5 points (7.5, 7.5, 6, 6, 6)");
        // player 1: 7.5 points, PAB in round 9
        assertEquals(0, v2024.get(1)[1].subtract(v2026.get(1)[1]).compareTo(new BigDecimal("3.0")));
    }

    @Test
    void theDefaultIsTheEditionInForceOnTheStartDate() throws Exception {
        String forced2024 = standings(lichess("Jun 26, 2020"), "--rules", "2024").out();
        String forced2026 = standings(lichess("Jun 26, 2020"), "--rules", "2026").out();
        assertNotEquals(forced2024, forced2026);

        assertEquals(forced2024, standings(lichess("Jun 26, 2020")).out(), "a 2020 event: the 2024 rules");
        assertEquals(forced2024, standings(lichess("2026/02/28")).out(), "the day before the 2026 rules");
        assertEquals(forced2026, standings(lichess("2026/03/01")).out(), "C.07 (2026) applies from 1 March 2026");
        assertEquals(forced2026, standings(lichess("May 10, 2026")).out());
        assertEquals(forced2024, standings(lichess("May 10, 2026"), "--rules", "2024").out(), "forced");
        assertEquals(forced2026, standings(lichess("Jun 26, 2020"), "--rules", "auto", "--rules", "2026").out());
    }

    @Test
    void theJsonNamesTheEditionApplied() throws Exception {
        CliRun r = run("standings", lichess("2026-03-15").toString(), "--format", "json", "--tiebreaks", "BH");
        assertTrue(r.out().contains("\"rules\":\"2026\""), r.out());
        r = run("standings", lichess("28. 07. 2005").toString(), "--format", "json", "--tiebreaks", "BH");
        assertTrue(r.out().contains("\"rules\":\"2024\""), r.out());
    }
}

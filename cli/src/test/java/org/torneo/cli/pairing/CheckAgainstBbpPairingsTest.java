package org.torneo.cli.pairing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.torneo.cli.CliRun;

/**
 * {@code torneo check} on real exports (resources {@code realfiles/}, see its README) gives, round by round, the
 * verdict of bbpPairings' checker ({@code --dutch FILE -c}, its output stored beside each file): the same rounds
 * differ, and the engine's pairs of a differing round are exactly the "Checker pairings" bbp lists. The
 * Karl-Mala export has a late entrant (blank round 1), players who withdrew (blank entries to the end), a
 * "spielfrei" dummy, forfeits written without colours and a PAB written "0000 - +".
 */
public class CheckAgainstBbpPairingsTest {

    private static final Pattern ROUND = Pattern.compile(": Round #(\\d+)");
    private static final Pattern CHECKER_PAIR = Pattern.compile("^\\s+(\\d+) -\\s+(\\d+)\\s{5,}");
    private static final Pattern TORNEO_ROUND = Pattern.compile("^round (\\d+): (ok|DIFFERS)");

    @ParameterizedTest
    @ValueSource(strings = {"karl-mala-2005", "lichess-swiss-2020-05", "lichess-swiss-2020-06"})
    void everyRoundGetsBbpPairingsVerdict(String name) throws Exception {
        Path trf = Path.of(getClass().getResource("/realfiles/" + name + ".trf").toURI());
        Map<Integer, TreeSet<String>> bbp = bbpCheckerPairs(Files.readString(trf.resolveSibling(name + ".bbp-check.txt")));

        CliRun r = run("check", trf.toString());

        assertEquals("", r.err());
        Map<Integer, TreeSet<String>> torneo = new TreeMap<>();
        for (String line : r.out().split("\n")) {
            Matcher m = TORNEO_ROUND.matcher(line);
            if (m.lookingAt()) {
                TreeSet<String> pairs = new TreeSet<>();
                int engineOnly = line.indexOf("engine only: [");
                if (engineOnly >= 0) {
                    String list = line.substring(engineOnly + "engine only: [".length(), line.lastIndexOf(']'));
                    for (String pair : list.split(", ")) {
                        pairs.add(pair.strip());
                    }
                }
                torneo.put(Integer.parseInt(m.group(1)), pairs);
            }
        }
        assertEquals(bbp.keySet(), torneo.keySet(), "rounds checked: " + r.out());
        assertEquals(bbp, torneo, r.out());
        long differing = bbp.values().stream().filter(s -> !s.isEmpty()).count();
        assertEquals(differing == 0 ? 0 : 1, r.code());
        assertTrue(r.out().contains(differing == 0 ? "all " + bbp.size() + " rounds agree"
                : differing + " of " + bbp.size() + " rounds differ"), r.out());
    }

    /** Per round, the pairs bbp's checker gives where the file differs ("white black", "id 0" for the PAB). */
    public static Map<Integer, TreeSet<String>> bbpCheckerPairs(String report) {
        Map<Integer, TreeSet<String>> rounds = new TreeMap<>();
        TreeSet<String> current = null;
        for (String line : report.split("\n")) {
            Matcher round = ROUND.matcher(line);
            if (round.find()) {
                current = new TreeSet<>();
                rounds.put(Integer.parseInt(round.group(1)), current);
                continue;
            }
            Matcher pair = CHECKER_PAIR.matcher(line);
            if (pair.find() && current != null) {
                current.add(pair.group(1) + " " + pair.group(2));
            }
        }
        return rounds;
    }
}

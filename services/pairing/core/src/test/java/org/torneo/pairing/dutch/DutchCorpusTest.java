package org.torneo.pairing.dutch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfReader;
import org.torneo.trf.TrfWriter;

/**
 * The bbpPairings v6.0.0 conformance corpus (copied into test resources under dutch/): every case compares
 * the set of ordered pairs and the PAB with bbp's output; nopairing cases must report no valid pairing.
 * Every case runs by default and the run writes target/dutch-corpus-report.txt; the two 1000-player cases run in the
 * slow profile (about 2 s of CPU each since the bracket-alone shortcut; 20–24 s before).
 */
class DutchCorpusTest {

    record Case(String input, String expected, String kind, int players) {
    }

    static Path root() {
        try {
            return Path.of(DutchCorpusTest.class.getResource("/dutch/cases.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Case> cases() throws IOException {
        List<String> lines = Files.readAllLines(root().resolve("cases.tsv"));
        List<Case> list = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t");
            list.add(new Case(f[0], f[1], f[11], Integer.parseInt(f[2])));
        }
        return list;
    }

    /** The sorted pairs "white black" (bye "id 0"), or "no valid pairing". */
    static Set<String> pairing(Path input) throws IOException {
        try {
            List<Pairing> pairs = DutchPairer.pair(SwissTournament.fromTrf(TrfReader.read(input)));
            Set<String> set = new TreeSet<>();
            for (Pairing p : pairs) {
                set.add(p.toString());
            }
            return set;
        } catch (NoValidPairingException e) {
            return Set.of("no valid pairing");
        }
    }

    static Set<String> expected(Case c) throws IOException {
        if (c.kind().equals("nopairing")) {
            return Set.of("no valid pairing");
        }
        List<String> lines = Files.readAllLines(root().resolve(c.expected()));
        assertEquals(Integer.parseInt(lines.get(0).strip()), lines.size() - 1, "count line of " + c.expected());
        return new TreeSet<>(lines.subList(1, lines.size()));
    }

    static List<String> run(List<Case> cases, StringBuilder report) throws IOException {
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            long start = System.nanoTime();
            Set<String> got = pairing(root().resolve(c.input()));
            Set<String> want = expected(c);
            double seconds = (System.nanoTime() - start) / 1e9;
            boolean ok = got.equals(want);
            if (!ok) {
                failures.add(c.input());
            }
            report.append(ok ? "PASS " : "FAIL ").append(c.input()).append(String.format(" %.2fs", seconds)).append('\n');
            if (!ok) {
                report.append("  expected ").append(want).append("\n  got      ").append(got).append('\n');
            }
        }
        return failures;
    }

    @Test
    void everyCorpusCasePairsExactlyAsBbpPairings() throws IOException {
        List<Case> all = cases().stream().filter(c -> !c.kind().equals("large")).toList();
        StringBuilder report = new StringBuilder();
        List<String> failures = run(all, report);
        Files.writeString(Path.of("target", "dutch-corpus-report.txt"),
                "passed " + (all.size() - failures.size()) + "/" + all.size() + "\n" + report);
        assertEquals(List.of(), failures, "passed " + (all.size() - failures.size()) + "/" + all.size());
    }

    @Test
    @Tag("slow")
    void theThousandPlayerCasesPairExactlyAsBbpPairings() throws IOException {
        List<Case> large = cases().stream().filter(c -> c.kind().equals("large")).toList();
        StringBuilder report = new StringBuilder();
        List<String> failures = run(large, report);
        System.out.print(report);
        assertEquals(List.of(), failures, report.toString());
    }

    /** Re-pairing every round of a completed tournament (no XXR, no XXC) from the file alone, as `check` does. */
    @Test
    void everyRoundOfACompletedTournamentIsReproducedFromTheWholeFile() throws IOException {
        for (String name : List.of("dev059-p037-r11", "dev003-p052-r11")) {
            var doc = TrfReader.read(root().resolve("generated/" + name + "/" + name + ".trf"));
            doc = doc.withHeader("XXR", Integer.toString(doc.roundsWritten()));
            for (int r = 1; r <= doc.roundsPaired(); r++) {
                Set<String> recorded = new TreeSet<>();
                for (var p : doc.players()) {
                    var g = p.game(r);
                    if (g.opponent() != 0 && g.colour() == org.torneo.trf.Colour.WHITE) {
                        recorded.add(p.startNumber() + " " + g.opponent());
                    } else if (g.result() == org.torneo.trf.ResultCode.PAIRING_ALLOCATED_BYE) {
                        recorded.add(p.startNumber() + " 0");
                    }
                }
                Set<String> engine = new TreeSet<>();
                try {
                    for (Pairing p : DutchPairer.pair(SwissTournament.fromTrf(doc, r))) {
                        engine.add(p.toString());
                    }
                } catch (NoValidPairingException e) {
                    engine.add("no valid pairing");
                }
                assertEquals(recorded, engine, name + " round " + r);
            }
        }
    }

    @Test
    void everyCorpusFileRoundTripsWithoutLoss() throws IOException {
        int files = 0;
        try (Stream<Path> walk = Files.walk(root())) {
            for (Path p : walk.filter(x -> x.toString().endsWith(".trf")).toList()) {
                String text = Files.readString(p);
                assertEquals(text, TrfWriter.write(TrfReader.read(text)), p.toString());
                files++;
            }
        }
        assertTrue(files >= 1372, "files " + files);
    }
}

package org.torneo.pairing.dutch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfReader;

/** Baku acceleration (C.04.5.1) and forbidden pairs (XXP) against bbpPairings v6.0.0 outputs. */
class DutchExtraCasesTest {

    static Path dir() throws URISyntaxException {
        return Path.of(DutchExtraCasesTest.class.getResource("/dutch-extra/README.md").toURI()).getParent();
    }

    static Set<String> pair(String trf) throws NoValidPairingException {
        Set<String> set = new TreeSet<>();
        for (Pairing p : DutchPairer.pair(SwissTournament.fromTrf(TrfReader.read(trf)))) {
            set.add(p.toString());
        }
        return set;
    }

    static List<Path> inputs(String prefix) throws Exception {
        try (Stream<Path> s = Files.list(dir())) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".trf"))
                    .sorted().collect(Collectors.toList());
        }
    }

    void check(String prefix, String marker) throws Exception {
        int changedByTheRecord = 0;
        List<Path> files = inputs(prefix);
        assertTrue(files.size() >= 6);
        for (Path in : files) {
            String text = Files.readString(in);
            List<String> lines = Files.readAllLines(Path.of(in.toString().replace(".trf", ".expected")));
            assertEquals(new TreeSet<>(lines.subList(1, lines.size())), pair(text), in.getFileName().toString());
            String without = text.lines().filter(l -> !l.startsWith(marker)).collect(Collectors.joining("\n", "", "\n"));
            try {
                if (!pair(without).equals(pair(text))) {
                    changedByTheRecord++;
                }
            } catch (NoValidPairingException e) {
                changedByTheRecord++;
            }
        }
        assertTrue(changedByTheRecord > 0, "the " + marker + " records change at least one pairing");
    }

    @Test
    void bakuAccelerationPairsAsBbpPairings() throws Exception {
        check("baku-", "192");
    }

    @Test
    void forbiddenPairsArePairedAsBbpPairings() throws Exception {
        check("xxp-", "XXP");
    }

    @Test
    void bakuNeedsTheStandardPointSystem() {
        String text = "012 T\nXXR 3\nXXC white1\n192 FIDE_DUTCH_2025_BAKU\n162  W 3.0    D 1.0\n"
                + "001    1      A                                 2000                             0.0    1\n"
                + "001    2      B                                 1900                             0.0    2\n";
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SwissTournament.fromTrf(TrfReader.read(text)));
        assertTrue(e.getMessage().contains("Baku"), e.getMessage());
    }
}

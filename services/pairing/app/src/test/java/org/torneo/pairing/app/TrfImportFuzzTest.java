package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.fuzz.Mutator;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.pairing.app.trf.TrfImport;
import org.torneo.trf.TrfFormatException;

/**
 * Mutated TRF files through what POST /tournaments/import runs before it sends anything: the one reader and the
 * conversion to commands. Every case gives commands or a {@link TrfFormatException} (the route's 400 with line and
 * column); anything else escaping would be a 500. Fixed seed; {@code -Pslow} runs 100,000 cases.
 */
class TrfImportFuzzTest {

    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "fuzz");

    @Test
    void everyMutatedFileGivesCommandsOrALineAndColumn() throws IOException {
        fuzz(3000);
    }

    @Test
    @Tag("slow")
    void aHundredThousandMutatedFiles() throws IOException {
        fuzz(100_000);
    }

    private static void fuzz(int cases) throws IOException {
        List<String> seeds = new ArrayList<>();
        for (String name : List.of("dev006-p015-r06", "dev027-p011-r08", "dev043-p017-r10", "dev071-p017-r06",
                "dev103-p020-r11")) {
            seeds.add(resource(name).replace("\r\n", "\n").replace('\r', '\n'));
        }
        Mutator mutator = new Mutator(41L, List.of("XXR 2147483647\n", "XXR 999999\n", "142 0\n", "162  W 0.3\n",
                "XXS W=1.0 D=0.5\n", "240 H 003  0001\n", "0000 - F", "0000 - H", "  U", " w 1", " b +", " w -", "99.9",
                "001    1      Intruder                          2800                             1.0    1\n"));
        int clean = 0;
        int accepted = 0;
        List<String> escaped = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < cases; i++) {
            String text = mutator.mutate(seeds.get(i % seeds.size()));
            try {
                TrfImport.commands(text, "t-fuzz", PairingSystemKind.DUTCH, ARBITER, Instant.EPOCH);
                accepted++;
            } catch (TrfFormatException e) {
                clean++;
            } catch (Throwable e) {
                if (escaped.size() < 5) {
                    escaped.add("case " + i + ": " + e + "\n  input: " + text.substring(0, Math.min(300, text.length())));
                } else {
                    escaped.add("");
                }
            }
        }
        System.out.printf("%-12s %8s %13s %9s %8s %9s%n", "fuzz target", "cases", "clean errors", "accepted", "escaped",
                "seconds");
        System.out.printf("%-12s %8d %13d %9d %8d %9.1f%n", "trf-import", cases, clean, accepted, escaped.size(),
                (System.nanoTime() - start) / 1e9);
        assertEquals(0, escaped.size(), String.join("\n", escaped));
        assertTrue(clean > 0 && accepted > 0, clean + " clean errors, " + accepted + " accepted");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TrfImportFuzzTest.class.getResourceAsStream("/dutch/" + name + ".trf")) {
            assertTrue(in != null, "missing test resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

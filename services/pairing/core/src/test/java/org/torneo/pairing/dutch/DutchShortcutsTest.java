package org.torneo.pairing.dutch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfDocument;

/**
 * The engine's shortcuts (a simple complete pairing instead of the first whole-field matching, brackets solved
 * alone over the lower players) must give exactly the pairings of the matching of all unpaired players.
 */
class DutchShortcutsTest {

    static Set<String> pairs(List<Pairing> list) {
        Set<String> set = new TreeSet<>();
        for (Pairing p : list) {
            set.add(p.toString());
        }
        return set;
    }

    static Set<String> withShortcuts(SwissTournament t) {
        try {
            return pairs(DutchPairer.pair(t));
        } catch (NoValidPairingException e) {
            return Set.of("no valid pairing");
        }
    }

    static Set<String> withoutShortcuts(SwissTournament t) {
        try {
            return pairs(DutchPairer.pairWithoutShortcuts(t));
        } catch (NoValidPairingException e) {
            return Set.of("no valid pairing");
        }
    }

    @Test
    void everyRoundOfGeneratedEventsPairsAsTheWholeFieldMatching() {
        // even and odd fields (PAB), forfeits, half-point byes and withdrawals; 9 rounds reach late-round C3
        int[][] events = {{100, 9, 1}, {101, 9, 2}, {97, 7, 3}, {140, 6, 4}};
        int rounds = 0;
        int simple = 0;
        int alone = 0;
        int fallbacks = 0;
        for (int[] e : events) {
            var generated = new RandomTournamentGenerator(e[0], e[1], 35, 3, 2, 1).generate(new Random(e[2]));
            TrfDocument doc = generated.document();
            for (int r = 1; r <= doc.roundsPaired(); r++) {
                SwissTournament t = SwissTournament.fromTrf(doc, r);
                assertEquals(withoutShortcuts(t), withShortcuts(t), e[0] + " players, seed " + e[2] + ", round " + r);
                rounds++;
                try {
                    var use = DutchPairer.shortcutUse(t);
                    simple += use.simpleCompletion() ? 1 : 0;
                    alone += use.bracketsAlone();
                    fallbacks += use.bracketFallbacks();
                } catch (NoValidPairingException ex) {
                    // compared above
                }
            }
        }
        // the comparison means something only if the shortcuts were taken, and the fallback was exercised too
        assertTrue(rounds >= 25 && simple >= 20 && alone >= 50,
                rounds + " rounds, " + simple + " simple completions, " + alone + " brackets alone, "
                        + fallbacks + " fallbacks");
    }

    @Test
    void aFallbackToTheWholeFieldInTheMiddleOfABracketChangesNothing() throws NoValidPairingException {
        int compared = 0;
        for (int[] e : new int[][] {{80, 7, 5}, {81, 7, 6}}) {
            TrfDocument doc = new RandomTournamentGenerator(e[0], e[1], 35, 3, 2, 1).generate(new Random(e[2]))
                    .document();
            for (int r = 2; r <= doc.roundsPaired(); r++) {
                SwissTournament t = SwissTournament.fromTrf(doc, r);
                for (int period : new int[] {2, 5, 17}) {
                    assertEquals(withShortcuts(t), pairs(DutchPairer.pairFallingBackEvery(t, period)),
                            e[0] + " players, round " + r + ", period " + period);
                    compared++;
                }
            }
        }
        assertTrue(compared >= 30, "compared " + compared);
    }

    /** Is there a pairing of all vertices, no two outsiders together, leaving out at most one (odd count)? */
    static boolean completable(List<Integer> vertices, Set<Integer> outsiders, boolean[][] meet) {
        if (vertices.size() <= 1) {
            return true;
        }
        int a = vertices.get(0);
        List<Integer> rest = vertices.subList(1, vertices.size());
        if ((vertices.size() & 1) != 0 && completable(rest, outsiders, meet)) {
            return true;
        }
        for (int i = 0; i < rest.size(); i++) {
            int b = rest.get(i);
            if (meet[a][b] && !(outsiders.contains(a) && outsiders.contains(b))) {
                List<Integer> remaining = new ArrayList<>(rest);
                remaining.remove(i);
                if (completable(remaining, outsiders, meet)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void aSimplePairingIsAlwaysARealOneAndAbsorbsOutsidersOnlyWhenPossible() {
        Random random = new Random(7);
        int built = 0;
        int absorbed = 0;
        int refused = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int n = 4 + random.nextInt(9);
            int density = 50 + random.nextInt(50);
            boolean[][] meet = new boolean[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++) {
                    meet[i][j] = meet[j][i] = random.nextInt(100) < density;
                }
            }
            int outsiderCount = random.nextInt(Math.min(4, n - 2) + 1);
            int[] inside = new int[n - outsiderCount];
            for (int i = 0; i < inside.length; i++) {
                inside[i] = i;
            }
            var pairing = SimplePairing.of(inside, (a, b) -> meet[a][b]);
            if (pairing == null) {
                continue;
            }
            built++;
            boolean[] seen = new boolean[n];
            for (int[] p : pairing.pairs()) {
                assertTrue(meet[p[0]][p[1]], "pairs only players who can meet");
                assertFalse(seen[p[0]] || seen[p[1]], "nobody twice");
                seen[p[0]] = seen[p[1]] = true;
            }
            int left = 0;
            for (int v : inside) {
                if (!seen[v]) {
                    left++;
                    assertEquals(v, pairing.exposed);
                }
            }
            assertEquals(inside.length & 1, left, "at most the odd one out is left");

            List<Integer> outsiders = new ArrayList<>();
            for (int v = inside.length; v < n; v++) {
                outsiders.add(v);
            }
            if (pairing.absorbs(outsiders, (a, b) -> meet[a][b])) {
                absorbed++;
                // a yes means the inside players and the outsiders can all be paired, no two outsiders together
                assertEquals(0, n & 1, "only an even total can be paired completely");
                List<Integer> all = new ArrayList<>();
                for (int v = 0; v < n; v++) {
                    all.add(v);
                }
                assertTrue(completable(all, Set.copyOf(outsiders), meet), "trial " + trial);
            } else {
                refused++;
            }
        }
        assertTrue(built > 1000 && absorbed > 500 && refused > 20, built + " " + absorbed + " " + refused);
        assertNotNull(SimplePairing.of(new int[0], (a, b) -> true));
    }
}

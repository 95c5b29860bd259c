package org.torneo.pairing.roundrobin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.torneo.pairing.tournament.Pairing;

/** The construction against the tables printed in the Code 1970 book (copied from the shared corpus). */
class BergerTableTest {

    /** even table size -> rounds (each a list of pairs, board 1 first) as printed. */
    private static final Map<Integer, List<List<Pairing>>> PRINTED = new LinkedHashMap<>();

    private static final Pattern HEADER = Pattern.compile("Table for (\\d+) and (\\d+) players \\((\\d+) rounds");
    private static final Pattern ROUND = Pattern.compile("^\\s*R(\\d+)\\s*:(.*)$");

    @BeforeAll
    static void readPrintedTables() throws IOException {
        try (InputStream in = BergerTableTest.class.getResourceAsStream("/berger/berger_tables.txt")) {
            assertNotNull(in, "berger_tables.txt missing from test resources");
            int current = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                Matcher header = HEADER.matcher(line);
                if (header.find()) {
                    current = Integer.parseInt(header.group(2));
                    assertEquals(current - 1, Integer.parseInt(header.group(3)), line);
                    PRINTED.put(current, new ArrayList<>());
                    continue;
                }
                Matcher round = ROUND.matcher(line);
                if (round.find()) {
                    List<List<Pairing>> rounds = PRINTED.get(current);
                    assertEquals(rounds.size() + 1, Integer.parseInt(round.group(1)), line);
                    List<Pairing> pairs = new ArrayList<>();
                    for (String token : round.group(2).trim().split("\\s+")) {
                        String[] ends = token.split("-");
                        pairs.add(new Pairing(Integer.parseInt(ends[0]), Integer.parseInt(ends[1])));
                    }
                    rounds.add(pairs);
                }
            }
        }
        assertEquals(List.of(4, 6, 8, 10, 12, 14, 16, 18, 20), List.copyOf(PRINTED.keySet()));
    }

    static IntStream fieldSizes() {
        return IntStream.rangeClosed(3, 20);
    }

    @ParameterizedTest(name = "{0} players")
    @MethodSource("fieldSizes")
    void everyRoundEqualsTheBooksTableIncludingColours(int players) {
        int size = players + players % 2;
        List<List<Pairing>> printed = PRINTED.get(size);
        assertEquals(printed.size(), BergerTable.rounds(players));
        for (int round = 1; round <= printed.size(); round++) {
            List<Pairing> expected = printed.get(round - 1).stream()
                    .filter(p -> players == size || !p.involves(size)).toList();
            List<Pairing> actual = BergerTable.round(players, round);
            if (size <= 16) {
                assertEquals(expected, actual, players + " players, round " + round);
            } else {
                // README: for 18 and 20 the OCR shuffled the board order; pairs and colours still agree
                assertEquals(Set.copyOf(expected), Set.copyOf(actual), players + " players, round " + round);
                assertEquals(expected.size(), actual.size());
            }
        }
    }

    @ParameterizedTest(name = "{0} players")
    @MethodSource("fieldSizes")
    void oddFieldsRestTheOpponentOfTheLastEvenNumber(int players) {
        int size = players + players % 2;
        Set<Integer> resters = new HashSet<>();
        for (int round = 1; round <= BergerTable.rounds(players); round++) {
            var bye = BergerTable.bye(players, round);
            if (players % 2 == 0) {
                assertFalse(bye.isPresent());
                continue;
            }
            int expected = PRINTED.get(size).get(round - 1).stream().filter(p -> p.involves(size))
                    .mapToInt(p -> p.white() == size ? p.black() : p.white()).findFirst().orElseThrow();
            assertEquals(expected, bye.getAsInt(), players + " players, round " + round);
            resters.add(expected);
            assertFalse(BergerTable.round(players, round).stream().anyMatch(p -> p.involves(expected)));
        }
        if (players % 2 == 1) {
            assertEquals(players, resters.size(), "every player rests exactly once");
        }
    }

    @Test
    void firstTablesReadAsPrinted() {
        // Code 1970 table for 5 and 6 players, round 2: 6-4 5-3 1-2
        assertEquals(List.of(new Pairing(6, 4), new Pairing(5, 3), new Pairing(1, 2)), BergerTable.round(6, 2));
        assertEquals(List.of(new Pairing(5, 3), new Pairing(1, 2)), BergerTable.round(5, 2));
        assertEquals(4, BergerTable.bye(5, 2).getAsInt());
    }

    @ParameterizedTest(name = "{0} players")
    @MethodSource("fieldSizes")
    void doubleRoundRobinMeetsEveryoneTwiceOnceWithEachColour(int players) {
        RoundRobinPairing system = RoundRobinPairing.doubleRoundRobin();
        Map<List<Integer>, Integer> games = new HashMap<>();
        Map<Integer, StringBuilder> colours = new HashMap<>();
        for (int round = 1; round <= system.rounds(players); round++) {
            for (Pairing p : system.schedule(players, round)) {
                games.merge(List.of(p.white(), p.black()), 1, Integer::sum);
                colours.computeIfAbsent(p.white(), k -> new StringBuilder()).append('W');
                colours.computeIfAbsent(p.black(), k -> new StringBuilder()).append('B');
            }
        }
        for (int a = 1; a <= players; a++) {
            for (int b = 1; b <= players; b++) {
                if (a != b) {
                    assertEquals(1, games.getOrDefault(List.of(a, b), 0), a + " with White against " + b);
                }
            }
        }
        if (players % 2 == 0) {
            // the point of swapping the last two rounds of the first cycle (FIDE C.05 Annex 1)
            colours.forEach((player, sequence) -> {
                assertFalse(sequence.toString().contains("WWW"), player + ": " + sequence);
                assertFalse(sequence.toString().contains("BBB"), player + ": " + sequence);
            });
        }
    }

    @Test
    void withoutTheSwapPlayerOneWouldHaveThreeBlacksInARow() {
        // 10 players: rounds 8, 9 of the first cycle and 1 of the second; the swap breaks the streak
        RoundRobinPairing system = RoundRobinPairing.doubleRoundRobin();
        assertEquals(BergerTable.round(10, 9), system.schedule(10, 8));
        assertEquals(BergerTable.round(10, 8), system.schedule(10, 9));
        assertTrue(system.schedule(10, 10).contains(new Pairing(10, 1)));
    }
}

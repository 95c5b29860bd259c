package org.torneo.pairing.harkness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.Score;
import org.torneo.pairing.tournament.Colour;
import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.Pairing;
import org.torneo.pairing.tournament.PairingOutcome;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.pairing.tournament.PastRound;

/** The worked examples of the Code 1970 book (Harkness pairing system, US rules I-IX) and its rules. */
class HarknessPairingTest {

    private final HarknessPairing harkness = new HarknessPairing();

    /** Builds entrants in ranking order; history entries are added per player. */
    private static final class Field {
        final Map<Integer, Entrant> byNumber = new LinkedHashMap<>();

        Field player(int number, String score, PastRound... history) {
            byNumber.put(number, new Entrant(number, "P" + number, 2400 - number, Score.parse(score), List.of(history), true));
            return this;
        }

        Field absent(int number) {
            byNumber.put(number, new Entrant(number, "P" + number, 2400 - number, Score.ZERO, List.of(), false));
            return this;
        }

        PairingRequest round(int round, long seed) {
            List<Entrant> ordered = byNumber.values().stream()
                    .sorted((a, b) -> Integer.compare(a.number(), b.number())).toList();
            return new PairingRequest(round, 9, ordered, Set.of(), seed);
        }
    }

    private static PastRound white(int round, int opponent) {
        return PastRound.game(round, opponent, Colour.WHITE, true);
    }

    private static PastRound black(int round, int opponent) {
        return PastRound.game(round, opponent, Colour.BLACK, true);
    }

    private PairingOutcome.Paired paired(PairingRequest request) {
        return assertInstanceOf(PairingOutcome.Paired.class, harkness.pair(request));
    }

    private static int opponentOf(PairingOutcome.Paired paired, int number) {
        return paired.pairs().stream().filter(p -> p.involves(number))
                .mapToInt(p -> p.white() == number ? p.black() : p.white()).findFirst().orElse(0);
    }

    // --- Round 1: "Si son 100 participantes ... el 1 contra el 51, el 2 contra el 52, etc." ---

    @Test
    void roundOneOfAHundredPairsTopHalfAgainstBottomHalfWithNumberOnesColourByLot() {
        Set<Colour> numberOneColours = new HashSet<>();
        for (long seed = 0; seed < 6; seed++) {
            Field field = new Field();
            for (int n = 1; n <= 100; n++) {
                field.player(n, "0");
            }
            PairingOutcome.Paired paired = paired(field.round(1, seed));
            assertEquals(50, paired.pairs().size());
            assertTrue(paired.byes().isEmpty());
            Colour first = paired.pairs().get(0).white() == 1 ? Colour.WHITE : Colour.BLACK;
            numberOneColours.add(first);
            for (int top = 1; top <= 50; top++) {
                assertEquals(top + 50, opponentOf(paired, top), "No. " + top);
                // "si le tocan blancas, a todos los jugadores de número impar ... blancas ... de número par ... negras"
                Colour expected = top % 2 == 1 ? first : first.opposite();
                int t = top;
                Pairing game = paired.pairs().stream().filter(p -> p.involves(t)).findFirst().orElseThrow();
                assertEquals(expected == Colour.WHITE ? top : top + 50, game.white(), "colour of No. " + top);
            }
            assertEquals(new Pairing(first == Colour.WHITE ? 1 : 51, first == Colour.WHITE ? 51 : 1), paired.pairs().get(0));
        }
        assertEquals(Set.of(Colour.WHITE, Colour.BLACK), numberOneColours, "the lot must be able to give either colour");
    }

    @Test
    void roundOneOddFieldGivesTheByeToTheLowestRated() {
        Field field = new Field();
        for (int n = 1; n <= 7; n++) {
            field.player(n, "0");
        }
        PairingOutcome.Paired paired = paired(field.round(1, 3));
        assertEquals(List.of(7), paired.byes());
        assertEquals(4, opponentOf(paired, 1));
        assertEquals(5, opponentOf(paired, 2));
        assertEquals(6, opponentOf(paired, 3));
    }

    // --- Round 2, the winners group of the book: upper 1W 2B 3W 5W 8B 9W, lower 11W 12B 14B 16B 17W 19W ---

    private static Field booksWinners() {
        Field field = new Field();
        int[] numbers = {1, 2, 3, 5, 8, 9, 11, 12, 14, 16, 17, 19};
        String colours = "WBWWBWWBBBWW";
        for (int i = 0; i < numbers.length; i++) {
            int opponent = 100 + numbers[i];
            field.player(numbers[i], "1", colours.charAt(i) == 'W' ? white(1, opponent) : black(1, opponent));
        }
        return field;
    }

    @Test
    void roundTwoWinnersUseTheSimplestTranspositionsOfTheBook() {
        PairingOutcome.Paired paired = paired(booksWinners().round(2, 1));
        List<Pairing> games = paired.pairs();
        // "el 1 se parea contra el 12 y el 2 contra el 11"; then 3-14, 5-16, 8-17 with colours alternated
        assertTrue(games.contains(new Pairing(12, 1)), games.toString());
        assertTrue(games.contains(new Pairing(2, 11)), games.toString());
        assertTrue(games.contains(new Pairing(14, 3)), games.toString());
        assertTrue(games.contains(new Pairing(16, 5)), games.toString());
        assertTrue(games.contains(new Pairing(8, 17)), games.toString());
        assertEquals(19, opponentOf(paired, 9), "only 9-19 cannot alternate: they still meet");
        assertEquals(6, games.size());
    }

    @Test
    void roundTwoNineAgainstNineteenHaveTheirColoursByLot() {
        Set<Integer> whites = new HashSet<>();
        for (long seed = 0; seed < 12; seed++) {
            Pairing game = paired(booksWinners().round(2, seed)).pairs().stream()
                    .filter(p -> p.involves(9)).findFirst().orElseThrow();
            whites.add(game.white());
        }
        assertEquals(Set.of(9, 19), whites, "both colours must come out of the lot");
    }

    @Test
    void roundTwoHeldBackCardThatHadBlackReplacesNineteenWhoDropsToTheHalfPointGroup() {
        Field field = booksWinners()
                .player(21, "1", black(1, 121))           // the odd, held-back card: Black in round 1
                .player(4, "0.5", white(1, 104))
                .player(6, "0.5", black(1, 106))
                .player(40, "0", black(1, 140))
                .player(41, "0", white(1, 141))
                .player(42, "0", black(1, 142));
        PairingOutcome.Paired paired = paired(field.round(2, 7));
        assertTrue(paired.byes().isEmpty());
        assertTrue(paired.pairs().contains(new Pairing(21, 9)), paired.pairs().toString());
        int nineteensOpponent = opponentOf(paired, 19);
        assertTrue(Set.of(4, 6, 40).contains(nineteensOpponent), "19 is paired in the half-point group, got " + nineteensOpponent);
        // losers: odd, so the highest-ranked loser (40) moves up to the half-point group
        assertTrue(Set.of(4, 6, 19).contains(opponentOf(paired, 40)));
        assertEquals(42, opponentOf(paired, 41));
        assertAllPairedOnce(paired, field.round(2, 7));
    }

    @Test
    void roundTwoHeldBackCardThatHadWhiteStaysOutAndNineMeetsNineteen() {
        Field field = booksWinners()
                .player(21, "1", white(1, 121))
                .player(4, "0.5", white(1, 104));
        PairingOutcome.Paired paired = paired(field.round(2, 7));
        assertEquals(19, opponentOf(paired, 9));
        assertEquals(4, opponentOf(paired, 21), "the held-back card drops to the half-point group");
    }

    @Test
    void roundTwoByeGoesToTheLowestRatedLoser() {
        Field field = new Field()
                .player(1, "1", white(1, 4)).player(2, "1", black(1, 5)).player(3, "0.5", white(1, 6))
                .player(4, "0", black(1, 1)).player(5, "0", white(1, 2)).player(6, "0.5", black(1, 3))
                .player(7, "0", PastRound.absent(1));
        PairingOutcome.Paired paired = paired(field.round(2, 1));
        // losers 4, 5 and the late entrant 7 (lost round 1 by default): the lowest rated of them
        assertEquals(List.of(7), paired.byes());
        assertEquals(2, opponentOf(paired, 1));
        // the drawers 3 and 6 drew each other: "especial cuidado de no parear entre sí a jugadores que
        // previamente se hayan enfrentado"; each meets the nearest score possible (rule V), a loser
        assertTrue(Set.of(4, 5).contains(opponentOf(paired, 3)));
        assertTrue(Set.of(4, 5).contains(opponentOf(paired, 6)));
    }

    @Test
    void roundTwoTheHighestLoserMovesUpUnlessItCausesColourComplications() {
        // winners 1 (W), 2 (B), 5 (W): 5 is held back and drops to the drawers 3 (W), 4 (B). Losers 10 (B),
        // 11 (W), 12 (W) are odd: if 10 moved up, 11 and 12 could not alternate colours, so "se debe pasar
        // una tarjeta de más bajo número": 11 moves up and 10 plays 12 with colours alternated
        PairingOutcome.Paired paired = paired(roundTwoWithLosers("B").round(2, 1));
        assertTrue(paired.pairs().contains(new Pairing(10, 12)), paired.pairs().toString());
        assertTrue(Set.of(3, 4).contains(opponentOf(paired, 11)));
        assertTrue(Set.of(3, 4).contains(opponentOf(paired, 5)));
        assertTrue(paired.pairs().contains(new Pairing(2, 1)) || paired.pairs().contains(new Pairing(1, 2)));
    }

    @Test
    void roundTwoTheHighestLoserMovesUpWhenNoOtherCardDoesBetter() {
        PairingOutcome.Paired paired = paired(roundTwoWithLosers("W").round(2, 1));
        assertEquals(12, opponentOf(paired, 11));
        assertTrue(Set.of(3, 4).contains(opponentOf(paired, 10)));
    }

    private static Field roundTwoWithLosers(String tenHad) {
        return new Field()
                .player(1, "1", white(1, 101)).player(2, "1", black(1, 102)).player(5, "1", white(1, 105))
                .player(3, "0.5", white(1, 103)).player(4, "0.5", black(1, 104))
                .player(10, "0", tenHad.equals("W") ? white(1, 110) : black(1, 110))
                .player(11, "0", white(1, 111)).player(12, "0", white(1, 112));
    }

    // --- Rule V: "después de la octava ronda, un jugador va punteando ... 7½ ... Le siguen dos jugadores con 7-1
    // ... el primero ya jugó con ambos ... se le parea con uno del grupo de 6½-1½ que no haya jugado con él" ---

    @Test
    void ruleFiveLeaderWhoMetBothSevensMeetsAnUnmetSixAndAHalfAndTheSevensMeet() {
        Field field = new Field()
                .player(1, "7.5", white(3, 2), black(5, 3), white(7, 4))
                .player(2, "7", black(3, 1))
                .player(3, "7", white(5, 1))
                .player(4, "6.5", black(7, 1))
                .player(5, "6.5", white(8, 20))
                .player(6, "6.5", black(8, 21))
                .player(7, "6", white(8, 22));
        lowerGroups(field);
        PairingOutcome.Paired paired = paired(field.round(9, 5));
        assertEquals(3, opponentOf(paired, 2), "the two 7-1 players meet each other");
        int leaders = opponentOf(paired, 1);
        assertTrue(leaders == 5 || leaders == 6, "an unmet 6½ player, got " + leaders);
        assertAllPairedOnce(paired, field.round(9, 5));
    }

    @Test
    void ruleFiveSevensWhoAlreadyMetBothDropToo() {
        Field field = new Field()
                .player(1, "7.5", white(3, 2), black(5, 3))
                .player(2, "7", black(3, 1), white(6, 3))
                .player(3, "7", white(5, 1), black(6, 2))
                .player(4, "6.5", black(7, 9))
                .player(5, "6.5", white(8, 20))
                .player(6, "6.5", black(8, 21));
        lowerGroups(field);
        field.player(7, "6", white(8, 22));
        PairingOutcome.Paired paired = paired(field.round(9, 5));
        for (int top : new int[] {1, 2, 3}) {
            int opponent = opponentOf(paired, top);
            assertTrue(Set.of(4, 5, 6).contains(opponent), top + " must drop to the 6½ group, got " + opponent);
        }
    }

    /** The rest of a round-9 field, so that the leaders' groups lie above the middle group. */
    private static void lowerGroups(Field field) {
        String[] scores = {"5", "4", "4", "3", "3", "2", "2", "1", "1"};
        for (int i = 0; i < scores.length; i++) {
            field.player(8 + i, scores[i], white(8, 30 + i));
        }
    }

    // --- Floaters going down: "si un jugador de 6 puntos y otro de 5.5 se pasan al grupo de cinco y no caben los
    // dos, se le da prioridad al de 6, mientras el de 5.5 pasa a parearse al de 4.5" ---

    @Test
    void goingDownTheHigherScoreHasPriority() {
        Field field = new Field()
                .player(1, "6", white(5, 2))
                .player(2, "5.5", black(5, 1))
                .player(3, "5", white(5, 30))
                .player(4, "4.5", black(5, 31))
                .player(5, "4", white(5, 32)).player(6, "4", black(5, 33))
                .player(7, "3.5", white(5, 34)).player(8, "3.5", black(5, 35))
                .player(9, "3", white(5, 36)).player(10, "3", black(5, 37));
        PairingOutcome.Paired paired = paired(field.round(6, 2));
        assertEquals(3, opponentOf(paired, 1), "the 6 is paired in the 5 group");
        assertEquals(4, opponentOf(paired, 2), "the 5½ goes on to the 4½ group");
    }

    // --- Rule III byes and rule IV repeats ---

    @Test
    void roundsTwoAndThreeGiveTheByeToTheLowestRatedOfTheLowestScore() {
        Field field = new Field()
                .player(1, "2", white(1, 5), black(2, 3)).player(2, "1", black(1, 4), white(2, 5))
                .player(3, "1", white(1, 6), white(2, 1)).player(4, "1", white(1, 2), black(2, 6))
                .player(5, "0", black(1, 1), black(2, 2)).player(6, "0", black(1, 3), white(2, 4))
                .player(7, "0", PastRound.bye(1), PastRound.absent(2));
        PairingOutcome.Paired paired = paired(field.round(3, 9));
        // 5, 6 and 7 are on zero; 7 is the lowest rated but already had a bye: the next one, 6
        assertEquals(List.of(6), paired.byes());
    }

    @Test
    void fromRoundFourTheByeIsDrawnByLotAmongTheLowestScore() {
        Set<Integer> drawn = new HashSet<>();
        for (long seed = 0; seed < 30; seed++) {
            Field field = new Field()
                    .player(1, "3", white(3, 9)).player(2, "2", black(3, 10)).player(3, "2", white(3, 11))
                    .player(4, "1", black(3, 12)).player(5, "0.5", white(3, 13)).player(6, "0.5", black(3, 14))
                    .player(7, "0.5", white(3, 15));
            PairingOutcome.Paired paired = paired(field.round(4, seed));
            assertEquals(1, paired.byes().size());
            drawn.add(paired.byes().get(0));
        }
        assertEquals(Set.of(5, 6, 7), drawn, "every player tied on the lowest score can be drawn, nobody else");
    }

    @Test
    void everyoneAlreadyHadTheByeMeansNoValidPairing() {
        Field field = new Field().player(1, "1", PastRound.bye(1)).player(2, "1", PastRound.bye(2))
                .player(3, "1", PastRound.bye(3));
        PairingOutcome outcome = harkness.pair(field.round(4, 1));
        PairingOutcome.NoValidPairing none = assertInstanceOf(PairingOutcome.NoValidPairing.class, outcome);
        assertTrue(none.reason().contains("bye"), none.reason());
    }

    @Test
    void playersWhoHaveAllMetCannotBePaired() {
        Field field = new Field().player(1, "1", white(1, 2)).player(2, "0", black(1, 1));
        assertInstanceOf(PairingOutcome.NoValidPairing.class, harkness.pair(field.round(2, 1)));
    }

    @Test
    void forbiddenPairsAreAvoidedLikeRepeats() {
        Field field = new Field();
        for (int n = 1; n <= 4; n++) {
            field.player(n, "0");
        }
        PairingRequest plain = field.round(1, 1);
        PairingRequest request = new PairingRequest(1, 5, plain.entrants(),
                Set.of(PairingRequest.ForbiddenPair.of(1, 3)), 1);
        PairingOutcome.Paired paired = paired(request);
        assertNotEquals(3, opponentOf(paired, 1));
        assertEquals(4, opponentOf(paired, 1), "the simplest transposition: 1-4 and 2-3");
    }

    @Test
    void absentPlayersAreNotPaired() {
        Field field = new Field().player(1, "0").player(2, "0").absent(3).player(4, "0");
        PairingOutcome.Paired paired = paired(field.round(1, 1));
        assertEquals(0, opponentOf(paired, 3));
        assertEquals(List.of(4), paired.byes());
    }

    @Test
    void theSameRequestAlwaysGivesTheSamePairing() {
        PairingRequest request = booksWinners().player(21, "1", white(1, 121)).player(4, "0.5", white(1, 104))
                .round(2, 42);
        assertEquals(harkness.pair(request), harkness.pair(request));
        assertEquals(harkness.pair(request), new HarknessPairing().pair(request));
    }

    /** A whole event, results from a seeded generator: no repeats, at most one bye each, everyone once a round. */
    @Test
    void aSimulatedOpenNeverRepeatsAPairingNorGivesASecondBye() {
        for (int players : new int[] {9, 24, 41}) {
            simulate(players, 7, 1000 + players);
        }
    }

    private void simulate(int players, int rounds, long seed) {
        Random results = new Random(seed);
        Map<Integer, List<PastRound>> history = new HashMap<>();
        Map<Integer, Integer> halves = new HashMap<>();
        for (int n = 1; n <= players; n++) {
            history.put(n, new ArrayList<>());
            halves.put(n, 0);
        }
        for (int round = 1; round <= rounds; round++) {
            List<Entrant> entrants = new ArrayList<>();
            for (int n = 1; n <= players; n++) {
                entrants.add(new Entrant(n, "P" + n, 2500 - 10 * n, new Score(halves.get(n)), history.get(n), true));
            }
            PairingRequest request = new PairingRequest(round, rounds, entrants, Set.of(), seed + round);
            PairingOutcome.Paired paired = paired(request);
            assertAllPairedOnce(paired, request);
            for (Pairing game : paired.pairs()) {
                assertFalse(entrants.get(game.white() - 1).hasMet(game.black()),
                        "repeat " + game + " in round " + round + " of " + players);
                int outcome = results.nextInt(3);
                halves.merge(game.white(), outcome, Integer::sum);
                halves.merge(game.black(), 2 - outcome, Integer::sum);
                history.get(game.white()).add(white(round, game.black()));
                history.get(game.black()).add(black(round, game.white()));
            }
            for (int bye : paired.byes()) {
                assertFalse(entrants.get(bye - 1).hadPairingBye(), "second bye for " + bye);
                halves.merge(bye, 2, Integer::sum);
                history.get(bye).add(PastRound.bye(round));
            }
        }
    }

    private static void assertAllPairedOnce(PairingOutcome.Paired paired, PairingRequest request) {
        List<Integer> seen = new ArrayList<>(paired.byes());
        paired.pairs().forEach(p -> {
            seen.add(p.white());
            seen.add(p.black());
        });
        List<Integer> expected = request.available().stream().map(Entrant::number).sorted().toList();
        assertEquals(expected, seen.stream().sorted().toList());
    }
}

package org.torneo.pairing.harkness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.torneo.contracts.tournament.Score;
import org.torneo.pairing.tournament.Colour;
import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.Pairing;
import org.torneo.pairing.tournament.PairingOutcome;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.pairing.tournament.PastRound;

/**
 * Large Harkness opens (run with -Pslow): prints the time of each round and how many players had to repeat
 * a colour; asserts only correctness (everyone paired once, no repeats), never timings.
 */
@Tag("slow")
class HarknessBenchmarkTest {

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {1000, 5001})
    void pairsALargeOpenRoundAfterRound(int players) {
        HarknessPairing harkness = new HarknessPairing();
        Random results = new Random(players);
        List<List<PastRound>> history = new ArrayList<>();
        int[] halves = new int[players + 1];
        for (int n = 0; n <= players; n++) {
            history.add(new ArrayList<>());
        }
        for (int round = 1; round <= 9; round++) {
            List<Entrant> entrants = new ArrayList<>();
            for (int n = 1; n <= players; n++) {
                entrants.add(new Entrant(n, "P" + n, 2800 - n / 3, new Score(halves[n]), history.get(n), true));
            }
            PairingRequest request = new PairingRequest(round, 9, entrants, Set.of(), round);
            long start = System.nanoTime();
            PairingOutcome outcome = harkness.pair(request);
            long millis = (System.nanoTime() - start) / 1_000_000;
            PairingOutcome.Paired paired = assertInstanceOf(PairingOutcome.Paired.class, outcome);
            assertEquals(players / 2, paired.pairs().size());
            assertEquals(players % 2, paired.byes().size());
            int repeatedColour = 0;
            for (Pairing game : paired.pairs()) {
                assertFalse(entrants.get(game.white() - 1).hasMet(game.black()));
                repeatedColour += lastColour(history.get(game.white())) == Colour.WHITE ? 1 : 0;
                repeatedColour += lastColour(history.get(game.black())) == Colour.BLACK ? 1 : 0;
                int outcomeOfGame = results.nextInt(3);
                halves[game.white()] += outcomeOfGame;
                halves[game.black()] += 2 - outcomeOfGame;
                history.get(game.white()).add(PastRound.game(round, game.black(), Colour.WHITE, true));
                history.get(game.black()).add(PastRound.game(round, game.white(), Colour.BLACK, true));
            }
            for (int bye : paired.byes()) {
                halves[bye] += 2;
                history.get(bye).add(PastRound.bye(round));
            }
            System.out.printf("harkness %d players round %d: %d ms, %d players repeat a colour%n", players, round,
                    millis, repeatedColour);
        }
    }

    private static Colour lastColour(List<PastRound> history) {
        Colour last = null;
        for (PastRound past : history) {
            if (past.colour() != null) {
                last = past.colour();
            }
        }
        return last;
    }
}

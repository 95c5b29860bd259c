package org.torneo.pairing.harkness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.Score;
import org.torneo.pairing.tournament.Colour;
import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.Pairing;
import org.torneo.pairing.tournament.PairingOutcome;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.trf.TrfReader;

class HarknessTrfTest {

    /** A TRF-16 player line: number, name, rating, points, then (opponent, colour, result) per round. */
    private static String player(int number, int rating, String points, String... rounds) {
        StringBuilder line = new StringBuilder(String.format("001 %4d %1s%3s %-33s %4d %3s %11s %10s %4s %4d",
                number, "", "", "Player " + number, rating, "", "", "", points, number));
        for (String round : rounds) {
            String[] parts = round.split(" ");
            line.append(String.format("  %4s %s %s", parts[0], parts[1], parts[2]));
        }
        return line.toString();
    }

    private static final String ROUND_ONE_PLAYED = String.join("\n",
            "012 Harkness from TRF",
            "XXR 3",
            player(1, 2400, "1.0", "4 w 1"),
            player(2, 2300, "0.5", "5 w ="),
            player(3, 2200, "0.0", "6 w 0"),
            player(4, 2100, "0.0", "1 b 0"),
            player(5, 2000, "0.5", "2 b ="),
            player(6, 1900, "1.0", "3 b 1"),
            "");

    @Test
    void readsScoresHistoryAndRoundFromTheFile() {
        PairingRequest request = HarknessTrf.request(TrfReader.read(ROUND_ONE_PLAYED), 3);
        assertEquals(2, request.round());
        assertEquals(3, request.plannedRounds());
        Entrant first = request.entrants().get(0);
        assertEquals(1, first.number());
        assertEquals(Score.ONE, first.score());
        assertEquals(Colour.WHITE, first.history().get(0).colour());
        assertEquals(4, first.history().get(0).opponent());
        assertEquals(Score.HALF, request.entrants().get(4).score());
        assertTrue(request.entrants().stream().allMatch(Entrant::available));
    }

    @Test
    void pairsTheNextRoundDrawersWhoMetGoToTheNearestScores() {
        PairingOutcome outcome = new HarknessPairing().pair(HarknessTrf.request(TrfReader.read(ROUND_ONE_PLAYED), 3));
        PairingOutcome.Paired paired = assertInstanceOf(PairingOutcome.Paired.class, outcome);
        // winners 1 (had White) and 6 (had Black) meet with colours alternated; the drawers 2 and 5 met in
        // round 1, so each meets a loser with the colour he is due
        assertEquals(Set.of(new Pairing(6, 1), new Pairing(4, 2), new Pairing(5, 3)), Set.copyOf(paired.pairs()));
        assertEquals(new Pairing(6, 1), paired.pairs().get(0), "the winners' game is board 1");
        assertFalse(paired.pairs().contains(new Pairing(2, 5)));
        assertEquals(List.of(), paired.byes());
    }
}

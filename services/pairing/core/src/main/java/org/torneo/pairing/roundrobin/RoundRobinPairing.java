package org.torneo.pairing.roundrobin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.Pairing;
import org.torneo.pairing.tournament.PairingOutcome;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.pairing.tournament.PairingSystem;

/**
 * Round robin from the Berger tables; single or double.
 *
 * <p>Pairing numbers must be exactly 1..N over every registered entrant (withdrawn ones included: the
 * table is fixed once the event starts). A game whose other player is absent is not played; the one
 * present is reported in {@code idle}.
 *
 * <p>Double round robin: the seed is silent (it mentions no double cycle). We follow FIDE C.05 Annex 1
 * (current practice): the second cycle repeats the table with colours reversed, and the last two rounds
 * of the first cycle are played in reverse order, so that nobody gets three equal colours in a row at
 * the turn of the cycle.
 */
public final class RoundRobinPairing implements PairingSystem {

    private final int cycles;

    private RoundRobinPairing(int cycles) {
        this.cycles = cycles;
    }

    public static RoundRobinPairing single() {
        return new RoundRobinPairing(1);
    }

    public static RoundRobinPairing doubleRoundRobin() {
        return new RoundRobinPairing(2);
    }

    public int cycles() {
        return cycles;
    }

    /** Rounds of the whole event for a field. */
    public int rounds(int players) {
        return cycles * BergerTable.rounds(players);
    }

    /** The games of a round by pairing number (White first), board order as in the table, and its resting player. */
    public List<Pairing> schedule(int players, int round) {
        int perCycle = BergerTable.rounds(players);
        if (round < 1 || round > cycles * perCycle) {
            throw new IllegalArgumentException("a " + (cycles == 2 ? "double " : "") + "round robin of " + players
                    + " players has rounds 1.." + cycles * perCycle + ", not " + round);
        }
        if (round <= perCycle) {
            return BergerTable.round(players, firstCycleTableRound(round, perCycle));
        }
        // FIDE C.05 Annex 1: second cycle, same table, colours reversed
        return BergerTable.round(players, round - perCycle).stream()
                .map(p -> new Pairing(p.black(), p.white())).toList();
    }

    public int restingPlayer(int players, int round) {
        int perCycle = BergerTable.rounds(players);
        int tableRound = round <= perCycle ? firstCycleTableRound(round, perCycle) : round - perCycle;
        return BergerTable.bye(players, tableRound).orElse(0);
    }

    private int firstCycleTableRound(int round, int perCycle) {
        // FIDE C.05 Annex 1: in a double round robin, swap the last two rounds of the first cycle
        if (cycles == 2 && perCycle >= 3) {
            if (round == perCycle - 1) {
                return perCycle;
            }
            if (round == perCycle) {
                return perCycle - 1;
            }
        }
        return round;
    }

    @Override
    public PairingOutcome pair(PairingRequest request) {
        List<Entrant> entrants = request.entrants();
        int players = entrants.size();
        if (players < 2) {
            return new PairingOutcome.NoValidPairing("a round robin needs at least 2 players, has " + players);
        }
        Map<Integer, Entrant> byNumber = entrants.stream()
                .collect(Collectors.toMap(Entrant::number, Function.identity()));
        for (int number = 1; number <= players; number++) {
            if (!byNumber.containsKey(number)) {
                return new PairingOutcome.NoValidPairing("round robin pairing numbers must be 1.." + players
                        + "; number " + number + " is missing");
            }
        }
        if (request.round() > rounds(players)) {
            return new PairingOutcome.NoValidPairing("a " + (cycles == 2 ? "double " : "") + "round robin of "
                    + players + " players has only " + rounds(players) + " rounds");
        }
        List<Pairing> games = new ArrayList<>();
        List<Integer> idle = new ArrayList<>();
        for (Pairing game : schedule(players, request.round())) {
            boolean whiteHere = byNumber.get(game.white()).available();
            boolean blackHere = byNumber.get(game.black()).available();
            if (whiteHere && blackHere) {
                games.add(game);
            } else if (whiteHere) {
                idle.add(game.white());
            } else if (blackHere) {
                idle.add(game.black());
            }
        }
        List<Integer> byes = new ArrayList<>();
        int resting = restingPlayer(players, request.round());
        if (resting != 0 && byNumber.get(resting).available()) {
            byes.add(resting);
        }
        return new PairingOutcome.Paired(games, byes, idle);
    }
}

package org.torneo.pairing.tournament;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything a pairing system needs to pair one round.
 *
 * @param round         the round to pair (1-based)
 * @param plannedRounds the number of rounds of the event
 * @param entrants      every registered player, in ranking order (pairing-number order, with a
 *                      late entrant inserted at his rating's place: Code 1970 "45A")
 * @param forbidden     pairs of pairing numbers that must not meet
 * @param seed          feeds every drawing of lots; the same request always gives the same outcome
 */
public record PairingRequest(int round, int plannedRounds, List<Entrant> entrants, Set<ForbiddenPair> forbidden,
                             long seed) {

    public PairingRequest {
        if (round < 1) {
            throw new IllegalArgumentException("round must be at least 1, was " + round);
        }
        entrants = List.copyOf(entrants);
        forbidden = Set.copyOf(forbidden);
        Set<Integer> seen = new HashSet<>();
        for (Entrant entrant : entrants) {
            if (!seen.add(entrant.number())) {
                throw new IllegalArgumentException("pairing number " + entrant.number() + " appears twice");
            }
        }
    }

    public List<Entrant> available() {
        return entrants.stream().filter(Entrant::available).toList();
    }

    public boolean isForbidden(int first, int second) {
        return forbidden.contains(ForbiddenPair.of(first, second));
    }

    /** Two pairing numbers that must not meet, stored lowest first. */
    public record ForbiddenPair(int low, int high) {
        public static ForbiddenPair of(int first, int second) {
            return new ForbiddenPair(Math.min(first, second), Math.max(first, second));
        }
    }
}

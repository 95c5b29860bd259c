package org.torneo.pairing.tournament;

import java.util.List;
import java.util.Objects;

/** What a pairing system answers: the games and byes of the round, or that no legal pairing exists. */
public sealed interface PairingOutcome {

    /**
     * @param pairs games in the system's own board order (round robin: the table's order)
     * @param byes  pairing numbers given the pairing-allocated bye (at most one in a Swiss; in a round
     *              robin with an odd field, the player drawn against the phantom number)
     * @param idle  pairing numbers of available entrants whose table opponent is absent (round robin)
     */
    record Paired(List<Pairing> pairs, List<Integer> byes, List<Integer> idle) implements PairingOutcome {
        public Paired {
            pairs = List.copyOf(pairs);
            byes = List.copyOf(byes);
            idle = List.copyOf(idle);
        }

        public Paired(List<Pairing> pairs, List<Integer> byes) {
            this(pairs, byes, List.of());
        }
    }

    record NoValidPairing(String reason) implements PairingOutcome {
        public NoValidPairing {
            Objects.requireNonNull(reason, "reason");
        }
    }
}

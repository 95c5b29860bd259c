package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * The tournament state's fold at the size of a 5,000-player event's replay (issue 21): 5,000 registrations and 7,500
 * later events, three times in one JVM; prints the time of each. Slow tag: a figure, not a check of speed. Run:
 * {@code ./mvnw -pl services/pairing/core test -Pslow -Dtest=TournamentFoldBenchmarkTest}.
 */
@Tag("slow")
class TournamentFoldBenchmarkTest {

    @Test
    void foldsAFiveThousandPlayerEventsStates() {
        Actor organiser = new Actor(Actor.Role.ORGANISER, "o");
        Instant at = Instant.EPOCH;
        for (int run = 0; run < 3; run++) {
            long started = System.nanoTime();
            TournamentState s = TournamentState.empty();
            s = TournamentEvolution.evolve(s, new TournamentEvent.TournamentCreated("t", "c0", organiser, at, "T",
                    PairingSystemKind.values()[0], 11, null, "r", List.of(), null,
                    List.of(), null, null, null, null, null));
            for (int i = 0; i < 5000; i++) {
                s = TournamentEvolution.evolve(s, new TournamentEvent.PlayerRegistered("t", "r" + i, organiser, at,
                        "p" + i, "P" + i, 2000, 1, "", ""));
            }
            for (int i = 0; i < 7500; i++) {
                s = TournamentEvolution.evolve(s, new TournamentEvent.BroadcastDelaySet("t", "d" + i, organiser, at,
                        BroadcastDelayMode.values()[0], 0));
            }
            System.out.printf("tournament fold: 12,501 events (5,000 players) in %d ms; handled %d%n",
                    (System.nanoTime() - started) / 1_000_000, s.handledCommands().size());
            assertEquals(5000, s.players().size());
            assertEquals(12_501, s.handledCommands().size());
        }
    }
}

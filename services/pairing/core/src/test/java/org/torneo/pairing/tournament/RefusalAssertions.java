package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;

import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;

/** The "then" of a refused command: decide answered with exactly one {@code CommandRejected}, with a sentence. */
final class RefusalAssertions {

    private RefusalAssertions() {
    }

    static CommandRejected refusalIn(List<TournamentEvent> events) {
        assertEquals(1, events.size(), "a refusal is one event: " + events);
        CommandRejected refusal = assertInstanceOf(CommandRejected.class, events.get(0), "not refused: " + events);
        assertFalse(refusal.message().isBlank(), "a refusal says why");
        return refusal;
    }

    static CommandRejected refusalIn(List<TournamentEvent> events, RefusalReason reason) {
        CommandRejected refusal = refusalIn(events);
        assertEquals(reason.name(), refusal.reason(), refusal.message());
        return refusal;
    }
}

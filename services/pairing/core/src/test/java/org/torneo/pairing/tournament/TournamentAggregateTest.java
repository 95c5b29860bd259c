package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;

class TournamentAggregateTest {

    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org");

    private final TournamentAggregate aggregate = new TournamentAggregate();
    private final List<TournamentEvent> log = new ArrayList<>();

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = aggregate.decide(command, aggregate.fold(log));
        log.addAll(events);
        return events;
    }

    @Test
    void aRefusalIsAnEventNamingTheCommandAndTheReasonAndChangesNothing() {
        when(new TournamentCommand.CreateTournament("t", "c1", ORGANISER, AT, "Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of()));
        when(new TournamentCommand.RegisterPlayer("t", "c2", ORGANISER, AT, "p1", "Ana", 2100, 1));
        TournamentState before = aggregate.fold(log);
        List<TournamentEvent> events = when(new TournamentCommand.RegisterPlayer("t", "c3", ORGANISER, AT, "p1", "Ana",
                2100, 1));
        TournamentEvent.CommandRejected rejected = assertInstanceOf(TournamentEvent.CommandRejected.class, events.get(0));
        assertEquals("RegisterPlayer", rejected.command());
        assertEquals("DUPLICATE_REGISTRATION", rejected.reason());
        assertTrue(rejected.message().contains("p1"));
        assertEquals("c3", rejected.commandId());
        TournamentState after = aggregate.fold(log);
        assertEquals(before.players(), after.players());
        assertEquals(List.of(), when(new TournamentCommand.RegisterPlayer("t", "c3", ORGANISER, AT, "p1", "Ana", 2100, 1)),
                "a duplicate delivery of the refused command gives nothing new");
    }

    @Test
    void pairingTooEarlyIsRefusedWithAReason() {
        when(new TournamentCommand.CreateTournament("t", "c1", ORGANISER, AT, "Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of()));
        List<TournamentEvent> events = when(new TournamentCommand.PairNextRound("t", "c2", ORGANISER, AT, 1));
        TournamentEvent.CommandRejected rejected = assertInstanceOf(TournamentEvent.CommandRejected.class, events.get(0));
        assertEquals("INVALID", rejected.reason());
        assertTrue(rejected.message().contains("at least 2 players"), rejected.message());
    }
}

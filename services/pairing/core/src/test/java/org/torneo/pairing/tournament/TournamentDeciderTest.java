package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;

/**
 * The decider's shape, given/when/then: given the events of the log, when a command is decided, then the events it
 * gives; a refusal is one {@code tournament.CommandRejected} event (decision 19), never an exception.
 */
class TournamentDeciderTest {

    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org");

    private final TournamentDecider decider = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();

    private void given(TournamentCommand... commands) {
        for (TournamentCommand command : commands) {
            List<TournamentEvent> events = decider.decide(command, decider.fold(log));
            events.forEach(e -> assertTrue(!(e instanceof CommandRejected), "given: refused " + e));
            log.addAll(events);
        }
    }

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = decider.decide(command, decider.fold(log));
        log.addAll(events);
        return events;
    }

    private static CreateTournament harkness(String id, String commandId) {
        return new CreateTournament(id, commandId, ORGANISER, AT, "Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of());
    }

    private static RegisterPlayer ana(String commandId) {
        return new RegisterPlayer("t", commandId, ORGANISER, AT, "p1", "Ana", 2100, 1);
    }

    @Test
    void givenARegisteredPlayer_whenHeIsRegisteredAgain_thenOneRefusalEventNamesTheCommandTheReasonAndChangesNothing() {
        given(harkness("t", "c1"), ana("c2"));
        TournamentState before = decider.fold(log);

        CommandRejected rejected = refusalIn(when(ana("c3")), RefusalReason.DUPLICATE_REGISTRATION);

        assertEquals("RegisterPlayer", rejected.command());
        assertEquals("player 'p1' is already registered", rejected.message());
        assertEquals("t", rejected.tournamentId());
        assertEquals("c3", rejected.commandId());
        assertEquals(ORGANISER, rejected.actor());
        assertEquals(AT, rejected.at());
        TournamentState after = decider.fold(log);
        assertEquals(before.players(), after.players(), "a refusal changes nothing but the handled command ids");
        assertTrue(after.handledCommands().contains("c3"));
    }

    @Test
    void givenACommandAlreadyDecided_whenItIsDeliveredAgain_thenNothingHappensWhetherItWasAcceptedOrRefused() {
        given(harkness("t", "c1"), ana("c2"));
        refusalIn(when(ana("c3")), RefusalReason.DUPLICATE_REGISTRATION);

        assertEquals(List.of(), when(ana("c2")), "the accepted command again");
        assertEquals(List.of(), when(ana("c3")), "the refused command again");
    }

    @Test
    void givenNothing_whenAnyCommandButCreationArrives_thenItIsRefusedAsNotCreated() {
        CommandRejected rejected = refusalIn(when(ana("c1")), RefusalReason.NOT_CREATED);

        assertEquals("tournament 't' has not been created", rejected.message());
    }

    @Test
    void givenATournament_whenACommandForAnotherArrives_thenItIsRefusedAsTheWrongTournament() {
        given(harkness("t", "c1"));

        CommandRejected rejected = refusalIn(when(new RegisterPlayer("u", "c2", ORGANISER, AT, "p1", "Ana", 2100, 1)),
                RefusalReason.WRONG_TOURNAMENT);

        assertEquals("command for tournament 'u' sent to tournament 't'", rejected.message());
    }

    @Test
    void givenATournamentWithoutPlayers_whenARoundIsPaired_thenItIsRefusedWithTheRule() {
        given(harkness("t", "c1"));

        CommandRejected rejected = refusalIn(when(new PairNextRound("t", "c2", ORGANISER, AT, 1)),
                RefusalReason.INVALID);

        assertEquals("PairNextRound", rejected.command());
        assertTrue(rejected.message().contains("at least 2 players"), rejected.message());
    }

    @Test
    void givenATournament_whenAPlayerRegisters_thenTheEventIsDecidedAndFolded() {
        given(harkness("t", "c1"));

        List<TournamentEvent> events = when(ana("c2"));

        PlayerRegistered registered = assertInstanceOf(PlayerRegistered.class, events.get(0));
        assertEquals(1, events.size());
        assertEquals("p1", registered.playerId());
        assertEquals("Ana", decider.fold(log).players().get("p1").name());
        assertEquals(decider.fold(log), TournamentDecider.replay(log), "the decider's fold is the core's replay");
    }
}

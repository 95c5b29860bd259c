package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.SetBroadcastDelay;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.BroadcastDelaySet;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;

/**
 * Given a tournament, when a broadcast delay is set, then only its organiser may, a fixed delay is 1..3600 seconds,
 * the other modes take no seconds, every refusal names the field, and the last delay set is the one recorded.
 */
class BroadcastDelayTest {

    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org");
    private static final Actor OTHER_ORGANISER = new Actor(Actor.Role.ORGANISER, "org-2");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");

    private final TournamentDecider aggregate = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = aggregate.decide(command, aggregate.fold(log));
        log.addAll(events);
        return events;
    }

    private String id() {
        return "c" + (++commands);
    }

    private CommandRejected rejected(List<TournamentEvent> events) {
        assertEquals(1, events.size());
        return assertInstanceOf(CommandRejected.class, events.get(0));
    }

    @BeforeEach
    void givenATournamentWithAChiefArbiter() {
        when(new TournamentCommand.CreateTournament("t", id(), ORGANISER, AT, "Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("A", 1, 10))));
        when(new TournamentCommand.AppointArbiter("t", id(), ORGANISER, AT, "chief", true, List.of()));
    }

    @Test
    void theOrganiserSetsAFifteenMinuteDelayThenMovesAfterTheGame() {
        BroadcastDelaySet fixed = assertInstanceOf(BroadcastDelaySet.class,
                when(new SetBroadcastDelay("t", id(), ORGANISER, AT, BroadcastDelayMode.FIXED, 900)).get(0));
        assertEquals(BroadcastDelayMode.FIXED, fixed.mode());
        assertEquals(900, fixed.seconds());
        assertEquals(ORGANISER, fixed.actor());
        BroadcastDelaySet after = assertInstanceOf(BroadcastDelaySet.class,
                when(new SetBroadcastDelay("t", id(), ORGANISER, AT, BroadcastDelayMode.AFTER_GAME, 0)).get(0));
        assertEquals(BroadcastDelayMode.AFTER_GAME, after.mode());
        assertInstanceOf(BroadcastDelaySet.class,
                when(new SetBroadcastDelay("t", id(), ORGANISER, AT, BroadcastDelayMode.NONE, 0)).get(0));
    }

    @Test
    void theSameCommandTwiceIsDecidedOnce() {
        SetBroadcastDelay set = new SetBroadcastDelay("t", id(), ORGANISER, AT, BroadcastDelayMode.FIXED, 600);
        assertEquals(1, when(set).size());
        assertEquals(List.of(), when(set));
    }

    @Test
    void badValuesAreRefusedNamingTheField() {
        for (int seconds : new int[] {0, -5, 3601}) {
            CommandRejected r = rejected(when(new SetBroadcastDelay("t", id(), ORGANISER, AT, BroadcastDelayMode.FIXED,
                    seconds)));
            assertEquals("INVALID", r.reason());
            assertTrue(r.message().startsWith("seconds: a FIXED broadcast delay is 1..3600 seconds"), r.message());
            assertTrue(r.message().endsWith("not " + seconds), r.message());
        }
        CommandRejected afterGame = rejected(when(new SetBroadcastDelay("t", id(), ORGANISER, AT,
                BroadcastDelayMode.AFTER_GAME, 60)));
        assertTrue(afterGame.message().contains("AFTER_GAME takes 0, not 60"), afterGame.message());
        CommandRejected none = rejected(when(new SetBroadcastDelay("t", id(), ORGANISER, AT, null, 60)));
        assertTrue(none.message().startsWith("mode: give NONE, FIXED"), none.message());
        assertTrue(log.stream().noneMatch(BroadcastDelaySet.class::isInstance), "nothing recorded: " + log);
    }

    @Test
    void onlyTheTournamentsOwnOrganiserSetsIt() {
        for (Actor actor : List.of(CHIEF, OTHER_ORGANISER)) {
            CommandRejected r = rejected(when(new SetBroadcastDelay("t", id(), actor, AT, BroadcastDelayMode.FIXED,
                    900)));
            assertEquals("NOT_AUTHORISED", r.reason(), r.message());
            assertTrue(r.message().contains("SET_BROADCAST_DELAY") || r.message().contains("broadcast"), r.message());
        }
    }
}

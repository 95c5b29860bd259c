package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.Verdict;
import org.torneo.pairing.tournament.TournamentDecider;

/**
 * Given the demo's tournament with two halls (A: boards 1-5, B: 6-; Harkness here, the Dutch engine lives in the
 * pairing app), when its staff's offices are decided by the real
 * tournament decider, then none is refused and the offices folded from the events let each of the demo's actors do
 * exactly what the demo sends as him: the chief pairs and closes, a hall's arbiter rules and records arrivals on his
 * hall's boards only, a player moves his own pieces, presses his own clock and asks his own bye.
 */
class StaffTest {

    private static final Instant AT = Instant.parse("2026-11-25T20:00:00Z");
    private static final String T = "demo9-test";
    private static final List<Hall> HALLS = List.of(new Hall("Hall A", 1, 5), new Hall("Hall B", 6, 10_000));

    private final TournamentDecider aggregate = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();
    private final Staff staff = Staff.of(DemoCommand.ORGANISER, HALLS);
    private int ids;

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = aggregate.decide(command, aggregate.fold(log));
        log.addAll(events);
        return events;
    }

    private String nextId() {
        return "c" + (++ids);
    }

    private TournamentAuthority offices() {
        TournamentAuthority offices = TournamentAuthority.none(T);
        for (TournamentEvent event : log) {
            offices = offices.evolve(event);
        }
        return offices;
    }

    @BeforeEach
    void givenTheDemoTournamentWithItsStaffInOffice() {
        List<TournamentEvent> created = when(new TournamentCommand.CreateTournament(T, nextId(), DemoCommand.ORGANISER,
                AT, "Demo", PairingSystemKind.HARKNESS, 5, Scoring.classic(), "FIDE_2018_STANDARD", HALLS));
        assertFalse(created.get(0) instanceof CommandRejected, () -> "created: " + created);
        for (TournamentCommand appointment : staff.appointments(T, this::nextId, AT)) {
            List<TournamentEvent> events = when(appointment);
            assertFalse(events.get(0) instanceof CommandRejected, () -> appointment + " refused: " + events);
        }
        for (String player : List.of("p001", "p002", "p003", "p004")) {
            when(new TournamentCommand.RegisterPlayer(T, nextId(), DemoCommand.ORGANISER, AT, player, "P", 1500,
                    player.equals("p004") ? 2 : 1));
            List<TournamentEvent> events = when(staff.link(T, nextId(), AT, player));
            assertFalse(events.get(0) instanceof CommandRejected, () -> "linking " + player + " refused: " + events);
        }
    }

    @Test
    void theOfficesAreTheChiefOneArbiterPerHallAndEveryPlayersOwnAccount() {
        TournamentAuthority offices = offices();
        assertTrue(offices.appointment("demo-chief-arbiter").orElseThrow().chief());
        assertEquals(java.util.Set.of("Hall A"), offices.appointment("demo-arbiter-hall-a").orElseThrow().halls());
        assertEquals(java.util.Set.of("Hall B"), offices.appointment("demo-arbiter-hall-b").orElseThrow().halls());
        assertEquals("p004", offices.playerOf("p004").orElseThrow(), "the late entry is linked too");
        assertEquals(new Actor(Actor.Role.PLAYER, "p004"), Staff.player("p004"));
    }

    @Test
    void eachActorMayDoWhatTheDemoSendsAsHimAndNoMore() {
        TournamentAuthority offices = offices();
        Scope boardInA = Scope.game(T, "Hall A", 2, "p001", "p002");
        Scope boardInB = Scope.game(T, "Hall B", 7, "p003", "p004");

        assertAllowed(offices.may(staff.chief(), Permission.PAIR_ROUND, Scope.tournament(T)));
        assertAllowed(offices.may(staff.chief(), Permission.CLOSE_ROUND, Scope.tournament(T)));
        assertAllowed(offices.may(staff.chief(), Permission.WITHDRAW_PLAYER, Scope.player(T, "p003")));

        assertAllowed(offices.may(Staff.player("p001"), Permission.MOVE, boardInA.by(Side.WHITE)));
        assertAllowed(offices.may(Staff.player("p004"), Permission.MOVE, boardInB.by(Side.BLACK)));
        assertFalse(offices.may(Staff.player("p003"), Permission.MOVE, boardInB.by(Side.BLACK)).allowed(),
                "a player moves only his own pieces");

        assertAllowed(offices.may(staff.arbiterOf("Hall A"), Permission.RULE, boardInA));
        assertAllowed(offices.may(staff.arbiterOf("Hall A"), Permission.CONTROL_CLOCK, boardInA));
        assertAllowed(offices.may(staff.arbiterOf("Hall B"), Permission.RESIGN, boardInB.by(Side.WHITE)));
        assertFalse(offices.may(staff.arbiterOf("Hall B"), Permission.RULE, boardInA).allowed(),
                "a hall arbiter rules only on his hall's boards");
        assertEquals(staff.chief(), staff.arbiterOf(null), "a board without a hall is the chief's");

        assertAllowed(offices.may(Staff.player("p002"), Permission.PRESS_CLOCK, boardInA.by(Side.BLACK)));
        assertAllowed(offices.may(Staff.player("p001"), Permission.OFFER_DRAW, boardInA.by(Side.WHITE)));
        assertFalse(offices.may(Staff.player("p001"), Permission.PRESS_CLOCK, boardInA.by(Side.BLACK)).allowed(),
                "a player presses only his own clock");
        assertAllowed(offices.may(Staff.player("p003"), Permission.REQUEST_BYE, Scope.player(T, "p003")));
    }

    @Test
    void withoutTheChiefTheHallArbitersCannotBeAppointed() {
        List<TournamentEvent> log = new ArrayList<>();
        log.addAll(aggregate.decide(new TournamentCommand.CreateTournament("t2", "x1", DemoCommand.ORGANISER, AT, "Demo",
                PairingSystemKind.HARKNESS, 5, Scoring.classic(), "FIDE_2018_STANDARD", HALLS), aggregate.fold(log)));
        TournamentCommand hallArbiter = staff.appointments("t2", this::nextId, AT).get(1); // sent before the chief's
        CommandRejected refused = assertInstanceOf(CommandRejected.class,
                aggregate.decide(hallArbiter, aggregate.fold(log)).get(0));
        assertTrue(refused.message().contains("demo-chief-arbiter"), refused.message());
    }

    private static void assertAllowed(Verdict verdict) {
        assertTrue(verdict.allowed(), verdict.describe());
    }
}

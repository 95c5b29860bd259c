package org.torneo.pairing.tournament;

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
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.AssignDevice;
import org.torneo.contracts.tournament.TournamentCommand.DismissArbiter;
import org.torneo.contracts.tournament.TournamentCommand.LinkPlayerAccount;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.identity.Account;
import org.torneo.identity.AccountRole;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;

/**
 * Given a tournament with halls A (boards 1-10) and B (11-20), when its offices are filled by commands, then only the
 * organiser appoints the chief arbiter, the organiser or a chief arbiter appoints hall arbiters and links players, the
 * organiser or an arbiter of the hall assigns devices, and every refusal says who lacked what.
 */
class TournamentOfficesTest {

    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");
    private static final Actor ARBITER_A = new Actor(Actor.Role.ARBITER, "arb-a");

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
    void givenATournamentWithTwoHallsAndTwoPlayers() {
        when(new TournamentCommand.CreateTournament("t", id(), ORGANISER, AT, "Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("A", 1, 10), new Hall("B", 11, 20))));
        when(new TournamentCommand.RegisterPlayer("t", id(), ORGANISER, AT, "p1", "Ana", 2100, 1));
        when(new TournamentCommand.RegisterPlayer("t", id(), ORGANISER, AT, "p2", "Bo", 2000, 1));
    }

    @Test
    void theOrganiserAppointsTheChiefWhoAppointsHallArbiters() {
        List<TournamentEvent> chief = when(new AppointArbiter("t", id(), ORGANISER, AT, "chief", true, List.of()));
        assertInstanceOf(ArbiterAppointed.class, chief.get(0));
        List<TournamentEvent> hall = when(new AppointArbiter("t", id(), CHIEF, AT, "arb-a", false, List.of("A")));
        ArbiterAppointed appointed = assertInstanceOf(ArbiterAppointed.class, hall.get(0));
        assertEquals(List.of("A"), appointed.halls());
        assertEquals(CHIEF, appointed.actor());

        TournamentState state = aggregate.fold(log);
        assertTrue(state.authority().may(Account.of("arb-a", AccountRole.ARBITER), Permission.RULE,
                Scope.game("t", null, 4, "p1", "p2")).allowed());
        assertFalse(state.authority().may(Account.of("arb-a", AccountRole.ARBITER), Permission.RULE,
                Scope.game("t", null, 14, "p1", "p2")).allowed());
    }

    @Test
    void aChiefArbiterCannotAppointAnotherChiefNorDemoteOne() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "chief", true, List.of()));
        CommandRejected refused = rejected(when(new AppointArbiter("t", id(), CHIEF, AT, "chief-2", true, List.of())));
        assertEquals("NOT_AUTHORISED", refused.reason());
        assertTrue(refused.message().startsWith("token has no role for this: APPOINT_CHIEF_ARBITER needs role"
                + " organiser, chief has [arbiter]"), refused.message());
        assertTrue(refused.message().contains("organiser appoints the chief arbiter"), refused.message());

        when(new AppointArbiter("t", id(), ORGANISER, AT, "chief-2", true, List.of()));
        assertEquals("NOT_AUTHORISED", rejected(when(new AppointArbiter("t", id(), CHIEF, AT, "chief-2", false,
                List.of("B")))).reason(), "re-appointing a chief as a hall arbiter takes the organiser");
        assertEquals("NOT_AUTHORISED", rejected(when(new DismissArbiter("t", id(), CHIEF, AT, "chief-2", "no")))
                .reason());
    }

    @Test
    void aHallArbiterAppointsNobodyAndAnAccountWithoutAppointmentNothing() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "arb-a", false, List.of("A")));
        CommandRejected refused = rejected(when(new AppointArbiter("t", id(), ARBITER_A, AT, "arb-b", false,
                List.of("B"))));
        assertTrue(refused.message().startsWith("arb-a is arbiter of halls [A] of t, not its chief arbiter"),
                refused.message());
        CommandRejected stranger = rejected(when(new LinkPlayerAccount("t", id(),
                new Actor(Actor.Role.ARBITER, "arb-x"), AT, "ana", "p1")));
        assertTrue(stranger.message().startsWith("arb-x is not an arbiter of t"), stranger.message());
        CommandRejected player = rejected(when(new LinkPlayerAccount("t", id(), new Actor(Actor.Role.PLAYER, "ana"),
                AT, "ana", "p1")));
        assertTrue(player.message().startsWith("token has no role for this"), player.message());
    }

    @Test
    void appointmentsNameHallsOfTheTournament() {
        assertTrue(rejected(when(new AppointArbiter("t", id(), ORGANISER, AT, "arb", false, List.of("C"))))
                .message().contains("no hall 'C' in t (halls: A, B)"));
        assertTrue(rejected(when(new AppointArbiter("t", id(), ORGANISER, AT, "arb", false, List.of())))
                .message().contains("name the halls the arbiter serves"));
        assertTrue(rejected(when(new AppointArbiter("t", id(), ORGANISER, AT, "arb", true, List.of("A"))))
                .message().contains("a chief arbiter serves every hall"));
        assertEquals("INVALID", rejected(when(new AppointArbiter("t", id(), ORGANISER, AT, " ", false, List.of("A"))))
                .reason());
    }

    @Test
    void theChiefLinksRegisteredPlayersOnlyAndARelinkReplacesTheOldAccount() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "chief", true, List.of()));
        PlayerAccountLinked linked = assertInstanceOf(PlayerAccountLinked.class,
                when(new LinkPlayerAccount("t", id(), CHIEF, AT, "ana", "p1")).get(0));
        assertEquals("p1", linked.playerId());
        assertEquals("UNKNOWN_PLAYER", rejected(when(new LinkPlayerAccount("t", id(), CHIEF, AT, "zed", "p9")))
                .reason());
        when(new LinkPlayerAccount("t", id(), ORGANISER, AT, "ana-2", "p1"));

        TournamentState state = aggregate.fold(log);
        Scope whiteMoves = Scope.game("t", "A", 1, "p1", "p2").by(Side.WHITE);
        assertFalse(state.authority().may(Account.of("ana", AccountRole.PLAYER), Permission.MOVE, whiteMoves).allowed());
        assertTrue(state.authority().may(Account.of("ana-2", AccountRole.PLAYER), Permission.MOVE, whiteMoves)
                .allowed());
    }

    @Test
    void anArbiterOfTheHallAssignsDevicesToItsBoardsOnly() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "arb-a", false, List.of("A")));
        assertInstanceOf(TournamentEvent.DeviceAssigned.class,
                when(new AssignDevice("t", id(), ARBITER_A, AT, "eboard-1", "A", List.of(1, 2))).get(0));
        CommandRejected otherHall = rejected(when(new AssignDevice("t", id(), ARBITER_A, AT, "eboard-11", "B",
                List.of(11))));
        assertTrue(otherHall.message().startsWith("arb-a is arbiter of halls [A] of t, not of hall B"),
                otherHall.message());
        assertTrue(rejected(when(new AssignDevice("t", id(), ARBITER_A, AT, "eboard-x", "A", List.of(12))))
                .message().contains("board 12 is not a board of hall 'A' (1-10)"));
        assertTrue(rejected(when(new AssignDevice("t", id(), ORGANISER, AT, "eboard-x", null, List.of(1))))
                .message().contains("name the hall"));
        assertTrue(rejected(when(new AssignDevice("t", id(), ORGANISER, AT, "eboard-x", "Z", List.of(1))))
                .message().contains("no hall 'Z'"));
    }

    @Test
    void aDeviceAssignedAsOnePlayersScoresheetActsForThatSideOnly() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "arb-a", false, List.of("A")));
        TournamentEvent.DeviceAssigned assigned = assertInstanceOf(TournamentEvent.DeviceAssigned.class,
                when(new AssignDevice("t", id(), ARBITER_A, AT, "sheet-1w", "A", List.of(1), Side.WHITE)).get(0));
        assertEquals(Side.WHITE, assigned.side());
        TournamentState state = aggregate.fold(log);
        Scope board1 = Scope.game("t", "A", 1, "p1", "p2");
        Account sheet = Account.of("sheet-1w", AccountRole.DEVICE);
        assertTrue(state.authority().may(sheet, Permission.MOVE, board1.by(Side.WHITE)).allowed());
        assertTrue(state.authority().may(sheet, Permission.MOVE, board1.by(Side.BLACK)).reason()
                .contains("may not act for Black"));
    }

    @Test
    void aDismissedArbiterLosesHisHallAndTheExistingActorChecksStay() {
        when(new AppointArbiter("t", id(), ORGANISER, AT, "arb-a", false, List.of("A")));
        when(new DismissArbiter("t", id(), ORGANISER, AT, "arb-a", "replaced"));
        assertTrue(aggregate.fold(log).authority().appointment("arb-a").isEmpty());
        assertEquals("NOT_AN_ARBITER", rejected(when(new DismissArbiter("t", id(), ORGANISER, AT, "arb-a", "again")))
                .reason());
        // unchanged: only an arbiter corrects a pairing, whatever his appointment
        assertEquals("NOT_AN_ARBITER", rejected(when(new TournamentCommand.CorrectPairing("t", id(), ORGANISER, AT, 1,
                List.of(), List.of(), "x"))).reason());
    }

    @Test
    void theOfficesReplayFromTheLogAndADuplicateCommandGivesNothing() {
        String appointId = id();
        AppointArbiter appoint = new AppointArbiter("t", appointId, ORGANISER, AT, "chief", true, List.of());
        when(appoint);
        assertEquals(List.of(), when(appoint));
        TournamentState replayed = TournamentDecider.replay(log);
        assertTrue(replayed.authority().appointment("chief").orElseThrow().chief());
        assertEquals("org", replayed.authority().organiser());
    }
}

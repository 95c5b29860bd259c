package org.torneo.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterDismissed;
import org.torneo.contracts.tournament.TournamentEvent.DeviceAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/** Given the tournament's events, when an account asks, then the verdict, its reason and the actor to record. */
class TournamentAuthorityTest {

    static final Instant AT = Instant.parse("2026-05-01T09:00:00Z");
    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");

    static final Account ORG = Account.of("org-1", AccountRole.ORGANISER);
    static final Account OTHER_ORG = Account.of("org-2", AccountRole.ORGANISER);
    static final Account CHIEF = Account.of("chief-1", AccountRole.ARBITER);
    static final Account ARBITER_A = Account.of("arbiter-a", AccountRole.ARBITER);
    static final Account ARBITER_B = Account.of("arbiter-b", AccountRole.ARBITER);
    static final Account ANNA = Account.of("anna", AccountRole.PLAYER);
    static final Account BORIS = Account.of("boris", AccountRole.PLAYER);
    static final Account EBOARD = Account.of("eboard-3", AccountRole.DEVICE);
    static final Account TERMINAL_B = Account.of("terminal-b", AccountRole.DEVICE);

    /** Board 3 in hall A: anna (p-1) White, boris (p-2) Black. */
    static final Scope BOARD_3 = Scope.game("t-1", "A", 3, "p-1", "p-2");
    static final Scope BOARD_12 = Scope.game("t-1", null, 12, "p-3", "p-4");

    static List<TournamentEvent> history() {
        return List.of(
                new TournamentCreated("t-1", "c0", ORGANISER, AT, "Open", PairingSystemKind.DUTCH, 5, Scoring.classic(),
                        "fide-2018", List.of(new Hall("A", 1, 10), new Hall("B", 11, 20), new Hall("C", 21, 30))),
                new ArbiterAppointed("t-1", "c1", ORGANISER, AT, "chief-1", true, List.of()),
                new ArbiterAppointed("t-1", "c2", ORGANISER, AT, "arbiter-a", false, List.of("A")),
                new ArbiterAppointed("t-1", "c3", new Actor(Actor.Role.ARBITER, "chief-1"), AT, "arbiter-b", false,
                        List.of("B")),
                new PlayerAccountLinked("t-1", "c4", ORGANISER, AT, "anna", "p-1"),
                new PlayerAccountLinked("t-1", "c5", ORGANISER, AT, "boris", "p-2"),
                new DeviceAssigned("t-1", "c6", ORGANISER, AT, "eboard-3", "A", List.of(3)),
                new DeviceAssigned("t-1", "c7", ORGANISER, AT, "terminal-b", "B", List.of()));
    }

    static TournamentAuthority given(List<TournamentEvent> events) {
        TournamentAuthority state = TournamentAuthority.none("t-1");
        for (TournamentEvent event : events) {
            state = state.evolve(event);
        }
        return state;
    }

    private final TournamentAuthority state = given(history());

    @Test
    void anyArbiterOfTheTournamentOrThePlayerHimselfChecksIn() {
        Scope boris = Scope.player("t-1", "p-2");
        // no hall is anyone's before round 1: the arbiter of hall B checks in as the chief does
        for (Account arbiter : List.of(CHIEF, ARBITER_A, ARBITER_B)) {
            Verdict verdict = state.may(arbiter, Permission.CHECK_IN, boris);
            assertTrue(verdict.allowed(), verdict.describe());
            assertEquals(new Actor(Actor.Role.ARBITER, arbiter.id()), verdict.actor());
        }
        Verdict himself = state.may(BORIS, Permission.CHECK_IN, boris);
        assertTrue(himself.allowed(), himself.describe());
        assertEquals(new Actor(Actor.Role.PLAYER, "boris"), himself.actor());

        Verdict another = state.may(ANNA, Permission.CHECK_IN, boris);
        assertFalse(another.allowed());
        assertEquals("anna is player p-1, not p-2 of t-1", another.reason());
        assertFalse(state.may(ORG, Permission.CHECK_IN, boris).allowed(), "the organiser is no arbiter");
        assertFalse(state.may(Account.of("arbiter-x", AccountRole.ARBITER), Permission.CHECK_IN, boris).allowed());
    }

    @Test
    void theCreatorIsTheOrganiserAndOnlyHeRegistersAndAppointsTheChief() {
        Verdict register = state.may(ORG, Permission.REGISTER_PLAYER, Scope.tournament("t-1"));
        assertTrue(register.allowed(), register.describe());
        assertEquals(new Actor(Actor.Role.ORGANISER, "org-1"), register.actor());

        Verdict stranger = state.may(OTHER_ORG, Permission.REGISTER_PLAYER, Scope.tournament("t-1"));
        assertFalse(stranger.allowed());
        assertEquals("org-2 is not the organiser of t-1 (org-1 is)", stranger.reason());
        assertNull(stranger.actor());

        assertFalse(state.may(CHIEF, Permission.APPOINT_CHIEF_ARBITER, Scope.tournament("t-1")).allowed());
        assertTrue(state.may(ORG, Permission.APPOINT_CHIEF_ARBITER, Scope.tournament("t-1")).allowed());
    }

    @Test
    void theChiefArbiterAppointsHallArbitersPairsAndRulesInEveryHall() {
        assertTrue(state.may(CHIEF, Permission.APPOINT_ARBITER, Scope.tournament("t-1")).allowed());
        assertTrue(state.may(CHIEF, Permission.PAIR_ROUND, Scope.tournament("t-1")).allowed());
        assertTrue(state.may(CHIEF, Permission.RULE, Scope.game("t-1", "C", 25, "p-5", "p-6")).allowed());
        Verdict correct = state.may(CHIEF, Permission.CORRECT_RESULT, BOARD_12);
        assertTrue(correct.allowed());
        assertEquals(new Actor(Actor.Role.ARBITER, "chief-1"), correct.actor());
    }

    @Test
    void aHallArbiterRulesOnlyOnTheBoardsOfHisHalls() {
        assertTrue(state.may(ARBITER_A, Permission.RULE, BOARD_3).allowed());

        Verdict otherHall = state.may(ARBITER_A, Permission.RULE, Scope.game("t-1", "C", 25, "p-5", "p-6"));
        assertFalse(otherHall.allowed());
        assertEquals("arbiter-a is arbiter of halls [A] of t-1, not of hall C", otherHall.reason());
        assertTrue(otherHall.rule().contains("12.1"), otherHall.rule());

        // no hall given: found from the board's range (board 12 is in hall B)
        assertEquals("arbiter-a is arbiter of halls [A] of t-1, not of hall B",
                state.may(ARBITER_A, Permission.DECLARE_RESULT, BOARD_12).reason());
        assertTrue(state.may(ARBITER_B, Permission.DECLARE_RESULT, BOARD_12).allowed());

        Verdict pairing = state.may(ARBITER_A, Permission.PAIR_ROUND, Scope.tournament("t-1"));
        assertEquals("arbiter-a is arbiter of halls [A] of t-1, not its chief arbiter", pairing.reason());
    }

    @Test
    void anArbiterOfAnotherTournamentOrNoneIsRefused() {
        Verdict unknown = state.may(Account.of("arbiter-x", AccountRole.ARBITER), Permission.RULE, BOARD_3);
        assertEquals("arbiter-x is not an arbiter of t-1", unknown.reason());
        Verdict noTournament = TournamentAuthority.none("t-9").may(ARBITER_A, Permission.RULE,
                Scope.game("t-9", "A", 1, "x", "y"));
        assertEquals("no tournament t-9", noTournament.reason());
    }

    @Test
    void aPlayerMovesOnlyForHisOwnSideAndConfirmsOnlyHisOwnGames() {
        Verdict own = state.may(ANNA, Permission.MOVE, BOARD_3.by(Side.WHITE));
        assertTrue(own.allowed(), own.describe());
        assertEquals(new Actor(Actor.Role.PLAYER, "anna"), own.actor());

        Verdict forOpponent = state.may(ANNA, Permission.MOVE, BOARD_3.by(Side.BLACK));
        assertFalse(forOpponent.allowed());
        assertEquals("anna is player p-1, not Black (p-2) on board 3 (hall A) of t-1", forOpponent.reason());

        assertTrue(state.may(BORIS, Permission.CONFIRM_RESULT, BOARD_3).allowed());
        assertEquals("anna is player p-1, who does not play on board 12 of t-1",
                state.may(ANNA, Permission.CONFIRM_RESULT, BOARD_12).reason());
        assertTrue(state.may(ANNA, Permission.REQUEST_BYE, Scope.player("t-1", "p-1")).allowed());
        assertFalse(state.may(ANNA, Permission.REQUEST_WITHDRAWAL, Scope.player("t-1", "p-2")).allowed());
    }

    @Test
    void aDeviceEntersMovesAndPressesOnlyOnItsBoards() {
        assertTrue(state.may(EBOARD, Permission.MOVE, BOARD_3.by(Side.BLACK)).allowed());
        assertEquals(new Actor(Actor.Role.EBOARD, "eboard-3"),
                state.may(EBOARD, Permission.PRESS_CLOCK, BOARD_3.by(Side.WHITE)).actor());
        Verdict otherBoard = state.may(EBOARD, Permission.MOVE, Scope.game("t-1", "A", 4, "p-9", "p-8").by(Side.WHITE));
        assertEquals("device eboard-3 serves boards [3] of hall A of t-1, not board 4 (hall A) of t-1",
                otherBoard.reason());
        // a hall terminal serves every board of its hall and none of another
        assertTrue(state.may(TERMINAL_B, Permission.PRESS_CLOCK, BOARD_12.by(Side.WHITE)).allowed());
        assertFalse(state.may(TERMINAL_B, Permission.PRESS_CLOCK, BOARD_3.by(Side.WHITE)).allowed());
        assertFalse(state.may(EBOARD, Permission.RULE, BOARD_3).allowed());
    }

    @Test
    void anElectronicScoresheetMarksOffersClaimsAndResignationOnlyOnItsBoards() {
        // FIDE 2023 8.1.1.2, 9.2.1.1: the draw offer, the claim with its intended move and the resignation are
        // entered on the board's electronic scoresheet
        for (Permission entered : List.of(Permission.OFFER_DRAW, Permission.CLAIM, Permission.RESIGN)) {
            assertEquals(new Actor(Actor.Role.EBOARD, "eboard-3"),
                    state.may(EBOARD, entered, BOARD_3.by(Side.WHITE)).actor(), entered.name());
            assertEquals("device eboard-3 serves boards [3] of hall A of t-1, not board 4 (hall A) of t-1",
                    state.may(EBOARD, entered, Scope.game("t-1", "A", 4, "p-9", "p-8").by(Side.BLACK)).reason(),
                    entered.name());
        }
        // FIDE 2023 8.7: the players approve the result on their electronic scoresheets; a sheet never rules
        assertTrue(state.may(EBOARD, Permission.CONFIRM_RESULT, BOARD_3).allowed());
        assertFalse(state.may(EBOARD, Permission.DECLARE_RESULT, BOARD_3).allowed());
        assertFalse(state.may(EBOARD, Permission.RULE, BOARD_3).allowed());
    }

    @Test
    void aTokenWithoutAFittingRoleIsToldSo() {
        Verdict verdict = state.may(ANNA, Permission.PAIR_ROUND, Scope.tournament("t-1"));
        assertEquals("token has no role for this: PAIR_ROUND needs role arbiter, anna has [player]", verdict.reason());
        assertEquals("token has no role for this: RULE needs role arbiter|service, nobody has no Torneo role",
                state.may(new Account("nobody", null), Permission.RULE, BOARD_3).reason());
        // appointed in the tournament but the token lacks the realm role: no
        assertFalse(state.may(Account.of("chief-1", AccountRole.PLAYER), Permission.RULE, BOARD_3).allowed());
    }

    @Test
    void servicesReactOnlyWhereTheirGrantNamesThem() {
        Account game = Account.of("service-account-game", AccountRole.SERVICE);
        Verdict start = state.may(game, Permission.START_GAME, BOARD_3);
        assertTrue(start.allowed());
        assertEquals(Actor.system("game"), start.actor(), "a service is recorded by its service name");
        Verdict feed = state.may(Account.of("feed", AccountRole.SERVICE), Permission.CONTROL_CLOCK, BOARD_3);
        assertEquals("service feed is not clock or clock-scheduler or game", feed.reason());
        assertTrue(state.may(Account.of("feed", AccountRole.SERVICE), Permission.SERVICE_REACTION, BOARD_3).allowed());
    }

    @Test
    void dismissalAndRelinkingTakeEffectFromTheirEvent() {
        TournamentAuthority later = state
                .evolve(new ArbiterDismissed("t-1", "c8", ORGANISER, AT, "arbiter-a", "ill"))
                .evolve(new PlayerAccountLinked("t-1", "c9", ORGANISER, AT, "anna-new", "p-1"))
                .evolve(new ArbiterAppointed("t-1", "c10", ORGANISER, AT, "arbiter-b", false, List.of("A", "B")));
        assertEquals("arbiter-a is not an arbiter of t-1", later.may(ARBITER_A, Permission.RULE, BOARD_3).reason());
        assertTrue(later.may(ARBITER_B, Permission.RULE, BOARD_3).allowed(), "re-appointed to halls A and B");
        assertEquals("anna is linked to no player of t-1",
                later.may(ANNA, Permission.MOVE, BOARD_3.by(Side.WHITE)).reason());
        assertTrue(later.may(Account.of("anna-new", AccountRole.PLAYER), Permission.MOVE, BOARD_3.by(Side.WHITE))
                .allowed());
        // the earlier state is unchanged: the audit asks each decision's own moment
        assertTrue(state.may(ARBITER_A, Permission.RULE, BOARD_3).allowed());
    }

    @Test
    void anAccountWithSeveralRolesIsRecordedUnderTheRoleThatHeld() {
        Account both = Account.of("chief-1", AccountRole.PLAYER, AccountRole.ARBITER);
        assertEquals(Actor.Role.ARBITER, state.may(both, Permission.CLAIM, BOARD_3.by(Side.WHITE)).actor().role());
        Verdict denied = state.may(Account.of("boris", AccountRole.PLAYER, AccountRole.ARBITER), Permission.RESIGN,
                BOARD_3.by(Side.WHITE));
        assertEquals("boris is player p-2, not White (p-1) on board 3 (hall A) of t-1; boris is not an arbiter of t-1",
                denied.reason());
    }

    @Test
    void creatingATournamentNeedsOnlyTheOrganiserRole() {
        Authorities authorities = new Authorities();
        assertTrue(authorities.may(OTHER_ORG, Permission.CREATE_TOURNAMENT, Scope.tournament("t-new")).allowed());
        assertFalse(authorities.may(CHIEF, Permission.CREATE_TOURNAMENT, Scope.tournament("t-new")).allowed());
    }

    @Test
    void eventsOfAnotherTournamentAreRefused() {
        TournamentEvent foreign = new ArbiterAppointed("t-2", "c", ORGANISER, AT, "x", true, List.of());
        assertThrows(IllegalArgumentException.class, () -> state.evolve(foreign));
        assertThrows(IllegalArgumentException.class, () -> state.may(ORG, Permission.PAIR_ROUND, Scope.tournament("t-2")));
    }

    @Test
    void aPlayersElectronicScoresheetActsForItsSideOnly() {
        List<TournamentEvent> events = new java.util.ArrayList<>(history());
        events.add(new DeviceAssigned("t-1", "c8", ORGANISER, AT, "sheet-w3", "A", List.of(3), Side.WHITE));
        TournamentAuthority state = given(events);
        Account sheet = Account.of("sheet-w3", AccountRole.DEVICE);
        assertTrue(state.may(sheet, Permission.MOVE, BOARD_3.by(Side.WHITE)).allowed());
        Verdict black = state.may(sheet, Permission.RESIGN, BOARD_3.by(Side.BLACK));
        assertTrue(black.denied());
        assertTrue(black.reason().contains("sheet-w3 is White's electronic scoresheet of board 3 and may not act for"
                + " Black"), black.reason());
        assertTrue(state.may(sheet, Permission.OFFER_DRAW, BOARD_3.by(Side.BLACK)).denied());
        assertTrue(state.may(sheet, Permission.CONFIRM_RESULT, BOARD_3).allowed(), "it reads the game's file");
        assertTrue(state.may(EBOARD, Permission.MOVE, BOARD_3.by(Side.BLACK)).allowed(), "an e-board: both sides");
        assertEquals("White's scoresheet on boards [3] of hall A", state.assignment("sheet-w3").orElseThrow()
                .describe());
    }
}

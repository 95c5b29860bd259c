package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.ByeRules;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.ByeRequested;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;

/**
 * The organiser's settings of tournament.CreateTournament version 2: the event a tournament belongs to, the half-point
 * bye rules (a maximum per player, the last rounds without them) and the entry deadline, each refusal naming the rule
 * and the numbers and leaving the state as it was.
 */
class OrganiserRulesTest {

    private static final String ID = "madrid-2026-a";
    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "chief");

    private final TournamentDecider decider = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = decider.decide(command, TournamentDecider.replay(log));
        log.addAll(events);
        return events;
    }

    private CommandRejected refused(TournamentCommand command) {
        TournamentState before = TournamentDecider.replay(log);
        CommandRejected rejected = refusalIn(decider.decide(command, before));
        assertEquals(before, TournamentDecider.replay(log), "a refusal changes nothing");
        return rejected;
    }

    private static CreateTournament open(String id, String system, int rounds, ByeRules rules, Integer lastEntryRound) {
        return new CreateTournament(id, "create-" + id, ORGANISER, AT, "Open " + id.charAt(id.length() - 1),
                PairingSystemKind.fromWireName(system), rounds, Scoring.classic(), "fide-2018-standard",
                List.of(new Hall("Main", 1, 50)), null, null, null, "madrid-2026", "Madrid Open 2026", rules,
                lastEntryRound);
    }

    private RegisterPlayer register(String player, int joinsRound) {
        return new RegisterPlayer(ID, "c-" + (++commands), ORGANISER, AT, player, "Name " + player, 2400 - commands,
                joinsRound);
    }

    private RequestBye halfPointBye(String player, int round) {
        return new RequestBye(ID, "c-" + (++commands), ARBITER, AT, player, round, ByeKind.HALF_POINT);
    }

    private void givenAnOpenOfNineRounds(ByeRules rules, Integer lastEntryRound) {
        when(open(ID, "harkness", 9, rules, lastEntryRound));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 1));
        }
    }

    @Test
    void givenAnEventWithRules_whenTheTournamentIsCreated_thenTheEventAndTheRulesAreRecordedAndFolded() {
        TournamentCreated created = (TournamentCreated) when(open(ID, "harkness", 9, new ByeRules(2, 2), 3)).get(0);

        assertEquals("madrid-2026", created.eventId());
        assertEquals("Madrid Open 2026", created.eventName());
        assertEquals(new ByeRules(2, 2), created.byeRules());
        assertEquals(3, created.lastEntryRound());
        TournamentState.Settings settings = TournamentDecider.replay(log).settings();
        assertEquals(new TournamentState.Settings("madrid-2026", "Madrid Open 2026", new ByeRules(2, 2), 3), settings);
    }

    @Test
    void givenAVersionOneCreation_whenReplayed_thenTheTournamentIsItsOwnEventWithoutLimits() {
        when(new CreateTournament(ID, "c-0", ORGANISER, AT, "Spring Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("Main", 1, 50))));
        when(register("p1", 1));

        TournamentState state = TournamentDecider.replay(log);
        assertEquals(ID, state.settings().eventId());
        assertEquals("Spring Open", state.settings().eventName());
        assertEquals(ByeRules.NONE, state.settings().byeRules());
        assertNull(state.settings().lastEntryRound());
        // no limit: a half-point bye in each of the five rounds, the last one included
        for (int round = 1; round <= 5; round++) {
            assertEquals(ByeKind.HALF_POINT, ((ByeRequested) when(halfPointBye("p1", round)).get(0)).kind());
        }
        assertEquals(List.of(1, 2, 3, 4, 5), TournamentDecider.replay(log).halfPointByeRounds("p1"));
    }

    @Test
    void givenAMaximumOfTwoHalfPointByes_whenAPlayerAsksForAThird_thenItIsRefusedNamingTheLimit() {
        givenAnOpenOfNineRounds(new ByeRules(2, 0), null);
        when(halfPointBye("p1", 2));
        when(halfPointBye("p1", 4));
        when(new RequestBye(ID, "c-zero", ARBITER, AT, "p1", 5, ByeKind.ZERO_POINT)); // absences are not limited

        CommandRejected third = refused(halfPointBye("p1", 6));

        assertEquals(RefusalReason.HALF_POINT_BYE_LIMIT.name(), third.reason());
        assertEquals("player 'p1' has 2 half-point byes (rounds 2, 4); the tournament allows 2", third.message());
        // another player's byes are his own
        assertEquals(ByeKind.HALF_POINT, ((ByeRequested) when(halfPointBye("p2", 6)).get(0)).kind());
    }

    @Test
    void givenNoHalfPointByesAllowed_whenAPlayerAsksForOne_thenItIsRefused() {
        givenAnOpenOfNineRounds(new ByeRules(0, 0), null);

        CommandRejected refused = refused(halfPointBye("p3", 1));

        assertEquals(RefusalReason.HALF_POINT_BYE_LIMIT.name(), refused.reason());
        assertEquals("player 'p3' has 0 half-point byes; the tournament allows 0", refused.message());
    }

    @Test
    void givenNoHalfPointByesInTheLastTwoRounds_whenAPlayerAsksForRoundEight_thenItIsRefusedNamingTheRounds() {
        givenAnOpenOfNineRounds(new ByeRules(null, 2), null);

        CommandRejected eighth = refused(halfPointBye("p1", 8));
        CommandRejected ninth = refused(halfPointBye("p1", 9));
        List<TournamentEvent> seventh = when(halfPointBye("p1", 7));
        List<TournamentEvent> zeroInTheLast = when(new RequestBye(ID, "c-z9", ARBITER, AT, "p2", 9, ByeKind.ZERO_POINT));

        assertEquals(RefusalReason.NO_HALF_POINT_BYE_ROUND.name(), eighth.reason());
        assertEquals("no half-point bye for 'p1' in round 8: the tournament allows none in its last 2 rounds (8-9)",
                eighth.message());
        assertEquals(RefusalReason.NO_HALF_POINT_BYE_ROUND.name(), ninth.reason());
        assertEquals(1, seventh.size());
        assertEquals(1, zeroInTheLast.size());
    }

    @Test
    void givenAnEntryDeadlineOfRoundThree_whenAPlayerWouldJoinRoundFour_thenTheLateEntryIsRefused() {
        givenAnOpenOfNineRounds(ByeRules.NONE, 3);

        CommandRejected late = refused(register("p9", 4));
        PlayerRegistered inTime = (PlayerRegistered) when(register("p5", 3)).get(0);

        assertEquals(RefusalReason.ENTRY_CLOSED.name(), late.reason());
        assertEquals("late entry of 'p9' refused: it would join round 4; the tournament takes entries up to round 3"
                + " (the organiser's entry deadline)", late.message());
        assertEquals(3, inTime.joinsRound());
    }

    @Test
    void givenAnEntryDeadlineOfRoundOne_whenRoundOneIsPaired_thenNoRegistrationIsTaken() {
        givenAnOpenOfNineRounds(ByeRules.NONE, 1);
        when(new PairNextRound(ID, "c-pair-1", ARBITER, AT, 7));

        CommandRejected late = refused(register("p9", 2));

        assertEquals(RefusalReason.ENTRY_CLOSED.name(), late.reason());
        assertEquals("late entry of 'p9' refused: it would join round 2; the tournament takes entries up to round 1"
                + " (the organiser's entry deadline)", late.message());
        assertTrue(TournamentDecider.replay(log).players().keySet().stream().noneMatch("p9"::equals));
    }

    @Test
    void givenAByeRequestForAPairedRound_whenAsked_thenItIsRefusedAsBefore() {
        givenAnOpenOfNineRounds(new ByeRules(3, 0), null);
        when(new PairNextRound(ID, "c-pair-1", ARBITER, AT, 7));

        CommandRejected paired = refused(halfPointBye("p1", 1));

        assertEquals(RefusalReason.ROUND_ALREADY_PAIRED.name(), paired.reason());
        assertEquals("round 1 is already paired", paired.message());
    }

    @Test
    void givenRulesThatDoNotFitTheRounds_whenTheTournamentIsCreated_thenItIsRefusedNamingTheFieldAndValue() {
        CommandRejected tooMany = refused(open(ID, "harkness", 9, new ByeRules(10, 0), null));
        CommandRejected lastRounds = refused(open(ID, "harkness", 9, new ByeRules(2, -1), null));
        CommandRejected deadline = refused(open(ID, "harkness", 9, ByeRules.NONE, 0));
        CommandRejected roundRobin = refused(open(ID, "roundrobin", 0, new ByeRules(1, 0), null));

        assertEquals(RefusalReason.INVALID.name(), tooMany.reason());
        assertEquals("maximum half-point byes per player is 10; give 0..9 (the rounds) or no limit", tooMany.message());
        assertEquals("last rounds without half-point byes is -1; give 0..9 (the rounds)", lastRounds.message());
        assertEquals("entry deadline is round 0; give a round in 1..9 or none", deadline.message());
        assertEquals(RefusalReason.NOT_FOR_ROUND_ROBIN.name(), roundRobin.reason());
        assertTrue(roundRobin.message().startsWith("round robin: every player plays from round 1"),
                roundRobin.message());
        assertTrue(!TournamentDecider.replay(log).created());
    }
}

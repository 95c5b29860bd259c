package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.CancelCheckIn;
import org.torneo.contracts.tournament.TournamentCommand.CheckInPlayer;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.CheckInCancelled;
import org.torneo.contracts.tournament.TournamentEvent.PlayerCheckedIn;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * Check-in before round 1 through the tournament aggregate: given events, when a command, then events or a refusal
 * naming what was wrong. Round 1 of a Swiss pairs only the players checked in once anyone has; the others are absent
 * (zero-point bye) and paired from round 2.
 */
class CheckInTest {

    private static final String ID = "open-a";
    private static final Instant AT = Instant.parse("2026-04-01T09:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");
    private static final Actor DESK = new Actor(Actor.Role.ARBITER, "arb-desk");

    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;

    private TournamentState state() {
        return TournamentDecider.replay(log);
    }

    private List<TournamentEvent> when(TournamentCommand command) {
        TournamentState state = state();
        List<TournamentEvent> events = TournamentDecider.withAllSystems(state).decide(command, state);
        log.addAll(events);
        return events;
    }

    private CommandRejected refused(RefusalReason reason, TournamentCommand command) {
        TournamentState state = state();
        CommandRejected refusal = refusalIn(TournamentDecider.withAllSystems(state).decide(command, state));
        assertEquals(reason.name(), refusal.reason(), refusal.message());
        return refusal;
    }

    private String id() {
        return "c" + (++commands);
    }

    private void givenSixPlayers(PairingSystemKind system) {
        when(new CreateTournament(ID, id(), ORGANISER, AT, "Open A", system, system.isRoundRobin() ? 0 : 5,
                Scoring.classic(), "fide-2018-standard", List.of()));
        for (int i = 1; i <= 6; i++) {
            when(new RegisterPlayer(ID, id(), ORGANISER, AT, "p" + i, "Player " + i, 2450 - 50 * i, 1));
        }
    }

    private CheckInPlayer checkIn(String player, Actor by) {
        return new CheckInPlayer(ID, id(), by, AT, player);
    }

    private RoundPaired pair() {
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 7));
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }

    private static Set<String> seated(RoundPaired round) {
        Set<String> ids = new TreeSet<>();
        for (Board board : round.boards()) {
            ids.add(board.white());
            ids.add(board.black());
        }
        return ids;
    }

    @Test
    void anArbiterOrThePlayerHimselfChecksInAndTheEventSaysWho() {
        givenSixPlayers(PairingSystemKind.DUTCH);

        PlayerCheckedIn byDesk = assertInstanceOf(PlayerCheckedIn.class, when(checkIn("p1", DESK)).get(0));
        Actor himself = new Actor(Actor.Role.PLAYER, "acc-p2");
        PlayerCheckedIn byHimself = assertInstanceOf(PlayerCheckedIn.class, when(checkIn("p2", himself)).get(0));

        assertEquals("p1", byDesk.playerId());
        assertEquals(DESK, byDesk.actor());
        assertEquals(himself, byHimself.actor());
        assertTrue(state().players().get("p1").checkedIn());
        assertFalse(state().players().get("p3").checkedIn());
    }

    @Test
    void checkInRefusalsNameWhatWasWrong() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(checkIn("p1", DESK));
        when(new WithdrawPlayer(ID, id(), CHIEF, AT, "p6", "ill"));

        assertTrue(refused(RefusalReason.UNKNOWN_PLAYER, checkIn("p99", DESK)).message().contains("p99"));
        assertTrue(refused(RefusalReason.ALREADY_CHECKED_IN, checkIn("p1", DESK)).message().contains("already checked in"));
        assertTrue(refused(RefusalReason.PLAYER_WITHDRAWN, checkIn("p6", DESK)).message().contains("withdrawn"));
        assertTrue(refused(RefusalReason.NOT_CHECKED_IN, new CancelCheckIn(ID, id(), DESK, AT, "p2", "typo"))
                .message().contains("not checked in"));
        for (int i = 2; i <= 5; i++) {
            when(checkIn("p" + i, DESK));
        }
        pair();
        CommandRejected closed = refused(RefusalReason.ROUND_ALREADY_PAIRED, checkIn("p6", DESK));
        assertTrue(closed.message().contains("round 1 is already paired"), closed.message());
        refused(RefusalReason.ROUND_ALREADY_PAIRED, new CancelCheckIn(ID, id(), DESK, AT, "p1", "late"));
    }

    @Test
    void aCancelledCheckInIsUndoneAndKeepsWhoAndWhy() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(checkIn("p1", DESK));
        when(checkIn("p2", DESK));

        CheckInCancelled cancelled = assertInstanceOf(CheckInCancelled.class,
                when(new CancelCheckIn(ID, id(), CHIEF, AT, "p2", "wrong No. typed")).get(0));

        assertEquals(CHIEF, cancelled.actor());
        assertEquals("wrong No. typed", cancelled.reason());
        assertFalse(state().players().get("p2").checkedIn());
        assertTrue(state().players().get("p1").checkedIn());
        when(checkIn("p2", DESK)); // and may check in again
        assertTrue(state().players().get("p2").checkedIn());
    }

    @Test
    void roundOnePairsOnlyThePlayersCheckedInAndTheOthersPlayFromRoundTwo() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        for (String p : List.of("p1", "p2", "p4", "p5")) {
            when(checkIn(p, DESK));
        }

        RoundPaired first = pair();

        assertEquals(Set.of("p1", "p2", "p4", "p5"), seated(first));
        assertEquals(2, first.boards().size());
        assertEquals(List.of(new Bye("p3", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT,
                Score.ZERO)), first.byes(), "the absent are recorded absent with no point, not given the pairing bye");
        assertEquals(Score.ZERO, state().score("p3"));
        assertFalse(state().players().get("p3").withdrawn(), "an absent player stays registered");

        for (Board board : first.boards()) {
            when(new RecordResult(ID, id(), CHIEF, AT, 1, board.white(), board.black(), GameResult.DRAW, true));
        }
        when(new CloseRound(ID, id(), CHIEF, AT, 1));
        RoundPaired second = pair();
        assertEquals(Set.of("p1", "p2", "p3", "p4", "p5", "p6"), seated(second), "round 2 pairs everyone registered");
    }

    @Test
    void withoutAnyCheckInRoundOnePairsEveryoneAsSmallEventsDo() {
        givenSixPlayers(PairingSystemKind.DUTCH);

        RoundPaired first = pair();

        assertEquals(6, seated(first).size());
        assertTrue(first.byes().isEmpty(), first.byes().toString());
    }

    @Test
    void aCheckInCancelledByEveryoneMeansNoCheckInAtAll() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(checkIn("p1", DESK));
        when(new CancelCheckIn(ID, id(), DESK, AT, "p1", "wrong player"));

        assertEquals(6, seated(pair()).size());
    }

    @Test
    void aRequestedByeForRoundOneStaysARequestedBye() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(new TournamentCommand.RequestBye(ID, id(), CHIEF, AT, "p6", 1, ByeKind.HALF_POINT));
        for (String p : List.of("p1", "p2", "p3", "p4")) {
            when(checkIn(p, DESK));
        }

        RoundPaired first = pair();

        assertEquals(Set.of("p1", "p2", "p3", "p4"), seated(first));
        assertTrue(first.byes().contains(new Bye("p6", ByeKind.HALF_POINT, Score.HALF)), first.byes().toString());
        assertTrue(first.byes().contains(new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO)), first.byes().toString());
        assertEquals(2, first.byes().size(), "p6 has his half-point bye only: " + first.byes());
    }

    @Test
    void roundOneNeedsTwoPlayersCheckedIn() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(checkIn("p1", DESK));

        CommandRejected refusal = refused(RefusalReason.INVALID, new PairNextRound(ID, id(), CHIEF, AT, 7));

        assertTrue(refusal.message().contains("only 1 is"), refusal.message());
    }

    @Test
    void harknessPairsOnlyThePlayersCheckedInToo() {
        givenSixPlayers(PairingSystemKind.HARKNESS);
        for (String p : List.of("p2", "p3", "p5", "p6")) {
            when(checkIn(p, DESK));
        }

        RoundPaired first = pair();

        assertEquals(Set.of("p2", "p3", "p5", "p6"), seated(first));
        assertEquals(2, first.byes().stream().filter(b -> b.kind() == ByeKind.ZERO_POINT).count());
    }

    @Test
    void aRoundRobinDrawsItsTableForTheWholeField() {
        givenSixPlayers(PairingSystemKind.ROUND_ROBIN);
        when(checkIn("p1", DESK));

        RoundPaired first = pair();

        assertEquals(6, seated(first).size(), "C.05: the Berger table is drawn for every registered player");
    }
}

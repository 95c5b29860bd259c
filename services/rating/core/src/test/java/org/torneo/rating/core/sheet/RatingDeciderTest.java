package org.torneo.rating.core.sheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.contracts.tournament.TournamentEvent;

/** Given the events so far, when another service's event arrives, then these facts and publications. */
class RatingDeciderTest {

    private static final String T = "t-unit";
    private final RatingDecider decider = new RatingDecider(List.of("PTS", "BH/C1", "BH", "SB"));

    private RatingSheet given(List<? extends EventMessage> inputs) {
        RatingSheet state = decider.initialState();
        for (EventMessage input : inputs) {
            for (EventMessage e : decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state)) {
                state = decider.evolve(state, e);
            }
        }
        return state;
    }

    private List<EventMessage> when(RatingSheet state, EventMessage input) {
        return decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state);
    }

    private static List<EventMessage> upToRound2Paired() {
        List<EventMessage> inputs = new ArrayList<>();
        inputs.add(Fixtures.created(T));
        inputs.addAll(Fixtures.registrations(T));
        inputs.add(Fixtures.round1(T));
        inputs.addAll(Fixtures.round1Results(T));
        inputs.add(Fixtures.round2(T));
        return inputs;
    }

    @Test
    void creationOpensTheSheetWithTheAnnouncedTieBreaksAndTheEditionInForce() {
        List<EventMessage> then = when(RatingSheet.EMPTY, Fixtures.created(T));
        SheetFact.SheetOpened opened = assertInstanceOf(SheetFact.SheetOpened.class, then.get(0));
        assertEquals(List.of("PTS", "BH/C1", "BH", "SB"), opened.tieBreaks());
        assertEquals("2026", opened.rules()); // created 2026-05-01: C.07 of 2026-03-01 in force
        assertEquals(2, opened.rounds());
    }

    @Test
    void tieBreaksAnnouncedWithTheTournamentReplaceTheDefaultAfterTheScore() {
        TournamentEvent.TournamentCreated plain = Fixtures.created(T);
        TournamentEvent.TournamentCreated announced = new TournamentEvent.TournamentCreated(T, plain.commandId(),
                plain.actor(), plain.at(), plain.name(), plain.system(), plain.rounds(), plain.scoring(),
                plain.rulesetId(), plain.halls(), null, List.of("SB", "DE", "BH/C1"));
        SheetFact.SheetOpened opened = assertInstanceOf(SheetFact.SheetOpened.class,
                when(RatingSheet.EMPTY, announced).get(0));
        assertEquals(List.of("PTS", "SB", "DE", "BH/C1"), opened.tieBreaks());
    }

    @Test
    void aResultThatLeavesTheRoundOpenPublishesNothingYet() {
        List<EventMessage> inputs = new ArrayList<>();
        inputs.add(Fixtures.created(T));
        inputs.addAll(Fixtures.registrations(T));
        inputs.add(Fixtures.round1(T));
        List<EventMessage> then = when(given(inputs), Fixtures.round1Results(T).get(0));
        assertEquals(1, then.size());
        SheetFact.GameScored scored = assertInstanceOf(SheetFact.GameScored.class, then.get(0));
        assertEquals(2, scored.whiteHalves());
        assertEquals(0, scored.blackHalves());
    }

    @Test
    void theLastResultOfARoundPublishesTheStandingsWithTieBreaks() {
        RatingSheet state = given(upToRound2Paired());
        state = decider.evolve(state, when(state, Fixtures.round2Results(T).get(0)).get(0));
        List<EventMessage> then = when(state, Fixtures.round2Results(T).get(1));
        assertEquals(2, then.size());
        RatingEvent.StandingsComputed s = assertInstanceOf(RatingEvent.StandingsComputed.class, then.get(1));
        assertEquals(T, s.tournamentId());
        assertEquals(2, s.afterRound());
        assertEquals(List.of("PTS", "BH/C1", "BH", "SB"), s.tieBreaks());
        // p1 1.5; p2 and p3 1 point, BH 2 each, parted by SB (p2 0.25 + 0.75, p3 0 + 0.5); p4 0.5
        assertEquals(List.of("p1", "p2", "p3", "p4"), s.rows().stream().map(RatingEvent.StandingRow::playerId).toList());
        assertEquals(List.of(1, 2, 3, 4), s.rows().stream().map(RatingEvent.StandingRow::rank).toList());
        assertEquals(List.of("1.0", "1.5", "2.0", "1.0"), s.rows().get(1).values());
        assertEquals(List.of("1.0", "1.5", "2.0", "0.5"), s.rows().get(2).values());
        assertEquals("1.5", s.rows().get(0).values().get(0));
    }

    @Test
    void aCorrectionReplacesTheResultAndRepublishes() {
        List<EventMessage> inputs = upToRound2Paired();
        inputs.addAll(Fixtures.round2Results(T));
        RatingSheet state = given(inputs);
        ResultEvent.ResultCorrected fix = new ResultEvent.ResultCorrected(T + "-g4", T, 2, 2, GameResult.BLACK_WINS, 0, 2,
                true, UUID.randomUUID(), "arbiter-1", "the scoresheets show black won", Fixtures.CREATED.plusSeconds(9000));
        List<EventMessage> then = when(state, fix);
        SheetFact.GameScored scored = assertInstanceOf(SheetFact.GameScored.class, then.get(0));
        assertTrue(scored.correction().contains("black won"));
        RatingEvent.StandingsComputed s = assertInstanceOf(RatingEvent.StandingsComputed.class, then.get(1));
        // now p4 has 1.5 (draw + win) and p3 0
        RatingEvent.StandingRow p4 = s.rows().stream().filter(r -> r.playerId().equals("p4")).findFirst().orElseThrow();
        assertEquals("1.5", p4.values().get(0));
        RatingEvent.StandingRow p3 = s.rows().stream().filter(r -> r.playerId().equals("p3")).findFirst().orElseThrow();
        assertEquals("0.0", p3.values().get(0));
        assertEquals(4, p3.rank());
    }

    @Test
    void theLastResultOfTheLastRoundPublishesTheAnnouncedPrizesSharedAmongTiedPlayers() {
        TournamentEvent.TournamentCreated plain = Fixtures.created(T);
        List<EventMessage> inputs = upToRound2Paired();
        inputs.set(0, new TournamentEvent.TournamentCreated(T, plain.commandId(), plain.actor(), plain.at(), plain.name(),
                plain.system(), plain.rounds(), plain.scoring(), plain.rulesetId(), plain.halls(), null, List.of(),
                new PrizeFund("EUR", List.of(100_000L, 60_000L, 40_000L), "EQUAL_SHARING")));
        RatingSheet state = given(inputs);
        state = decider.evolve(state, when(state, Fixtures.round2Results(T).get(0)).get(0));
        List<EventMessage> then = when(state, Fixtures.round2Results(T).get(1));
        assertEquals(3, then.size());
        RatingEvent.PrizesDistributed prizes = assertInstanceOf(RatingEvent.PrizesDistributed.class, then.get(2));
        assertEquals("EUR", prizes.currency());
        // p1 first alone; p2 and p3 tied on 1 point share the 2nd and 3rd prizes (Code 1970 rule IX); p4 nothing
        java.util.Map<String, Long> paid = new java.util.HashMap<>();
        prizes.awards().forEach(a -> paid.put(a.playerId(), a.amountCents()));
        assertEquals(java.util.Map.of("p1", 100_000L, "p2", 50_000L, "p3", 50_000L), paid);
    }

    @Test
    void withoutAnAnnouncedFundNoPrizesArePublished() {
        RatingSheet state = given(upToRound2Paired());
        state = decider.evolve(state, when(state, Fixtures.round2Results(T).get(0)).get(0));
        List<EventMessage> then = when(state, Fixtures.round2Results(T).get(1));
        assertTrue(then.stream().noneMatch(e -> e instanceof RatingEvent.PrizesDistributed), then.toString());
    }

    @Test
    void closingARoundPublishesStandingsAndRatingChanges() {
        List<EventMessage> inputs = upToRound2Paired();
        inputs.addAll(Fixtures.round2Results(T));
        List<EventMessage> then = when(given(inputs), Fixtures.closed(T, 2));
        assertInstanceOf(SheetFact.RoundEnded.class, then.get(0));
        assertInstanceOf(RatingEvent.StandingsComputed.class, then.get(1));
        RatingEvent.RatingChangesComputed r = assertInstanceOf(RatingEvent.RatingChangesComputed.class, then.get(2));
        assertEquals("2026-05-01", r.ratingDate());
        RatingEvent.RatingChange p1 = r.changes().get(0);
        assertEquals(2, p1.games());
        assertEquals(150, p1.scoreCenti());
        // the changes of a closed pool of equal K sum to zero, give or take rounding of each game
        long sum = r.changes().stream().mapToLong(RatingEvent.RatingChange::changeCenti).sum();
        assertTrue(Math.abs(sum) <= 4 * 20, "sum " + sum);
        assertTrue(p1.changeCenti() > 0 && r.changes().get(3).changeCenti() < 0);
    }

    @Test
    void aCorrectionOfAGameNeverSeenIsRefusedNamingTheRule() {
        RatingSheet state = given(upToRound2Paired());
        ResultEvent.ResultCorrected ghost = new ResultEvent.ResultCorrected("g-ghost", T, 1, 1, GameResult.DRAW, 1, 1,
                true, UUID.randomUUID(), "arbiter-1", "typo", Fixtures.CREATED);
        RatingEvent.CommandRejected refused = refusal(when(state, ghost));
        assertEquals(T, refused.tournamentId());
        assertEquals("results.ResultCorrected", refused.input());
        assertTrue(refused.reason().contains("g-ghost") && refused.reason().contains("never saw"), refused.reason());
        assertTrue(refused.rule().startsWith("FIDE 2001 8.7"), refused.rule());
        assertEquals(Fixtures.CREATED, refused.rejectedAt());
    }

    @Test
    void aResultOrPairingOfARoundOutsideTheEventIsRefusedNamingTheRule() {
        RatingSheet state = given(upToRound2Paired());
        RatingEvent.CommandRejected result = refusal(when(state, Fixtures.ended(T, "g-x", 3, 1, "p1", "p2",
                GameResult.DRAW)));
        assertEquals("results.GameEnded", result.input());
        assertEquals("round 3 is outside 1..2", result.reason());
        assertTrue(result.rule().startsWith("C.04.1 a"), result.rule());
        RatingEvent.CommandRejected pairing = refusal(when(state, Fixtures.paired(T, 3, List.of(), List.of())));
        assertEquals("tournament.RoundPaired", pairing.input());
        RatingEvent.CommandRejected closing = refusal(when(state, Fixtures.closed(T, 3)));
        assertEquals("tournament.RoundClosed", closing.input());
        // before the tournament is known only round 0 and below can be told apart (and no frame to name)
        RatingEvent.CommandRejected zero = refusal(when(RatingSheet.EMPTY, Fixtures.ended(T, "g-0", 0, 1, "p1", "p2",
                GameResult.DRAW)));
        assertTrue(zero.reason().contains("numbered from 1"), zero.reason());
    }

    @Test
    void aGameReportedInASecondRoundIsRefused() {
        RatingSheet state = given(upToRound2Paired());
        RatingEvent.CommandRejected refused = refusal(when(state, Fixtures.ended(T, T + "-g1", 2, 1, "p1", "p2",
                GameResult.DRAW)));
        assertTrue(refused.reason().contains("ended in round 1 already"), refused.reason());
        assertEquals(RatingDecider.ONE_ROUND_PER_GAME, refused.rule());
    }

    @Test
    void aRefusalChangesNothingAndTheNextInputIsDecidedAsBefore() {
        RatingSheet state = given(upToRound2Paired());
        List<EventMessage> refused = when(state, Fixtures.ended(T, "g-x", 3, 1, "p1", "p2", GameResult.DRAW));
        RatingSheet after = decider.evolve(state, refused.get(0));
        assertEquals(state, after);
        assertEquals(when(state, Fixtures.round2Results(T).get(0)), when(after, Fixtures.round2Results(T).get(0)));
    }

    @Test
    void everyEventTheDeciderWritesFoldsAndNoOtherDoes() {
        List<EventMessage> inputs = upToRound2Paired();
        inputs.addAll(Fixtures.round2Results(T));
        inputs.add(Fixtures.closed(T, 2));
        List<EventMessage> written = new ArrayList<>();
        RatingSheet state = decider.initialState();
        for (EventMessage input : inputs) {
            List<EventMessage> then = decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state);
            written.addAll(then);
            for (EventMessage e : then) {
                state = decider.evolve(state, e);
            }
        }
        assertTrue(written.stream().anyMatch(RatingEvent.RatingChangesComputed.class::isInstance), written.toString());
        assertEquals(state, decider.fold(written));
        // another stream's event is not this aggregate's: replaying it is a bug, not a fact to skip
        assertThrows(IllegalArgumentException.class, () -> decider.evolve(RatingSheet.EMPTY, Fixtures.round1(T)));
    }

    @Test
    void theTournamentsCopyOfAResultAndItsOtherNonScoringEventsLeaveTheSheetAsItIs() {
        // given round 2 paired and none of its games ended
        RatingSheet state = given(upToRound2Paired());
        Instant at = Fixtures.CREATED.plusSeconds(3600L * 2 + 600);
        List<TournamentEvent> nonScoring = List.of(
                // the pairing's copy of p1-p2: scored only when the results stream's GameEnded arrives
                new TournamentEvent.ResultRecorded(T, "c-rec", Fixtures.PAIRING, at, 2, "p1", "p2",
                        org.torneo.contracts.tournament.GameResult.WHITE_WINS, true),
                new TournamentEvent.ResultAmended(T, "c-amend", Fixtures.PAIRING, at, 1, 1, "p1", "p3",
                        org.torneo.contracts.tournament.GameResult.WHITE_WINS, true,
                        org.torneo.contracts.tournament.GameResult.BLACK_WINS, true, "scoresheets"),
                new TournamentEvent.ByeRequested(T, "c-bye", Fixtures.PAIRING, at, "p4", 2,
                        ByeKind.HALF_POINT),
                new TournamentEvent.PairingForbidden(T, "c-forbid", Fixtures.PAIRING, at, "p1", "p4", "same club"),
                new TournamentEvent.CommandRejected(T, "c-x", Fixtures.PAIRING, at, "tournament.CloseRound",
                        "ROUND_NOT_COMPLETE", "round 2 has games on"));
        for (TournamentEvent input : nonScoring) {
            // when it arrives, then nothing is recorded nor published
            assertEquals(List.of(), when(state, input), input.getClass().getSimpleName());
        }
        // and round 2's first result still leaves the round open, as on a sheet that never saw them
        List<EventMessage> first = when(state, Fixtures.round2Results(T).get(0));
        assertEquals(1, first.size(), first.toString());
        assertInstanceOf(SheetFact.GameScored.class, first.get(0));
    }

    @Test
    void anEventOfNeitherTheTournamentNorTheResultsIsNotAnInput() {
        RatingSheet state = given(upToRound2Paired());
        RatingEvent.CommandRejected notAnInput = new RatingEvent.CommandRejected(T, "results.GameEnded", "r", "rule",
                Fixtures.CREATED);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> when(state, notAnInput));
        assertTrue(e.getMessage().contains("reads tournament and result events"), e.getMessage());
    }

    private static RatingEvent.CommandRejected refusal(List<EventMessage> then) {
        assertEquals(1, then.size(), then.toString());
        return assertInstanceOf(RatingEvent.CommandRejected.class, then.get(0));
    }

    @Test
    void resultsArrivingBeforeTheTournamentAndItsPlayersWaitForThemAndThenPublish() {
        // the results topic may be read ahead of the tournament topic (two topics, no order between them)
        List<EventMessage> early = new ArrayList<>(Fixtures.round1Results(T));
        early.add(Fixtures.round1(T));
        RatingSheet state = given(early);
        assertEquals(0, state.completeThrough());
        RatingSheet unpaired = given(concat(List.of(Fixtures.created(T)), Fixtures.registrations(T),
                Fixtures.round1Results(T).subList(0, 1)));
        assertEquals(List.of(), when(unpaired, Fixtures.round1Results(T).get(1)).stream()
                .filter(RatingEvent.class::isInstance).toList(), "no standings before the round's pairing is known");
        state = given(concat(early, List.of(Fixtures.created(T)), Fixtures.registrations(T).subList(0, 3)));
        assertEquals(0, state.completeThrough(), "p4 is not registered yet");
        List<EventMessage> then = when(state, Fixtures.registrations(T).get(3));
        assertInstanceOf(SheetFact.PlayerEntered.class, then.get(0));
        RatingEvent.StandingsComputed s = assertInstanceOf(RatingEvent.StandingsComputed.class, then.get(1));
        assertEquals(1, s.afterRound());
        assertEquals(List.of("p1", "p2", "p4", "p3"), s.rows().stream().map(RatingEvent.StandingRow::playerId).toList());
    }

    @SafeVarargs
    private static List<EventMessage> concat(List<? extends EventMessage>... parts) {
        List<EventMessage> all = new ArrayList<>();
        for (List<? extends EventMessage> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    @Test
    void replayingTheFactsGivesTheSameSheet() {
        List<EventMessage> inputs = upToRound2Paired();
        inputs.addAll(Fixtures.round2Results(T));
        List<EventMessage> produced = new ArrayList<>();
        RatingSheet state = decider.initialState();
        for (EventMessage input : inputs) {
            for (EventMessage e : decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state)) {
                produced.add(e);
                state = decider.evolve(state, e);
            }
        }
        assertEquals(state, decider.fold(produced));
        assertEquals(2, state.completeThrough());
    }
}

package org.torneo.rating.core.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.rating.core.score.ResultKind.DRAW;
import static org.torneo.rating.core.score.ResultKind.FORFEIT_LOSS;
import static org.torneo.rating.core.score.ResultKind.FORFEIT_WIN;
import static org.torneo.rating.core.score.ResultKind.HALF_POINT_BYE;
import static org.torneo.rating.core.score.ResultKind.LOSS;
import static org.torneo.rating.core.score.ResultKind.PAIRING_ALLOCATED_BYE;
import static org.torneo.rating.core.score.ResultKind.WIN;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.results.ResultsCommand.Entrant;
import org.torneo.rating.core.score.PointSystem;

/** Given events, when a command, then events (or a rejection). */
class ResultsDeciderTest {

    static final ResultsEvent OPENED = new ResultsEvent.EventOpened("Club", 3, PointSystem.STANDARD,
            List.of(new Entrant(1, "A", 2000), new Entrant(2, "B", 1900), new Entrant(3, "C", 1800),
                    new Entrant(4, "D", 0), new Entrant(5, "E", 1700)));

    static ResultsState given(ResultsEvent... events) {
        ResultsState s = ResultsState.EMPTY;
        for (ResultsEvent e : events) {
            s = ResultsDecider.evolve(s, e);
        }
        return s;
    }

    static ResultsState apply(ResultsState s, List<ResultsEvent> events) {
        for (ResultsEvent e : events) {
            s = ResultsDecider.evolve(s, e);
        }
        return s;
    }

    @Test
    void aRecordedGameScoresBothPlayers() {
        var state = given(OPENED);
        var events = ResultsDecider.decide(new ResultsCommand.RecordGame(1, 1, 2, WIN, LOSS), state);
        assertEquals(List.of(new ResultsEvent.GameRecorded(1, 1, 2, WIN, LOSS)), events);
        var after = apply(state, events);
        assertEquals(100, after.tournament().scoreCenti(1));
        assertEquals(0, after.tournament().scoreCenti(2));
    }

    @Test
    void doubleForfeitGivesBothPlayersZero() {
        var state = given(OPENED);
        var events = ResultsDecider.decide(new ResultsCommand.RecordGame(1, 3, 4, FORFEIT_LOSS, FORFEIT_LOSS), state);
        var after = apply(state, events);
        assertEquals(0, after.tournament().scoreCenti(3));
        assertEquals(0, after.tournament().scoreCenti(4));
        assertTrue(after.tournament().player(3).round(1).kind().unplayed());
    }

    @Test
    void inconsistentResultsAreRejectedWithTheReason() {
        var state = given(OPENED);
        var e = assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(1, 1, 2, WIN, WIN), state));
        assertTrue(e.getMessage().contains("not a valid game result"), e.getMessage());
        assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(4, 1, 2, WIN, LOSS), state));
        assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(1, 1, 9, WIN, LOSS), state));
    }

    @Test
    void aSecondResultForTheSameRoundMustBeACorrection() {
        var state = given(OPENED, new ResultsEvent.GameRecorded(1, 1, 2, WIN, LOSS));
        var e = assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(1, 2, 1, WIN, LOSS), state));
        assertTrue(e.getMessage().contains("correct it instead"), e.getMessage());
    }

    @Test
    void aCorrectionReplacesTheResultAndKeepsThePreviousOneInTheEvent() {
        var state = given(OPENED, new ResultsEvent.GameRecorded(1, 1, 2, WIN, LOSS));
        var events = ResultsDecider.decide(
                new ResultsCommand.CorrectGame(1, 1, 2, DRAW, DRAW, "scoresheets show a draw"), state);
        assertEquals(List.of(new ResultsEvent.GameCorrected(1, 1, 2, DRAW, DRAW, WIN, LOSS, "scoresheets show a draw")),
                events);
        var after = apply(state, events);
        assertEquals(50, after.tournament().scoreCenti(1));
        assertEquals(50, after.tournament().scoreCenti(2));
        assertEquals(List.of(), ResultsDecider.decide(new ResultsCommand.CorrectGame(1, 1, 2, DRAW, DRAW, "again"), after));
        assertThrows(ResultsRejected.class, () -> ResultsDecider.decide(
                new ResultsCommand.CorrectGame(1, 1, 3, DRAW, DRAW, "no such game"), after));
    }

    @Test
    void arbiterSetPointsOverrideThePointSystemForThatRound() {
        var state = given(OPENED, new ResultsEvent.GameRecorded(1, 1, 2, FORFEIT_WIN, FORFEIT_LOSS));
        var events = ResultsDecider.decide(new ResultsCommand.SetArbiterPoints(1, 1, 0, "both refused to play"), state);
        var after = apply(state, events);
        assertEquals(0, after.tournament().scoreCenti(1));
        var restored = apply(after, ResultsDecider.decide(new ResultsCommand.SetArbiterPoints(1, 1, null, "appeal"), after));
        assertEquals(100, restored.tournament().scoreCenti(1));
        assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.SetArbiterPoints(1, 1, 50, " "), state));
    }

    @Test
    void byesFollowThePointSystem() {
        var state = given(new ResultsEvent.EventOpened("3-1-0", 2, PointSystem.THREE_ONE_ZERO,
                List.of(new Entrant(1, "A", 2000), new Entrant(2, "B", 1900))));
        var after = apply(state, ResultsDecider.decide(new ResultsCommand.RecordBye(1, 1, PAIRING_ALLOCATED_BYE), state));
        after = apply(after, ResultsDecider.decide(new ResultsCommand.RecordBye(1, 2, HALF_POINT_BYE), after));
        assertEquals(300, after.tournament().scoreCenti(1));
        assertEquals(100, after.tournament().scoreCenti(2));
        var finalState = after;
        assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordBye(2, 1, WIN), finalState));
    }

    @Test
    void aWithdrawnPlayerIsNotPairedAgain() {
        var state = given(OPENED, new ResultsEvent.GameRecorded(1, 1, 2, WIN, LOSS), new ResultsEvent.PlayerWithdrew(2, 2));
        var e = assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(2, 2, 3, WIN, LOSS), state));
        assertTrue(e.getMessage().contains("withdrew"), e.getMessage());
        assertEquals(2, state.withdrawnFromRound().get(2));
    }

    @Test
    void replayingAStreamGivesTheSameStateAsFoldingEvolve() {
        var bench = org.torneo.rating.core.bench.GeneratedField.generate(40, 5, 3L);
        List<ResultsEvent> events = new java.util.ArrayList<>();
        List<Entrant> entrants = new java.util.ArrayList<>();
        bench.players().forEach(p -> entrants.add(new Entrant(p.startNumber(), p.name(), p.rating())));
        events.add(new ResultsEvent.EventOpened("replay", 5, PointSystem.STANDARD, entrants));
        for (int r = 1; r <= 5; r++) {
            for (var p : bench.players()) {
                var e = p.round(r);
                if (e.opponent() == 0 && e.kind() != org.torneo.rating.core.score.ResultKind.NOT_PAIRED) {
                    events.add(new ResultsEvent.ByeRecorded(r, p.startNumber(), e.kind()));
                } else if (e.colour() == org.torneo.rating.core.score.Colour.WHITE) {
                    events.add(new ResultsEvent.GameRecorded(r, p.startNumber(), e.opponent(), e.kind(),
                            bench.player(e.opponent()).round(r).kind()));
                }
            }
        }
        var firstGame = (ResultsEvent.GameRecorded) events.stream().filter(e -> e instanceof ResultsEvent.GameRecorded)
                .findFirst().orElseThrow();
        events.add(new ResultsEvent.GameCorrected(firstGame.round(), firstGame.white(), firstGame.black(), DRAW, DRAW,
                firstGame.whiteResult(), firstGame.blackResult(), "misrecorded"));
        events.add(new ResultsEvent.ArbiterPointsSet(2, 7, 0, "penalty"));
        events.add(new ResultsEvent.PlayerWithdrew(9, 6));
        ResultsState folded = given(events.toArray(ResultsEvent[]::new));
        ResultsState replayed = ResultsDecider.replay(events);
        assertEquals(folded, replayed);
        assertEquals(bench.size(), replayed.tournament().size());
        assertEquals(50, replayed.player(firstGame.white()).round(firstGame.round()).points(PointSystem.STANDARD));
    }

    @Test
    void nothingBeforeTheEventIsOpened() {
        assertThrows(ResultsRejected.class,
                () -> ResultsDecider.decide(new ResultsCommand.RecordGame(1, 1, 2, WIN, LOSS), ResultsState.EMPTY));
    }
}

package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.CorrectPairing;
import org.torneo.contracts.tournament.TournamentCommand.CorrectResult;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.ForbidPairing;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;
import org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PairingNumbersAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.contracts.tournament.TournamentEvent.ResultAmended;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.pairing.roundrobin.BergerTable;

/** The tournament aggregate, given events / when a command / then events or a rejection. */
class TournamentLifecycleTest {

    private static final String ID = "open-2026";
    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "chief-arbiter");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final List<Hall> HALLS = List.of(new Hall("Main", 1, 2), new Hall("Annex", 3, 50));

    private TournamentDecider decider = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();
    private int commandCounter;

    // ------------------------------------------------------------------ given / when / then

    private void given(List<? extends TournamentEvent> events) {
        log.addAll(events);
    }

    private TournamentState state() {
        return TournamentDecider.replay(log);
    }

    /** Decides on the state replayed from the log and appends the events, as the service would. */
    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = decider.decide(command, state());
        log.addAll(events);
        return events;
    }

    private CommandRejected rejected(RefusalReason reason, TournamentCommand command) {
        CommandRejected rejection = refusalIn(decider.decide(command, state()));
        assertEquals(reason.name(), rejection.reason(), rejection.message());
        assertFalse(rejection.message().isBlank());
        return rejection;
    }

    private String nextId() {
        return "cmd-" + (++commandCounter);
    }

    // ------------------------------------------------------------------ commands

    private CreateTournament create(PairingSystemKind system, int rounds) {
        return create(system, rounds, Scoring.classic());
    }

    private CreateTournament create(PairingSystemKind system, int rounds, Scoring scoring) {
        return new CreateTournament(ID, nextId(), ORGANISER, AT, "Spring Open", system, rounds, scoring, "fide-2018-standard",
                HALLS);
    }

    private RegisterPlayer register(String id, int rating) {
        return register(id, rating, 1);
    }

    private RegisterPlayer register(String id, int rating, int joinsRound) {
        return new RegisterPlayer(ID, nextId(), ORGANISER, AT, id, "Name " + id, rating, joinsRound);
    }

    private PairNextRound pair(long seed) {
        return new PairNextRound(ID, nextId(), ARBITER, AT, seed);
    }

    private RecordResult result(int round, Board board, GameResult result) {
        return new RecordResult(ID, nextId(), Actor.system("game"), AT, round, board.white(), board.black(), result, true);
    }

    private CloseRound close(int round) {
        return new CloseRound(ID, nextId(), ARBITER, AT, round);
    }

    /** A Harkness event with players p1..pN rated 2500, 2490, ... */
    private void givenSwiss(int players, int rounds) {
        given(decider.decide(create(PairingSystemKind.HARKNESS, rounds), state()));
        for (int i = 1; i <= players; i++) {
            when(register("p" + i, 2510 - 10 * i));
        }
    }

    private RoundPaired paired(List<TournamentEvent> events) {
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }

    /** Records a result on every board: the higher-rated player wins (White on a tie of numbers). */
    private void playRound(RoundPaired round) {
        TournamentState state = state();
        for (Board board : round.boards()) {
            int white = state.players().get(board.white()).rating();
            int black = state.players().get(board.black()).rating();
            when(result(round.round(), board, white >= black ? GameResult.WHITE_WINS : GameResult.BLACK_WINS));
        }
        when(close(round.round()));
    }

    private static Set<Set<String>> meetings(TournamentState state) {
        Set<Set<String>> met = new HashSet<>();
        state.rounds().values().forEach(r -> r.boards().forEach(b -> met.add(Set.of(b.white(), b.black()))));
        return met;
    }

    private static void assertFideBoardOrder(TournamentState before, RoundPaired round) {
        for (int i = 1; i < round.boards().size(); i++) {
            Board a = round.boards().get(i - 1);
            Board b = round.boards().get(i);
            int aMax = Math.max(before.score(a.white()).halves(), before.score(a.black()).halves());
            int bMax = Math.max(before.score(b.white()).halves(), before.score(b.black()).halves());
            int aSum = before.score(a.white()).halves() + before.score(a.black()).halves();
            int bSum = before.score(b.white()).halves() + before.score(b.black()).halves();
            int aLow = Math.min(before.numbers().get(a.white()), before.numbers().get(a.black()));
            int bLow = Math.min(before.numbers().get(b.white()), before.numbers().get(b.black()));
            assertTrue(aMax > bMax || aMax == bMax && (aSum > bSum || aSum == bSum && aLow < bLow),
                    "board " + a.number() + " must come before board " + b.number());
            assertEquals(i, a.number());
        }
    }

    // ------------------------------------------------------------------ creation and registration

    @Test
    void creatingATournamentRecordsItsSystemRoundsScoringAndHalls() {
        List<TournamentEvent> events = when(create(PairingSystemKind.HARKNESS, 5));
        TournamentCreated created = assertInstanceOf(TournamentCreated.class, events.get(0));
        assertEquals(PairingSystemKind.HARKNESS, created.system());
        assertEquals(5, created.rounds());
        assertEquals(HALLS, created.halls());
        rejected(RefusalReason.ALREADY_CREATED, create(PairingSystemKind.HARKNESS, 5));
    }

    @Test
    void theTimeControlAndTheAnnouncedTieBreaksAreRecordedForTheOtherServices() {
        TimeControl control = TimeControl.of(new Period(40, 5_400_000, TimingMode.FISCHER, 30_000),
                new Period(0, 900_000, TimingMode.FISCHER, 30_000));
        List<TournamentEvent> events = when(new CreateTournament(ID, nextId(), ORGANISER, AT, "Open", PairingSystemKind.HARKNESS,
                5, Scoring.classic(), "fide-2018-standard", HALLS, control, List.of("BH/C1", "BH", "SB")));
        TournamentCreated created = assertInstanceOf(TournamentCreated.class, events.get(0));
        assertEquals(control, created.timeControl());
        assertEquals(List.of("BH/C1", "BH", "SB"), created.tieBreaks());
    }

    @Test
    void tieBreaksThatAreNotCodesOrAreListedTwiceAreRejected() {
        String badForm = rejected(RefusalReason.INVALID, new CreateTournament(ID, nextId(), ORGANISER, AT, "Open",
                PairingSystemKind.HARKNESS, 5, Scoring.classic(), "fide-2018-standard", HALLS, null,
                List.of("BH/C1", "Buchholz cut 1"))).message();
        assertTrue(badForm.contains("'Buchholz cut 1'"), badForm);
        String unknown = rejected(RefusalReason.INVALID, new CreateTournament(ID, nextId(), ORGANISER, AT, "Open",
                PairingSystemKind.HARKNESS, 5, Scoring.classic(), "fide-2018-standard", HALLS, null,
                List.of("XYZ/C1"))).message();
        assertTrue(unknown.contains("unknown code XYZ"), unknown);
        String twice = rejected(RefusalReason.INVALID, new CreateTournament(ID, nextId(), ORGANISER, AT, "Open",
                PairingSystemKind.HARKNESS, 5, Scoring.classic(), "fide-2018-standard", HALLS, null,
                List.of("SB", "BH", "sb"))).message();
        assertTrue(twice.contains("twice"), twice);
    }

    @Test
    void commandsBeforeCreationOrForAnotherTournamentAreRejected() {
        rejected(RefusalReason.NOT_CREATED, register("p1", 2000));
        when(create(PairingSystemKind.HARKNESS, 5));
        rejected(RefusalReason.WRONG_TOURNAMENT, new RegisterPlayer("other", nextId(), ORGANISER, AT, "p1", "X", 2000, 1));
    }

    @Test
    void roundsAndRatingsBeyondWhatATrfHoldsAreRejected() {
        assertTrue(rejected(RefusalReason.INVALID, create(PairingSystemKind.HARKNESS, 2147483647)).message()
                .contains("at most 99 rounds, got 2147483647"));
        assertInstanceOf(TournamentCreated.class, when(create(PairingSystemKind.HARKNESS, 99)).get(0));
        assertTrue(rejected(RefusalReason.INVALID, register("p1", 4001)).message().contains("is 4001, above 4000"));
        assertInstanceOf(PlayerRegistered.class, when(register("p1", 4000)).get(0));
    }

    @Test
    void badTournamentDefinitionsAreRejectedWithTheReason() {
        assertTrue(rejected(RefusalReason.INVALID, create(PairingSystemKind.HARKNESS, 0)).message().contains("round"));
        rejected(RefusalReason.INVALID, create(PairingSystemKind.ROUND_ROBIN, 7));
        CreateTournament overlapping = new CreateTournament(ID, nextId(), ORGANISER, AT, "X", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("A", 1, 10), new Hall("B", 10, 20)));
        assertTrue(rejected(RefusalReason.INVALID, overlapping).message().contains("board 10"));
        rejected(RefusalReason.SYSTEM_UNAVAILABLE, create(PairingSystemKind.DUTCH, 9));
    }

    @Test
    void anArbitersCorrectionOfAClosedRoundsResultChangesTheScoresForTheNextPairing() {
        givenSwiss(4, 3);
        RoundPaired round1 = paired(when(pair(1)));
        playRound(round1);
        Board first = round1.boards().get(0);
        TournamentState played = state();
        String winner = played.players().get(first.white()).rating() >= played.players().get(first.black()).rating()
                ? first.white() : first.black();
        int before = state().score(winner).halves();

        List<TournamentEvent> events = when(new CorrectResult(ID, nextId(), ARBITER, AT, 1, first.number(),
                GameResult.DRAW, true, "both scoresheets show a draw"));

        ResultAmended amended = assertInstanceOf(ResultAmended.class, events.get(0));
        assertEquals(first.white(), amended.whitePlayerId());
        assertEquals("both scoresheets show a draw", amended.why());
        assertEquals(GameResult.DRAW, amended.result());
        assertEquals(before - 1, state().score(winner).halves(), "a win became a draw");
        assertTrue(state().round(1).orElseThrow().closed(), "the round stays closed");
        assertEquals(List.of(), when(new CorrectResult(ID, nextId(), ARBITER, AT, 1, first.number(), GameResult.DRAW,
                true, "again")), "the same result again changes nothing");
    }

    @Test
    void onlyAnArbiterCorrectsAResultAndOnlyOneThatWasRecorded() {
        givenSwiss(4, 3);
        RoundPaired round1 = paired(when(pair(1)));
        Board first = round1.boards().get(0);
        rejected(RefusalReason.NO_RESULT_TO_CORRECT, new CorrectResult(ID, nextId(), ARBITER, AT, 1, first.number(),
                GameResult.DRAW, true, "typo"));
        when(result(1, first, GameResult.WHITE_WINS));
        rejected(RefusalReason.NOT_AN_ARBITER, new CorrectResult(ID, nextId(), new Actor(Actor.Role.PLAYER, first.black()), AT,
                1, first.number(), GameResult.BLACK_WINS, true, "I won"));
        rejected(RefusalReason.INVALID, new CorrectResult(ID, nextId(), ARBITER, AT, 1, first.number(), GameResult.DRAW, true, " "));
        rejected(RefusalReason.NO_SUCH_GAME, new CorrectResult(ID, nextId(), ARBITER, AT, 1, 99, GameResult.DRAW, true, "x"));
    }

    @Test
    void duplicateRegistrationIsRejected() {
        givenSwiss(2, 3);
        rejected(RefusalReason.DUPLICATE_REGISTRATION, register("p1", 1800));
    }

    @Test
    void aRepeatedCommandIdChangesNothing() {
        when(create(PairingSystemKind.HARKNESS, 5));
        RegisterPlayer once = register("p1", 2000);
        assertEquals(1, when(once).size());
        assertEquals(List.of(), when(once));
        assertEquals(1, state().players().size());
    }

    // ------------------------------------------------------------------ a Swiss from start to round 3

    @Test
    void roundOneNumbersByRatingPairsTopHalfAgainstBottomHalfInHalls() {
        givenSwiss(6, 5);
        when(register("unrated-b", 0));
        when(register("unrated-a", 0));
        List<TournamentEvent> events = when(pair(11));
        PairingNumbersAssigned numbers = assertInstanceOf(PairingNumbersAssigned.class, events.get(0));
        // Code 1970: highest rating No. 1; unrated players last, alphabetically
        assertEquals(1, numbers.numbers().get("p1"));
        assertEquals(6, numbers.numbers().get("p6"));
        assertEquals(7, numbers.numbers().get("unrated-a"));
        assertEquals(8, numbers.numbers().get("unrated-b"));
        RoundPaired round = paired(events);
        assertEquals(1, round.round());
        assertEquals(4, round.boards().size());
        assertEquals(Set.of("p1", "p5"), Set.of(round.boards().get(0).white(), round.boards().get(0).black()));
        assertEquals(Set.of("p4", "unrated-b"), Set.of(round.boards().get(3).white(), round.boards().get(3).black()));
        assertEquals(List.of("Main", "Main", "Annex", "Annex"), round.boards().stream().map(Board::hall).toList());
        assertEquals(List.of(), round.byes());
    }

    @Test
    void resultsMustBelongToTheRoundAndTheRoundClosesOnlyWhenComplete() {
        givenSwiss(4, 3);
        RoundPaired round = paired(when(pair(1)));
        Board first = round.boards().get(0);
        rejected(RefusalReason.NO_SUCH_GAME, new RecordResult(ID, nextId(), ARBITER, AT, 1, first.black(), first.white(),
                GameResult.DRAW, true));
        rejected(RefusalReason.ROUND_NOT_PAIRED, result(2, first, GameResult.DRAW));
        assertInstanceOf(ResultRecorded.class, when(result(1, first, GameResult.DRAW)).get(0));
        rejected(RefusalReason.RESULT_ALREADY_RECORDED, result(1, first, GameResult.WHITE_WINS));
        CommandRejected missing = rejected(RefusalReason.RESULTS_MISSING, close(1));
        assertTrue(missing.message().contains("board 2"), missing.message());
        rejected(RefusalReason.ROUND_NOT_CLOSED, pair(2));
        when(result(1, round.boards().get(1), GameResult.BLACK_WINS));
        assertInstanceOf(RoundClosed.class, when(close(1)).get(0));
        rejected(RefusalReason.ROUND_CLOSED, close(1));
        rejected(RefusalReason.ROUND_CLOSED, result(1, first, GameResult.DRAW));
    }

    @Test
    void roundTwoHasNoRepeatsAndBoardsInFideOrder() {
        givenSwiss(10, 5);
        playRound(paired(when(pair(1))));
        TournamentState before = state();
        RoundPaired second = paired(when(pair(2)));
        assertEquals(5, second.boards().size());
        assertFideBoardOrder(before, second);
        Set<Set<String>> firstRound = meetings(before);
        second.boards().forEach(b -> assertFalse(firstRound.contains(Set.of(b.white(), b.black())), "repeat " + b));
        // winners meet winners: board 1 holds two players on 1 point
        Board top = second.boards().get(0);
        assertEquals(Score.ONE, before.score(top.white()));
        assertEquals(Score.ONE, before.score(top.black()));
        playRound(second);
        TournamentState afterTwo = state();
        RoundPaired third = paired(when(pair(3)));
        assertFideBoardOrder(afterTwo, third);
        Set<Set<String>> earlier = meetings(afterTwo);
        third.boards().forEach(b -> assertFalse(earlier.contains(Set.of(b.white(), b.black())), "repeat " + b));
    }

    @Test
    void aWithdrawnPlayerIsNoLongerPairedAndTheOddFieldGetsAPointBye() {
        givenSwiss(6, 5);
        playRound(paired(when(pair(1))));
        rejected(RefusalReason.UNKNOWN_PLAYER, new WithdrawPlayer(ID, nextId(), ARBITER, AT, "ghost", "ill"));
        when(new WithdrawPlayer(ID, nextId(), ARBITER, AT, "p2", "ill"));
        rejected(RefusalReason.PLAYER_WITHDRAWN, new WithdrawPlayer(ID, nextId(), ARBITER, AT, "p2", "again"));
        RoundPaired second = paired(when(pair(2)));
        assertTrue(second.boards().stream().noneMatch(b -> b.involves("p2")));
        assertEquals(2, second.boards().size());
        assertEquals(1, second.byes().size());
        Bye bye = second.byes().get(0);
        assertEquals(ByeKind.PAIRING_BYE, bye.kind());
        assertEquals(Score.ONE, bye.points(), "Code 1970 US rule III: the bye is a point");
        // round 2 bye: the lowest rated among the lowest score (losers p4, p5, p6 lost to p1, p2, p3)
        assertEquals("p6", bye.playerId());
        playRound(second);
        assertEquals(Score.ONE, state().score("p6"));
    }

    @Test
    void requestedByesScoreAsChosenAndKeepThePlayerOutOfTheRound() {
        givenSwiss(5, 5);
        when(new RequestBye(ID, nextId(), ORGANISER, AT, "p1", 1, ByeKind.HALF_POINT));
        rejected(RefusalReason.INVALID, new RequestBye(ID, nextId(), ORGANISER, AT, "p1", 1, ByeKind.ZERO_POINT));
        rejected(RefusalReason.INVALID, new RequestBye(ID, nextId(), ORGANISER, AT, "p2", 1, ByeKind.PAIRING_BYE));
        rejected(RefusalReason.UNKNOWN_PLAYER, new RequestBye(ID, nextId(), ORGANISER, AT, "nobody", 1, ByeKind.HALF_POINT));
        when(new RequestBye(ID, nextId(), ORGANISER, AT, "p2", 2, ByeKind.ZERO_POINT));
        RoundPaired first = paired(when(pair(4)));
        assertTrue(first.boards().stream().noneMatch(b -> b.involves("p1")));
        assertEquals(2, first.boards().size());
        assertTrue(first.byes().contains(new Bye("p1", ByeKind.HALF_POINT, Score.HALF)));
        rejected(RefusalReason.ROUND_ALREADY_PAIRED, new RequestBye(ID, nextId(), ORGANISER, AT, "p3", 1, ByeKind.HALF_POINT));
        playRound(first);
        assertEquals(Score.HALF, state().score("p1"));
        RoundPaired second = paired(when(pair(5)));
        assertTrue(second.byes().contains(new Bye("p2", ByeKind.ZERO_POINT, Score.ZERO)));
        assertTrue(second.boards().stream().noneMatch(b -> b.involves("p2")));
    }

    @Test
    void aLateEntrantJoinsALaterRoundWithANewNumberAndScoresTheMissedRoundsAsTheRulesSay() {
        Scoring halfForMissed = new Scoring(Score.ONE, Score.HALF, Score.ZERO, Score.ONE, Score.HALF, Score.ZERO,
                Score.ONE, Score.ZERO, Score.HALF);
        given(decider.decide(create(PairingSystemKind.HARKNESS, 5, halfForMissed), state()));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 2510 - 10 * i));
        }
        RoundPaired first = paired(when(pair(1)));
        rejected(RefusalReason.ROUND_ALREADY_PAIRED, register("late", 2600, 1));
        rejected(RefusalReason.INVALID, register("late", 2600, 9));
        PlayerRegistered late = assertInstanceOf(PlayerRegistered.class, when(register("late", 2600, 2)).get(0));
        assertEquals(2, late.joinsRound());
        when(register("late2", 1500, 2));
        playRound(first);
        assertEquals(Score.HALF, state().score("late"), "missed round scored per the chosen rules");
        List<TournamentEvent> events = when(pair(2));
        PairingNumbersAssigned numbers = assertInstanceOf(PairingNumbersAssigned.class, events.get(0));
        assertEquals(Map.of("late", 5, "late2", 6), numbers.numbers(), "frozen numbers continue after the last");
        assertEquals(1, state().numbers().get("p1"), "earlier numbers never change");
        RoundPaired second = paired(events);
        assertEquals(3, second.boards().size());
        assertTrue(second.boards().stream().anyMatch(b -> b.involves("late")));
        assertTrue(second.boards().stream().anyMatch(b -> b.involves("late2")));
    }

    @Test
    void theSeedsDefaultScoringLosesALateEntrantsMissedRound() {
        givenSwiss(4, 5);
        RoundPaired first = paired(when(pair(1)));
        when(register("late", 2600, 2));
        playRound(first);
        assertEquals(Score.ZERO, state().score("late"), "Code 1970 US rule III: lost by default");
    }

    @Test
    void aHarknessPlayerWhoMissedTwoRoundsIsExcluded() {
        givenSwiss(6, 5);
        when(new RequestBye(ID, nextId(), ORGANISER, AT, "p3", 1, ByeKind.ZERO_POINT));
        playRound(paired(when(pair(1))));
        RoundPaired second = paired(when(pair(2)));
        Board p3sGame = second.boards().stream().filter(b -> b.involves("p3")).findFirst().orElseThrow();
        for (Board board : second.boards()) {
            boolean p3White = board.white().equals("p3");
            GameResult result = board == p3sGame ? (p3White ? GameResult.BLACK_WINS : GameResult.WHITE_WINS)
                    : GameResult.DRAW;
            when(new RecordResult(ID, nextId(), ARBITER, AT, 2, board.white(), board.black(), result, board != p3sGame));
        }
        when(close(2));
        assertEquals(2, RoundPairing.missedRounds(state(), state().players().get("p3")));
        List<TournamentEvent> events = when(pair(3));
        TournamentEvent.PlayerWithdrew excluded = assertInstanceOf(TournamentEvent.PlayerWithdrew.class, events.get(0));
        assertEquals("p3", excluded.playerId());
        assertTrue(excluded.reason().contains("rule VI"));
        assertTrue(paired(events).boards().stream().noneMatch(b -> b.involves("p3")));
        assertEquals(1, paired(events).byes().size(), "five players left: one bye");
    }

    @Test
    void forbiddenPlayersAreNotPairedTogether() {
        givenSwiss(4, 3);
        rejected(RefusalReason.UNKNOWN_PLAYER, new ForbidPairing(ID, nextId(), ORGANISER, AT, "p1", "ghost", "club"));
        rejected(RefusalReason.INVALID, new ForbidPairing(ID, nextId(), ORGANISER, AT, "p1", "p1", "club"));
        when(new ForbidPairing(ID, nextId(), ORGANISER, AT, "p1", "p3", "same family"));
        rejected(RefusalReason.INVALID, new ForbidPairing(ID, nextId(), ORGANISER, AT, "p3", "p1", "again"));
        RoundPaired first = paired(when(pair(2)));
        // without the ban 1-3 and 2-4; with it, the simplest transposition 1-4 and 2-3
        assertTrue(first.boards().stream().noneMatch(b -> b.involves("p1") && b.involves("p3")));
        assertTrue(first.boards().stream().anyMatch(b -> b.involves("p1") && b.involves("p4")));
    }

    @Test
    void noValidPairingIsARejectionThatSaysWhy() {
        givenSwiss(2, 3);
        playRound(paired(when(pair(1))));
        CommandRejected none = rejected(RefusalReason.NO_VALID_PAIRING, pair(2));
        assertTrue(none.message().contains("round 2"), none.message());
    }

    @Test
    void theLastRoundPairedEndsTheEvent() {
        givenSwiss(4, 1);
        playRound(paired(when(pair(1))));
        rejected(RefusalReason.TOURNAMENT_FINISHED, pair(2));
    }

    // ------------------------------------------------------------------ corrections by the arbiter

    @Test
    void onlyAnArbiterCorrectsPublishedPairingsAndOnlyBeforeResults() {
        givenSwiss(4, 3);
        RoundPaired first = paired(when(pair(1)));
        Board a = first.boards().get(0);
        Board b = first.boards().get(1);
        List<Board> swapped = List.of(new Board(1, "Main", a.white(), b.black()), new Board(2, "Main", b.white(), a.black()));
        CorrectPairing byOrganiser = new CorrectPairing(ID, nextId(), ORGANISER, AT, 1, swapped, List.of(), "typo");
        rejected(RefusalReason.NOT_AN_ARBITER, byOrganiser);
        rejected(RefusalReason.INVALID, new CorrectPairing(ID, nextId(), ARBITER, AT, 1, swapped, List.of(), " "));
        rejected(RefusalReason.INVALID, new CorrectPairing(ID, nextId(), ARBITER, AT, 1, swapped.subList(0, 1), List.of(),
                "drops two players"));
        PairingCorrected corrected = assertInstanceOf(PairingCorrected.class,
                when(new CorrectPairing(ID, nextId(), ARBITER, AT, 1, swapped, List.of(), "wrong cards drawn")).get(0));
        assertEquals(ARBITER, corrected.actor());
        assertEquals("wrong cards drawn", corrected.reason());
        // the correction in structure: its kind, the arbiter's reason, the two Black players moved, by board
        assertEquals(org.torneo.contracts.tournament.PairingChangeKind.CORRECTION, corrected.kind());
        assertEquals("wrong cards drawn", corrected.arbiterReason());
        assertEquals(List.of(new org.torneo.contracts.tournament.SeatChange(a.black(), black(1), black(2)),
                new org.torneo.contracts.tournament.SeatChange(b.black(), black(2), black(1))), corrected.moved());
        assertEquals(swapped, state().rounds().get(1).boards());
        rejected(RefusalReason.NO_SUCH_GAME, result(1, a, GameResult.DRAW));
        when(result(1, swapped.get(0), GameResult.DRAW));
        rejected(RefusalReason.RESULT_ALREADY_RECORDED, new CorrectPairing(ID, nextId(), ARBITER, AT, 1, List.of(a, b), List.of(),
                "back"));
    }

    private static org.torneo.contracts.tournament.RoundSeat black(int board) {
        return org.torneo.contracts.tournament.RoundSeat.onBoard(board, org.torneo.contracts.Side.BLACK);
    }

    @Test
    void aBoardNumberAnEarlierCorrectionRemovedCannotBeUsedAgainInThatRound() {
        givenSwiss(6, 3);
        RoundPaired first = paired(when(pair(1)));
        Board one = first.boards().get(0);
        Board two = first.boards().get(1);
        Board three = first.boards().get(2);
        assertEquals(3, three.number());
        // the arbiter moves board 3's players to board 4: board 3's game is cancelled
        Board threeAsFour = new Board(4, "Annex", three.white(), three.black());
        when(new CorrectPairing(ID, nextId(), ARBITER, AT, 1, List.of(one, two, threeAsFour), List.of(), "board 3 broken"));
        assertEquals(Set.of(3), state().rounds().get(1).removedBoards());

        CommandRejected back = rejected(RefusalReason.INVALID, new CorrectPairing(ID, nextId(), ARBITER, AT, 1,
                List.of(one, two, three), List.of(), "board 3 mended"));
        assertEquals("board 3 of round 1 was removed by an earlier correction and its game cancelled: use another"
                + " board number", back.message());

        // a new number for the same players is accepted; board 4 is removed in turn, board 3 stays removed
        Board threeAsFive = new Board(5, "Annex", three.white(), three.black());
        when(new CorrectPairing(ID, nextId(), ARBITER, AT, 1, List.of(one, two, threeAsFive), List.of(), "board 4 cold"));
        assertEquals(Set.of(3, 4), state().rounds().get(1).removedBoards());
        assertEquals(List.of(one, two, threeAsFive), state().rounds().get(1).boards());
        rejected(RefusalReason.INVALID, new CorrectPairing(ID, nextId(), ARBITER, AT, 1, List.of(one, two, threeAsFour),
                List.of(), "board 4 again"));
        // swapping players between boards that stay is still a correction (no number is removed)
        List<Board> swapped = List.of(new Board(1, one.hall(), one.white(), two.black()),
                new Board(2, two.hall(), two.white(), one.black()), threeAsFive);
        when(new CorrectPairing(ID, nextId(), ARBITER, AT, 1, swapped, List.of(), "wrong cards drawn"));
        assertEquals(Set.of(3, 4), state().rounds().get(1).removedBoards());
        // removed numbers belong to their round: round 2 is paired on boards 1..3 again
        for (Board board : state().rounds().get(1).boards()) {
            when(result(1, board, GameResult.DRAW));
        }
        when(close(1));
        RoundPaired second = paired(when(pair(2)));
        assertTrue(second.boards().stream().anyMatch(b -> b.number() == 3), second.boards().toString());
        assertEquals(Set.of(), state().rounds().get(2).removedBoards());
    }

    // ------------------------------------------------------------------ round robin

    @Test
    void aRoundRobinFollowsTheBergerTableWithTheOddPlayerResting() {
        given(decider.decide(create(PairingSystemKind.ROUND_ROBIN, 0), state()));
        for (int i = 1; i <= 5; i++) {
            when(register("p" + i, 2000 + i));
        }
        rejected(RefusalReason.NOT_FOR_ROUND_ROBIN, new RequestBye(ID, nextId(), ORGANISER, AT, "p1", 2, ByeKind.HALF_POINT));
        Set<Set<String>> met = new HashSet<>();
        for (int round = 1; round <= 5; round++) {
            RoundPaired paired = paired(when(pair(77)));
            TournamentState state = state();
            Map<String, Integer> numbers = state.numbers();
            List<Pairing> byNumber = paired.boards().stream()
                    .map(b -> new Pairing(numbers.get(b.white()), numbers.get(b.black()))).toList();
            assertEquals(BergerTable.round(5, round), byNumber, "round " + round);
            assertEquals(1, paired.byes().size());
            assertEquals(BergerTable.bye(5, round).getAsInt(), numbers.get(paired.byes().get(0).playerId()));
            paired.boards().forEach(b -> assertTrue(met.add(Set.of(b.white(), b.black()))));
            if (round == 1) {
                rejected(RefusalReason.ROUND_ALREADY_PAIRED, register("late", 2500));
                assertEquals(Set.of(1, 2, 3, 4, 5), new HashSet<>(numbers.values()));
            }
            playRound(paired);
        }
        assertEquals(10, met.size(), "everyone met everyone once");
        rejected(RefusalReason.TOURNAMENT_FINISHED, pair(1));
    }

    @Test
    void inARoundRobinTheOpponentOfAWithdrawnPlayerHasNoGameAndNoPoint() {
        given(decider.decide(create(PairingSystemKind.ROUND_ROBIN, 0), state()));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 2000 + i));
        }
        playRound(paired(when(pair(3))));
        when(new WithdrawPlayer(ID, nextId(), ARBITER, AT, "p2", "left"));
        RoundPaired second = paired(when(pair(3)));
        assertEquals(1, second.boards().size());
        Bye idle = second.byes().get(0);
        assertEquals(ByeKind.OPPONENT_WITHDRAWN, idle.kind());
        assertEquals(Score.ZERO, idle.points());
        int withdrawn = state().numbers().get("p2");
        int idleNumber = state().numbers().get(idle.playerId());
        assertTrue(BergerTable.round(4, 2).contains(new Pairing(withdrawn, idleNumber))
                || BergerTable.round(4, 2).contains(new Pairing(idleNumber, withdrawn)));
    }

    @Test
    void aDoubleRoundRobinPlaysEveryPairTwiceWithColoursReversedInTheSecondCycle() {
        given(decider.decide(create(PairingSystemKind.DOUBLE_ROUND_ROBIN, 0), state()));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 2000 + i));
        }
        List<List<String>> games = new ArrayList<>();
        for (int round = 1; round <= 6; round++) {
            RoundPaired paired = paired(when(pair(5)));
            paired.boards().forEach(b -> games.add(List.of(b.white(), b.black())));
            playRound(paired);
        }
        assertEquals(12, games.size());
        assertEquals(12, new HashSet<>(games).size(), "each ordered pair (White, Black) exactly once");
        rejected(RefusalReason.TOURNAMENT_FINISHED, pair(5));
    }

    @Test
    void aBoardThatNoHallHoldsIsARejection() {
        when(new CreateTournament(ID, nextId(), ORGANISER, AT, "Small", PairingSystemKind.HARKNESS, 3,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("Only", 1, 1))));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 2000 + i));
        }
        CommandRejected rejection = rejected(RefusalReason.INVALID, pair(1));
        assertTrue(rejection.message().contains("board 2"), rejection.message());
        assertEquals(0, state().lastRound());
    }

    @Test
    void aRoundRobinIsDrawnForThoseStillInWhenItStarts() {
        given(decider.decide(create(PairingSystemKind.ROUND_ROBIN, 0), state()));
        for (int i = 1; i <= 5; i++) {
            when(register("p" + i, 2000 + i));
        }
        when(new WithdrawPlayer(ID, nextId(), ARBITER, AT, "p5", "cannot come"));
        List<TournamentEvent> events = when(pair(9));
        PairingNumbersAssigned numbers = assertInstanceOf(PairingNumbersAssigned.class, events.get(0));
        assertEquals(Set.of("p1", "p2", "p3", "p4"), numbers.numbers().keySet());
        assertEquals(3, state().totalRounds());
        assertEquals(2, paired(events).boards().size());
        assertEquals(List.of(), paired(events).byes());
    }

    @Test
    void aLateEntrantRanksAtHisRatingInTheHarknessList() {
        givenSwiss(4, 5);
        RoundPaired first = paired(when(pair(1)));
        when(register("late", 2600, 2));
        playRound(first);
        when(pair(2));
        PairingRequest request = RoundPairing.request(state(), 2, 1);
        // Code 1970: re-inserted at his rating's place ("45A"), though his frozen number is the next free one
        assertEquals(5, request.entrants().get(0).number());
        assertEquals("Name late", request.entrants().get(0).name());
    }

    // ------------------------------------------------------------------ plugging in another system

    @Test
    void anotherPairingSystemPlugsInThroughTheInterface() {
        List<PairingRequest> seen = new ArrayList<>();
        PairingSystem topAgainstNext = request -> {
            seen.add(request);
            List<Entrant> available = request.available();
            List<Pairing> pairs = new ArrayList<>();
            for (int i = 0; i + 1 < available.size(); i += 2) {
                pairs.add(new Pairing(available.get(i).number(), available.get(i + 1).number()));
            }
            return new PairingOutcome.Paired(pairs, List.of());
        };
        decider = decider.with(PairingSystemKind.DUTCH, topAgainstNext);
        when(create(PairingSystemKind.DUTCH, 9));
        for (int i = 1; i <= 4; i++) {
            when(register("p" + i, 2500 - i));
        }
        RoundPaired first = paired(when(pair(5)));
        assertEquals(new Board(1, "Main", "p1", "p2"), first.boards().get(0));
        assertEquals(1, seen.get(0).round());
        assertEquals(9, seen.get(0).plannedRounds());
        assertEquals(5L, seen.get(0).seed());
    }

    @Test
    void replayingTheLogRebuildsTheSameState() {
        givenSwiss(7, 4);
        playRound(paired(when(pair(2))));
        playRound(paired(when(pair(3))));
        TournamentState once = state();
        TournamentState twice = TournamentDecider.replay(List.copyOf(log));
        assertEquals(once, twice);
        assertEquals(2, once.lastRound());
    }
}

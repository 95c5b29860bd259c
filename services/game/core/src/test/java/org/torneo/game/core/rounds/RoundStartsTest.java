package org.torneo.game.core.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.rounds.TournamentRecords.ARBITER;
import static org.torneo.game.core.rounds.TournamentRecords.CORRECTED_AT;
import static org.torneo.game.core.rounds.TournamentRecords.ORGANISER;
import static org.torneo.game.core.rounds.TournamentRecords.PAIRED_AT;
import static org.torneo.game.core.rounds.TournamentRecords.corrected;
import static org.torneo.game.core.rounds.TournamentRecords.correctedWithByes;
import static org.torneo.game.core.rounds.TournamentRecords.created;
import static org.torneo.game.core.rounds.TournamentRecords.paired;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.game.core.rounds.RoundStarts.Cancel;
import org.torneo.game.core.rounds.RoundStarts.Correct;
import org.torneo.game.core.rounds.RoundStarts.Dispatch;
import org.torneo.game.core.rounds.RoundStarts.Outcome;
import org.torneo.game.core.rounds.RoundStarts.Start;

/**
 * Given the tournament's events, when the round starts decide on the next one, then these commands to the games
 * (the game app's round starter only reads the topic and sends them; its own test covers the reading).
 */
class RoundStartsTest {

    private static final String LIMIT = "torneo.game.max-games-per-tournament";

    private final Set<String> held = new HashSet<>();
    private final Map<String, Long> heldByTournament = new HashMap<>();

    private RoundStarts starts(long limit) {
        return new RoundStarts(held::contains, t -> heldByTournament.getOrDefault(t, 0L), limit, LIMIT);
    }

    @Test
    void rulesetIdsNameEditionAndCategory() {
        assertEquals(Optional.of(new Ruleset(Edition.FIDE_2018, Category.STANDARD)), RulesetIds.parse("FIDE_2018"));
        assertEquals(Optional.of(new Ruleset(Edition.FIDE_1997, Category.BLITZ)), RulesetIds.parse("fide-1997/blitz"));
        assertEquals(Optional.of(new Ruleset(Edition.FIDE_2001, Category.RAPID)), RulesetIds.parse("FIDE 2001 rapid"));
        assertEquals(Optional.of(new Ruleset(Edition.CODE_1970, Category.STANDARD)), RulesetIds.parse("CODE_1970"));
        assertEquals(Optional.of(new Ruleset(Edition.FIDE_2018, Category.BLITZ)), RulesetIds.parse("2018_BLITZ"));
        assertEquals(Optional.empty(), RulesetIds.parse("house rules"));
        assertEquals(Optional.empty(), RulesetIds.parse(""));
        assertEquals(Optional.empty(), RulesetIds.parse(null));
    }

    @Test
    void givenATournament_whenARoundIsPaired_thenEachNewBoardStartsUnderItsRulesetAndTimeControl() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        held.add("t1-r1-b2");
        assertEquals(new Outcome(List.of(), null, null), starts.on(UUID.randomUUID(),
                created("t1", "FIDE_2018_RAPID", TimeControl.example())));

        Outcome outcome = starts.on(UUID.randomUUID(), paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4")));

        Start start = assertInstanceOf(Start.class, outcome.dispatches().getFirst());
        assertEquals(1, outcome.dispatches().size(), "board 2's game exists already");
        assertEquals("t1-r1-b1", start.gameId());
        assertEquals(RoundStarts.startCommandId("t1-r1-b1"), start.commandId());
        assertEquals(new Ruleset(Edition.FIDE_2018, Category.RAPID), start.command().ruleset());
        assertEquals(TimeControl.example(), start.command().timeControl());
        assertEquals(PAIRED_AT, start.command().observedAt());
        assertNull(outcome.refusal());
    }

    @Test
    void givenARulesetIdWithoutEdition_whenTheTournamentIsCreated_thenItsGamesUseTheDefaultAndTheOperatorIsTold() {
        RoundStarts starts = starts(Long.MAX_VALUE);

        Outcome created = starts.on(UUID.randomUUID(), created("t1", "house rules", null));
        Outcome round = starts.on(UUID.randomUUID(), paired("t1", 1, new Board(1, "Hall A", "p1", "p2")));

        assertEquals("tournament t1 ruleset 'house rules' names no edition; its games use FIDE 2018 standard",
                created.note());
        Start start = assertInstanceOf(Start.class, round.dispatches().getFirst());
        assertEquals(Ruleset.DEFAULT, start.command().ruleset());
        assertNull(start.command().timeControl(), "no time control: no clock runs");
    }

    @Test
    void givenAPublishedRound_whenTheArbiterCorrectsIt_thenChangedBoardsAreCorrectedRemovedOnesCancelledNewOnesStarted() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        starts.on(UUID.randomUUID(), created("t1", "FIDE_2018", null));
        starts.on(UUID.randomUUID(), paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"), new Board(3, "Hall A", "p5", "p6")));
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2", "t1-r1-b3"));
        UUID correctionId = UUID.randomUUID();

        // board 1 kept, board 2 swaps a player with board 4 (new), board 3 removed (its players to byes)
        Outcome outcome = starts.on(correctionId, new PairingCorrected("t1", "c9", ARBITER, CORRECTED_AT, 1,
                List.of(new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p7"),
                        new Board(4, "Hall A", "p4", "p8")), List.<Bye>of(), "p4 was seated wrongly"));

        assertEquals(3, outcome.dispatches().size(), outcome.dispatches().toString());
        Correct correct = assertInstanceOf(Correct.class, outcome.dispatches().get(0));
        assertEquals("t1-r1-b2", correct.gameId());
        assertEquals(RoundStarts.correctionCommandId(correctionId, 2), correct.commandId());
        assertEquals("p7", correct.command().blackPlayerId());
        assertEquals("p4 was seated wrongly", correct.command().reason());
        assertEquals("chief-arbiter", correct.command().correctedBy());
        Start start = assertInstanceOf(Start.class, outcome.dispatches().get(1));
        assertEquals("t1-r1-b4", start.gameId());
        Cancel cancel = assertInstanceOf(Cancel.class, outcome.dispatches().get(2));
        assertEquals("t1-r1-b3", cancel.gameId());
        assertEquals(RoundStarts.cancellationCommandId(correctionId, 3), cancel.commandId());
        assertTrue(!cancel.commandId().equals(RoundStarts.correctionCommandId(correctionId, 3)));
    }

    @Test
    void givenAClosedRound_whenACorrectionOfItArrives_thenItsEarlierBoardsAreForgottenAndNothingIsCancelled() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        starts.on(UUID.randomUUID(), paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4")));
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2"));
        starts.on(UUID.randomUUID(), new RoundClosed("t1", "c5", ARBITER, CORRECTED_AT, 1));

        Outcome outcome = starts.on(UUID.randomUUID(), new PairingCorrected("t1", "c6", ARBITER, CORRECTED_AT, 1,
                List.of(new Board(1, "Hall A", "p1", "p2")), List.of(), "late"));

        assertEquals(1, outcome.dispatches().size());
        assertInstanceOf(Correct.class, outcome.dispatches().getFirst(), "no board known: corrected, none cancelled");
    }

    @Test
    void givenATournamentNearItsGameLimit_whenARoundWouldPassIt_thenNoneOfItsGamesStartsAndTheRefusalNamesTheLimit() {
        RoundStarts starts = starts(3);
        heldByTournament.put("t1", 1L);
        assertEquals(2, starts.on(UUID.randomUUID(), paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"))).dispatches().size(), "1 held + 2 = 3: within the limit");

        Outcome outcome = starts.on(UUID.randomUUID(), paired("t1", 2, new Board(1, "Hall A", "p1", "p4")));

        assertEquals(List.of(), outcome.dispatches());
        assertEquals("round 2 of tournament t1 would start 1 games where the tournament has 3, past the limit set by "
                + LIMIT + " (3): none of them is started", outcome.refusal());
    }

    @Test
    void givenAnyOtherEventOfTheTournament_thenNothingIsAsked() {
        assertEquals(new Outcome(List.of(), null, null), starts(1).on(UUID.randomUUID(),
                new PlayerWithdrew("t1", "c1", ORGANISER, PAIRED_AT, "p1", "ill")));
    }

    @Test
    void givenTwoTournaments_whenTheirRoundsArePaired_thenEachGameTakesItsTournamentsRulesetTimeControlRoundAndHall() {
        TimeControl control = TimeControl.of(new Period(0, 20_000, TimingMode.FISCHER, 200));
        RoundStarts starts = starts(Long.MAX_VALUE);
        assertEquals(List.of(), on(starts, created("t1", "FIDE_2018_RAPID", control)));
        assertEquals(List.of(), on(starts, created("t2", "FIDE_2018_STANDARD", null)));

        List<Start> started = starts(on(starts, paired("t1", 2, new Board(1, "Hall A", "p001", "p002"),
                new Board(2, "Hall B", "p003", "p004"))));

        assertEquals(List.of("t1-r2-b1", "t1-r2-b2"), started.stream().map(Start::gameId).toList());
        for (Start start : started) {
            assertEquals(control, start.command().timeControl());
            assertEquals(new Ruleset(Edition.FIDE_2018, Category.RAPID), start.command().ruleset());
            assertEquals(PAIRED_AT, start.command().observedAt());
            assertEquals(2, start.command().round());
        }
        assertEquals("p003", started.get(1).command().whitePlayerId());
        assertEquals("Hall B", started.get(1).command().hall());
        // a tournament without a time control: its games start without a clock
        List<Start> unclocked = starts(on(starts, paired("t2", 1, new Board(1, "Hall A", "a", "b"))));
        assertEquals(1, unclocked.size());
        assertNull(unclocked.getFirst().command().timeControl());
    }

    // ------------------------------------------------------------------------------------- pairing corrections

    @Test
    void givenAStartedRound_whenACorrectionChangesTwoBoards_thenTheirGamesGetTheNewPlayersAndTheThirdNothing() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        on(starts, created("t1", "FIDE_2018_STANDARD", TimeControl.example()));
        List<Dispatch> paired = on(starts, paired("t1", 1, new Board(1, "Hall A", "p1", "p2"),
                new Board(2, "Hall A", "p3", "p4"), new Board(3, "Hall A", "p5", "p6")));
        assertEquals(3, starts(paired).size());
        paired.forEach(d -> held.add(d.gameId()));

        UUID eventId = UUID.fromString("00000000-0000-0000-0000-00000000c0c0");
        List<Dispatch> sent = starts.on(eventId, corrected("t1", 1, "p3 and p5 were on the wrong boards",
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p6"),
                new Board(3, "Hall A", "p5", "p4"))).dispatches();

        assertEquals(List.of("t1-r1-b2", "t1-r1-b3"), sent.stream().map(Dispatch::gameId).toList(),
                "board 1 keeps its White and Black: nothing is sent to it");
        List<Correct> corrections = corrections(sent);
        assertEquals(2, corrections.size(), "games that exist are corrected, not started: " + sent);
        CorrectPlayers board2 = corrections.getFirst().command();
        assertEquals("p3", board2.whitePlayerId());
        assertEquals("p6", board2.blackPlayerId());
        assertEquals("p3 and p5 were on the wrong boards", board2.reason());
        assertEquals(ARBITER.id(), board2.correctedBy(), "the arbiter who corrected, for the game's record");
        assertEquals(eventId, board2.pairingCorrection());
        assertEquals(CORRECTED_AT, board2.observedAt());
        assertEquals("p5", corrections.get(1).command().whitePlayerId());
        assertEquals("p4", corrections.get(1).command().blackPlayerId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 2), corrections.getFirst().commandId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 3), corrections.get(1).commandId());
        assertNotEquals(corrections.getFirst().commandId(), corrections.get(1).commandId());
    }

    @Test
    void givenTheSameEventsDecidedAgain_thenTheSameCommandIds_andASecondCorrectionNewOnes() {
        UUID firstId = UUID.randomUUID();
        UUID secondId = UUID.randomUUID();
        List<TournamentEvent> events = List.of(created("t1", "FIDE_2018_STANDARD", null),
                paired("t1", 2, new Board(1, "Hall A", "a", "b"), new Board(2, "Hall A", "c", "d")),
                corrected("t1", 2, "swap", new Board(1, "Hall A", "a", "d"), new Board(2, "Hall A", "c", "b")),
                corrected("t1", 2, "swap back", new Board(1, "Hall A", "a", "b"), new Board(2, "Hall A", "c", "d")));
        List<UUID> ids = List.of(UUID.randomUUID(), UUID.randomUUID(), firstId, secondId);
        held.addAll(Set.of("t1-r2-b1", "t1-r2-b2"));

        List<List<Dispatch>> before = decideAll(starts(Long.MAX_VALUE), ids, events);
        List<List<Dispatch>> afterRestart = decideAll(starts(Long.MAX_VALUE), ids, events);

        assertEquals(before, afterRestart, "the same events decided again give the same commands with the same ids");
        assertEquals(List.of(RoundStarts.correctionCommandId(firstId, 1), RoundStarts.correctionCommandId(firstId, 2)),
                before.get(2).stream().map(Dispatch::commandId).toList());
        assertEquals(List.of(RoundStarts.correctionCommandId(secondId, 1),
                RoundStarts.correctionCommandId(secondId, 2)), before.get(3).stream().map(Dispatch::commandId).toList());
        assertEquals("b", corrections(before.get(3)).getFirst().command().blackPlayerId(),
                "compared with the pairing as last corrected, not as first published");
    }

    @Test
    void givenPlayersGivenByesByMistake_whenTheArbiterPairsThem_thenTheirBoardStartsWithTheCorrectedPlayers() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        held.add("t1-r3-b1");
        TimeControl control = TimeControl.of(new Period(0, 20_000, TimingMode.FISCHER, 200));
        on(starts, created("t1", "FIDE_2018_RAPID", control));
        // p3 and p4 were given half-point byes by mistake; the arbiter pairs them on board 2
        assertEquals(List.of(), on(starts, new RoundPaired("t1", UUID.randomUUID().toString(), ORGANISER,
                PAIRED_AT, 3, org.torneo.contracts.tournament.PairingSystemKind.DUTCH, 1,
                List.of(new Board(1, "Hall A", "p1", "p2")), List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF),
                        new Bye("p4", ByeKind.HALF_POINT, Score.HALF)))));

        List<Dispatch> sent = on(starts, corrected("t1", 3, "the byes were not requested",
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall B", "p3", "p4")));

        List<Start> started = starts(sent);
        assertEquals(1, sent.size(), sent.toString());
        assertEquals(1, started.size(), sent.toString());
        StartGame start = started.getFirst().command();
        assertEquals("t1-r3-b2", started.getFirst().gameId());
        assertEquals(RoundStarts.startCommandId("t1-r3-b2"), started.getFirst().commandId());
        assertEquals("p3", start.whitePlayerId());
        assertEquals("p4", start.blackPlayerId());
        assertEquals(2, start.board());
        assertEquals("Hall B", start.hall());
        assertEquals(control, start.timeControl());
        assertEquals(new Ruleset(Edition.FIDE_2018, Category.RAPID), start.ruleset());
        assertEquals(CORRECTED_AT, start.observedAt());
    }

    @Test
    void givenAGameWhoseStartIsStillOnItsWay_whenItsBoardIsCorrected_thenItGetsTheCorrectionNotASecondStart() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        on(starts, created("t1", "FIDE_2018_STANDARD", null));
        assertEquals(1, starts(on(starts, paired("t1", 1, new Board(1, "Hall A", "a", "b")))).size());
        // the game service has not processed that StartGame yet: a StartGame with its id would be dropped as a repeat
        List<Dispatch> sent = on(starts, corrected("t1", 1, "colours", new Board(1, "Hall A", "b", "a")));
        assertEquals(1, corrections(sent).size(), sent.toString());
        assertEquals("b", corrections(sent).getFirst().command().whitePlayerId());
    }

    @Test
    void givenAPairedRound_whenOnlyItsByesAreCorrected_thenNothingIsAsked() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        held.add("t1-r1-b1");
        on(starts, created("t1", "FIDE_2018_STANDARD", null));
        on(starts, new RoundPaired("t1", UUID.randomUUID().toString(), ORGANISER, PAIRED_AT, 1,
                org.torneo.contracts.tournament.PairingSystemKind.DUTCH, 1, List.of(new Board(1, "Hall A", "a", "b")),
                List.of(new Bye("c", ByeKind.PAIRING_BYE, Score.ONE))));
        assertEquals(List.of(), on(starts, correctedWithByes("t1", 1,
                "c asked for a zero-point bye before the round was paired",
                List.of(new Bye("c", ByeKind.ZERO_POINT, Score.ZERO)), new Board(1, "Hall A", "a", "b"))));
    }

    // ------------------------------------------------------------------------------- boards a correction removes

    @Test
    void givenAStartedRound_whenACorrectionRemovesABoard_thenItsGameIsCancelledWithAnIdOfItsOwn() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2", "t1-r1-b3"));
        on(starts, created("t1", "FIDE_2018_STANDARD", null));
        on(starts, paired("t1", 1, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6")));

        UUID eventId = UUID.fromString("00000000-0000-0000-0000-00000000cace");
        List<Dispatch> sent = starts.on(eventId, correctedWithByes("t1", 1,
                "p5 and p6 had withdrawn before the pairing was made public",
                List.of(new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"))).dispatches();

        assertEquals(1, sent.size(), "boards 1 and 2 keep their players: " + sent);
        List<Cancel> cancels = cancels(sent);
        assertEquals(1, cancels.size(), sent.toString());
        Cancel cancel = cancels.getFirst();
        assertEquals("t1-r1-b3", cancel.gameId());
        assertEquals(RoundStarts.cancellationCommandId(eventId, 3), cancel.commandId());
        assertNotEquals(RoundStarts.correctionCommandId(eventId, 3), cancel.commandId(),
                "a cancel and a correction of the same board are different commands");
        assertNotEquals(RoundStarts.cancellationCommandId(eventId, 2), cancel.commandId());
        CancelGame command = cancel.command();
        assertEquals("p5 and p6 had withdrawn before the pairing was made public", command.reason());
        assertEquals(ARBITER.id(), command.cancelledBy(), "the arbiter who corrected, for the game's record");
        assertEquals(eventId, command.pairingCorrection());
        assertEquals(CORRECTED_AT, command.observedAt());

        // the board is gone from the round: a later correction does not cancel it again
        assertEquals(List.of(), on(starts, correctedWithByes("t1", 1, "nothing new", List.of(),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"))));
    }

    @Test
    void givenAStartedRound_whenABoardNumberIsReusedForOtherPlayers_thenItsGameIsCorrectedNotCancelled() {
        RoundStarts starts = starts(Long.MAX_VALUE);
        held.addAll(Set.of("t1-r1-b1", "t1-r1-b2", "t1-r1-b3"));
        on(starts, created("t1", "FIDE_2018_STANDARD", null));
        on(starts, paired("t1", 1, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6")));

        // p3 and p4 both go to byes; p5 and p6 move up to board 2; board 3 is no more
        UUID eventId = UUID.randomUUID();
        List<Dispatch> sent = starts.on(eventId, correctedWithByes("t1", 1, "byes requested",
                List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF), new Bye("p4", ByeKind.HALF_POINT, Score.HALF)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p5", "p6"))).dispatches();

        assertEquals(List.of("t1-r1-b2", "t1-r1-b3"), sent.stream().map(Dispatch::gameId).toList());
        Correct board2 = corrections(sent).getFirst();
        assertEquals("t1-r1-b2", board2.gameId());
        assertEquals("p5", board2.command().whitePlayerId());
        assertEquals(RoundStarts.correctionCommandId(eventId, 2), board2.commandId());
        assertEquals(List.of("t1-r1-b3"), cancels(sent).stream().map(Cancel::gameId).toList());
        assertEquals(RoundStarts.cancellationCommandId(eventId, 3), cancels(sent).getFirst().commandId());
    }

    @Test
    void givenACorrectionThatRemovesBoardsDecidedAgain_thenTheSameCancellations() {
        UUID eventId = UUID.randomUUID();
        List<TournamentEvent> events = List.of(created("t1", "FIDE_2018_STANDARD", null),
                paired("t1", 2, new Board(1, "Hall A", "a", "b"), new Board(2, "Hall A", "c", "d"),
                        new Board(3, "Hall A", "e", "f")),
                correctedWithByes("t1", 2, "c, d, e and f withdrew", List.of(), new Board(1, "Hall A", "a", "b")));
        List<UUID> ids = List.of(UUID.randomUUID(), UUID.randomUUID(), eventId);
        held.addAll(Set.of("t1-r2-b1", "t1-r2-b2", "t1-r2-b3"));

        List<List<Dispatch>> before = decideAll(starts(Long.MAX_VALUE), ids, events);
        List<List<Dispatch>> afterRestart = decideAll(starts(Long.MAX_VALUE), ids, events);

        assertEquals(before, afterRestart);
        assertEquals(List.of(RoundStarts.cancellationCommandId(eventId, 2),
                RoundStarts.cancellationCommandId(eventId, 3)), before.get(2).stream().map(Dispatch::commandId).toList());
    }

    private static List<Dispatch> on(RoundStarts starts, TournamentEvent event) {
        return starts.on(UUID.randomUUID(), event).dispatches();
    }

    private static List<List<Dispatch>> decideAll(RoundStarts starts, List<UUID> ids, List<TournamentEvent> events) {
        List<List<Dispatch>> outcomes = new java.util.ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            outcomes.add(starts.on(ids.get(i), events.get(i)).dispatches());
        }
        return outcomes;
    }

    static List<Start> starts(List<Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof Start).map(Start.class::cast).toList();
    }

    private static List<Correct> corrections(List<Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof Correct).map(Correct.class::cast).toList();
    }

    private static List<Cancel> cancels(List<Dispatch> dispatches) {
        return dispatches.stream().filter(d -> d instanceof Cancel).map(Cancel.class::cast).toList();
    }
}

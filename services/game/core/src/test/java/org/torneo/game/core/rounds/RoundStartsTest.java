package org.torneo.game.core.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.game.core.rounds.RoundStarts.Cancel;
import org.torneo.game.core.rounds.RoundStarts.Correct;
import org.torneo.game.core.rounds.RoundStarts.Outcome;
import org.torneo.game.core.rounds.RoundStarts.Start;

/**
 * Given the tournament's events, when the round starts decide on the next one, then these commands to the games
 * (the game app's round starter only reads the topic and sends them; its own test covers the reading).
 */
class RoundStartsTest {

    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "chief-arbiter");
    private static final Instant PAIRED_AT = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant CORRECTED_AT = Instant.parse("2026-11-21T10:20:00Z");
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

    private static TournamentCreated created(String tournament, String ruleset, TimeControl control) {
        return new TournamentCreated(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT.minusSeconds(600),
                "Open " + tournament, PairingSystemKind.DUTCH, 5, Scoring.classic(), ruleset,
                List.of(new Hall("Hall A", 1, 10_000)), control, List.of());
    }

    private static RoundPaired paired(String tournament, int round, Board... boards) {
        return new RoundPaired(tournament, UUID.randomUUID().toString(), ORGANISER, PAIRED_AT, round,
                PairingSystemKind.DUTCH, 1, List.of(boards), List.<Bye>of());
    }
}

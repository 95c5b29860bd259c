package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.HandChange;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.ChangePairing;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * The Dutch checker's warnings on the chief arbiter's changes by hand (C.04.3): given a twelve-player Dutch open with
 * rounds paired by the engine, when a change the pairing rules allow but the Dutch system would not make, then the
 * PairingCorrected carries a warning naming the criterion and the players.
 */
class HandChangeWarningsTest {

    private static final String ID = "warn-open";
    private static final Instant AT = Instant.parse("2026-04-02T09:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");

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

    private String id() {
        return "c" + (++commands);
    }

    @BeforeEach
    void givenTwelvePlayers() {
        when(new CreateTournament(ID, id(), ORGANISER, AT, "Warn open", PairingSystemKind.DUTCH, 7, Scoring.classic(),
                "fide-2018-standard", List.of(new Hall("A", 1, 20))));
        for (int i = 1; i <= 12; i++) {
            when(new RegisterPlayer(ID, id(), ORGANISER, AT, "p" + i, "Player " + i, 2500 - 20 * i, 1));
        }
    }

    private RoundPaired pair(int round) {
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 7 + round));
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }

    private void play(int round, GameResult result) {
        for (Board b : state().round(round).orElseThrow().boards()) {
            when(new RecordResult(ID, id(), Actor.system("game"), AT, round, b.white(), b.black(), result, true));
        }
        when(new CloseRound(ID, id(), CHIEF, AT, round));
    }

    private PairingCorrected change(int round, HandChange change) {
        List<TournamentEvent> events = when(new ChangePairing(ID, id(), CHIEF, AT, round, change, "by hand"));
        return assertInstanceOf(PairingCorrected.class, events.get(0));
    }

    private static Board boardOf(List<Board> boards, String player) {
        return boards.stream().filter(b -> b.involves(player)).findFirst().orElseThrow();
    }

    @Test
    void aSwapThatGivesAPlayerAThirdWhiteInARowWarnsC3() {
        // given: X had White in rounds 1 and 2 (round 2's colours exchanged by hand), all games drawn
        RoundPaired round1 = pair(1);
        String x = round1.boards().get(0).white();
        play(1, GameResult.DRAW);
        RoundPaired round2 = pair(2);
        Board second = boardOf(round2.boards(), x);
        if (!second.white().equals(x)) {
            change(2, HandChange.exchangeColours(second.number()));
        }
        play(2, GameResult.DRAW);
        RoundPaired round3 = pair(3);
        Board third = boardOf(round3.boards(), x);
        assertEquals(x, third.black(), "the engine gives X Black after two Whites (C3)");
        // when: X is swapped with a White player of another board whose opponent he has not met
        Optional<PairingCorrected> swapped = Optional.empty();
        for (Board other : round3.boards()) {
            if (other.number() == third.number() || met(x, other.black()) || met(other.white(), third.white())) {
                continue;
            }
            swapped = Optional.of(change(3, HandChange.swap(x, other.white())));
            // then: the third White in a row is warned, with the criterion and the player named
            PairingWarning c3 = swapped.get().warnings().stream()
                    .filter(w -> w.kind().equals("SAME_COLOUR_THREE_TIMES")).findFirst().orElseThrow(
                            () -> new AssertionError("no C3 warning in " + state().round(3)));
            assertEquals("C3", c3.criterion());
            assertEquals(List.of(x), c3.playerIds());
            assertEquals("WWW", c3.detail());
            assertEquals(other.number(), c3.board(), "on the board X moved to");
            break;
        }
        assertTrue(swapped.isPresent(), "some board of round 3 can take X");
    }

    private boolean met(String a, String b) {
        return state().rounds().values().stream().filter(r -> r.number() < 3)
                .anyMatch(r -> r.boards().stream().anyMatch(bd -> bd.involves(a) && bd.involves(b)));
    }

    @Test
    void aSwapAcrossScoreGroupsWarnsWithTheScoreDifference() {
        // given: round 1 won by every White: six players on 1 point, six on 0
        pair(1);
        play(1, GameResult.WHITE_WINS);
        RoundPaired round2 = pair(2);
        Board top = round2.boards().get(0);
        Board bottom = round2.boards().get(round2.boards().size() - 1);
        TournamentState state = state();
        assertEquals(2, state.score(top.white()).halves(), "board 1 is the winners'");
        assertEquals(0, state.score(bottom.black()).halves(), "the last board the losers'");
        // when: a winner of board 1 and a loser of the last board change places
        PairingCorrected swap = change(2, HandChange.swap(top.black(), bottom.black()));
        // then: both boards now pair different scores, by one point, named higher player first
        List<PairingWarning> scores = swap.warnings().stream().filter(w -> w.kind().equals("SCORE_DIFFERENCE"))
                .toList();
        assertEquals(2, scores.size(), swap.warnings().toString());
        for (PairingWarning w : scores) {
            assertEquals("C6-C7", w.criterion());
            assertEquals("1", w.detail());
            assertEquals(2, state.score(w.playerIds().get(0)).halves(), "the higher-scored player first: " + w);
            assertEquals(0, state.score(w.playerIds().get(1)).halves(), w.toString());
        }
        assertEquals(Set.of(top.number(), bottom.number()),
                Set.copyOf(scores.stream().map(PairingWarning::board).toList()));
        assertEquals(Set.of(Set.of(top.white(), bottom.black()), Set.of(bottom.white(), top.black())),
                Set.copyOf(scores.stream().map(w -> Set.copyOf(w.playerIds())).toList()));
    }

    @Test
    void exchangingTheColoursTheRulesGaveWarnsTheAllocationAndThePreferences() {
        pair(1);
        play(1, GameResult.DRAW);
        RoundPaired round2 = pair(2);
        Board one = round2.boards().get(0);
        PairingCorrected exchange = change(2, HandChange.exchangeColours(one.number()));
        List<String> kinds = exchange.warnings().stream().map(PairingWarning::kind).toList();
        assertTrue(kinds.contains("COLOURS_NOT_AS_ALLOCATED"), kinds.toString());
        // after one game every player strongly prefers the other colour (C.04.3 1.6.2: colour difference +-1): both
        // now lack it (C13)
        assertEquals(Set.of(one.white(), one.black()), Set.copyOf(exchange.warnings().stream()
                .filter(w -> w.criterion().equals("C13")).map(w -> w.playerIds().get(0)).toList()));
        assertTrue(exchange.warnings().stream().allMatch(w -> w.board() == one.number()), "only the board touched");
        // exchanging them back restores the round the engine made: nothing is worse than before that change
        assertEquals(List.of(), change(2, HandChange.exchangeColours(one.number())).warnings());
    }
}

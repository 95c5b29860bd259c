package org.torneo.game.core.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.rounds.TournamentRecords.CORRECTED_AT;
import static org.torneo.game.core.rounds.TournamentRecords.corrected;
import static org.torneo.game.core.rounds.TournamentRecords.correctedWithByes;
import static org.torneo.game.core.rounds.TournamentRecords.created;
import static org.torneo.game.core.rounds.TournamentRecords.paired;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * Given a round started through the game decider, when the arbiter corrects its pairing, then the round starts'
 * commands, run by the decider as the game service runs them (a command id taken once), correct, cancel or leave each
 * game as the Laws and the pairing say.
 */
class RoundStartsThroughTheGameTest {

    /**
     * The round starts' commands through the game decider, as the game service runs them (duplicate command ids
     * dropped): a corrected game that has not begun ends naming the corrected players; one that has begun refuses
     * the correction, records why, and is played as paired.
     */
    @Test
    void through_the_game_decider_a_corrected_game_ends_with_its_corrected_players_and_a_begun_one_as_paired() {
        Set<String> existing = new HashSet<>();
        RoundStarts starts = starts(existing);
        GameService games = new GameService(existing);
        startRound(starts, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"));
        // board 2 has begun: 1.e4
        games.decide("t1-r1-b2", new Actor(Actor.Role.BOARD, "board-2"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.minusSeconds(5)));

        UUID correctionId = UUID.randomUUID();
        TournamentEvent correction = corrected("t1", 1, "p2 and p4 swapped",
                new Board(1, "Hall A", "p1", "p4"), new Board(2, "Hall A", "p3", "p2"));
        List<RoundStarts.Dispatch> sent = starts.on(correctionId, correction).dispatches();
        games.run(sent);
        // decided again after a restart: the same command ids, dropped as repeats
        games.run(starts(existing).on(correctionId, correction).dispatches());

        assertEquals(1, games.events("t1-r1-b1").stream().filter(e -> e instanceof PlayersCorrected).count());
        assertEquals("p4", games.state("t1-r1-b1").blackPlayerId());
        List<EventMessage> refused = games.events("t1-r1-b2").stream().filter(e -> e instanceof CommandRejected)
                .toList();
        assertEquals(1, refused.size(), games.events("t1-r1-b2").toString());
        assertTrue(((CommandRejected) refused.getFirst()).reason()
                .startsWith("the game has begun: it is played as paired"), refused.toString());

        GameEnded corrected = ended(games.decide("t1-r1-b1", new Actor(Actor.Role.PLAYER, "p4"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p1", corrected.whitePlayerId());
        assertEquals("p4", corrected.blackPlayerId(), "the result names the pairing as corrected");
        GameEnded asPaired = ended(games.decide("t1-r1-b2", new Actor(Actor.Role.PLAYER, "p4"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p3", asPaired.whitePlayerId());
        assertEquals("p4", asPaired.blackPlayerId(), "a game that had begun is played as paired");
    }

    /**
     * Through the game decider: a removed board whose game has not begun is cancelled, with no GameEnded; one whose
     * game has begun refuses, records why, and is played as paired; a repeat after a restart is dropped.
     */
    @Test
    void through_the_game_decider_a_removed_game_not_begun_is_cancelled_and_a_begun_one_is_played_as_paired() {
        Set<String> existing = new HashSet<>();
        RoundStarts starts = starts(existing);
        GameService games = new GameService(existing);
        startRound(starts, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"));
        // board 3 has begun: 1.e4
        games.decide("t1-r1-b3", new Actor(Actor.Role.BOARD, "board-3"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.minusSeconds(5)));

        UUID correctionId = UUID.randomUUID();
        TournamentEvent correction = correctedWithByes("t1", 1,
                "p3, p4, p5 and p6 had withdrawn", List.of(new Bye("p3", ByeKind.ZERO_POINT, Score.ZERO),
                        new Bye("p4", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO),
                        new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2"));
        games.run(starts.on(correctionId, correction).dispatches());
        // decided again after a restart: the same command ids, dropped as repeats
        games.run(starts(existing).on(correctionId, correction).dispatches());

        List<EventMessage> board2 = games.events("t1-r1-b2");
        assertEquals(1, board2.stream().filter(e -> e instanceof GameCancelled).count(), board2.toString());
        assertTrue(board2.stream().noneMatch(e -> e instanceof GameEnded), "a cancelled game has no result");
        assertTrue(games.state("t1-r1-b2").isCancelled());
        List<EventMessage> refusedMove = games.decide("t1-r1-b2", new Actor(Actor.Role.PLAYER, "p3"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.plusSeconds(5)));
        assertTrue(((CommandRejected) refusedMove.getFirst()).reason()
                .startsWith("the game was cancelled by a pairing correction: p3, p4, p5 and p6 had withdrawn"),
                refusedMove.toString());

        List<EventMessage> refused = games.events("t1-r1-b3").stream().filter(e -> e instanceof CommandRejected)
                .toList();
        assertEquals(1, refused.size(), games.events("t1-r1-b3").toString());
        assertTrue(((CommandRejected) refused.getFirst()).reason().startsWith(
                "the game has begun: it is played as paired; the arbiter may annul it or set its result"),
                refused.toString());
        GameEnded asPaired = ended(games.decide("t1-r1-b3", new Actor(Actor.Role.PLAYER, "p6"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p5", asPaired.whitePlayerId());
        assertEquals("p6", asPaired.blackPlayerId());
        assertTrue(games.events("t1-r1-b1").stream().noneMatch(e -> e instanceof GameCancelled
                || e instanceof CommandRejected), "board 1 is untouched");
    }

    /**
     * The pairing refuses a correction that puts a removed board's number back (its game is cancelled for good); the
     * same players restored on a NEW board number get a new game, which starts and is played.
     */
    @Test
    void players_of_a_removed_board_restored_on_a_new_board_number_get_a_new_game_that_is_played() {
        Set<String> existing = new HashSet<>();
        RoundStarts starts = starts(existing);
        GameService games = new GameService(existing);
        startRound(starts, games, new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(3, "Hall A", "p5", "p6"));
        games.run(on(starts, correctedWithByes("t1", 1, "p5 and p6 reported absent",
                List.of(new Bye("p5", ByeKind.ZERO_POINT, Score.ZERO), new Bye("p6", ByeKind.ZERO_POINT, Score.ZERO)),
                new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"))));
        assertTrue(games.state("t1-r1-b3").isCancelled());

        List<RoundStarts.Dispatch> restored = on(starts, corrected("t1", 1,
                "p5 and p6 arrived in time", new Board(1, "Hall A", "p1", "p2"), new Board(2, "Hall A", "p3", "p4"),
                new Board(4, "Hall A", "p5", "p6")));
        assertEquals(List.of("t1-r1-b4"), restored.stream().map(RoundStarts.Dispatch::gameId).toList());
        RoundStarts.Start start = RoundStartsTest.starts(restored).getFirst();
        assertEquals("p5", start.command().whitePlayerId());
        assertEquals("p6", start.command().blackPlayerId());
        assertEquals(4, start.command().board());
        games.run(restored);

        List<EventMessage> move = games.decide("t1-r1-b4", new Actor(Actor.Role.BOARD, "board-4"),
                new SubmitMove("e4", null, MoveSource.BOARD, null, CORRECTED_AT.plusSeconds(5)));
        assertTrue(move.stream().noneMatch(e -> e instanceof CommandRejected), move.toString());
        GameEnded played = ended(games.decide("t1-r1-b4", new Actor(Actor.Role.PLAYER, "p6"),
                new Resign(Side.BLACK, CORRECTED_AT.plusSeconds(60))));
        assertEquals("p5", played.whitePlayerId());
        assertEquals("p6", played.blackPlayerId());
        assertTrue(games.state("t1-r1-b3").isCancelled(), "the cancelled game stays cancelled");
        assertTrue(games.events("t1-r1-b3").stream().noneMatch(e -> e instanceof CommandRejected),
                "nothing was sent to the cancelled game");
    }

    /** The game service in miniature: the decider per game id, command ids remembered as the runtime does. */
    private static final class GameService {
        private final GameDecider decider = new GameDecider();
        private final Map<String, GameState> states = new HashMap<>();
        private final Map<String, List<EventMessage>> log = new HashMap<>();
        private final Set<UUID> seen = new HashSet<>();
        private final Set<String> existing;

        GameService(Set<String> existing) {
            this.existing = existing;
        }

        void run(List<RoundStarts.Dispatch> dispatches) {
            for (RoundStarts.Dispatch d : dispatches) {
                if (seen.add(d.commandId())) {
                    decide(d.gameId(), Actor.system("game"), d.command());
                }
            }
        }

        List<EventMessage> decide(String gameId, Actor actor, GameCommand command) {
            GameState state = state(gameId);
            List<EventMessage> events = decider.decide(new GameRequest(gameId, actor, command), state);
            for (EventMessage e : events) {
                state = decider.evolve(state, e);
            }
            states.put(gameId, state);
            log.computeIfAbsent(gameId, k -> new ArrayList<>()).addAll(events);
            if (state.phase() != GameState.Phase.NOT_STARTED) {
                existing.add(gameId);
            }
            return events;
        }

        GameState state(String gameId) {
            return states.getOrDefault(gameId, decider.initialState());
        }

        List<EventMessage> events(String gameId) {
            return log.getOrDefault(gameId, List.of());
        }
    }

    private static GameEnded ended(List<EventMessage> events) {
        return events.stream().filter(e -> e instanceof GameEnded).map(GameEnded.class::cast).findFirst()
                .orElseThrow(() -> new AssertionError("no GameEnded in " + events));
    }

    private static RoundStarts starts(Set<String> existing) {
        return new RoundStarts(existing::contains, tournament -> 0, Long.MAX_VALUE,
                "torneo.game.max-games-per-tournament");
    }

    private static List<RoundStarts.Dispatch> on(RoundStarts starts, TournamentEvent event) {
        return starts.on(UUID.randomUUID(), event).dispatches();
    }

    /** Tournament t1 (FIDE 2018 standard, no time control) and its round 1 on {@code boards}, through the games. */
    private static void startRound(RoundStarts starts, GameService games, Board... boards) {
        games.run(on(starts, created("t1", "FIDE_2018_STANDARD", null)));
        games.run(on(starts, paired("t1", 1, boards)));
    }
}

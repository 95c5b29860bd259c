package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * A published round corrected by the arbiter to one board fewer (its two players moved to byes): the game of the
 * removed board, not yet begun, is cancelled, not played, with no result (C.04.2, C.04.3 of 2017 F.6-F.7; the seeds
 * are silent). The audit confirms that and finds every way it can go wrong, from the game's side (a cancellation
 * without a correction that removed the board, after the game began, by a player, followed by a result) and from the
 * correction's side (a removed board whose game was neither cancelled nor rightly refused).
 */
class GameCancellationAuditTest {

    private static final String REASON = "the players of board 3 had asked for half-point byes in round 1";

    /** Six players paired on three boards; every game started; nothing corrected yet. */
    private static final class Round {
        final TournamentLogFixture log = TournamentLogFixture.empty();
        final RoundPaired paired;
        final List<String> games;

        Round() {
            log.createWithPlayers(6);
            paired = log.pairRound(21);
            assertEquals(3, paired.boards().size(), paired.toString());
            games = paired.boards().stream().map(b -> log.startBoard(paired, b)).toList();
        }

        Board board(int number) {
            return paired.boards().get(number - 1);
        }

        /** The arbiter corrects the round: boards 1 and 2 stay, the players of board 3 get half-point byes. */
        UUID removeBoard3() {
            Board third = board(3);
            List<TournamentEvent> events = log.tournamentDoes(TournamentLogFixture.ARBITER,
                    new TournamentCommand.CorrectPairing(TournamentLogFixture.T, log.commandId(),
                            TournamentLogFixture.ARBITER, log.at(), 1, List.of(board(1), board(2)),
                            List.of(new Bye(third.white(), ByeKind.HALF_POINT, Score.HALF),
                                    new Bye(third.black(), ByeKind.HALF_POINT, Score.HALF)), REASON));
            assertInstanceOf(PairingCorrected.class, events.get(events.size() - 1), events::toString);
            return log.lastEventIdOf(TournamentLogFixture.T);
        }

        /** The game service applies the correction to {@code gameId} as the round starter does. */
        List<org.torneo.contracts.EventMessage> cancel(String gameId, UUID correction) {
            return log.gameMayRefuse(gameId, TournamentLogFixture.SYSTEM, new GameCommand.CancelGame(REASON, "arb-1",
                    correction, log.at()));
        }

        List<Decision> decisions() {
            return new Audit().ofLines(log.lines).decisions();
        }
    }

    private static List<Decision> ofKind(List<Decision> decisions, String kind) {
        return decisions.stream().filter(d -> d.kind().equals(kind)).toList();
    }

    private static String findings(List<Decision> decisions) {
        return String.join(" | ", decisions.stream().filter(d -> !d.confirmed()).map(d -> d.subject() + ": "
                + d.finding() + " [" + d.article() + "]").toList());
    }

    @Test
    void aGameNotBegunCancelledByTheCorrectionThatRemovedItsBoardIsConfirmedFromBothSides() {
        Round r = new Round();
        r.log.move(r.games.get(0), "e2e4"); // board 1 has begun; the correction keeps it
        UUID correction = r.removeBoard3();
        assertInstanceOf(GameCancelled.class, r.cancel(r.games.get(2), correction).get(0));

        List<Decision> all = r.decisions();
        assertEquals("", findings(all), "nothing discrepant");
        List<Decision> cancelled = ofKind(all, "game cancelled");
        assertEquals(1, cancelled.size(), all::toString);
        assertEquals(r.games.get(2), cancelled.get(0).subject());
        assertTrue(cancelled.get(0).finding().contains("board 3 was removed by the arbiter's pairing correction"),
                cancelled.get(0).finding());
        assertTrue(cancelled.get(0).article().contains("C.04.3"), cancelled.get(0).article());
        List<Decision> removed = ofKind(all, "board removed by a pairing correction");
        assertEquals(1, removed.size(), all::toString);
        assertTrue(removed.get(0).finding().contains("game " + r.games.get(2) + " cancelled"), removed.get(0).finding());
    }

    @Test
    void aRemovedBoardWhoseGameHadNotBegunButWasNeitherCancelledNorRefusedIsFound() {
        Round r = new Round();
        r.removeBoard3();
        r.log.move(r.games.get(2), "d2d4"); // the game service never cancelled it: it was played after the correction

        List<Decision> removed = ofKind(r.decisions(), "board removed by a pairing correction");
        assertEquals(1, removed.size(), removed::toString);
        assertFalse(removed.get(0).confirmed(), removed::toString);
        assertEquals(TournamentLogFixture.T + " round 1", removed.get(0).subject());
        assertTrue(removed.get(0).finding().contains("board 3 was removed while its game " + r.games.get(2)
                + " had not begun, but the game was neither cancelled nor its cancellation refused; it was played"
                + " after the correction"), removed.get(0).finding());
        assertTrue(removed.get(0).article().contains("C.04.3 (2017) F.6-F.7"), removed.get(0).article());
    }

    @Test
    void aGameBegunBeforeTheCorrectionIsRefusedAndPlayedAsPaired() {
        Round r = new Round();
        r.log.move(r.games.get(2), "c2c4");
        UUID correction = r.removeBoard3();
        assertInstanceOf(CommandRejected.class, r.cancel(r.games.get(2), correction).get(0));

        List<Decision> all = r.decisions();
        assertEquals("", findings(all));
        List<Decision> removed = ofKind(all, "board removed by a pairing correction");
        assertEquals(1, removed.size(), all::toString);
        assertTrue(removed.get(0).finding().contains("had begun, its cancellation was refused and it is played as "
                + "paired"), removed.get(0).finding());
    }

    @Test
    void aRefusedCancellationOfAGameNotBegunIsFound() {
        Round r = new Round();
        r.removeBoard3();
        // a faulty game service refused the cancellation of a game nobody had moved in
        r.log.appendUnchecked(r.games.get(2), TournamentLogFixture.SYSTEM, new CommandRejected("game.CancelGame",
                "the game has begun", "C.04.2", r.log.at()));

        List<Decision> removed = ofKind(r.decisions(), "board removed by a pairing correction");
        assertEquals(1, removed.size(), removed::toString);
        assertFalse(removed.get(0).confirmed());
        assertTrue(removed.get(0).finding().contains("was refused (the game has begun), but the game had not begun"),
                removed.get(0).finding());
    }

    @Test
    void aCancellationAfterTheFirstMoveByAPlayerOfAKeptBoardOrOfAnUnknownCorrectionIsFound() {
        Round r = new Round();
        UUID correction = r.removeBoard3();
        String begun = r.games.get(2);
        String kept = r.games.get(0);
        String second = r.games.get(1);
        r.log.move(begun, "e2e4");
        // a faulty service cancelled a game already begun, one the correction keeps, and one naming no real correction
        r.log.appendUnchecked(begun, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", correction,
                "C.04.2", r.log.at()));
        r.log.appendUnchecked(kept, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", correction,
                "C.04.2", r.log.at()));
        UUID unknown = UUID.nameUUIDFromBytes("no-such-correction".getBytes());
        r.log.appendUnchecked(second, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", unknown,
                "C.04.2", r.log.at()));

        List<Decision> cancelled = ofKind(r.decisions(), "game cancelled");
        assertEquals(3, cancelled.size(), cancelled::toString);
        assertTrue(cancelled.stream().noneMatch(Decision::confirmed), cancelled::toString);
        String of = findingOf(cancelled, begun);
        assertTrue(of.contains("the game had begun: 1 ply played; it is played as paired"), of);
        of = findingOf(cancelled, kept);
        assertTrue(of.contains("keeps board 1 (" + r.board(1).white() + " - " + r.board(1).black() + ")"), of);
        of = findingOf(cancelled, second);
        assertTrue(of.contains("it names pairing correction " + unknown + ", which is not in the log"), of);
    }

    @Test
    void aCancellationByAPlayerBeforeAnyCorrectionOrFollowedByAResultIsFound() {
        Round r = new Round();
        String byPlayer = r.games.get(0);
        String early = r.games.get(2);
        r.log.appendUnchecked(byPlayer, new Actor(Actor.Role.PLAYER, r.board(1).white()), new GameCancelled(
                "I do not want to play", r.board(1).white(), null, "C.04.2", r.log.at()));
        // the arbiter cancels board 3 directly, before he corrects the pairing
        assertInstanceOf(GameCancelled.class, r.log.game(early, TournamentLogFixture.ARBITER,
                new GameCommand.CancelGame(REASON, null, null, r.log.at())).get(0));
        UUID correction = r.removeBoard3();
        String ended = r.games.get(1);
        r.log.appendUnchecked(ended, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", correction,
                "C.04.2", r.log.at()));
        r.log.appendUnchecked(ended, TournamentLogFixture.SYSTEM, new GameEnded(ended, TournamentLogFixture.T, 1, 2,
                r.board(2).white(), r.board(2).black(), GameResult.WHITE_WINS, 2, 0, EndReason.RESIGNATION,
                "FIDE 2018 5.1.2", true, r.log.at()));

        List<Decision> cancelled = ofKind(r.decisions(), "game cancelled");
        String of = findingOf(cancelled, byPlayer);
        assertTrue(of.contains("cancelled by a player, not by the arbiter"), of);
        of = findingOf(cancelled, early);
        assertTrue(of.contains("no pairing correction of " + TournamentLogFixture.T + " round 1 before it removed "
                + "board 3"), of);
        List<Decision> afterwards = cancelled.stream().filter(d -> d.subject().equals(ended)
                && d.evidence().startsWith("GameEnded")).toList();
        assertEquals(1, afterwards.size(), cancelled::toString);
        assertTrue(afterwards.get(0).finding().contains("yet the log records GameEnded after it: a cancelled game is "
                + "not played and has no result"), afterwards.get(0).finding());
        assertTrue(afterwards.get(0).evidence().contains("GameEnded 1-0 (RESIGNATION)"), afterwards.get(0).evidence());
        // board 3's game was cancelled, if too early: the correction's side does not report it a second time
        List<Decision> removed = ofKind(r.decisions(), "board removed by a pairing correction");
        assertEquals(1, removed.size(), removed::toString);
        assertTrue(removed.get(0).confirmed() && removed.get(0).finding().contains("had been cancelled already"),
                removed::toString);
    }

    @Test
    void aCancellationByTheServiceWithoutTheCorrectionOrBeforeTheCorrectionItNamesIsFound() {
        Round r = new Round();
        String withoutCorrection = r.games.get(2);
        String tooEarly = r.games.get(1);
        // a faulty service cancelled board 3 on its own, and board 2 ahead of the correction it names
        r.log.appendUnchecked(withoutCorrection, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", null,
                "C.04.2", r.log.at()));
        UUID correction = r.log.nextEventIdOf(TournamentLogFixture.T);
        r.log.appendUnchecked(tooEarly, TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1", correction,
                "C.04.2", r.log.at()));
        List<Bye> byes = List.of(r.board(2).white(), r.board(2).black(), r.board(3).white(), r.board(3).black())
                .stream().map(p -> new Bye(p, ByeKind.HALF_POINT, Score.HALF)).toList();
        r.log.tournamentDoes(TournamentLogFixture.ARBITER, new TournamentCommand.CorrectPairing(TournamentLogFixture.T,
                r.log.commandId(), TournamentLogFixture.ARBITER, r.log.at(), 1, List.of(r.board(1)), byes, REASON));
        assertEquals(correction, r.log.lastEventIdOf(TournamentLogFixture.T));

        List<Decision> cancelled = ofKind(r.decisions(), "game cancelled");
        assertEquals(2, cancelled.size(), cancelled::toString);
        String of = findingOf(cancelled, withoutCorrection);
        assertTrue(of.contains("cancelled by the service without the arbiter's published correction"), of);
        of = findingOf(cancelled, tooEarly);
        assertTrue(of.contains("it precedes the correction it names (correction " + correction + " of "
                + TournamentLogFixture.T + " round 1"), of);
    }

    @Test
    void aCancellationAfterEveryMoveWasTakenBackToTheStartIsConfirmedAsTheGameJudgesIt() {
        Round r = new Round();
        String third = r.games.get(2);
        r.log.move(third, "e2e4");
        r.log.move(third, "e7e5");
        // the arbiter restores the initial position: the game stands at ply 0, no illegal move recorded
        r.log.game(third, TournamentLogFixture.ARBITER, new GameCommand.ArbiterRuling(RulingKind.RESTORE_POSITION,
                "FIDE 2018 7.2.1", "wrong initial position", null, null, 0, 0, 0, 0, r.log.at()));
        UUID correction = r.removeBoard3();
        // the game core accepts the cancellation (howTheGameBegan: ply 0, no illegal move) ...
        assertInstanceOf(GameCancelled.class, r.cancel(third, correction).get(0));

        // ... and the audit judges it by the same rule: no "had begun (taken back since)" finding
        List<Decision> all = r.decisions();
        assertEquals("", findings(all), "nothing discrepant");
        List<Decision> cancelled = ofKind(all, "game cancelled");
        assertEquals(1, cancelled.size(), all::toString);
        assertTrue(cancelled.get(0).confirmed(), cancelled::toString);
        assertTrue(cancelled.get(0).finding().startsWith("cancelled before it began"), cancelled.get(0).finding());
    }

    @Test
    void aCorrectionWithoutAnActorIsReportedNotACrash() {
        Round r = new Round();
        Board third = r.board(3);
        UUID correction = r.log.nextEventIdOf(TournamentLogFixture.T);
        // PairingCorrected.actor is optional on the wire: a correction written without one
        r.log.appendTournamentUnchecked(TournamentLogFixture.SYSTEM, new PairingCorrected(TournamentLogFixture.T,
                r.log.commandId(), null, r.log.at(), 1, List.of(r.board(1), r.board(2)),
                List.of(new Bye(third.white(), ByeKind.HALF_POINT, Score.HALF),
                        new Bye(third.black(), ByeKind.HALF_POINT, Score.HALF)), REASON));
        assertEquals(correction, r.log.lastEventIdOf(TournamentLogFixture.T));
        r.log.appendUnchecked(r.games.get(2), TournamentLogFixture.SYSTEM, new GameCancelled(REASON, "arb-1",
                correction, "C.04.2", r.log.at()));

        List<Decision> all = r.decisions();
        String of = findingOf(ofKind(all, "game cancelled"), r.games.get(2));
        assertEquals("it names arb-1 as the arbiter, but the correction records no actor", of);
        List<Decision> removed = ofKind(all, "board removed by a pairing correction");
        assertEquals(1, removed.size(), all::toString);
        assertTrue(removed.get(0).evidence().startsWith("correction " + correction + " of " + TournamentLogFixture.T
                + " round 1 at "), removed.get(0).evidence());
        assertTrue(removed.get(0).evidence().contains(" by no recorded actor (reason: " + REASON + ")"),
                removed.get(0).evidence());
    }

    private static String findingOf(List<Decision> decisions, String gameId) {
        List<String> found = decisions.stream().filter(d -> d.subject().equals(gameId) && !d.confirmed())
                .map(Decision::finding).toList();
        assertEquals(1, found.size(), () -> gameId + ": " + decisions);
        return found.get(0);
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.Ruleset;

/**
 * The console's fold of a game's events answers the plies only where it follows them: moves and takebacks, not an
 * illegal move that stands (its effect on the record is the game core's), until the next move says again.
 */
class GameProgressTest {

    private static final Instant AT = Instant.parse("2026-11-26T10:00:00Z");
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private static MoveEvent.MovePlayed played(int ply, String san) {
        return new MoveEvent.MovePlayed(ply, ply % 2 == 1 ? Side.WHITE : Side.BLACK, san, "", "", MoveSource.BOARD,
                null, AT);
    }

    @Test
    void thePliesFollowTheMovesAndTakebacks() {
        GameProgress.Game game = new GameProgress.Game();
        assertFalse(game.started, "no game before its GameStarted");
        GameProgress.apply(game, new MoveEvent.GameStarted("t", 1, 1, "w", "b", Ruleset.DEFAULT, START, AT));
        assertTrue(game.started && game.sure);
        assertEquals(0, game.plies);
        GameProgress.apply(game, played(1, "e4"));
        GameProgress.apply(game, played(2, "e5"));
        GameProgress.apply(game, played(3, "Nf3"));
        assertEquals(3, game.plies);
        // FIDE 2018 7.5.1: the position before the irregularity is restored
        GameProgress.apply(game, new MoveEvent.MovesTakenBack(2, START, "illegal move", "7.5.1", AT));
        assertEquals(2, game.plies);
        assertTrue(game.sure);
    }

    @Test
    void anIllegalMoveThatStandsIsNotGuessedAt() {
        GameProgress.Game game = new GameProgress.Game();
        GameProgress.apply(game, new MoveEvent.GameStarted("t", 1, 1, "w", "b", Ruleset.DEFAULT, START, AT));
        GameProgress.apply(game, played(1, "e4"));
        GameProgress.apply(game, new MoveEvent.IllegalMoveRecorded(2, Side.BLACK, "Ke7", "no such move", 1, false,
                "7.5.1", Penalty.NONE, AT));
        assertTrue(game.sure, "an illegal move taken back leaves the plies as they were");
        assertEquals(1, game.plies);
        GameProgress.apply(game, new MoveEvent.IllegalMoveRecorded(2, Side.BLACK, "Ke7", "not claimed", 1, true,
                "7.5.1", Penalty.NONE, AT));
        assertFalse(game.sure, "an illegal move that stands: the console asks the game service");
        GameProgress.apply(game, played(3, "Nf3"));
        assertTrue(game.sure, "the next move says how far the game is");
        assertEquals(3, game.plies);
    }

    // ------------------------------------------------------------------------------------------------ the fold as news

    private static final String GAME = "g-1";
    private static long sequence;

    private static void fold(GameProgress progress, EventMessage event) {
        progress.fold(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, GAME, ++sequence,
                new Actor(Actor.Role.BOARD, "device-1"), AT, event));
    }

    private static GameProgress startedWithOneMove() {
        GameProgress progress = new GameProgress();
        fold(progress, new MoveEvent.GameStarted("t", 1, 1, "w", "b", Ruleset.DEFAULT, START, AT));
        fold(progress, played(1, "e4"));
        return progress;
    }

    @Test
    void aMoveThisConsoleSentIsWaitedForUntilTheFoldReadsItBack() throws Exception {
        // given a game at 1. e4 whose 1...e5 this console has just handed to the game service
        GameProgress progress = startedWithOneMove();
        assertFalse(progress.expects(GAME, 2), "nothing sent yet: nothing to wait for");
        progress.sent(GAME, 2);
        assertTrue(progress.expects(GAME, 2), "sent, not read back yet");
        // when White's next own move waits for it
        CompletableFuture<Boolean> reached = progress.reached(GAME, 2, Duration.ofSeconds(30));
        assertFalse(reached.isDone(), "the fold does not have ply 2 yet: the request waits (no thread held)");
        // then the fold's reading the move back frees it at once
        fold(progress, played(2, "e5"));
        assertTrue(reached.get(1, TimeUnit.SECONDS), "freed by the fold");
        assertFalse(progress.expects(GAME, 2), "read back");
        assertTrue(progress.reached(GAME, 2, Duration.ofSeconds(30)).isDone(), "a ply the fold has: no wait at all");
    }

    @Test
    void theWaitIsBounded() throws Exception {
        // given the game's event does not come back (the fold far behind)
        GameProgress progress = startedWithOneMove();
        progress.sent(GAME, 2);
        long began = System.nanoTime();
        // then the request is answered "waiting" after the bound, as before (the device sends again)
        assertEquals(false, progress.reached(GAME, 2, Duration.ofMillis(200)).get(5, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - began >= TimeUnit.MILLISECONDS.toNanos(150), "waited for the bound");
    }

    @Test
    void theSheetsPollIsAnsweredFromTheFold() {
        // given a game with a rejected threefold claim of Black's (two minutes to White), a warning and White's win
        GameProgress progress = startedWithOneMove();
        ClaimEvent.ClaimRejected rejected = new ClaimEvent.ClaimRejected(Side.BLACK, DrawClaimKind.THREEFOLD,
                "the position occurred 2 time(s), not three", "FIDE 2018 9.5.2",
                new Penalty(120_000, 0, "FIDE 2018 9.5.2.2", "opponent +120 s"), true,
                new ClaimEvidence(START, List.of(8, 12), 20, 4), AT);
        Envelope rejection = Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, GAME, ++sequence,
                new Actor(Actor.Role.BOARD, "device-2"), AT, rejected);
        progress.fold(rejection);
        fold(progress, new ClaimEvent.RulingIssued(RulingKind.WARNING, "FIDE 2018 12.9.1", "disturbing the opponent",
                Side.WHITE, null, 0, 0, 0, 0, AT, null));
        fold(progress, new ResultEvent.GameEnded(GAME, "t", 1, 1, "w", "b", GameResult.WHITE_WINS, 2, 0,
                EndReason.RESIGNATION, "FIDE 2018 5.1.2", true, AT, 1));
        // and the claims topic read again from its beginning (a broker failure): the same event comes twice
        progress.fold(rejection);

        // then the poll's answer holds the result and each decision once, in the words the game's file gives
        GameProgress.Known known = progress.knownOfFold(GAME).orElseThrow();
        assertEquals("ENDED", known.phase());
        assertEquals("1-0", known.result());
        var state = Scoresheets.fromFold(new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode(),
                Words.EN, known);
        assertEquals("1-0", state.path("result").asText());
        assertEquals(2, state.path("arbiter").size(), state.toString());
        assertEquals(SheetNotice.text(Words.EN, "game.ClaimRejected", "THREEFOLD_REJECTED", "BLACK",
                "FIDE 2018 9.5.2", SheetNotice.reason(Words.EN, rejected), SheetNotice.penalty(Words.EN, Side.BLACK,
                        rejected.penalty())), state.path("arbiter").get(0).asText());
        assertTrue(state.path("arbiter").get(0).asText().contains("120 s added to White's time"),
                state.path("arbiter").get(0).asText());
        assertEquals(SheetNotice.text(Words.EN, "game.RulingIssued", "WARNING", "WHITE", "FIDE 2018 12.9.1",
                "disturbing the opponent", ""), state.path("arbiter").get(1).asText());
    }

    @Test
    void aGameTheFoldDoesNotKnowIsAskedOfTheGameService() {
        GameProgress progress = new GameProgress();
        assertTrue(progress.knownOfFold(GAME).isEmpty(), "no GameStarted folded: not known");
        assertTrue(progress.known(GAME).isEmpty(), "nothing followed: the route asks the game service");
    }
}

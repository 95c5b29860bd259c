package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.ORGANISER;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.CorrectResult;
import org.torneo.contracts.game.GameCommand.OfferDraw;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.ReportIllegalMoveNotCompleted;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * A corrected pairing that no longer has a game (its board removed, or both players now with byes) cancels it if it
 * has not begun (C.04.2; C.04.3 of 2017 F.6-F.7, current FIDE practice: the seeds are silent): it is over, unplayed,
 * with no result and no GameEnded; a game that has begun is played as paired, and the refusal is recorded.
 */
class GameCancellationTest {

    private static final Actor GAME_SERVICE = Actor.system("game");
    private static final UUID CORRECTION = UUID.fromString("00000000-0000-0000-0000-0000000000c2");
    private static final String WHY = "board 12 was paired twice on the list made public";
    private static final String CANCELLED = "the game was cancelled by a pairing correction: " + WHY;

    private static CancelGame cancellation() {
        return new CancelGame(WHY, "arbiter-7", CORRECTION, at());
    }

    private static GameSpec cancelled() {
        return GameSpec.fide2018().given(GAME_SERVICE, cancellation());
    }

    @Test
    void aGameNotYetBegunIsCancelledWithoutAResult() {
        GameSpec spec = GameSpec.fide2018().when(GAME_SERVICE, cancellation()).then(GameCancelled.class);
        GameCancelled cancelled = spec.event(GameCancelled.class);
        assertEquals(WHY, cancelled.reason());
        assertEquals("arbiter-7", cancelled.cancelledBy(), "the arbiter who decided, not the service that applied it");
        assertEquals(CORRECTION, cancelled.pairingCorrection());
        assertTrue(cancelled.article().contains("C.04.3"), cancelled.article());
        assertEquals(at(), cancelled.cancelledAt());

        assertEquals(GameState.Phase.CANCELLED, spec.state.phase());
        assertTrue(spec.state.isOver());
        assertTrue(spec.state.isCancelled());
        assertNull(spec.state.result(), "a cancelled game has no result");
        assertNull(spec.state.ended());
        assertFalse(spec.history.stream().anyMatch(e -> e instanceof GameEnded), "no GameEnded: it was not played");
    }

    @Test
    void anArbiterCancelsAGameDirectlyAndIsNamed() {
        GameSpec spec = GameSpec.fide2018().when(ARBITER, new CancelGame(WHY, "someone-else", null, at()))
                .then(GameCancelled.class);
        GameCancelled cancelled = spec.event(GameCancelled.class);
        assertEquals(ARBITER.id(), cancelled.cancelledBy(), "an arbiter acting directly is the one who cancelled");
        assertNull(cancelled.pairingCorrection());
    }

    @Test
    void onceAMoveHasBeenMadeTheGameIsPlayedAsPairedAndTheRefusalIsRecorded() {
        GameSpec spec = GameSpec.fide2018().moves("e4").when(GAME_SERVICE, cancellation())
                .rejected("the game has begun: it is played as paired; the arbiter may annul it or set its result");
        CommandRejected rejected = spec.event(CommandRejected.class);
        assertEquals("game.CancelGame", rejected.commandType());
        assertTrue(rejected.reason().contains("1 ply has been played"), rejected.reason());
        assertTrue(rejected.article().contains("C.04.3"), rejected.article());
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());

        // the arbiter himself is refused too; the game goes on and ends with a result
        spec.when(ARBITER, new CancelGame(WHY, null, null, at())).rejected("the game has begun");
        GameEnded ended = spec.when(BLACK_PLAYER, new Resign(Side.BLACK, at())).ended();
        assertEquals(GameResult.WHITE_WINS, ended.result());
    }

    @Test
    void anIllegalMoveMadeAtTheFirstMoveAlsoMeansTheGameHasBegun() {
        GameSpec.fide2018().given(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e2e5", at()))
                .when(GAME_SERVICE, cancellation()).rejected("an illegal move has been made");
    }

    @Test
    void aGameIsCancelledOnlyOnce() {
        cancelled().when(GAME_SERVICE, cancellation()).rejected(CANCELLED);
        cancelled().when(ARBITER, new CancelGame("another reason", null, null, at())).rejected(CANCELLED);
    }

    @Test
    void aGameThatIsOverIsNotCancelled() {
        GameSpec.fide2018().given(ARBITER, new ReportDefault(null, at())).when(GAME_SERVICE, cancellation())
                .rejected("the game is over");
    }

    @Test
    void aMoveAfterTheCancellationIsRefused() {
        GameSpec spec = cancelled().when(WHITE_PLAYER, new SubmitMove("e4", null, MoveSource.BOARD, null, at()))
                .rejected(CANCELLED);
        assertEquals("game.SubmitMove", spec.event(CommandRejected.class).commandType());
        assertTrue(spec.event(CommandRejected.class).article().contains("C.04.3"));
        assertEquals(0, spec.state.ply());
        cancelled().when(BOARD, new SubmitMove("e4", null, MoveSource.BOARD, null, at())).rejected(CANCELLED);
    }

    @Test
    void aFlagFallAfterTheCancellationIsRefused() {
        GameSpec spec = cancelled().when(BOARD, new ReportFlagFall(Side.WHITE, false, true, at())).rejected(CANCELLED);
        assertNull(spec.state.result());
    }

    @Test
    void correctingThePlayersOfACancelledGameIsRefused() {
        cancelled().when(GAME_SERVICE, new CorrectPlayers("p-x", "p-y", WHY, "arbiter-7", CORRECTION, at()))
                .rejected(CANCELLED);
        cancelled().when(ARBITER, new CorrectPlayers("p-x", "p-y", WHY, null, null, at())).rejected(CANCELLED);
    }

    @Test
    void everyOtherCommandToACancelledGameIsRefused() {
        cancelled().when(ARBITER, new ReportDefault(Side.BLACK, at())).rejected(CANCELLED);
        cancelled().when(BLACK_PLAYER, new Resign(Side.BLACK, at())).rejected(CANCELLED);
        cancelled().when(WHITE_PLAYER, new OfferDraw(Side.WHITE, at())).rejected(CANCELLED);
        cancelled().when(WHITE_PLAYER, new ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, null, at()))
                .rejected(CANCELLED);
        cancelled().when(ARBITER, new ArbiterRuling(RulingKind.DECLARE_RESULT, "FIDE 2018 12.2", "no", null,
                GameResult.DRAW, 1, 1, -1, 0, at())).rejected(CANCELLED);
        cancelled().when(ARBITER, new CorrectResult(GameResult.DRAW, 1, 1, false, CORRECTION, "no", at()))
                .rejected(CANCELLED);
        cancelled().when(ORGANISER, new StartGame("t-1", 3, 12, "p-x", "p-y",
                new Ruleset(Edition.FIDE_2018, Category.STANDARD), null, null, null, null, null, at()))
                .rejected(CANCELLED);
    }

    @Test
    void onlyTheArbiterOrTheGameServiceActingOnHisPublishedCorrectionMayCancel() {
        for (Actor actor : List.of(WHITE_PLAYER, BOARD, ORGANISER, GameSpec.EBOARD)) {
            GameSpec spec = GameSpec.fide2018().when(actor, cancellation())
                    .rejected("only the arbiter cancels a game of a pairing made public");
            assertFalse(spec.state.isOver());
        }
        GameSpec.fide2018().when(GAME_SERVICE, new CancelGame(WHY, null, null, at()))
                .rejected("only a pairing correction the arbiter published");
        GameSpec.notStarted().when(GAME_SERVICE, cancellation()).rejected("has not been started");
    }

    @Test
    void theCancellationIsAcceptedUnderEveryEditionBeforeTheFirstMove() {
        for (Edition edition : Edition.values()) {
            GameSpec spec = GameSpec.game(new Ruleset(edition, Category.STANDARD), null, EventRegulations.DEFAULT);
            spec.when(GAME_SERVICE, cancellation()).then(GameCancelled.class);
            assertTrue(spec.state.isCancelled(), edition.name());
        }
    }
}

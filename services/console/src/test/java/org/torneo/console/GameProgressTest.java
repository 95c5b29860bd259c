package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
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
}

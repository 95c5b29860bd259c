package org.torneo.clock.core.takeback;

import java.util.List;

import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockEvent;

/**
 * The clock after the game took moves back (game.MovesTakenBack): an illegal move found later (FIDE 2018 7.5.1, the
 * position before it is restored) or the arbiter's restored position (FIDE 2018 7.1, 7.4). The clock's move counters go
 * back to the plies kept and the clock of the side to move in the restored position runs; the times stay as the
 * clocks show them (FIDE 2018 7.5.1 / 6.10.2: the arbiter adjusts the clocks only if necessary, by a ruling or on the
 * clock itself).
 *
 * <p>Without this the clock would keep counting the moves taken back: after a takeback to the initial position
 * White's first move would look like a new game's (see {@link org.torneo.clock.core.newgame.NewGame#held}) and be
 * held, and after a takeback to an odd ply the wrong side's clock would run.
 *
 * <p>Recorded as a {@code clock.TimesSet} (the times as shown, the counters of the plies kept, the side to move), at
 * the takeback's time or the clock's latest instant when that is later.
 */
public final class TakeBack {

    private TakeBack() {
    }

    /**
     * The events that put {@code state}'s counters back to {@code keptPlies} (0 = the start position), with
     * {@code toMove} to move in the position kept (null: as in a game White began). Empty when the clock runs no game
     * (not started, stopped, cancelled), when a new game's presses are held (the takeback is then the annulled game's
     * or the new game's, which the clock cannot tell yet), or when the clock already stands at the plies kept with
     * the right side to move.
     */
    public static List<ClockEvent> decide(ClockState state, String commandId, Actor actor, long at, int keptPlies,
                                          Side toMove, String article, String reason) {
        if (!state.started() || state.status() == ClockStatus.STOPPED || state.status() == ClockStatus.CANCELLED
                || !state.heldPresses().isEmpty() || keptPlies < 0) {
            return List.of();
        }
        Side sideToMove = toMove != null ? toMove : keptPlies % 2 == 0 ? Side.WHITE : Side.BLACK;
        // the side that made the first move: the one to move after an even number of plies
        Side first = keptPlies % 2 == 0 ? sideToMove : sideToMove.opponent();
        int whiteMoves = first == Side.WHITE ? (keptPlies + 1) / 2 : keptPlies / 2;
        int blackMoves = keptPlies - whiteMoves;
        if (state.white().moves() == whiteMoves && state.black().moves() == blackMoves
                && state.toMove() == sideToMove) {
            return List.of();
        }
        long when = Math.max(at, state.lastEventAt());
        long white = Math.max(0, state.remaining(Side.WHITE, when));
        long black = Math.max(0, state.remaining(Side.BLACK, when));
        // FIDE 2018 7.5.1, 6.10.2: the position before the irregularity is restored; the clocks keep their times
        return ClockDecider.handle(new SetTimes(state.gameId(), commandId, actor, when, white, black, whiteMoves,
                blackMoves, sideToMove, article == null || article.isBlank() ? "FIDE 2018 7.5.1" : article,
                "moves taken back to ply " + keptPlies + (reason == null || reason.isBlank() ? "" : ": " + reason)),
                state);
    }
}

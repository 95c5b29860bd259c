package org.torneo.clock.core.newgame;

import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;

/**
 * The clock of a game that is annulled and played again from the initial position (FIDE 2018 7.2.1, 7.3 and I.12.2;
 * 1997 A.11b): the clocks are set as at the start of a game, each side to the first period's base time of its own
 * control with no move made, and White's clock runs from the ruling. The Laws say only that "a new game shall be
 * played"; nothing carries over from the annulled game, so neither time used nor penalties do (current FIDE
 * practice: a new game is a new game). A clock adjourned or paused is started first, so that White's clock runs.
 *
 * <p>The result is commands for the clock decider, decided one after the other; the first has {@code commandId},
 * the next ones a suffix, so each is idempotent under the platform's command ids.
 */
public final class NewGame {

    private NewGame() {
    }

    /**
     * The commands that put {@code state}'s clock back to the start, at {@code at} (or the clock's latest instant
     * when that is later: the new game's first events may have been recorded before the ruling reached the clock).
     * Empty when the clock is not running a game (not started, or stopped for good).
     */
    public static List<ClockCommand> commands(ClockState state, String commandId, Actor actor, long at,
                                              String article, String reason) {
        List<ClockCommand> out = new ArrayList<>(2);
        String game = state.gameId();
        long when = Math.max(at, state.lastEventAt());
        switch (state.status()) {
            case NOT_STARTED, STOPPED -> {
                return List.of();
            }
            // FIDE 2018 6.6: White's clock is started at the start of the game
            case ADJOURNED -> out.add(new ResumeSession(game, commandId, actor, when));
            case PAUSED -> out.add(new ResumeClock(game, commandId, actor, when));
            case RUNNING -> {
            }
        }
        long white = state.control(Side.WHITE).period(0).baseMillis();
        long black = state.control(Side.BLACK).period(0).baseMillis();
        out.add(new SetTimes(game, out.isEmpty() ? commandId : commandId + "/new-game", actor, when, white, black, 0, 0,
                Side.WHITE, article, reason));
        return out;
    }
}

package org.torneo.clock.core.newgame;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.clock.HeldPress;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.NewGameStarted;
import org.torneo.contracts.clock.ClockEvent.PressHeld;
import org.torneo.contracts.clock.TimeControl;

/**
 * The clock of a game that is annulled and played again from the initial position (FIDE 2018 7.2.1, 7.3 and I.12.2;
 * 1997 A.11b): the clocks are set as at the start of a game, each side to the first period's base time of its own
 * control as announced, with no move made, and White's clock runs from the ruling. The Laws say only that "a new
 * game shall be played"; nothing carries over from the annulled game, so neither time used, penalties, flags nor an
 * increment introduced under FIDE 2018 III.4 do (current FIDE practice: a new game is a new game). A clock adjourned
 * or paused is started first, so that White's clock runs.
 *
 * <p>The annulment and the new game's moves may reach the clock in either order: an arbiter's ruling travels on the
 * claims topic, the moves on the moves topic. A press the clock cannot place in the game it runs (see
 * {@link #held}) is kept aside as PressHeld, and pressed when the new game starts on the clock, so the new game's
 * clock is the same whichever was read first, and a replay of the recorded events rebuilds it.
 *
 * <p>The first event has {@code commandId}, the next ones a suffix, so each is idempotent under the platform's ids.
 */
public final class NewGame {

    private NewGame() {
    }

    /**
     * The events that put {@code state}'s clock back to the start, at {@code at} (or the clock's latest instant when
     * that is later: a flag or a penalty of the annulled game may have been recorded after the ruling was decided),
     * followed by the presses of the new game that were held. Empty when the clock is not running a game (not
     * started, or stopped for good).
     */
    public static List<ClockEvent> decide(ClockState state, String commandId, Actor actor, long at, String article,
                                          String reason) {
        if (!state.started() || state.status() == ClockStatus.STOPPED || state.status() == ClockStatus.CANCELLED) {
            return List.of();
        }
        String game = state.gameId();
        long when = Math.max(at, state.lastEventAt());
        // FIDE 2018 6.6: White's clock is started at the start of the game
        ClockCommand restart = switch (state.status()) {
            case ADJOURNED -> new ResumeSession(game, commandId, actor, when);
            case PAUSED -> new ResumeClock(game, commandId, actor, when);
            default -> null;
        };
        List<ClockEvent> out = new ArrayList<>();
        ClockState s = state;
        if (restart != null) {
            s = record(ClockDecider.decide(restart, s), s, out);
        }
        String id = restart == null ? commandId : commandId + "/new-game";
        long white = announced(state, Side.WHITE).period(0).baseMillis();
        long black = announced(state, Side.BLACK).period(0).baseMillis();
        s = record(List.of(new NewGameStarted(game, id, actor, when, white, black, article, reason)), s, out);
        s = record(ClockDecider.decide(new SetTimes(game, id, actor, when, white, black, 0, 0, Side.WHITE, article,
                reason), s), s, out);
        // the new game's presses read before this annulment, in the order they were made; one made before the ruling
        // cannot belong to the new game and is refused as going back in time
        for (HeldPress held : state.heldPresses()) {
            s = record(ClockDecider.handle(new PressClock(game, held.commandId(), held.actor(), held.at(),
                    held.side()), s), s, out);
        }
        return out;
    }

    /**
     * Whether {@code press}, the completion of the game's move {@code ply}, belongs to a new game whose annulment the
     * clock has not read yet, and must be held: the game's events after an annulment come on the moves topic while the
     * annulment itself comes on the claims topic, so the new game's first moves can be read first. Such a press is
     * recognised by what the clock's own game cannot explain:
     * <ul>
     * <li>the clock is adjourned: the game's resumption (GameResumed, an absence at the resumption) travels on the
     * moves topic before any move of the resumed game, so a move read while adjourned is a new game's (FIDE 2018
     * I.12.2: an annulled adjourned game);</li>
     * <li>White completes the game's first move (ply 1) while the clock has counted moves: the game counts plies from
     * one again only for a new game (FIDE 2018 7.2.1);</li>
     * <li>presses are already held: the new game goes on before its annulment arrived.</li>
     * </ul>
     * Empty when the press belongs to the game the clock runs.
     */
    public static Optional<PressHeld> held(ClockState state, PressClock press, int ply) {
        if (!state.started() || state.status() == ClockStatus.STOPPED || state.status() == ClockStatus.CANCELLED) {
            return Optional.empty();
        }
        String reason;
        if (state.status() == ClockStatus.ADJOURNED) {
            reason = "the game is adjourned: a move completed now is a new game's, whose annulment (FIDE 2018 I.12.2)"
                    + " has not reached the clock yet";
        } else if (!state.heldPresses().isEmpty()) {
            reason = "the new game goes on before its annulment has reached the clock";
        } else if (ply == 1 && press.side() == Side.WHITE && state.white().moves() + state.black().moves() > 0) {
            reason = "the game's first move while the clock has counted " + (state.white().moves()
                    + state.black().moves()) + ": a new game's, whose annulment (FIDE 2018 7.2.1) has not reached the"
                    + " clock yet";
        } else {
            return Optional.empty();
        }
        return Optional.of(new PressHeld(press.gameId(), press.commandId(), press.actor(), press.at(), press.side(),
                ply, reason));
    }

    /** The control {@code side} started the game with: an increment introduced since (III.4) does not count. */
    private static TimeControl announced(ClockState state, Side side) {
        if (state.announcedControl() == null) {
            return state.control(side);
        }
        return side == Side.BLACK && state.announcedBlackControl() != null ? state.announcedBlackControl()
                : state.announcedControl();
    }

    private static ClockState record(List<ClockEvent> events, ClockState state, List<ClockEvent> out) {
        ClockState s = state;
        for (ClockEvent event : events) {
            out.add(event);
            s = ClockDecider.evolve(s, event);
        }
        return s;
    }
}

package org.torneo.clock.core.claim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.clock.HeldPause;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.PauseHeld;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld.HeldAdjustment;
import org.torneo.contracts.game.DrawClaimKind;

/**
 * The clocks stop while a draw claim is checked (FIDE 2018 6.11.2, 9.5.1; 1997/2001 9.5a) and the arbiter restarts them
 * (6.11.3). The claim travels on the claims topic and the presses on the moves topic, so the clock may read a claim
 * before the claimant's last press. Their order is restored here, from what the claim said (the plies the game had
 * completed when it was made), never from a wall clock:
 * <ul>
 * <li>the clock has seen fewer presses than the game had at the claim: the pause is held ({@link #held}, PauseHeld),
 * the clock runs on as it was, and no flag falls and no one defaults meanwhile (in order it was paused);</li>
 * <li>the arbiter's ruling read while the pause is held (a rejected or postponed claim: its time added or deducted,
 * then the restart) is kept with it ({@link #ruled}, ResumeHeld), so that the penalty comes after the pause's readings
 * and the restart at the ruling's instant, as in order;</li>
 * <li>once the clock has the presses the game had (or the press of the claim's last ply itself, by its ply), the clock
 * pauses at the claim's instant and, when the ruling is in, applies its penalty and restarts at the ruling's instant
 * ({@link #release}): the same readings as when read in order.</li>
 * </ul>
 * A claim read when the clock has more presses than the game had at the claim finds a game that already went on: it
 * pauses nothing (the input decider's rule, {@code ClockInputDecider}). A claim that names no plies pauses at once,
 * as before.
 *
 * <p>A claim the game ruled at once ({@code ClaimFiled.ruledAtOnce}: a threefold or fifty-move claim upheld or rejected
 * in its filing's decision, FIDE 2018 9.2, 9.3, 9.5) implies no pause at all: the clocks are stopped for it
 * (9.5.1, 6.11.2) and restarted (6.11.3) at the same instant, a pause of no length that changes no time. Recording it
 * made the clock's events depend on its reading order (the filing read after the claimant's next press found a game
 * that had gone on, and paused nothing); without it the clock records the same in every order: for an upheld claim the
 * end's stop, for a rejected one its penalty (FIDE 2018 9.5.3, 1997/2001 9.5b, as the game decided it), applied at the
 * clock's latest instant whichever press it read first. Only a wrong 1997/2001 claim whose deduction the clock must
 * compute from the claimant's time at the claim (9.5b, no reading known to the game) is not ruled at once: the clock
 * measures that time on its paused clocks.
 */
public final class ClaimPause {

    private ClaimPause() {
    }

    /** Why the clock pauses for a draw claim (the same words whichever record the pause comes from). */
    public static String reason(DrawClaimKind kind, Side by) {
        return "draw claim (" + kind + ") by " + by + ": the arbiter decides";
    }

    /**
     * Whether {@code pause}, a claim made after {@code completedPlies} plies, must wait for presses the clock has not
     * read yet: the PauseHeld to record, or empty when it does not (no count, the clock not running, presses of a new
     * game or an end already held, or the clock has the presses).
     */
    public static Optional<PauseHeld> held(ClockState state, PauseClock pause, Integer completedPlies) {
        if (completedPlies == null || !state.started() || state.status() != ClockStatus.RUNNING
                || state.heldPause() != null || state.heldEnd() != null || !state.heldPresses().isEmpty()
                || state.completedMoves() >= completedPlies) {
            return Optional.empty();
        }
        return Optional.of(new PauseHeld(pause.gameId(), pause.commandId(), pause.actor(), pause.at(), pause.reason(),
                completedPlies, state.completedMoves()));
    }

    /**
     * The arbiter's ruling read while the claim's pause is held ({@code ruling}: the commands it implies, its time added
     * or deducted and then the restart): the ResumeHeld to record, applied whole right after the pause, or empty when no
     * pause is held, a ruling is already kept, or the ruling implies anything else (applied as read).
     */
    public static Optional<ResumeHeld> ruled(ClockState state, List<ClockCommand> ruling) {
        HeldPause pause = state.heldPause();
        if (pause == null || pause.ruling() != null || state.status() != ClockStatus.RUNNING || ruling.isEmpty()
                || !(ruling.get(ruling.size() - 1) instanceof ResumeClock resume)) {
            return Optional.empty();
        }
        List<HeldAdjustment> adjustments = new ArrayList<>();
        for (ClockCommand c : ruling.subList(0, ruling.size() - 1)) {
            switch (c) {
                case AddTime a -> adjustments.add(new HeldAdjustment(a.commandId(), a.actor(), a.side(), a.millis(),
                        false, a.article(), a.reason()));
                case DeductTime d -> adjustments.add(new HeldAdjustment(d.commandId(), d.actor(), d.side(), d.millis(),
                        true, d.article(), d.reason()));
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(new ResumeHeld(resume.gameId(), resume.commandId(), resume.actor(), resume.at(), adjustments));
    }

    /**
     * The held pause once its presses are in: after a press of the game's ply {@code pressedPly} (null when not
     * known), ClockPaused at the claim's instant (never before the clock's latest event), then, when the ruling was read
     * meanwhile, its time added or deducted and ClockResumed at the ruling's instant; empty while presses are still
     * missing or no pause is held.
     */
    public static List<ClockEvent> release(ClockState state, Integer pressedPly) {
        HeldPause held = state.heldPause();
        if (held == null || state.status() != ClockStatus.RUNNING) {
            return List.of();
        }
        boolean allPressed = state.completedMoves() >= held.completedPlies()
                || pressedPly != null && pressedPly >= held.completedPlies();
        if (!allPressed) {
            return List.of();
        }
        List<ClockEvent> out = new ArrayList<>();
        ClockState s = state;
        List<ClockEvent> paused = ClockDecider.handle(new PauseClock(s.gameId(), held.commandId(), held.actor(),
                Math.max(held.at(), s.lastEventAt()), held.reason()), s);
        for (ClockEvent event : paused) {
            out.add(event);
            s = ClockDecider.evolve(s, event);
        }
        ResumeHeld ruling = held.ruling();
        if (ruling == null || s.status() != ClockStatus.PAUSED) {
            return out;
        }
        List<ClockCommand> commands = new ArrayList<>();
        for (HeldAdjustment a : ruling.adjustments()) {
            // as read in order: the penalty at the clock's latest instant, the pause's (it does not depend on when)
            commands.add(a.deduction()
                    ? new DeductTime(s.gameId(), a.commandId(), a.actor(), s.lastEventAt(), a.side(), a.millis(),
                            a.article(), a.reason())
                    : new AddTime(s.gameId(), a.commandId(), a.actor(), s.lastEventAt(), a.side(), a.millis(),
                            a.article(), a.reason()));
        }
        commands.add(new ResumeClock(s.gameId(), ruling.commandId(), ruling.actor(),
                Math.max(ruling.at(), s.lastEventAt())));
        for (ClockCommand command : commands) {
            for (ClockEvent event : ClockDecider.handle(command, s)) {
                out.add(event);
                s = ClockDecider.evolve(s, event);
            }
        }
        return out;
    }
}

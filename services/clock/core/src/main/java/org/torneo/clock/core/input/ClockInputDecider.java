package org.torneo.clock.core.input;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.clock.core.clock.ClockAggregate;
import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.claim.ClaimPause;
import org.torneo.clock.core.end.GameEnd;
import org.torneo.clock.core.newgame.NewGame;
import org.torneo.clock.core.takeback.TakeBack;
import org.torneo.contracts.Decider;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.CancelClock;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ResumeHeld;

/**
 * The clock core's decider seen through {@link ClockInput}: a command goes straight to the core; the
 * commands implied by a game event are decided one after the other on the evolving state. The state
 * and the events are the core's own, so replay and the state digest are unchanged.
 *
 * <p>Game events reach the clock from three topics (moves, claims, results) with no order between them: a
 * penalty or a claim decided at t may be read before the press of a move completed just before it, or after
 * the press of the next move. So:
 * <ul>
 * <li>time added or deducted does not depend on when it is applied (the running side's time is measured from
 * its last press either way): it is recorded at the clock's latest instant, never moving the clock's time on,
 * so an earlier press still in flight is not refused as going back in time;</li>
 * <li>a claim pauses a running clock only when the clock has seen exactly the moves the game had completed at
 * the claim (fewer: a press is still on its way, and the pause is held for it, see below; more: the game already went
 * on and the pause is over); a ruling restarts only a paused clock, and a completed move read while the clock is
 * paused restarts it first at the pause's instant (the game went on: claims are ruled on at once); a pause or
 * restart decided before the clock's latest instant is recorded at that instant;</li>
 * <li>time added or deducted by a decision made before a flag fall that the clock recorded later for that side keeps
 * its instant, and the clock core decides it as of then (the flag had not fallen: FIDE 2018 6.9; see
 * {@code ClockDecider.addTime}).</li>
 * </ul>
 * A new game's move read before the annulment that started it (FIDE 2018 7.2.1, I.12.2: the ruling travels on the
 * claims topic) is held (PressHeld) and pressed once the new game starts on the clock, so the new game's clock is the
 * same whichever the clock read first (see {@link NewGame}).
 * The game's end read before its last presses (results and moves travel on different topics) is held (EndHeld) until
 * the clock has the presses the game had completed at its end, then the clock stops at the end's instant, with the
 * times it would have shown had it read them in order (see {@link GameEnd}). Likewise a claim read before the
 * claimant's last press (claims and moves travel on different topics) holds its pause (PauseHeld), and a ruling read
 * meanwhile its restart (ResumeHeld), until the clock has the presses the game had at the claim (see {@link ClaimPause}).
 * A claim under the Code 1970 leaves the claimant's clock running, and a claim the game ruled at once was paused for
 * no time at all (its filing implies no pause): either way its ruling has nothing to restart, and its penalty is
 * applied at the clock's latest instant like any other, whichever press the clock read first. Once
 * the clock has stopped, only time added or deducted by a decision made before the end is still applied (at the
 * stop's instant): the result may be read before the penalty that preceded it.
 */
public final class ClockInputDecider implements Decider<ClockInput, ClockEvent, ClockState> {

    private final ClockAggregate clock = new ClockAggregate();

    @Override
    public ClockState initialState() {
        return clock.initialState();
    }

    @Override
    public List<ClockEvent> decide(ClockInput input, ClockState state) {
        return switch (input) {
            case ClockInput.Command c -> clock.decide(c.command(), state);
            case ClockInput.FromGame g -> decideAll(g, state);
            case ClockInput.NewGame n -> NewGame.decide(state, n.commandId(), n.actor(), n.at(), n.article(),
                    n.reason());
            case ClockInput.TakeBack t -> TakeBack.decide(state, t.commandId(), t.actor(), t.at(), t.keptPlies(),
                    t.toMove(), t.article(), t.reason());
        };
    }

    private List<ClockEvent> decideAll(ClockInput.FromGame input, ClockState state) {
        // the ruling on a claim whose pause is still held (it waits for the claimant's last press): kept whole, its
        // penalty and restart applied right after the pause
        Optional<ResumeHeld> ruled = ClaimPause.ruled(state, input.commands());
        if (ruled.isPresent()) {
            return List.of(ruled.get());
        }
        Recorded out = new Recorded(state);
        for (ClockCommand implied : withClaimantDeduction(input, state)) {
            if (reachesTheClock(implied, out.state)) {
                decideImplied(implied, input, out);
            }
        }
        return out.events;
    }

    /** Whether a command a game event implies concerns the clock as it is now (see the class comment). */
    private static boolean reachesTheClock(ClockCommand implied, ClockState s) {
        if (s.status() == ClockStatus.CANCELLED) {
            return false; // nothing of a cancelled game reaches its clock any more (a repeated cancellation included)
        }
        if (!s.started() && !(implied instanceof CancelClock)) {
            return false; // no clock for this game (yet); only a cancellation is recorded before the start
        }
        if (s.status() == ClockStatus.STOPPED && !decidedBeforeTheEnd(implied, s)) {
            return false; // the game is over: only a penalty decided while it ran still reaches the final times
        }
        // the game resumes only an adjourned game: a running clock was started at the resumption for an absent player
        // (FIDE 2018 I.9.2-I.9.3, I.11), perhaps set since (a lost envelope's times), and goes on as it is
        return !(implied instanceof ResumeSession && s.status() == ClockStatus.RUNNING);
    }

    /** One command a game event implies, decided on the clock as the earlier ones left it. */
    private void decideImplied(ClockCommand implied, ClockInput.FromGame input, Recorded out) {
        Optional<? extends ClockEvent> held = held(implied, input, out.state);
        if (held.isPresent()) {
            out.add(held.get());
            return;
        }
        ClockState s = out.state;
        if (implied instanceof PauseClock && (s.status() != ClockStatus.RUNNING
                || input.completedMoves() != null && input.completedMoves() != s.completedMoves())
                || implied instanceof ResumeClock && s.status() != ClockStatus.PAUSED) {
            return;
        }
        if (implied instanceof PressClock press && s.status() == ClockStatus.PAUSED) {
            // the game went on, so the arbiter had restarted the clocks; the ruling that says so may still be
            // on its way from the claims topic: the restart is recorded at the pause's instant (rulings on
            // claims are given at once) and the press applied after it
            out.addAll(clock.decide(new ResumeClock(press.gameId(), press.commandId() + "/resume", press.actor(),
                    s.lastEventAt()), s));
        }
        // time added or deducted by a decision made before a flag fall the clock recorded later keeps its instant:
        // the clock core decides it as of then (the flag had not fallen, FIDE 2018 6.9) and records it now
        ClockCommand command = ClockDecider.decidedBeforeTheFlagOf(implied, out.state) ? implied
                : notBefore(implied, out.state.lastEventAt());
        out.addAll(clock.decide(command, out.state));
        if (implied instanceof PressClock) {
            // a press a claim was waiting for: the clock pauses at the claim's instant (and restarts at its ruling's,
            // when read meanwhile); then a press an end was waiting for: the clock stops at the end's instant
            out.addAll(ClaimPause.release(out.state, input.movePly()));
            out.addAll(GameEnd.release(out.state, input.movePly()));
        }
    }

    /**
     * What a command waits for when the clock has not read the presses it follows (claims, moves and results are
     * different topics): a claim's pause or the game's end held for the last presses, so that the clock pauses or
     * stops with the times of the moves as played; a new game's press read before its annulment (FIDE 2018 7.2.1,
     * I.12.2) kept until the new game starts. Empty: decided now.
     */
    private static Optional<? extends ClockEvent> held(ClockCommand implied, ClockInput.FromGame input, ClockState s) {
        return switch (implied) {
            case PauseClock pause -> ClaimPause.held(s, pause, input.completedMoves());
            case StopClock stop -> GameEnd.held(s, stop, input.completedMoves());
            case PressClock press when input.movePly() != null -> NewGame.held(s, press, input.movePly());
            default -> Optional.empty();
        };
    }

    /** The events decided for one input so far, and the clock they leave. */
    private static final class Recorded {
        private final List<ClockEvent> events = new ArrayList<>();
        private ClockState state;

        Recorded(ClockState state) {
            this.state = state;
        }

        void add(ClockEvent event) {
            events.add(event);
            state = ClockDecider.evolve(state, event);
        }

        void addAll(List<ClockEvent> decided) {
            decided.forEach(this::add);
        }
    }

    /**
     * FIDE 1997/2001 9.5b: when the game knew no clock reading at a wrong claim, the claimant's deduction is computed
     * from the time on his clock, stopped at the claim, and applied before the clocks are restarted.
     */
    private static List<ClockCommand> withClaimantDeduction(ClockInput.FromGame input, ClockState state) {
        ClockInput.ClaimantDeduction d = input.claimantDeduction();
        if (d == null || !state.started() || state.status() != ClockStatus.PAUSED || input.commands().isEmpty()) {
            return input.commands();
        }
        long millis = org.torneo.clock.core.penalty.TimePenalties.wrongDrawClaimDeduction(state, d.claimant(),
                Math.max(d.at(), state.lastEventAt()));
        if (millis <= 0) {
            return input.commands();
        }
        ClockCommand first = input.commands().get(0);
        List<ClockCommand> out = new ArrayList<>();
        out.add(new DeductTime(first.gameId(), first.commandId() + "/claimant-deduction", first.actor(), d.at(),
                d.claimant(), millis, d.article(), "incorrect draw claim: the claimant's time by the edition's rule, "
                + "from his clock at the claim"));
        out.addAll(input.commands());
        return out;
    }

    private static boolean decidedBeforeTheEnd(ClockCommand c, ClockState stopped) {
        return (c instanceof AddTime || c instanceof DeductTime) && c.at() <= stopped.lastEventAt();
    }

    /** When a game-implied command is recorded (see the class comment): adjustments at the latest instant. */
    static ClockCommand notBefore(ClockCommand c, long latest) {
        return switch (c) {
            case AddTime a when a.at() != latest -> new AddTime(a.gameId(), a.commandId(), a.actor(), latest, a.side(),
                    a.millis(), a.article(), a.reason());
            case DeductTime d when d.at() != latest -> new DeductTime(d.gameId(), d.commandId(), d.actor(), latest,
                    d.side(), d.millis(), d.article(), d.reason());
            case PauseClock p when p.at() < latest -> new PauseClock(p.gameId(), p.commandId(), p.actor(), latest,
                    p.reason());
            case ResumeClock r when r.at() < latest -> new ResumeClock(r.gameId(), r.commandId(), r.actor(), latest);
            case IntroduceQuickplayIncrement q when q.at() < latest -> new IntroduceQuickplayIncrement(q.gameId(),
                    q.commandId(), q.actor(), latest, q.claimant());
            // the cancellation may be read after a later arrival or check was recorded: it still stops the clock
            case CancelClock k when k.at() < latest -> new CancelClock(k.gameId(), k.commandId(), k.actor(), latest,
                    k.reason(), k.article());
            default -> c;
        };
    }

    @Override
    public ClockState evolve(ClockState state, ClockEvent event) {
        return clock.evolve(state, event);
    }
}

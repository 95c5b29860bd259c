package org.torneo.clock.core.clock;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/**
 * A game's clock as folded from its events. Times are epoch millis taken from the events, never from
 * a wall clock, so the same events always give the same state.
 *
 * @param gameId         the game; null before the first event when the state was made without one
 * @param status         life cycle
 * @param control        the time control (White's when {@code blackControl} is set; may gain an increment under
 *                       FIDE 2018 III.4)
 * @param blackControl   Black's control when it differs (Armageddon), else null
 * @param rules          edition, category, default time
 * @param sessionStartedAt when the current session began: the scheduled start (White's clock started),
 *                         or the resumption of an adjourned game; 0 before
 * @param toMove         whose clock runs, or would run after a pause or adjournment
 * @param segmentStart   when the running clock was last started or restarted
 * @param turnUsedMillis time the player to move used in this turn before {@code segmentStart} (pauses)
 * @param white          White's face
 * @param black          Black's face
 * @param lastEventAt    the latest event time seen; commands from before it are refused
 * @param session        1 for the first session, 2 and up after each resumption of an adjourned game
 * @param announcedControl      the time control as the game started ({@code control} before any III.4 increment)
 * @param announcedBlackControl Black's control as the game started, or null
 * @param heldPresses    presses of a new game read before its annulment (see {@link HeldPress}), oldest first
 * @param heldEnd        the game's end read before its last presses (see {@link HeldEnd}), or null
 * @param heldPause      a claim's pause read before the claimant's last press (see {@link HeldPause}), or null
 */
public record ClockState(String gameId, ClockStatus status, TimeControl control, TimeControl blackControl,
                         ClockRules rules, long sessionStartedAt,
                         Side toMove, long segmentStart, long turnUsedMillis, Face white, Face black,
                         long lastEventAt, int session, TimeControl announcedControl,
                         TimeControl announcedBlackControl, List<HeldPress> heldPresses, HeldEnd heldEnd,
                         HeldPause heldPause) {

    public ClockState {
        heldPresses = List.copyOf(heldPresses);
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(toMove, "toMove");
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
    }

    /** FIDE 2018 I.10, 1997 A.10, Code 1970 art. XVII-2: more than one hour late for a resumption loses. */
    public static final long RESUMPTION_DEFAULT_MILLIS = 3_600_000;

    /** The state before any event, for whichever game the first event names. */
    public static ClockState initial() {
        return initial(null);
    }

    /** The state of a game whose clock has not been started. */
    public static ClockState initial(String gameId) {
        return new ClockState(gameId, ClockStatus.NOT_STARTED, null, null, null, 0, Side.WHITE, 0, 0, Face.initial(),
                Face.initial(), Long.MIN_VALUE, 0, null, null, List.of(), null, null);
    }

    public Face face(Side side) {
        return side == Side.WHITE ? white : black;
    }

    ClockState withFace(Side side, Face face) {
        return side == Side.WHITE ? with(face, black) : with(white, face);
    }

    private ClockState with(Face w, Face b) {
        return copy(c -> {
            c.white = w;
            c.black = b;
        });
    }

    ClockState withStatus(ClockStatus newStatus) {
        return copy(c -> c.status = newStatus);
    }

    ClockState withTurn(Side side, long start, long used) {
        return copy(c -> {
            c.toMove = side;
            c.segmentStart = start;
            c.turnUsedMillis = used;
        });
    }

    ClockState withControls(TimeControl newControl, TimeControl newBlackControl) {
        return copy(c -> {
            c.control = newControl;
            c.blackControl = newBlackControl;
        });
    }

    ClockState withSession(long start, int number) {
        return copy(c -> {
            c.sessionStartedAt = start;
            c.session = number;
        });
    }

    ClockState withGameId(String id) {
        return copy(c -> c.gameId = id);
    }

    ClockState withLastEventAt(long at) {
        return copy(c -> c.lastEventAt = Math.max(lastEventAt, at));
    }

    ClockState withHeld(HeldPress press) {
        List<HeldPress> held = new ArrayList<>(heldPresses);
        held.add(press);
        return copy(c -> c.heldPresses = held);
    }

    ClockState withHeldEnd(HeldEnd end) {
        return copy(c -> c.heldEnd = end);
    }

    ClockState withHeldPause(HeldPause pause) {
        return copy(c -> c.heldPause = pause);
    }

    /** This state with the fields {@code change} sets; every other field is carried over as it is. */
    private ClockState copy(Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return new ClockState(c.gameId, c.status, c.control, c.blackControl, c.rules, c.sessionStartedAt, c.toMove,
                c.segmentStart, c.turnUsedMillis, c.white, c.black, c.lastEventAt, c.session, c.announcedControl,
                c.announcedBlackControl, c.heldPresses, c.heldEnd, c.heldPause);
    }

    /** The fields of a state being copied (see {@link #copy}). */
    private static final class Copy {
        String gameId;
        ClockStatus status;
        TimeControl control;
        TimeControl blackControl;
        ClockRules rules;
        long sessionStartedAt;
        Side toMove;
        long segmentStart;
        long turnUsedMillis;
        Face white;
        Face black;
        long lastEventAt;
        int session;
        TimeControl announcedControl;
        TimeControl announcedBlackControl;
        List<HeldPress> heldPresses;
        HeldEnd heldEnd;
        HeldPause heldPause;

        Copy(ClockState s) {
            gameId = s.gameId;
            status = s.status;
            control = s.control;
            blackControl = s.blackControl;
            rules = s.rules;
            sessionStartedAt = s.sessionStartedAt;
            toMove = s.toMove;
            segmentStart = s.segmentStart;
            turnUsedMillis = s.turnUsedMillis;
            white = s.white;
            black = s.black;
            lastEventAt = s.lastEventAt;
            session = s.session;
            announcedControl = s.announcedControl;
            announcedBlackControl = s.announcedBlackControl;
            heldPresses = s.heldPresses;
            heldEnd = s.heldEnd;
            heldPause = s.heldPause;
        }
    }

    /** The control {@code side} plays under. */
    public TimeControl control(Side side) {
        return side == Side.BLACK && blackControl != null ? blackControl : control;
    }

    /** Whether the clock was started (a game cancelled before its start never was). */
    public boolean started() {
        return status != ClockStatus.NOT_STARTED && control != null;
    }

    /** The presses the clock has counted: both players' completed moves (the game's plies, when none is held). */
    public int completedMoves() {
        return white.moves() + black.moves();
    }

    /** Time the player to move has used in the current turn, at {@code at}. */
    public long turnElapsed(long at) {
        return switch (status) {
            case RUNNING -> turnUsedMillis + (at - segmentStart);
            case PAUSED -> turnUsedMillis;
            default -> 0;
        };
    }

    /** The period {@code side} is playing in. */
    public Period currentPeriod(Side side) {
        return control(side).period(face(side).period());
    }

    /**
     * What {@code side}'s clock shows at {@code at} (may be negative when a flag is due but not yet
     * recorded; 0 once the flag has fallen). In simple-delay mode the main time only runs after the delay.
     */
    public long remaining(Side side, long at) {
        Face f = face(side);
        if (f.flagFallen()) {
            return 0;
        }
        long elapsed = side == toMove ? turnElapsed(at) : 0;
        Period p = currentPeriod(side);
        if (p.mode() == TimingMode.SIMPLE_DELAY) {
            return f.remainingMillis() - Math.max(0, elapsed - p.bonusMillis());
        }
        return f.remainingMillis() - elapsed;
    }

    /**
     * What a turn of {@code elapsed} ms has taken from {@code side}'s main time so far (less than {@code elapsed} only
     * in simple-delay mode, where the main time runs after the delay): {@link #remaining} is the face minus this.
     */
    public long turnCharge(Side side, long elapsed) {
        Period p = currentPeriod(side);
        return p.mode() == TimingMode.SIMPLE_DELAY ? Math.max(0, elapsed - p.bonusMillis()) : elapsed;
    }

    /**
     * Whether {@code side} need not record moves at {@code at}: less than five minutes left and no
     * per-move bonus of 30 seconds or more (FIDE 2018 8.4, 2001 8.4, 1997 8.4). A delay counts as a
     * bonus here, like an increment (the Laws speak only of time "added").
     */
    public boolean scoresheetExempt(Side side, long at) {
        if (!started() || rules.edition() == org.torneo.contracts.Ruleset.Edition.CODE_1970) {
            // Code 1970 art. XIII-2: only the director judges time trouble; no automatic exemption
            return false;
        }
        Period p = currentPeriod(side);
        return remaining(side, at) < 5 * 60_000 && p.bonusMillis() < 30_000;
    }

    /** Total time {@code side}'s clock has run up to {@code at}, the current turn included. */
    public long used(Side side, long at) {
        Face f = face(side);
        return f.usedMillis() + (side == toMove ? turnElapsed(at) : 0);
    }

    /**
     * When the running clock's flag will fall if nobody presses: what the flag scheduler needs. Empty
     * when no clock runs, the running player's flag has already fallen, or presses of a new game are held: the game
     * the clock runs was annulled (FIDE 2018 7.2.1), so no flag of it may fall while the annulment is on its way.
     */
    public Optional<Long> deadline() {
        if (status != ClockStatus.RUNNING || !heldPresses.isEmpty()) {
            return Optional.empty();
        }
        Face f = face(toMove);
        if (f.flagFallen()) {
            return Optional.empty();
        }
        Period p = currentPeriod(toMove);
        long delay = p.mode() == TimingMode.SIMPLE_DELAY ? p.bonusMillis() : 0;
        return Optional.of(segmentStart - turnUsedMillis + f.remainingMillis() + delay);
    }

    /**
     * When an absent player loses by default: the start plus the default time (FIDE 2018 6.7.1), or
     * one hour after the resumption of an adjourned game (FIDE 2018 I.10, 1997 A.10, Code 1970 art.
     * XVII-2). Empty before the start, while adjourned, after the game ended, or when nobody is left to default.
     */
    public Optional<Long> defaultDeadline() {
        if (status == ClockStatus.ADJOURNED) {
            return Optional.empty();
        }
        if (status == ClockStatus.NOT_STARTED || status == ClockStatus.STOPPED || status == ClockStatus.CANCELLED) {
            return Optional.empty();
        }
        boolean someoneMissing = (!white.arrived() && !white.defaulted()) || (!black.arrived() && !black.defaulted());
        return someoneMissing ? Optional.of(sessionStartedAt + defaultTimeMillis()) : Optional.empty();
    }

    /** The default time of the current session. */
    public long defaultTimeMillis() {
        return session <= 1 ? rules.defaultTimeMillis() : RESUMPTION_DEFAULT_MILLIS;
    }
}

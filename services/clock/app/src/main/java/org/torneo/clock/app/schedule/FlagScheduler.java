package org.torneo.clock.app.schedule;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.schedule.DeadlineIndex;
import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.CheckFlag;

/**
 * The flag scheduler: the deadline of every running clock (and every pending default time) sits in a
 * {@link DeadlineIndex}; ONE timer is armed for the earliest of them. When it fires, CheckFlag (or
 * CheckDefault) is sent for the games due, through the command topic like any other command, so the
 * flag fall is decided by the clock core and recorded once. There is no loop over all clocks: each
 * committed event updates one entry, each firing takes only the games due.
 *
 * <p>The command id is derived from the game and the deadline, so a check sent twice (a retry, or
 * the scheduler rebuilt after a restart) is a duplicate the runtime ignores. A check whose effect is
 * not seen (the command was lost while the broker was away) is sent again a few times; a clock that
 * moved on in the meantime replaces the retry with its new deadline. On replay nothing is
 * re-decided: the scheduler only looks at the state the recorded events produced.
 */
public final class FlagScheduler implements AutoCloseable {

    /** Sends one command with the given id; must not block for long. */
    @FunctionalInterface
    public interface Sender {
        void send(UUID commandId, ClockCommand command);
    }

    static final Actor ACTOR = Actor.system("clock-scheduler");
    static final long RETRY_MILLIS = 2_000;
    /** Default checks wait this long for arrivals still in flight. */
    public static final long ARRIVAL_GRACE_MILLIS = 5_000;
    static final int MAX_ATTEMPTS = 4;
    private static final Logger LOG = Logger.getLogger(FlagScheduler.class.getName());

    private final Sender sender;
    private final long arrivalGraceMillis;
    private final long flagGraceMillis;
    private final LongSupplier wallClock;
    private final ScheduledExecutorService timer;
    private DeadlineIndex flags = new DeadlineIndex();
    private DeadlineIndex defaults = new DeadlineIndex();
    /** Per game: the deadline last checked and how many checks were sent for it. */
    private final Map<String, Attempts> flagAttempts = new HashMap<>();
    private final Map<String, Attempts> defaultAttempts = new HashMap<>();
    private ScheduledFuture<?> wake;
    private long wakeAt = Long.MAX_VALUE;
    private long checksSent;

    private record Attempts(long deadline, int count) {
    }

    public FlagScheduler(Sender sender, LongSupplier wallClock) {
        this(sender, wallClock, ARRIVAL_GRACE_MILLIS);
    }

    /** With the grace given to arrivals in flight before a default check is sent. */
    public FlagScheduler(Sender sender, LongSupplier wallClock, long arrivalGraceMillis) {
        this(sender, wallClock, arrivalGraceMillis, 0);
    }

    /**
     * @param flagGraceMillis how long after a deadline the flag check is sent. 0 (the default) checks at the
     *                        deadline itself: the flag is published within milliseconds. A positive grace lets
     *                        clock presses made in time but still in flight (services running behind) land first;
     *                        a flag that does fall is still recorded at its exact deadline, so only when the
     *                        check is sent changes, never what is decided.
     */
    public FlagScheduler(Sender sender, LongSupplier wallClock, long arrivalGraceMillis, long flagGraceMillis) {
        if (arrivalGraceMillis < 0 || flagGraceMillis < 0) {
            throw new IllegalArgumentException("graces must be >= 0 ms, got arrival " + arrivalGraceMillis + ", flag "
                    + flagGraceMillis);
        }
        this.arrivalGraceMillis = arrivalGraceMillis;
        this.flagGraceMillis = flagGraceMillis;
        this.sender = sender;
        this.wallClock = wallClock;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "clock-flag-scheduler");
            t.setDaemon(true);
            return t;
        });
    }

    /** The game's clock changed (a committed event, or the state found on replay). */
    public synchronized void update(String gameId, ClockState state) {
        Optional<Long> flag = flagCheckAt(state);
        Optional<Long> defaultDue = defaultCheckAt(state);
        flags.update(gameId, flag);
        defaults.update(gameId, defaultDue);
        forgetAttemptsUnless(flagAttempts, gameId, flag);
        forgetAttemptsUnless(defaultAttempts, gameId, defaultDue);
        rearm();
    }

    /** Forgets every deadline and loads those of {@code states} (after a replay). */
    public synchronized void reload(Map<String, ClockState> states) {
        flags = new DeadlineIndex();
        defaults = new DeadlineIndex();
        flagAttempts.clear();
        defaultAttempts.clear();
        states.forEach((game, state) -> {
            flags.update(game, flagCheckAt(state));
            defaults.update(game, defaultCheckAt(state));
        });
        rearm();
    }

    /**
     * When the flag of a running clock is checked: its deadline plus the flag grace. Never while the game's end or a
     * claim's pause is held for its last presses: the game is over or paused, and the clock core decides nothing on a
     * check then.
     */
    private Optional<Long> flagCheckAt(ClockState state) {
        if (state.heldEnd() != null || state.heldPause() != null) {
            return Optional.empty();
        }
        return state.deadline().map(d -> d + flagGraceMillis);
    }

    /** Strictly later than the default time loses (FIDE 2018 6.7.1); the grace lets arrivals in flight land first. */
    private Optional<Long> defaultCheckAt(ClockState state) {
        if (state.heldEnd() != null || state.heldPause() != null) {
            return Optional.empty();
        }
        return state.defaultDeadline().map(d -> d + 1 + arrivalGraceMillis);
    }

    /** Number of pending deadlines (running flags plus pending default times). */
    public synchronized int pending() {
        return flags.size() + defaults.size();
    }

    /** When the flag of {@code gameId} will be checked (its deadline plus the flag grace). */
    public synchronized Optional<Long> deadlineOf(String gameId) {
        return flags.deadlineOf(gameId);
    }

    public synchronized long checksSent() {
        return checksSent;
    }

    private void forgetAttemptsUnless(Map<String, Attempts> attempts, String game, Optional<Long> deadline) {
        Attempts a = attempts.get(game);
        if (a != null && (deadline.isEmpty() || deadline.get() != a.deadline())) {
            attempts.remove(game);
        }
    }

    private void rearm() {
        long next = Math.min(flags.next().orElse(Long.MAX_VALUE), defaults.next().orElse(Long.MAX_VALUE));
        if (next == Long.MAX_VALUE || next >= wakeAt) {
            return;
        }
        if (wake != null) {
            wake.cancel(false);
        }
        wakeAt = next;
        long delay = Math.max(0, next - wallClock.getAsLong());
        wake = timer.schedule(this::fire, delay, TimeUnit.MILLISECONDS);
    }

    private void fire() {
        List<ClockCommand> checks = new java.util.ArrayList<>();
        List<UUID> ids = new java.util.ArrayList<>();
        synchronized (this) {
            wakeAt = Long.MAX_VALUE;
            wake = null;
            long now = wallClock.getAsLong();
            collect(flags, flagAttempts, now, true, checks, ids);
            collect(defaults, defaultAttempts, now, false, checks, ids);
            checksSent += checks.size();
            rearm();
        }
        for (int i = 0; i < checks.size(); i++) {
            try {
                sender.send(ids.get(i), checks.get(i));
            } catch (RuntimeException e) {
                // the retry entry is in the index already: the check is sent again
                LOG.log(Level.WARNING, "could not send " + checks.get(i), e);
            }
        }
    }

    private void collect(DeadlineIndex index, Map<String, Attempts> attempts, long now, boolean flag,
                         List<ClockCommand> checks, List<UUID> ids) {
        // deadlines of the games due, read before due() removes them
        Map<String, Long> deadlines = new HashMap<>();
        long horizon = now;
        for (Optional<Long> next = index.next(); next.isPresent() && next.get() <= horizon; next = index.next()) {
            long deadline = next.get();
            for (String game : index.due(deadline)) {
                deadlines.put(game, deadline);
            }
        }
        deadlines.forEach((game, deadline) -> {
            Attempts previous = attempts.get(game);
            // a retry entry carries the retry time; the deadline checked stays the original one
            long checked = previous != null ? previous.deadline() : deadline;
            int count = previous != null ? previous.count() + 1 : 1;
            String gameKind = flag ? "flag" : "default";
            UUID id = UUID.nameUUIDFromBytes((gameKind + "|" + game + "|" + checked).getBytes(StandardCharsets.UTF_8));
            checks.add(flag ? new CheckFlag(game, id.toString(), ACTOR, now)
                    : new CheckDefault(game, id.toString(), ACTOR, now));
            ids.add(id);
            if (count < MAX_ATTEMPTS) {
                attempts.put(game, new Attempts(checked, count));
                index.update(game, Optional.of(now + RETRY_MILLIS * count));
            } else {
                attempts.remove(game);
                LOG.warning("no effect seen after " + count + " " + gameKind + " checks of game " + game
                        + " (deadline " + checked + "); giving up until the clock changes");
            }
        });
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

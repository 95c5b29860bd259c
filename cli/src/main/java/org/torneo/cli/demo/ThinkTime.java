package org.torneo.cli.demo;

import java.util.Random;

import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/**
 * The demo's time control and how its simulated players spend it.
 *
 * <h2>The time control</h2>
 * Sudden death with a Fischer increment (FIDE 2018 6.3.1), {@value #BASE_MILLIS} ms + {@value #INCREMENT_MILLIS} ms
 * per move for fields of up to {@value #BOARDS_PER_SCALE} boards: a 3 min + 2 s blitz scaled down 30 times, so
 * that a round lasts a few tens of seconds. Larger fields get proportionally more time (and think longer), so the
 * whole hall's move rate stays within what the services digest on a small machine (the clock must see each move
 * well before the mover's deadline, or it would flag a player who moved in time). {@code --speed} divides it.
 *
 * <h2>Thinking</h2>
 * A player's think time for one step is drawn from the board's seeded generator, from a distribution that depends
 * on the phase and on the time he has left:
 * <ul>
 * <li>opening: prepared moves, a fraction of the increment;</li>
 * <li>middlegame: about 1/{@value #MIDDLEGAME_MOVES_TO_GO} of the time left, log-normally spread (some moves are
 * quick, a few take long);</li>
 * <li>endgame: about 1/{@value #ENDGAME_MOVES_TO_GO} of the time left;</li>
 * <li>time trouble (under {@value #TROUBLE_SHARE_PERCENT}% of the base): moves on the increment;</li>
 * <li>never into the last {@value #RESERVE_SHARE_PERCENT}% of the base (at least {@value #MIN_RESERVE_MILLIS} ms),
 * unless the player is the one who will let his flag fall: he spends freely.</li>
 * </ul>
 * When the services run behind (a loaded machine), a move reaches the clock service late: the players then keep
 * twice that delay in reserve (at most half the base), or the clock would see their flag before their move.
 * Time added by a penalty to the opponent does not make a player slower: the share is taken of at most the base.
 */
final class ThinkTime {

    static final long BASE_MILLIS = 6_000;
    static final long INCREMENT_MILLIS = 60;
    static final int BOARDS_PER_SCALE = 40;
    static final int MIDDLEGAME_MOVES_TO_GO = 40;
    static final int ENDGAME_MOVES_TO_GO = 55;
    static final int TROUBLE_SHARE_PERCENT = 30;
    static final int RESERVE_SHARE_PERCENT = 12;
    static final long MIN_RESERVE_MILLIS = 1_200;
    static final long MIN_THINK_MILLIS = 15;

    private final long base;
    private final long increment;

    ThinkTime(long baseMillis, long incrementMillis) {
        if (baseMillis <= 0 || incrementMillis < 0) {
            throw new IllegalArgumentException("base must be > 0 and increment >= 0, not " + baseMillis + " + "
                    + incrementMillis + " ms");
        }
        this.base = baseMillis;
        this.increment = incrementMillis;
    }

    /** The demo's control for a field of {@code boards} boards at {@code speed} (1 = the default pace). */
    static ThinkTime forField(int boards, double speed) {
        double scale = Math.max(1.0, boards / (double) BOARDS_PER_SCALE) / speed;
        return new ThinkTime(Math.round(BASE_MILLIS * scale / 100.0) * 100, Math.round(INCREMENT_MILLIS * scale / 10.0) * 10);
    }

    long baseMillis() {
        return base;
    }

    long incrementMillis() {
        return increment;
    }

    /** The tournament's time control: all moves in the base time, with the increment from move 1. */
    TimeControl control() {
        return TimeControl.of(new Period(0, base, increment == 0 ? TimingMode.NONE : TimingMode.FISCHER, increment));
    }

    /** The usual notation, in seconds ("10+0.1"). */
    String describe() {
        return seconds(base) + "+" + seconds(increment);
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : java.math.BigDecimal.valueOf(millis, 3)
                .stripTrailingZeros().toPlainString();
    }

    long reserveMillis() {
        return Math.max(MIN_RESERVE_MILLIS, base * RESERVE_SHARE_PERCENT / 100);
    }

    /**
     * How long the player to move thinks before his next step.
     *
     * @param random        the board's generator (one draw sequence per board: same seed, same draws)
     * @param phase         the phase of the move (null for a step that is no move: a claim, a resignation ...)
     * @param remaining     the time on the player's clock now
     * @param lettingFlagFall whether this player will end the game by letting his flag fall
     * @param lagMillis     how long a move takes to reach the clock service just now: the player keeps at least
     *                      twice that in reserve, so that his move is recorded before his deadline
     */
    long draw(Random random, Step.Phase phase, long remaining, boolean lettingFlagFall, long lagMillis) {
        double gaussian = random.nextGaussian();
        double uniform = random.nextDouble();
        double left = Math.min(remaining, base);
        double think;
        if (!lettingFlagFall && remaining < base * TROUBLE_SHARE_PERCENT / 100) {
            think = increment * (0.3 + 0.6 * uniform); // FIDE 2018 6.3.1: in time trouble he lives on the increment
        } else if (phase == Step.Phase.OPENING) {
            think = increment * (0.2 + 0.8 * uniform) + 10;
        } else if (phase == Step.Phase.ENDGAME) {
            think = left / ENDGAME_MOVES_TO_GO * Math.exp(0.5 * gaussian - 0.125);
        } else {
            // middlegame, and steps that are no move (a claim, an offer's answer, a resignation) are considered as long
            think = left / MIDDLEGAME_MOVES_TO_GO * Math.exp(0.7 * gaussian - 0.245);
        }
        if (lettingFlagFall) {
            think *= 2.5; // the player who will lose on time spends it lavishly
        }
        long most = lettingFlagFall ? remaining - 100 : remaining - Math.max(reserveMillis(), Math.min(2 * lagMillis, base / 2));
        long millis = Math.min(Math.round(think), most);
        return Math.max(MIN_THINK_MILLIS, millis);
    }
}

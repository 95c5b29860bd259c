package org.torneo.contracts.clock;

/**
 * How the per-move bonus of a period works.
 * <ul>
 * <li>NONE: no bonus.</li>
 * <li>FISCHER: a cumulative increment added when each move is completed; saved time carries over.</li>
 * <li>BRONSTEIN: the main time runs at once; on the press the time used, up to the delay, is given
 * back (never more than used, so nothing accumulates).</li>
 * <li>SIMPLE_DELAY: the US delay ("G/60 d5"): the main time starts to run only after the delay; an
 * unused part of the delay is lost. FIDE 2001 6.2b / 2018 6.3.2 call this the delay mode.</li>
 * </ul>
 */
public enum TimingMode {
    NONE, FISCHER, BRONSTEIN, SIMPLE_DELAY;

    public boolean isDelay() {
        return this == BRONSTEIN || this == SIMPLE_DELAY;
    }
}

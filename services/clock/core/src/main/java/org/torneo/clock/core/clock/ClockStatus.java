package org.torneo.clock.core.clock;

/** Life cycle of a game's clock. */
public enum ClockStatus {
    /** No ClockStarted yet (arrivals may already be recorded). */
    NOT_STARTED,
    /** One clock runs. */
    RUNNING,
    /** Both clocks stopped for a while (claim, dispute, arbiter); the same clock restarts on resume. */
    PAUSED,
    /** Stopped at the seal; the replying player's clock starts when the session resumes. */
    ADJOURNED,
    /** The game is over; the clock accepts nothing more. */
    STOPPED,
    /**
     * The game was cancelled before it began (a pairing correction removed it; C.04.3 of 2017 F.6-F.7): the clock is
     * stopped for good, or never started, and accepts nothing more.
     */
    CANCELLED
}

package org.torneo.contracts.game;

/**
 * What both clocks showed at a moment (e.g. just after a move was completed), in milliseconds.
 * Recorded in move events so the scoresheet and the audit trail keep the times.
 */
public record ClockReading(long whiteRemainingMillis, long blackRemainingMillis) {
}

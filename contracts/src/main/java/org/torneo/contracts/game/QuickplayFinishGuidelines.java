package org.torneo.contracts.game;

/**
 * Whether an event announced the FIDE 2018 Guidelines III (games without increment, quickplay finish), which
 * apply only when announced in advance (III.2.1), and which of its two procedures is in force.
 */
public enum QuickplayFinishGuidelines {
    /** Not announced: no quickplay-finish claims under the 2018 Laws. */
    NOT_ANNOUNCED,
    /** III.5: the player to move with under two minutes may claim a draw; the arbiter upholds, postpones or rejects. */
    DRAW_CLAIMS,
    /**
     * III.4: the clocks can add an increment, so the player to move with under two minutes asks for five seconds a
     * move for both (a draw offer; if refused and the arbiter agrees, the clock service introduces the increment
     * and the opponent gets two minutes). III.5 claims then do not apply.
     */
    INCREMENT_ON_REQUEST
}

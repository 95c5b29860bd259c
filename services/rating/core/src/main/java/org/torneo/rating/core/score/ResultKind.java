package org.torneo.rating.core.score;

/**
 * What happened to one player in one round, with the TRF result code that records it.
 * The outcome says which value of the point system the round earns.
 */
public enum ResultKind {
    WIN('1', Outcome.WIN, true, true),
    DRAW('=', Outcome.DRAW, true, true),
    LOSS('0', Outcome.LOSS, true, true),
    /** Game lasted less than one move: counts for the score but not for rating (TRF16 `W`). */
    UNRATED_WIN('W', Outcome.WIN, true, false),
    UNRATED_DRAW('D', Outcome.DRAW, true, false),
    UNRATED_LOSS('L', Outcome.LOSS, true, false),
    FORFEIT_WIN('+', Outcome.FORFEIT_WIN, false, false),
    FORFEIT_LOSS('-', Outcome.FORFEIT_LOSS, false, false),
    HALF_POINT_BYE('H', Outcome.HALF_BYE, false, false),
    FULL_POINT_BYE('F', Outcome.FULL_BYE, false, false),
    /** Pairing-allocated bye (C.04.1 c): not requested by the player. */
    PAIRING_ALLOCATED_BYE('U', Outcome.PAB, false, false),
    ZERO_POINT_BYE('Z', Outcome.ABSENCE, false, false),
    /** Not paired and nothing recorded (TRF blank): equivalent to a zero-point bye. */
    NOT_PAIRED(' ', Outcome.ABSENCE, false, false);

    /** Which value of the point system a round earns (TRF26 record 162 codes). */
    public enum Outcome { WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS, ABSENCE, HALF_BYE, FULL_BYE, PAB }

    private final char trfCode;
    private final Outcome outcome;
    private final boolean overTheBoard;
    private final boolean rated;

    ResultKind(char trfCode, Outcome outcome, boolean overTheBoard, boolean rated) {
        this.trfCode = trfCode;
        this.outcome = outcome;
        this.overTheBoard = overTheBoard;
        this.rated = rated;
    }

    public char trfCode() {
        return trfCode;
    }

    public Outcome outcome() {
        return outcome;
    }

    /** A game that was played on the board (possibly not rated). */
    public boolean overTheBoard() {
        return overTheBoard;
    }

    /** A game that counts for FIDE rating (B.02: games of fewer than one move do not). */
    public boolean rated() {
        return rated;
    }

    /** Byes, forfeits and absences: the round was not played over the board. */
    public boolean unplayed() {
        return !overTheBoard;
    }

    /** Score for rating purposes: 1, ½ or 0 in hundredths, whatever the tournament's point system. */
    public int ratingScoreCenti() {
        return switch (outcome) {
            case WIN -> 100;
            case DRAW -> 50;
            default -> 0;
        };
    }

    /** Parses a TRF result character (case-insensitive); blank means not paired. */
    public static ResultKind fromTrf(char code) {
        char c = Character.toUpperCase(code);
        for (ResultKind kind : values()) {
            if (kind.trfCode == c) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown TRF result code '" + code + "'");
    }
}

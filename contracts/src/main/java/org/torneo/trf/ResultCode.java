package org.torneo.trf;

/**
 * The result codes of a TRF round entry (TRF16 and TRF26 player record, columns 99+10k).
 * Codes are case-insensitive on input; a blank result is equivalent to {@code Z}.
 */
public enum ResultCode {
    WIN('1'), DRAW('='), LOSS('0'),
    FORFEIT_WIN('+'), FORFEIT_LOSS('-'),
    /** Win, draw, loss of a game that lasted less than one move: not rated, but counts as played. */
    UNRATED_WIN('W'), UNRATED_DRAW('D'), UNRATED_LOSS('L'),
    HALF_POINT_BYE('H'), FULL_POINT_BYE('F'),
    /** Pairing-allocated bye. FIDE deprecates F for the PAB, so a PAB is always written U. */
    PAIRING_ALLOCATED_BYE('U'),
    ZERO_POINT_BYE('Z'),
    BLANK(' ');

    private final char code;

    ResultCode(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    /** The code for a TRF character, case-insensitive, or null when the character is not a result code. */
    public static ResultCode of(char c) {
        char upper = Character.toUpperCase(c);
        for (ResultCode r : values()) {
            if (r.code == upper) {
                return r;
            }
        }
        return null;
    }

    /** True for results of a game actually played over the board (colours and meetings count). */
    public boolean isPlayedGame() {
        return switch (this) {
            case WIN, DRAW, LOSS, UNRATED_WIN, UNRATED_DRAW, UNRATED_LOSS -> true;
            default -> false;
        };
    }

    /** True for results that only exist between two paired players (played or forfeited). */
    public boolean needsOpponent() {
        return isPlayedGame() || this == FORFEIT_WIN || this == FORFEIT_LOSS;
    }

    /** True for the entries that never have an opponent: byes and absences. */
    public boolean isBye() {
        return switch (this) {
            case HALF_POINT_BYE, FULL_POINT_BYE, PAIRING_ALLOCATED_BYE, ZERO_POINT_BYE, BLANK -> true;
            default -> false;
        };
    }

    /** The result the opponent must have recorded for the same game, or null for byes. */
    public ResultCode mirror() {
        return switch (this) {
            case WIN -> LOSS;
            case LOSS -> WIN;
            case DRAW -> DRAW;
            case FORFEIT_WIN -> FORFEIT_LOSS;
            case FORFEIT_LOSS -> FORFEIT_WIN;
            case UNRATED_WIN -> UNRATED_LOSS;
            case UNRATED_LOSS -> UNRATED_WIN;
            case UNRATED_DRAW -> UNRATED_DRAW;
            default -> null;
        };
    }
}

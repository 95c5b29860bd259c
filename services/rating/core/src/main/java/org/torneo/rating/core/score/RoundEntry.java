package org.torneo.rating.core.score;

/**
 * One player's round: the opponent's start number (0 for byes and unpaired rounds), the colour and
 * what happened.
 */
public record RoundEntry(int opponent, Colour colour, ResultKind kind) {

    public static final RoundEntry NOT_PAIRED = new RoundEntry(0, Colour.NONE, ResultKind.NOT_PAIRED);

    public RoundEntry {
        if (opponent < 0) {
            throw new IllegalArgumentException("opponent start number must not be negative: " + opponent);
        }
        if (colour == null || kind == null) {
            throw new IllegalArgumentException("colour and result kind are required");
        }
        if (kind.overTheBoard() && opponent == 0) {
            throw new IllegalArgumentException("a game played over the board (" + kind + ") needs an opponent");
        }
    }

    public boolean hasOpponent() {
        return opponent > 0;
    }

    /** A game played over the board against a real opponent. */
    public boolean playedGame() {
        return kind.overTheBoard() && opponent > 0;
    }
}

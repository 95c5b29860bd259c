package org.torneo.rating.core.score;

/**
 * One player's round: the opponent's start number (0 for byes and unpaired rounds), the colour,
 * what happened and, rarely, the points the arbiter awarded instead of the point system's value
 * (FIDE 2018 12.9 / 2023 12.9.6: e.g. a game scored 0-0, or ½-0).
 */
public record RoundEntry(int opponent, Colour colour, ResultKind kind, Integer arbiterPointsCenti) {

    public static final RoundEntry NOT_PAIRED = new RoundEntry(0, Colour.NONE, ResultKind.NOT_PAIRED);

    public RoundEntry(int opponent, Colour colour, ResultKind kind) {
        this(opponent, colour, kind, null);
    }

    public RoundEntry {
        if (arbiterPointsCenti != null && arbiterPointsCenti < 0) {
            throw new IllegalArgumentException("arbiter-set points must not be negative: " + arbiterPointsCenti);
        }
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

    /** The points this round earns: the arbiter's figure when set, else the point system's value. */
    public int points(PointSystem pointSystem) {
        return arbiterPointsCenti != null ? arbiterPointsCenti : pointSystem.points(kind);
    }

    public RoundEntry withArbiterPoints(Integer centi) {
        return new RoundEntry(opponent, colour, kind, centi);
    }

    public boolean hasOpponent() {
        return opponent > 0;
    }

    /** A game played over the board against a real opponent. */
    public boolean playedGame() {
        return kind.overTheBoard() && opponent > 0;
    }
}

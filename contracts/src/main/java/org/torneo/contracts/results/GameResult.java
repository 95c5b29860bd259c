package org.torneo.contracts.results;

/**
 * The result of a game as written on the scoresheet and the pairing tables. Scores are in half
 * points (1 = ½ point) so sums are exact. Results are not always complementary (spec 12.20):
 * double forfeits score 0-0 and the arbiter may set other scores (FIDE 2018 12.9.7, 12.9.8).
 */
public enum GameResult {
    WHITE_WINS("1-0", 2, 0, true),
    BLACK_WINS("0-1", 0, 2, true),
    DRAW("½-½", 1, 1, true),
    /** White wins by forfeit (the game was not played): the "+-" of the crosstables. */
    WHITE_WINS_BY_FORFEIT("+-", 2, 0, false),
    /** Black wins by forfeit: "-+". */
    BLACK_WINS_BY_FORFEIT("-+", 0, 2, false),
    /** Both players lose: neither appeared, or both forfeited (FIDE 2018 6.7.1, 11.3.2.2). */
    DOUBLE_FORFEIT("0-0", 0, 0, false),
    /** Scores set by the arbiter; the event carries them (capped at the game maximum, FIDE 2018 12.9). */
    ARBITER_SCORES("arbiter", -1, -1, true);

    private final String notation;
    private final int whiteHalfPoints;
    private final int blackHalfPoints;
    private final boolean playedByDefault;

    GameResult(String notation, int whiteHalfPoints, int blackHalfPoints, boolean playedByDefault) {
        this.notation = notation;
        this.whiteHalfPoints = whiteHalfPoints;
        this.blackHalfPoints = blackHalfPoints;
        this.playedByDefault = playedByDefault;
    }

    /** "1-0", "0-1", "½-½", "+-", "-+", "0-0", or "arbiter". */
    public String notation() {
        return notation;
    }

    /** Half points for White, -1 for ARBITER_SCORES (read them from the event). */
    public int whiteHalfPoints() {
        return whiteHalfPoints;
    }

    public int blackHalfPoints() {
        return blackHalfPoints;
    }

    public boolean playedByDefault() {
        return playedByDefault;
    }

    public boolean hasFixedScores() {
        return this != ARBITER_SCORES;
    }

    /** Checks the half points an event carries against this result. */
    static void checkScores(GameResult result, int whiteHalfPoints, int blackHalfPoints) {
        if (result.hasFixedScores()) {
            if (whiteHalfPoints != result.whiteHalfPoints || blackHalfPoints != result.blackHalfPoints) {
                throw new IllegalArgumentException("result " + result.notation + " scores " + result.whiteHalfPoints
                        + "-" + result.blackHalfPoints + " half points, not " + whiteHalfPoints + "-" + blackHalfPoints);
            }
        } else if (whiteHalfPoints < 0 || whiteHalfPoints > 2 || blackHalfPoints < 0 || blackHalfPoints > 2) {
            // FIDE 2018 12.9: an adjusted score never exceeds the game's maximum
            throw new IllegalArgumentException("arbiter scores must be 0..2 half points each, not "
                    + whiteHalfPoints + "-" + blackHalfPoints);
        }
    }
}

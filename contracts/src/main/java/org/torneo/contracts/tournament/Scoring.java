package org.torneo.contracts.tournament;

import java.util.Objects;

/**
 * What each outcome is worth. {@code pairingBye} is the point given to the player left over by an
 * odd field (Code 1970 US rule III: "un punto regalado", a full point; FIDE C.04.1 c: a win).
 * {@code lateEntryMissedRound} is what a late entrant scores for each round played before he joined:
 * Code 1970 US rule III says he loses those games by default (zero); a ruleset may say otherwise.
 */
public record Scoring(Score win, Score draw, Score loss, Score pairingBye, Score halfPointBye,
                      Score zeroPointBye, Score forfeitWin, Score forfeitLoss, Score lateEntryMissedRound) {

    public Scoring {
        Objects.requireNonNull(win, "win");
        Objects.requireNonNull(draw, "draw");
        Objects.requireNonNull(loss, "loss");
        Objects.requireNonNull(pairingBye, "pairingBye");
        Objects.requireNonNull(halfPointBye, "halfPointBye");
        Objects.requireNonNull(zeroPointBye, "zeroPointBye");
        Objects.requireNonNull(forfeitWin, "forfeitWin");
        Objects.requireNonNull(forfeitLoss, "forfeitLoss");
        Objects.requireNonNull(lateEntryMissedRound, "lateEntryMissedRound");
    }

    /** 1 - ½ - 0, a bye is a point, a late entrant's missed rounds are lost by default (Code 1970 US rule III). */
    public static Scoring classic() {
        return new Scoring(Score.ONE, Score.HALF, Score.ZERO, Score.ONE, Score.HALF, Score.ZERO,
                Score.ONE, Score.ZERO, Score.ZERO);
    }
}

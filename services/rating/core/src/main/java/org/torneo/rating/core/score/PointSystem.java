package org.torneo.rating.core.score;

/**
 * Points per outcome, in hundredths of a point (so 1-½-0 is 100/50/0 and 3-1-0 is 300/100/0).
 * TRF26 record 162 sets W, D, L, A (absence: zero-point bye or forfeit loss), P (pairing-allocated bye),
 * H and F; forfeit wins and full-point byes earn the win points, half-point byes the draw points
 * unless set on their own.
 */
public record PointSystem(int win, int draw, int loss, int absence, int forfeitLoss, int pab, int forfeitWin,
                          int fullBye, int halfBye) {

    public static final PointSystem STANDARD = of(100, 50, 0);
    /** "Football" scoring. */
    public static final PointSystem THREE_ONE_ZERO = of(300, 100, 0);
    public static final PointSystem TWO_ONE_ZERO = of(200, 100, 0);

    /** A system where byes and forfeits follow the game values (the TRF26 defaults). */
    public static PointSystem of(int win, int draw, int loss) {
        return new PointSystem(win, draw, loss, 0, 0, win, win, win, draw);
    }

    public int points(ResultKind kind) {
        return switch (kind.outcome()) {
            case WIN -> win;
            case DRAW -> draw;
            case LOSS -> loss;
            case FORFEIT_WIN -> forfeitWin;
            case FORFEIT_LOSS -> forfeitLoss;
            case ABSENCE -> absence;
            case HALF_BYE -> halfBye;
            case FULL_BYE -> fullBye;
            case PAB -> pab;
        };
    }
}

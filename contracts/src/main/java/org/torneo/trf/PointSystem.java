package org.torneo.trf;

/**
 * Points earned by each result, in tenths of a point (TRF26 record 162, bbp's BBx records, JaVaFo's XXS).
 * Defaults: win 1.0, draw 0.5, loss 0.0; forfeit win, full-point bye and PAB earn a win; half-point bye a
 * draw; forfeit loss and zero-point bye (absence) nothing.
 */
public record PointSystem(int win, int draw, int loss, int forfeitWin, int forfeitLoss,
                          int fullPointBye, int halfPointBye, int zeroPointBye, int pairingAllocatedBye) {

    public static final PointSystem STANDARD = new PointSystem(10, 5, 0, 10, 0, 10, 5, 0, 10);

    /** Points in tenths for one round entry. */
    public int pointsFor(ResultCode code) {
        return switch (code) {
            case WIN, UNRATED_WIN -> win;
            case DRAW, UNRATED_DRAW -> draw;
            case LOSS, UNRATED_LOSS -> loss;
            case FORFEIT_WIN -> forfeitWin;
            case FORFEIT_LOSS -> forfeitLoss;
            case FULL_POINT_BYE -> fullPointBye;
            case HALF_POINT_BYE -> halfPointBye;
            case PAIRING_ALLOCATED_BYE -> pairingAllocatedBye;
            case ZERO_POINT_BYE, BLANK -> zeroPointBye;
        };
    }

    /** The 162 record's W/D values change every code that inherits them unless set on its own. */
    public static PointSystem of(int win, int draw, int loss) {
        return new PointSystem(win, draw, loss, win, loss, win, draw, 0, win);
    }

    /** Formats tenths as TRF points, e.g. 25 → "2.5". */
    public static String format(int tenths) {
        String sign = tenths < 0 ? "-" : "";
        int abs = Math.abs(tenths);
        return sign + (abs / 10) + "." + (abs % 10);
    }
}

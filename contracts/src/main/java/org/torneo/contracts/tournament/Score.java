package org.torneo.contracts.tournament;

import java.math.BigDecimal;

/**
 * A tournament score kept in half-points so that sums never suffer from rounding
 * (1 = 2 halves, ½ = 1 half). Football-style scoring such as 3-1-0 fits as well (6, 2, 0).
 */
public record Score(int halves) implements Comparable<Score> {

    public static final Score ZERO = new Score(0);
    public static final Score HALF = new Score(1);
    public static final Score ONE = new Score(2);

    /** Parses "1", "0.5", "2.5", "1½" or "½". */
    public static Score parse(String text) {
        String t = text.strip().replace("½", ".5");
        if (t.startsWith(".")) {
            t = "0" + t;
        }
        try {
            BigDecimal doubled = new BigDecimal(t).multiply(BigDecimal.valueOf(2));
            return new Score(doubled.intValueExact());
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("not a score in half-points: '" + text + "'");
        }
    }

    public static Score points(int wholePoints) {
        return new Score(2 * wholePoints);
    }

    public Score plus(Score other) {
        return new Score(halves + other.halves);
    }

    @Override
    public int compareTo(Score other) {
        return Integer.compare(halves, other.halves);
    }

    @Override
    public String toString() {
        String sign = halves < 0 ? "-" : "";
        int magnitude = Math.abs(halves);
        return sign + (magnitude / 2) + (magnitude % 2 == 1 ? ".5" : "");
    }
}

package org.torneo.rating.core.tiebreak;

import java.math.BigDecimal;

/**
 * One tie-break's values for every player (index = start number - 1), as fixed-point integers
 * with {@code decimals} decimal places; {@link #NA} marks an undefined value (e.g. TPR without games).
 * Values are compared within a column only, so exact integers keep ties exact.
 */
public record TieBreakColumn(String code, int decimals, long[] values, boolean higherIsBetter) {

    public static final long NA = Long.MIN_VALUE;

    public boolean defined(int index) {
        return values[index] != NA;
    }

    /** The value as a decimal, or null when undefined. */
    public BigDecimal decimal(int index) {
        long v = values[index];
        return v == NA ? null : BigDecimal.valueOf(v, decimals);
    }

    /** Plain decimal text without trailing zeros beyond one decimal ("58.0", "31.25", "2418"), or "NA". */
    public String format(int index) {
        BigDecimal d = decimal(index);
        if (d == null) {
            return "NA";
        }
        if (decimals == 0) {
            return d.toPlainString();
        }
        BigDecimal s = d.stripTrailingZeros();
        if (s.scale() < 1) {
            s = s.setScale(1);
        }
        return s.toPlainString();
    }

    /**
     * Compares two players on this column: negative when {@code a} ranks ahead of {@code b}.
     * Undefined values rank behind defined ones.
     */
    public int compare(int a, int b) {
        long va = values[a];
        long vb = values[b];
        if (va == vb) {
            return 0;
        }
        if (va == NA) {
            return 1;
        }
        if (vb == NA) {
            return -1;
        }
        return higherIsBetter ? Long.compare(vb, va) : Long.compare(va, vb);
    }
}

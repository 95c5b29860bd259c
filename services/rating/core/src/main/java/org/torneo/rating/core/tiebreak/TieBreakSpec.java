package org.torneo.rating.core.tiebreak;

import java.util.Locale;

/**
 * A tie-break as announced, e.g. {@code BH/C1}, {@code SB/P}, {@code ARO/U1400}, {@code KS/L60}
 * (C.07 Art. 14 modifiers): Cn cuts the n least significant values, Mn cuts n at each end,
 * P evaluates unplayed games as played, F is the fore variant, Unnnn rates unrated players at nnnn,
 * L sets the Koya limit (percent, or +n / -n half-points relative to 50 %), V2024 / V2026 fixes the
 * rules edition for this one tie-break.
 */
public record TieBreakSpec(String text, String code, int cutLow, int cutHigh, boolean unplayedAsPlayed,
                           boolean fore, Integer unratedRating, int koyaPercent, int koyaOffsetCenti,
                           TieBreakRules rules) {

    public static TieBreakSpec of(String code) {
        return parse(code);
    }

    public static TieBreakSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty tie-break code");
        }
        String[] parts = text.trim().toUpperCase(Locale.ROOT).split("/");
        String code = parts[0];
        int low = 0;
        int high = 0;
        boolean played = false;
        boolean fore = false;
        Integer unrated = null;
        int koyaPercent = 50;
        int koyaOffset = 0;
        TieBreakRules rules = null;
        for (int i = 1; i < parts.length; i++) {
            String m = parts[i];
            if (m.isEmpty()) {
                throw new IllegalArgumentException("tie-break '" + text + "': empty modifier");
            }
            char kind = m.charAt(0);
            String arg = m.substring(1);
            try {
                switch (kind) {
                    case 'C' -> low = Integer.parseInt(arg);
                    case 'M' -> {
                        low = Integer.parseInt(arg);
                        high = low;
                    }
                    case 'P' -> played = true;
                    case 'F' -> fore = true;
                    case 'U' -> unrated = Integer.parseInt(arg);
                    case 'L' -> {
                        if (arg.startsWith("+") || arg.startsWith("-")) {
                            int sign = arg.startsWith("-") ? -1 : 1;
                            String n = arg.substring(1);
                            // "+n" counts half-points unless written with a decimal point
                            koyaOffset = sign * (n.contains(".")
                                    ? new java.math.BigDecimal(n).movePointRight(2).intValueExact()
                                    : Integer.parseInt(n) * 50);
                        } else {
                            koyaPercent = Integer.parseInt(arg);
                        }
                    }
                    case 'V' -> rules = arg.isEmpty() ? TieBreakRules.C07_2026 : TieBreakRules.parse(arg);
                    default -> throw new IllegalArgumentException("unknown modifier '" + m + "'");
                }
            } catch (NumberFormatException | ArithmeticException e) {
                throw new IllegalArgumentException("tie-break '" + text + "': modifier '" + m + "' needs a number");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("tie-break '" + text + "': " + e.getMessage());
            }
        }
        if (low < 0 || high < 0) {
            throw new IllegalArgumentException("tie-break '" + text + "': cuts must not be negative");
        }
        return new TieBreakSpec(text.trim(), code, low, high, played, fore, unrated, koyaPercent, koyaOffset, rules);
    }

    /** The same tie-break without the cuts (AOB averages the opponents' plain Buchholz). */
    TieBreakSpec withoutCuts() {
        return new TieBreakSpec(text, code, 0, 0, unplayedAsPlayed, fore, unratedRating, koyaPercent, koyaOffsetCenti, rules);
    }

    TieBreakSpec withCode(String newCode) {
        return new TieBreakSpec(text, newCode, cutLow, cutHigh, unplayedAsPlayed, fore, unratedRating, koyaPercent,
                koyaOffsetCenti, rules);
    }
}

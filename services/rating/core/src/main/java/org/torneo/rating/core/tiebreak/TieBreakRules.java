package org.torneo.rating.core.tiebreak;

/** Which edition of the FIDE Tie-Break Regulations (C.07) applies. */
public enum TieBreakRules {
    /** Approved 29/07/2024, applied from 1 August 2024. */
    C07_2024,
    /** Approved 02/02/2026, applied from 1 March 2026: adds the caps of 16.4.1 / 16.4.2. */
    C07_2026;

    public static TieBreakRules parse(String s) {
        return switch (s.trim()) {
            case "2024", "C07_2024" -> C07_2024;
            case "2026", "C07_2026" -> C07_2026;
            default -> throw new IllegalArgumentException("unknown tie-break rules '" + s + "' (expected 2024 or 2026)");
        };
    }

    /** The edition in force on an ISO date (yyyy-mm-dd). */
    public static TieBreakRules inForceOn(java.time.LocalDate date) {
        return date.isBefore(java.time.LocalDate.of(2026, 3, 1)) ? C07_2024 : C07_2026;
    }
}

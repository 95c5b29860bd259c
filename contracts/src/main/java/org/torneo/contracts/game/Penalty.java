package org.torneo.contracts.game;

/**
 * A time penalty applied after an incorrect claim or an irregularity, as decided by the ruleset
 * and adjustable by the arbiter (FIDE 2018 12.9, 9.5.2; FIDE 2001 9.5 piecewise deduction).
 *
 * @param addedToOpponentMillis   time added to the opponent's clock (e.g. 2 minutes, FIDE 2018 9.5.2.2)
 * @param deductedFromOffenderMillis time taken from the offender's clock (0 when none)
 * @param article                 the article applied, e.g. "FIDE 2018 9.5.2.2"
 * @param description             human-readable text for the scoresheet and the audit
 */
public record Penalty(long addedToOpponentMillis, long deductedFromOffenderMillis, String article,
                      String description) {

    public static final Penalty NONE = new Penalty(0, 0, "", "no penalty");

    public Penalty {
        if (addedToOpponentMillis < 0 || deductedFromOffenderMillis < 0) {
            throw new IllegalArgumentException("penalty times must not be negative");
        }
        article = article == null ? "" : article;
        description = description == null ? "" : description;
    }
}

package org.torneo.contracts.game;

/**
 * A time penalty applied after an incorrect claim or an irregularity, as decided by the ruleset
 * and adjustable by the arbiter (FIDE 2018 12.9, 9.5.2; FIDE 2001 9.5 piecewise deduction).
 *
 * @param addedToOpponentMillis   time added to the opponent's clock (e.g. 2 minutes, FIDE 2018 9.5.2.2)
 * @param deductedFromOffenderMillis time taken from the offender's clock (0 when none)
 * @param article                 the article applied, e.g. "FIDE 2018 9.5.2.2"
 * @param description             human-readable text for the scoresheet and the audit
 * @param claimantDeductionByTheClock optional, true: the offender's deduction follows the edition's rule applied to
 *                                the time on his clock at the claim, which the game did not know (FIDE 1997/2001
 *                                9.5b with no clock reading): the clock service computes and applies it; null (left
 *                                out of the JSON) otherwise
 */
public record Penalty(long addedToOpponentMillis, long deductedFromOffenderMillis, String article,
                      String description,
                      @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                      Boolean claimantDeductionByTheClock) {

    public static final Penalty NONE = new Penalty(0, 0, "", "no penalty");

    public Penalty {
        if (addedToOpponentMillis < 0 || deductedFromOffenderMillis < 0) {
            throw new IllegalArgumentException("penalty times must not be negative");
        }
        article = article == null ? "" : article;
        description = description == null ? "" : description;
        // absent and false are written alike (left out): the events of earlier versions keep their bytes and hashes
        claimantDeductionByTheClock = Boolean.TRUE.equals(claimantDeductionByTheClock) ? Boolean.TRUE : null;
    }

    /** A penalty the game computed in full. */
    public Penalty(long addedToOpponentMillis, long deductedFromOffenderMillis, String article, String description) {
        this(addedToOpponentMillis, deductedFromOffenderMillis, article, description, null);
    }

    /** Whether the clock service computes the offender's deduction from its own reading (see the record). */
    public boolean deductionByTheClock() {
        return Boolean.TRUE.equals(claimantDeductionByTheClock);
    }
}

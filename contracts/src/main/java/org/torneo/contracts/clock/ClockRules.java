package org.torneo.contracts.clock;

import java.util.Objects;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;

/**
 * The clock-relevant part of a game's rules.
 *
 * @param ruleset                  edition of the Laws and category (standard, rapid, blitz)
 * @param defaultTimeMillis        how late a player may arrive (FIDE 2018 6.7.1; 0 = zero tolerance)
 * @param quickplayFinishAnnounced whether the Guidelines III (quickplay finish) were announced in advance (FIDE 2018 III.2.1)
 */
public record ClockRules(Ruleset ruleset, long defaultTimeMillis, boolean quickplayFinishAnnounced) {

    public ClockRules {
        Objects.requireNonNull(ruleset, "ruleset");
        if (defaultTimeMillis < 0) {
            throw new IllegalArgumentException("default time must be >= 0, got " + defaultTimeMillis + " ms");
        }
    }

    public Edition edition() {
        return ruleset.edition();
    }

    public Category category() {
        return ruleset.category();
    }
}

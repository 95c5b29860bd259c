package org.torneo.contracts.clock;

import java.util.Objects;

/**
 * The clock-relevant part of a game's ruleset.
 *
 * @param edition                   edition of the Laws
 * @param category                  standard, rapid or blitz
 * @param defaultTimeMillis         how late a player may arrive (FIDE 2018 6.7.1; 0 = zero tolerance)
 * @param quickplayFinishAnnounced  whether the Guidelines III (quickplay finish) were announced in advance (FIDE 2018 III.2.1)
 */
public record ClockRules(Edition edition, Category category, long defaultTimeMillis, boolean quickplayFinishAnnounced) {

    public ClockRules {
        Objects.requireNonNull(edition, "edition");
        Objects.requireNonNull(category, "category");
        if (defaultTimeMillis < 0) {
            throw new IllegalArgumentException("default time must be >= 0, got " + defaultTimeMillis + " ms");
        }
    }
}

package org.torneo.game.core.rounds;

import java.util.Locale;
import java.util.Optional;

import org.torneo.contracts.Ruleset;

/**
 * Reads a tournament's ruleset id (TournamentCreated.rulesetId, free text such as "FIDE_2018",
 * "FIDE_2018_BLITZ", "fide-1997/rapid", "CODE_1970") as the game's edition and category.
 */
public final class RulesetIds {

    private RulesetIds() {
    }

    /** The ruleset named by {@code id}, or empty when no edition can be read from it. */
    public static Optional<Ruleset> parse(String id) {
        if (id == null || id.isBlank()) {
            return Optional.empty();
        }
        String text = id.trim().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
        Ruleset.Edition edition = null;
        for (Ruleset.Edition candidate : Ruleset.Edition.values()) {
            String year = candidate.name().substring(candidate.name().indexOf('_') + 1);
            if (text.contains(candidate.name()) || text.matches("(^|.*_)" + year + "(_.*|$)")) {
                edition = candidate;
            }
        }
        if (edition == null) {
            return Optional.empty();
        }
        Ruleset.Category category = Ruleset.Category.STANDARD;
        for (Ruleset.Category candidate : Ruleset.Category.values()) {
            if (text.matches("(^|.*_)" + candidate.name() + "(_.*|$)")) {
                category = candidate;
            }
        }
        return Optional.of(new Ruleset(edition, category));
    }
}

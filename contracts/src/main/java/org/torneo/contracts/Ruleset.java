package org.torneo.contracts;

import java.util.Objects;

/**
 * Which Laws govern a game: the edition of the Laws and the game category. Every rule that
 * differs between editions is a field of the ruleset in the game core, selected by this reference.
 */
public record Ruleset(Edition edition, Category category) {

    /** The generations of the Laws held in the seeds. */
    public enum Edition { CODE_1970, FIDE_1997, FIDE_2001, FIDE_2018 }

    /** Standard, rapid or blitz (the appendices apply to the last two). */
    public enum Category { STANDARD, RAPID, BLITZ }

    /** FIDE 2018 standard is the default ruleset of the design. */
    public static final Ruleset DEFAULT = new Ruleset(Edition.FIDE_2018, Category.STANDARD);

    public Ruleset {
        Objects.requireNonNull(edition, "edition");
        Objects.requireNonNull(category, "category");
    }
}

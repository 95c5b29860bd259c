package org.torneo.contracts;

import java.time.Duration;
import java.util.Objects;

/**
 * Which Laws govern a game: the edition of the Laws and the game category. Every rule that
 * differs between editions is a field of the ruleset in the game core, selected by this reference.
 */
public record Ruleset(Edition edition, Category category) {

    /** The generations of the Laws held in the seeds. */
    public enum Edition {
        CODE_1970, FIDE_1997, FIDE_2001, FIDE_2018;

        /**
         * The default time: how late a player may arrive at the chessboard, when the regulations say nothing. One
         * value for the game service (who loses) and the clock service (when to call it).
         */
        public Duration defaultTime() {
            return switch (this) {
                // Code 1970 art. XVII comment, FIDE 1997 6.6, FIDE 2001 6.7: more than one hour late loses
                case CODE_1970, FIDE_1997, FIDE_2001 -> Duration.ofHours(1);
                // FIDE 2018 6.7.1: the regulations specify the default time; if not, it is zero
                case FIDE_2018 -> Duration.ZERO;
            };
        }
    }

    /** Standard, rapid or blitz (the appendices apply to the last two). */
    public enum Category { STANDARD, RAPID, BLITZ }

    /** FIDE 2018 standard is the default ruleset of the design. */
    public static final Ruleset DEFAULT = new Ruleset(Edition.FIDE_2018, Category.STANDARD);

    public Ruleset {
        Objects.requireNonNull(edition, "edition");
        Objects.requireNonNull(category, "category");
    }
}

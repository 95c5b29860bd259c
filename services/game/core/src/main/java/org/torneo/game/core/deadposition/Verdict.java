package org.torneo.game.core.deadposition;

/** The three answers of {@link CanMate}: can the intended winner still checkmate by any series of legal moves? */
public enum Verdict {
    /** Some series of legal moves (by both sides, however unskilled) ends with the intended winner mating. */
    WINNABLE,
    /** Proved: no series of legal moves ends with the intended winner mating. */
    UNWINNABLE,
    /** The bounded analysis gave up; neither answer is proved. Callers must not treat this as unwinnable. */
    UNDETERMINED;

    public String lowerCaseName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

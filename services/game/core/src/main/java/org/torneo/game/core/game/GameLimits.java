package org.torneo.game.core.game;

/**
 * The bounds a service sets on one game's work, handed to the {@link GameDecider} as a value (the core reads no
 * configuration itself, so a replay decides as the service did).
 *
 * @param maxPlies the most plies a game may have; a move beyond it is refused. The default, 20,000, is above the
 *                 longest game the FIDE 2018 Laws allow (the 75-move rule and fivefold repetition end any game
 *                 within 17,697 plies), so it never refuses a move those Laws allow; under the 1997 and 1970 rules
 *                 (no automatic ending by repetition or by move count) it is what ends the work of a game nobody
 *                 claims a draw in.
 */
public record GameLimits(int maxPlies) {
    /** The service's configuration key for {@link #maxPlies}. */
    public static final String MAX_PLIES_PROPERTY = "torneo.game.max-plies";
    public static final int DEFAULT_MAX_PLIES = 20_000;
    public static final GameLimits DEFAULT = new GameLimits(DEFAULT_MAX_PLIES);

    public GameLimits {
        if (maxPlies < 1) {
            throw new IllegalArgumentException(MAX_PLIES_PROPERTY + " must be at least 1, not " + maxPlies);
        }
    }
}

package org.torneo.game.core.draw;

import org.torneo.game.core.board.Position;

/**
 * Decides whether a position is dead: no sequence of legal moves can lead to a checkmate by either side
 * (FIDE 2018 1.5 / 5.2.2; FIDE 1997 9.6 "even with the most unskilled play"). A dead position ends the game
 * at once as a draw.
 *
 * <p>Implementations must be SOUND: answer true only when the position is certainly dead. The full helpmate
 * analysis ({@code canMate}, package org.torneo.game.core.deadposition) plugs in here; until then
 * {@link #BARE_MATERIAL} is the default.
 */
@FunctionalInterface
public interface DeadPositionOracle {

    boolean isDead(Position position);

    /** Bare-material cases only (see {@link InsufficientMaterial#bareMaterialDead(Position)}). */
    DeadPositionOracle BARE_MATERIAL = position -> InsufficientMaterial.bareMaterialDead(position) && !position.isCheckmate();
}

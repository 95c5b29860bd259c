package org.torneo.game.core.draw;

import java.util.EnumSet;
import java.util.Set;
import org.torneo.game.core.board.Move;

/**
 * Draw claims by the player having the move (FIDE 2018 9.2, 9.3; 1997/2001 9.2, 9.3). A claim is judged either
 * on the current position (9.2.1.2, 9.3.2) or on a move written on the scoresheet and declared but not yet
 * played (9.2.1.1, 9.3.1): then the position AFTER that move is judged.
 */
public final class DrawClaims {
    private DrawClaims() {
    }

    public enum Ground { THREEFOLD_REPETITION, FIFTY_MOVES }

    /** The grounds on which a claim on the current position is correct (empty: the claim is incorrect). */
    public static Set<Ground> onCurrentPosition(GameRecord record) {
        Set<Ground> grounds = EnumSet.noneOf(Ground.class);
        if (DrawRules.threefoldRepetition(record)) {
            grounds.add(Ground.THREEFOLD_REPETITION); // FIDE 2018 9.2.1.2
        }
        if (DrawRules.fiftyMoveRule(record)) {
            grounds.add(Ground.FIFTY_MOVES); // FIDE 2018 9.3.2
        }
        return grounds;
    }

    /**
     * The grounds on which a claim with the written intended move is correct (FIDE 2018 9.2.1.1, 9.3.1).
     * @throws IllegalArgumentException if the intended move is illegal (then 9.5 / 7.5 apply, not this method)
     */
    public static Set<Ground> onIntendedMove(GameRecord record, Move intendedMove) {
        return onCurrentPosition(record.play(intendedMove));
    }
}

package org.torneo.game.core.draw;

import org.torneo.game.core.board.Position;

/**
 * The draw and end-of-game conditions of FIDE 2018 (numbers of the 1997 and 2001 editions in brackets where
 * they exist). Each method judges the CURRENT position of a record; claims are in {@link DrawClaims}.
 */
public final class DrawRules {
    /** FIDE 2018 9.3: 50 moves by each player = 100 plies without a pawn move or capture. */
    public static final int FIFTY_MOVE_PLIES = 100;
    /** FIDE 2018 9.6.2: 75 moves by each player = 150 plies. */
    public static final int SEVENTY_FIVE_MOVE_PLIES = 150;

    private DrawRules() {
    }

    /** FIDE 2018 9.2.2 (1997/2001 9.2): the position has occurred at least three times: a draw may be claimed. */
    public static boolean threefoldRepetition(GameRecord record) {
        return record.occurrences() >= 3;
    }

    /** FIDE 2018 9.6.1: the position has occurred at least five times: the game is drawn automatically. */
    public static boolean fivefoldRepetition(GameRecord record) {
        return record.occurrences() >= 5;
    }

    /** FIDE 2018 9.3 (1997/2001 9.3): the last 50 moves of each player had no pawn move and no capture. */
    public static boolean fiftyMoveRule(GameRecord record) {
        return fiftyMoveCondition(record.position());
    }

    /**
     * FIDE 2018 9.6.2: at least 75 moves of each player without a pawn move or capture: drawn automatically,
     * unless the last move gave checkmate, which takes precedence.
     */
    public static boolean seventyFiveMoveRule(GameRecord record) {
        return seventyFiveMoveCondition(record.position()) && !record.position().isCheckmate();
    }

    static boolean fiftyMoveCondition(Position position) {
        return position.halfmoveClock() >= FIFTY_MOVE_PLIES;
    }

    static boolean seventyFiveMoveCondition(Position position) {
        return position.halfmoveClock() >= SEVENTY_FIVE_MOVE_PLIES;
    }

    /** FIDE 2018 5.1.1 (1997/2001 5.1a): checkmate ends the game. */
    public static boolean checkmate(GameRecord record) {
        return record.position().isCheckmate();
    }

    /** FIDE 2018 5.2.1 (1997 5.2, 2001 5.2a): stalemate ends the game as a draw. */
    public static boolean stalemate(GameRecord record) {
        return record.position().isStalemate();
    }

    /**
     * The automatic ending of the current position under FIDE 2018, in order of precedence: checkmate (5.1.1),
     * stalemate (5.2.1), dead position (5.2.2, as far as the oracle knows), fivefold repetition (9.6.1),
     * 75-move rule (9.6.2). Claimable draws (9.2, 9.3) never end the game by themselves.
     */
    public static Ending automaticEnding(GameRecord record, DeadPositionOracle oracle) {
        Position p = record.position();
        if (p.legalMoveCount() == 0) {
            return p.inCheck() ? Ending.CHECKMATE : Ending.STALEMATE;
        }
        if (oracle.isDead(p)) {
            return Ending.DEAD_POSITION;
        }
        if (fivefoldRepetition(record)) {
            return Ending.FIVEFOLD_REPETITION;
        }
        if (seventyFiveMoveCondition(p)) {
            return Ending.SEVENTY_FIVE_MOVE_RULE;
        }
        return Ending.NONE;
    }

    /** Automatic endings of a game (FIDE 2018 Art. 5 and 9.6). */
    public enum Ending {
        NONE, CHECKMATE, STALEMATE, DEAD_POSITION, FIVEFOLD_REPETITION, SEVENTY_FIVE_MOVE_RULE
    }
}

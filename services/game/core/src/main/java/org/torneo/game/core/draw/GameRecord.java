package org.torneo.game.core.draw;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;

/**
 * Immutable record of a game from its start position: every position after each ply, with the bookkeeping the
 * draw rules need (repetition counts under the FIDE 2018 9.2.3 identity, the halfmove clock, the first ply at
 * which each rule's condition arose). Appending a move is O(plies since the last capture or pawn move) and
 * shares the earlier record (a persistent list), so each intermediate GameRecord stays valid.
 *
 * <p>Ply 0 is the start position; ply k is the position after k half-moves. Repetitions count from the start
 * position (which counts as an occurrence); the halfmove clock honours the start FEN.
 */
public final class GameRecord {
    private final GameRecord previous;
    private final Position position;
    private final Move lastMove;
    private final int ply;
    private final long key;
    private final int occurrences;
    private final int firstThreefoldPly;
    private final int firstFivefoldPly;
    private final int firstFiftyMovePly;
    private final int firstSeventyFiveMovePly;

    private GameRecord(GameRecord previous, Position position, Move lastMove) {
        this.previous = previous;
        this.position = position;
        this.lastMove = lastMove;
        this.ply = previous == null ? 0 : previous.ply + 1;
        this.key = position.repetitionKey();
        int count = 1;
        if (position.halfmoveClock() > 0) {
            // positions before the last capture or pawn move cannot be the same (FIDE 2018 9.2.3)
            for (GameRecord r = previous; r != null; r = r.previous) {
                if (r.key == key) {
                    count++;
                }
                if (r.position.halfmoveClock() == 0) {
                    break;
                }
            }
        }
        this.occurrences = count;
        this.firstThreefoldPly = inherit(previous == null ? -1 : previous.firstThreefoldPly, count >= 3);
        this.firstFivefoldPly = inherit(previous == null ? -1 : previous.firstFivefoldPly, count >= 5);
        this.firstFiftyMovePly = inherit(previous == null ? -1 : previous.firstFiftyMovePly,
                DrawRules.fiftyMoveCondition(position));
        this.firstSeventyFiveMovePly = inherit(previous == null ? -1 : previous.firstSeventyFiveMovePly,
                DrawRules.seventyFiveMoveCondition(position));
    }

    private int inherit(int earlier, boolean now) {
        return earlier >= 0 ? earlier : now ? ply : -1;
    }

    public static GameRecord start(Position position) {
        return new GameRecord(null, position, null);
    }

    /** The record after a legal move. @throws IllegalArgumentException if the move is illegal */
    public GameRecord play(Move move) {
        return new GameRecord(this, position.play(move), move);
    }

    /**
     * The record after an illegal move that stands (FIDE 2018 A.4.2 / B.4, 1997 C.3), from
     * {@link Position#irregularMove}: the game goes on from a position no legal move reaches.
     */
    public GameRecord playIrregular(Move move) {
        return new GameRecord(this, position.playIrregular(move.from(), move.to(), move.promotion()), move);
    }

    public Position position() {
        return position;
    }

    public int ply() {
        return ply;
    }

    /** The move that led to this position, or null at ply 0. */
    public Move lastMove() {
        return lastMove;
    }

    /** The record one ply earlier, or null at ply 0. */
    public GameRecord previous() {
        return previous;
    }

    public Position startPosition() {
        GameRecord r = this;
        while (r.previous != null) {
            r = r.previous;
        }
        return r.position;
    }

    /** How many times the current position (FIDE 2018 9.2.3 identity) has occurred, this one included. */
    public int occurrences() {
        return occurrences;
    }

    /** Identity key of the current position ({@link Position#repetitionKey()}). */
    public long repetitionKey() {
        return key;
    }

    /** First ply at which some position occurred for the third time, or -1. */
    public int firstThreefoldPly() {
        return firstThreefoldPly;
    }

    /** First ply at which some position occurred for the fifth time, or -1. */
    public int firstFivefoldPly() {
        return firstFivefoldPly;
    }

    /** First ply at which the halfmove clock reached 100, or -1. */
    public int firstFiftyMovePly() {
        return firstFiftyMovePly;
    }

    /** First ply at which the halfmove clock reached 150, or -1. */
    public int firstSeventyFiveMovePly() {
        return firstSeventyFiveMovePly;
    }

    /** Moves from the start, in order. */
    public List<Move> moves() {
        List<Move> moves = new ArrayList<>(ply);
        for (GameRecord r = this; r.previous != null; r = r.previous) {
            moves.add(r.lastMove);
        }
        Collections.reverse(moves);
        return moves;
    }

    /** Positions from ply 0 to this one, in order. */
    public List<Position> positions() {
        List<Position> positions = new ArrayList<>(ply + 1);
        for (GameRecord r = this; r != null; r = r.previous) {
            positions.add(r.position);
        }
        Collections.reverse(positions);
        return positions;
    }
}

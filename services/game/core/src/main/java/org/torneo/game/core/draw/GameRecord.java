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
 *
 * <p>Memory: a service holds the record of every game of a round at once (5,000 boards in a large open), so the
 * history keeps per ply only the move, the repetition key and the counters, and a whole position every
 * {@value #CHECKPOINT_EVERY} plies. An earlier position ({@link #previous()}, {@link #positions()}) is played again
 * from the nearest checkpoint before it when it is asked for: takebacks, claims' evidence and PGN, not moves.
 */
public final class GameRecord {
    /** Plies between the whole positions the history keeps (ply 0 is always kept). */
    static final int CHECKPOINT_EVERY = 16;

    private final Ply node;
    /** The position at {@link #node}: set for a record made by a move, played again on demand for an earlier one. */
    private transient Position position;

    /** One ply of the history: what the draw rules and a replay need, not the position itself. */
    private static final class Ply {
        final Ply previous;
        final Move lastMove;
        /** The move stood although illegal ({@link #playIrregular}): a replay must play it the same way. */
        final boolean irregular;
        final int ply;
        final long key;
        final int halfmoveClock;
        final int occurrences;
        final int firstThreefoldPly;
        final int firstFivefoldPly;
        final int firstFiftyMovePly;
        final int firstSeventyFiveMovePly;
        /** The whole position at checkpoints (ply 0 and every CHECKPOINT_EVERY plies), else null. */
        final Position checkpoint;

        Ply(Ply previous, Position position, Move lastMove, boolean irregular) {
            this.previous = previous;
            this.lastMove = lastMove;
            this.irregular = irregular;
            this.ply = previous == null ? 0 : previous.ply + 1;
            this.key = position.repetitionKey();
            this.halfmoveClock = position.halfmoveClock();
            int count = 1;
            if (halfmoveClock > 0) {
                // positions before the last capture or pawn move cannot be the same (FIDE 2018 9.2.3)
                for (Ply r = previous; r != null; r = r.previous) {
                    if (r.key == key) {
                        count++;
                    }
                    if (r.halfmoveClock == 0) {
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
            // without the legal moves the head cached: they are never asked of a position in the history
            this.checkpoint = ply % CHECKPOINT_EVERY == 0 ? position.withoutCaches() : null;
        }

        private int inherit(int earlier, boolean now) {
            return earlier >= 0 ? earlier : now ? ply : -1;
        }

        /** The position after this ply: the nearest checkpoint at or before it, and the moves since, played again. */
        Position replay() {
            Ply from = this;
            while (from.checkpoint == null) {
                from = from.previous;
            }
            Ply[] path = new Ply[ply - from.ply];
            for (Ply p = this; p != from; p = p.previous) {
                path[p.ply - from.ply - 1] = p;
            }
            Position position = from.checkpoint;
            for (Ply p : path) {
                position = p.playedFrom(position);
            }
            return position;
        }

        /** The position after this ply's move from the one before it, played as it was (legal or standing). */
        Position playedFrom(Position before) {
            return irregular ? before.playIrregular(lastMove.from(), lastMove.to(), lastMove.promotion())
                    : before.play(lastMove);
        }
    }

    private GameRecord(Ply node, Position position) {
        this.node = node;
        this.position = position;
    }

    public static GameRecord start(Position position) {
        return new GameRecord(new Ply(null, position, null, false), position);
    }

    /** The record after a legal move. @throws IllegalArgumentException if the move is illegal */
    public GameRecord play(Move move) {
        Position next = position().play(move);
        return new GameRecord(new Ply(node, next, move, false), next);
    }

    /**
     * The record after an illegal move that stands (FIDE 2018 A.4.2 / B.4, 1997 C.3), from
     * {@link Position#irregularMove}: the game goes on from a position no legal move reaches.
     */
    public GameRecord playIrregular(Move move) {
        Position next = position().playIrregular(move.from(), move.to(), move.promotion());
        return new GameRecord(new Ply(node, next, move, true), next);
    }

    /** The position (benign race when played again: every thread computes an equal position). */
    public Position position() {
        Position p = position;
        if (p == null) {
            p = node.replay();
            position = p;
        }
        return p;
    }

    public int ply() {
        return node.ply;
    }

    /** The move that led to this position, or null at ply 0. */
    public Move lastMove() {
        return node.lastMove;
    }

    /** The record one ply earlier, or null at ply 0. */
    public GameRecord previous() {
        return node.previous == null ? null : new GameRecord(node.previous, null);
    }

    public Position startPosition() {
        Ply r = node;
        while (r.previous != null) {
            r = r.previous;
        }
        return r.checkpoint;
    }

    /** How many times the current position (FIDE 2018 9.2.3 identity) has occurred, this one included. */
    public int occurrences() {
        return node.occurrences;
    }

    /** Identity key of the current position ({@link Position#repetitionKey()}). */
    public long repetitionKey() {
        return node.key;
    }

    /** First ply at which some position occurred for the third time, or -1. */
    public int firstThreefoldPly() {
        return node.firstThreefoldPly;
    }

    /** First ply at which some position occurred for the fifth time, or -1. */
    public int firstFivefoldPly() {
        return node.firstFivefoldPly;
    }

    /** First ply at which the halfmove clock reached 100, or -1. */
    public int firstFiftyMovePly() {
        return node.firstFiftyMovePly;
    }

    /** First ply at which the halfmove clock reached 150, or -1. */
    public int firstSeventyFiveMovePly() {
        return node.firstSeventyFiveMovePly;
    }

    /** Moves from the start, in order. */
    public List<Move> moves() {
        List<Move> moves = new ArrayList<>(node.ply);
        for (Ply r = node; r.previous != null; r = r.previous) {
            moves.add(r.lastMove);
        }
        Collections.reverse(moves);
        return moves;
    }

    /** Positions from ply 0 to this one, in order (played again once from the start: O(plies)). */
    public List<Position> positions() {
        Ply[] path = new Ply[node.ply + 1];
        for (Ply r = node; r != null; r = r.previous) {
            path[r.ply] = r;
        }
        List<Position> positions = new ArrayList<>(path.length);
        Position p = path[0].checkpoint;
        positions.add(p);
        for (int i = 1; i < node.ply; i++) {
            p = path[i].checkpoint != null ? path[i].checkpoint : path[i].playedFrom(p);
            positions.add(p);
        }
        if (node.ply > 0) {
            positions.add(position());
        }
        return positions;
    }
}

package org.torneo.game.core.draw;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;

/**
 * Immutable record of a game from its start position: every position after each ply, with the bookkeeping the
 * draw rules need (repetition counts under the FIDE 2018 9.2.3 identity, the halfmove clock, the first ply at
 * which each rule's condition arose). Appending a move costs the same at ply 10,000 as at ply 10 and shares the
 * earlier record (a persistent list), so each intermediate GameRecord stays valid.
 *
 * <p>Repetitions: a position can only repeat one since the last capture or pawn move (FIDE 2018 9.2.3). While
 * that stretch is short ({@value #SCANNED_STRETCH} plies or fewer) the new position's key is compared with each
 * one of it; past that, under the editions without the 75-move rule (1997, 1970) a stretch can grow without end,
 * so the stretch keeps a {@link RepetitionIndex}: the latest ply of each key, updated as moves are appended.
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
    /** Halfmove clock up to which a repetition is counted by comparing keys one by one (a bounded walk). */
    static final int SCANNED_STRETCH = 64;

    private final Ply node;
    /** Ply 0 of this line: kept by the record, not by each ply, so that a ply costs no more memory. */
    private final Ply root;
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
        /**
         * In a long stretch without capture or pawn move: the latest earlier ply of it with the same key (null when
         * none), a fact of this line whatever index found it; null too in a short stretch, where it is not needed.
         */
        final Ply sameKeyBefore;
        /** The index this ply was appended to, in a long stretch (halfmove clock over SCANNED_STRETCH), else null. */
        final RepetitionIndex index;

        Ply(Ply previous, Position position, Move lastMove, boolean irregular) {
            this.previous = previous;
            this.lastMove = lastMove;
            this.irregular = irregular;
            this.ply = previous == null ? 0 : previous.ply + 1;
            this.key = position.repetitionKey();
            this.halfmoveClock = position.halfmoveClock();
            int count = 1;
            Ply same = null;
            RepetitionIndex appendedTo = null;
            if (halfmoveClock > SCANNED_STRETCH && previous != null) {
                // a long stretch: the index of this line gives the latest same position at once
                appendedTo = RepetitionIndex.forAppendingTo(previous);
                same = appendedTo.latest(key);
                count = same == null ? 1 : same.occurrences + 1;
            } else if (halfmoveClock > 0) {
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
            this.sameKeyBefore = same;
            this.index = appendedTo;
            this.occurrences = count;
            this.firstThreefoldPly = inherit(previous == null ? -1 : previous.firstThreefoldPly, count >= 3);
            this.firstFivefoldPly = inherit(previous == null ? -1 : previous.firstFivefoldPly, count >= 5);
            this.firstFiftyMovePly = inherit(previous == null ? -1 : previous.firstFiftyMovePly,
                    DrawRules.fiftyMoveCondition(position));
            this.firstSeventyFiveMovePly = inherit(previous == null ? -1 : previous.firstSeventyFiveMovePly,
                    DrawRules.seventyFiveMoveCondition(position));
            // without the legal moves the head cached: they are never asked of a position in the history
            this.checkpoint = ply % CHECKPOINT_EVERY == 0 ? position.withoutCaches() : null;
            if (appendedTo != null) {
                appendedTo.append(this);
            }
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

    /**
     * The latest ply of each repetition key in one long stretch without capture or pawn move, for the line that ends
     * at {@link #tip}. A record is persistent, so a move may be appended to a ply that is not the tip (the decider
     * plays a move to judge it, then the event plays it again; a takeback plays on from an earlier ply): the index
     * then steps back to that ply when it lies on its line, undoing each later ply by its {@code sameKeyBefore}
     * (each ply is undone at most once per time it was appended, so the cost stays that of the appends), and is
     * built again from the line otherwise (an old line played on: rare, and paid once).
     */
    static final class RepetitionIndex {
        private final HashMap<Long, Ply> latestByKey = new HashMap<>();
        private Ply tip;

        /** The index to append a ply to after {@code previous} (in a long stretch), stepped back or built for it. */
        static RepetitionIndex forAppendingTo(Ply previous) {
            RepetitionIndex index = previous.index;
            if (index != null) {
                synchronized (index) {
                    if (index.stepBackTo(previous)) {
                        return index;
                    }
                }
            }
            return built(previous);
        }

        /** A new index of the stretch that ends at {@code last}: its plies back to the last capture or pawn move. */
        private static RepetitionIndex built(Ply last) {
            java.util.ArrayDeque<Ply> stretch = new java.util.ArrayDeque<>();
            for (Ply r = last; r != null; r = r.previous) {
                stretch.push(r);
                if (r.halfmoveClock == 0) {
                    break;
                }
            }
            RepetitionIndex index = new RepetitionIndex();
            for (Ply r : stretch) {
                index.latestByKey.put(r.key, r);
            }
            index.tip = last;
            return index;
        }

        /** Makes {@code ply} the tip if it lies on the indexed line; false (and unchanged) if it does not. */
        private boolean stepBackTo(Ply ply) {
            if (tip == ply) {
                return true;
            }
            if (ply.ply >= tip.ply) {
                return false;
            }
            Ply r = tip;
            while (r.ply > ply.ply) {
                r = r.previous;
            }
            if (r != ply) {
                return false;
            }
            for (Ply undone = tip; undone != ply; undone = undone.previous) {
                if (undone.sameKeyBefore == null) {
                    latestByKey.remove(undone.key);
                } else {
                    latestByKey.put(undone.key, undone.sameKeyBefore);
                }
            }
            tip = ply;
            return true;
        }

        synchronized Ply latest(long key) {
            return latestByKey.get(key);
        }

        synchronized void append(Ply ply) {
            latestByKey.put(ply.key, ply);
            tip = ply;
        }
    }

    private GameRecord(Ply node, Position position, Ply root) {
        this.node = node;
        this.position = position;
        this.root = root;
    }

    public static GameRecord start(Position position) {
        Ply root = new Ply(null, position, null, false);
        return new GameRecord(root, position, root);
    }

    /** The record after a legal move. @throws IllegalArgumentException if the move is illegal */
    public GameRecord play(Move move) {
        Position next = position().play(move);
        return new GameRecord(new Ply(node, next, move, false), next, root);
    }

    /**
     * The record after an illegal move that stands (FIDE 2018 A.4.2 / B.4, 1997 C.3), from
     * {@link Position#irregularMove}: the game goes on from a position no legal move reaches.
     */
    public GameRecord playIrregular(Move move) {
        Position next = position().playIrregular(move.from(), move.to(), move.promotion());
        return new GameRecord(new Ply(node, next, move, true), next, root);
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
        return node.previous == null ? null : new GameRecord(node.previous, null, root);
    }

    public Position startPosition() {
        return root.checkpoint;
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

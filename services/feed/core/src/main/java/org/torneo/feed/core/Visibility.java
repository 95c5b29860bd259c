package org.torneo.feed.core;

import java.util.List;

import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Move;
import org.torneo.feed.core.FeedState.Outcome;

/**
 * What the public may see of a tournament's games at one read: the broadcast delay applied to every view (moves
 * with their clocks, incidents, results, standings), so no route can show what the delay holds back.
 *
 * @param horizon under a fixed delay, the newest instant (epoch ms) a fact may have to be shown
 */
record Visibility(BroadcastDelayMode mode, long horizon) {
    static final Visibility ALL = new Visibility(BroadcastDelayMode.NONE, Long.MAX_VALUE);
    /**
     * Nothing of the games (no move, clock, incident, result or rating standings; players and pairings only): a
     * tournament whose broadcast delay is not known yet, while a reader starting over has not read the tournament
     * stream to its end and the store told nothing of it.
     */
    static final Visibility NOTHING_YET = new Visibility(BroadcastDelayMode.FIXED, 0);

    /** A fact of a game (a move, a clock, an incident) recorded at {@code at}. */
    boolean ofGameFact(Game g, long at) {
        return switch (mode) {
            case NONE -> true;
            case FIXED -> at <= horizon;
            // the moves are released with the game's end (whose result is public at once)
            case AFTER_GAME -> g.outcome != null || g.cancelled != null;
        };
    }

    /** A game's result: under a fixed delay once it is that old; otherwise at once. */
    boolean ofOutcome(Outcome o) {
        return o != null && (mode != BroadcastDelayMode.FIXED || o.at() <= horizon);
    }

    /** The visibility of a tournament's games at {@code nowMillis} under a broadcast delay. */
    static Visibility of(BroadcastDelayMode mode, long delayMillis, long nowMillis) {
        return switch (mode) {
            case NONE -> Visibility.ALL;
            case FIXED -> new Visibility(BroadcastDelayMode.FIXED, nowMillis - delayMillis);
            case AFTER_GAME -> new Visibility(BroadcastDelayMode.AFTER_GAME, Long.MAX_VALUE);
        };
    }

    /** The moves the public may see: the first ones, up to the first the delay holds back. */
    static List<Move> visibleMoves(Game g, Visibility v) {
        if (v.mode() == BroadcastDelayMode.NONE) {
            return g.moves;
        }
        int n = 0;
        while (n < g.moves.size() && v.ofGameFact(g, g.moves.get(n).at)) {
            n++;
        }
        return g.moves.subList(0, n);
    }

    static Outcome visibleOutcome(Outcome o, Visibility v) {
        return v.ofOutcome(o) ? o : null;
    }

}

package org.torneo.rating.core.results;

import java.util.List;
import java.util.Map;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.Tournament;

/**
 * The score sheet so far: the event's frame, the players' rounds and the withdrawals. Evolving it
 * costs O(players) per event; the validated cross table is built on demand by {@link #tournament()}.
 */
public record ResultsState(String name, int rounds, PointSystem pointSystem, List<Player> players,
                           Map<Integer, Integer> withdrawnFromRound) {

    public static final ResultsState EMPTY = new ResultsState("", 0, null, List.of(), Map.of());

    public ResultsState {
        players = List.copyOf(players);
        withdrawnFromRound = Map.copyOf(withdrawnFromRound);
    }

    public boolean opened() {
        return pointSystem != null;
    }

    public int size() {
        return players.size();
    }

    public Player player(int startNumber) {
        return players.get(startNumber - 1);
    }

    /** The cross table (validated), for scores and standings. */
    public Tournament tournament() {
        if (!opened()) {
            throw new IllegalStateException("the event has not been opened");
        }
        return new Tournament(name, rounds, pointSystem, players);
    }
}

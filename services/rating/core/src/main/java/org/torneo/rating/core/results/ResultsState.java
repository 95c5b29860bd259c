package org.torneo.rating.core.results;

import java.util.Map;
import org.torneo.rating.core.score.Tournament;

/** The score sheet so far: the cross table (null before the event is opened) and the withdrawals. */
public record ResultsState(Tournament tournament, Map<Integer, Integer> withdrawnFromRound) {

    public static final ResultsState EMPTY = new ResultsState(null, Map.of());

    public ResultsState {
        withdrawnFromRound = Map.copyOf(withdrawnFromRound);
    }

    public boolean opened() {
        return tournament != null;
    }
}

package org.torneo.clock.core.schedule;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The flag deadlines of many running clocks, ordered by time, for the app's flag scheduler: after
 * each event the app calls {@link #update} with the game's new {@code ClockState.deadline()}, and a
 * single timer waits until {@link #next()} and sends CheckFlag for every game {@link #due} by then.
 * No loop over all clocks: updates and polls are O(log n). Not thread-safe; the app owns the locking.
 */
public final class DeadlineIndex {

    private final TreeMap<Long, Set<String>> byDeadline = new TreeMap<>();
    private final Map<String, Long> byGame = new HashMap<>();

    /** Sets (or clears, when empty) the deadline of one game's running clock. */
    public void update(String gameId, Optional<Long> deadline) {
        Long old = byGame.remove(gameId);
        if (old != null) {
            Set<String> games = byDeadline.get(old);
            games.remove(gameId);
            if (games.isEmpty()) {
                byDeadline.remove(old);
            }
        }
        deadline.ifPresent(d -> {
            byGame.put(gameId, d);
            byDeadline.computeIfAbsent(d, k -> new LinkedHashSet<>()).add(gameId);
        });
    }

    /** The earliest deadline, if any clock runs. */
    public Optional<Long> next() {
        return byDeadline.isEmpty() ? Optional.empty() : Optional.of(byDeadline.firstKey());
    }

    /** Removes and returns the games whose deadline is at or before {@code now}, earliest first. */
    public List<String> due(long now) {
        List<String> out = new ArrayList<>();
        while (!byDeadline.isEmpty() && byDeadline.firstKey() <= now) {
            Map.Entry<Long, Set<String>> first = byDeadline.pollFirstEntry();
            for (String game : first.getValue()) {
                byGame.remove(game);
                out.add(game);
            }
        }
        return out;
    }

    public Optional<Long> deadlineOf(String gameId) {
        return Optional.ofNullable(byGame.get(gameId));
    }

    public int size() {
        return byGame.size();
    }
}

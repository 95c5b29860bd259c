package org.torneo.rating.core.sheet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.torneo.contracts.tournament.Scoring;

/**
 * One tournament's score sheet as the rating service knows it: the frame, the entrants in
 * registration order, the pairing numbers, each round's schedule and results (by game id, so a
 * correction replaces), withdrawals, the rounds closed, and the players named by results or
 * pairings whose registration has not arrived yet (strangers). Immutable; evolving copies only the
 * round a result belongs to, so a 5,000-player event stays cheap to fold.
 */
public record RatingSheet(SheetFact.SheetOpened frame, List<SheetFact.PlayerEntered> entrants,
                          Map<String, Integer> registrationOrder, Map<String, Integer> numbers,
                          Map<Integer, Round> rounds, Map<String, Integer> withdrawn, int closedRound,
                          String lastRatingDate, Set<String> strangers) {

    /** One round: the scheduled boards and byes, and the games scored so far. */
    public record Round(boolean scheduled, int boards, List<SheetFact.ByeEntry> byes,
                        Map<String, SheetFact.GameScored> games) {
        public Round {
            byes = List.copyOf(byes);
            // games arrive as a private copy made by apply (one copy per result, not two) or as an immutable map
            games = java.util.Collections.unmodifiableMap(games);
        }

        static final Round EMPTY = new Round(false, 0, List.of(), Map.of());

        /**
         * The pairing is known and every board has a result. Results may be read before their
         * round's pairing (two topics), so a round is never complete before it is scheduled.
         */
        public boolean complete() {
            return scheduled && games.size() >= boards;
        }
    }

    public static final RatingSheet EMPTY = new RatingSheet(null, List.of(), Map.of(), Map.of(), Map.of(), Map.of(), 0, "",
            Set.of());

    public RatingSheet {
        entrants = List.copyOf(entrants);
        registrationOrder = Map.copyOf(registrationOrder);
        numbers = Map.copyOf(numbers);
        rounds = Map.copyOf(rounds);
        withdrawn = Map.copyOf(withdrawn);
        strangers = Set.copyOf(strangers);
    }

    public boolean opened() {
        return frame != null;
    }

    public Round round(int number) {
        return rounds.getOrDefault(number, Round.EMPTY);
    }

    /** The highest round with a schedule or a result (0 before any). */
    public int lastRound() {
        return rounds.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * The highest round r such that rounds 1..r all have every result and every player they name
     * is registered (0 before the event is known).
     */
    public int completeThrough() {
        if (!opened()) {
            return 0;
        }
        int r = 0;
        while (r < frame.rounds() && rounds.containsKey(r + 1) && round(r + 1).complete()
                && (strangers.isEmpty() || allKnown(round(r + 1)))) {
            r++;
        }
        return r;
    }

    private boolean allKnown(Round round) {
        return round.byes().stream().allMatch(b -> knows(b.playerId()))
                && round.games().values().stream().allMatch(g -> knows(g.white()) && knows(g.black()));
    }

    public boolean knows(String playerId) {
        return registrationOrder.containsKey(playerId);
    }

    /**
     * Start numbers: the pairing numbers when they cover the whole field, else registration order.
     */
    public Map<String, Integer> startNumbers() {
        Map<String, Integer> result = new LinkedHashMap<>();
        boolean pairingNumbers = numbers.size() == entrants.size()
                && entrants.stream().allMatch(e -> numbers.containsKey(e.playerId()))
                && numbers.values().stream().allMatch(n -> n >= 1 && n <= entrants.size())
                && numbers.values().stream().distinct().count() == entrants.size();
        for (int i = 0; i < entrants.size(); i++) {
            String id = entrants.get(i).playerId();
            result.put(id, pairingNumbers ? numbers.get(id) : i + 1);
        }
        return result;
    }

    public RatingSheet apply(SheetFact fact) {
        return switch (fact) {
            case SheetFact.SheetOpened f -> new RatingSheet(f, entrants, registrationOrder, numbers, rounds, withdrawn, closedRound,
                    lastRatingDate, strangers);
            case SheetFact.PlayerEntered f -> {
                List<SheetFact.PlayerEntered> more = new ArrayList<>(entrants);
                more.add(f);
                Map<String, Integer> order = new HashMap<>(registrationOrder);
                order.put(f.playerId(), more.size());
                Set<String> still = strangers;
                if (strangers.contains(f.playerId())) {
                    still = new HashSet<>(strangers);
                    still.remove(f.playerId());
                }
                yield new RatingSheet(frame, more, order, numbers, rounds, withdrawn, closedRound, lastRatingDate, still);
            }
            case SheetFact.NumbersFixed f -> {
                Map<String, Integer> merged = new HashMap<>(numbers);
                merged.putAll(f.numbers());
                yield new RatingSheet(frame, entrants, registrationOrder, merged, rounds, withdrawn, closedRound, lastRatingDate, strangers);
            }
            case SheetFact.RoundScheduled f -> withStrangers(f.byes().stream().map(SheetFact.ByeEntry::playerId).toList())
                    .withRound(f.round(), new Round(true, f.boards(), f.byes(), round(f.round()).games()));
            case SheetFact.GameScored f -> {
                Round current = round(f.round());
                Map<String, SheetFact.GameScored> games = new HashMap<>(current.games());
                games.put(f.gameId(), f); // private to the new Round, which wraps it read-only
                yield withStrangers(List.of(f.white(), f.black()))
                        .withRound(f.round(), new Round(current.scheduled(), current.boards(), current.byes(), games));
            }
            case SheetFact.PlayerLeft f -> {
                Map<String, Integer> w = new HashMap<>(withdrawn);
                w.put(f.playerId(), f.fromRound());
                yield new RatingSheet(frame, entrants, registrationOrder, numbers, rounds, w, closedRound, lastRatingDate, strangers);
            }
            case SheetFact.RoundEnded f -> new RatingSheet(frame, entrants, registrationOrder, numbers, rounds, withdrawn,
                    Math.max(closedRound, f.round()), f.ratingDate(), strangers);
        };
    }

    /** Notes players named before their registration arrived (the inputs come from two topics). */
    private RatingSheet withStrangers(List<String> named) {
        Set<String> more = null;
        for (String id : named) {
            if (!registrationOrder.containsKey(id) && !strangers.contains(id)) {
                more = more == null ? new HashSet<>(strangers) : more;
                more.add(id);
            }
        }
        return more == null ? this : new RatingSheet(frame, entrants, registrationOrder, numbers, rounds, withdrawn,
                closedRound, lastRatingDate, more);
    }

    private RatingSheet withRound(int number, Round round) {
        Map<Integer, Round> copy = new HashMap<>(rounds);
        copy.put(number, round);
        return new RatingSheet(frame, entrants, registrationOrder, numbers, copy, withdrawn, closedRound, lastRatingDate, strangers);
    }

    /** The scoring rules' half points as the core's hundredths. */
    public static int centi(org.torneo.contracts.tournament.Score score) {
        return score.halves() * 50;
    }

    public Scoring scoring() {
        return frame.scoring();
    }
}

package org.torneo.contracts.rating;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;

/**
 * Facts published by the rating service on torneo.ratings, keyed by tournament id: standings with
 * their tie-breaks as results arrive, rating changes and performances, and prize distributions.
 * Tie-break values travel as plain decimal strings (exact; null = undefined, e.g. TPR without games).
 */
public sealed interface RatingEvent extends EventMessage {

    String tournamentId();

    /** One player's line in the standings. {@code values} follow {@code tieBreaks} of the event. */
    record StandingRow(int startNumber, String playerId, int rank, List<String> values) {
        public StandingRow {
            if (startNumber < 1) {
                throw new IllegalArgumentException("startNumber must be at least 1");
            }
            if (rank < 1) {
                throw new IllegalArgumentException("rank must be at least 1");
            }
            playerId = playerId == null ? "" : playerId;
            values = List.copyOf(values.stream().map(v -> v == null ? "NA" : v).toList());
        }
    }

    /**
     * The standings after the results of rounds 1..{@code afterRound} (FIDE C.07 tie-breaks).
     *
     * @param rules     "2024" (C.07 of 2024-08-01) or "2026" (C.07 of 2026-03-01)
     * @param tieBreaks the announced tie-breaks in order, e.g. ["PTS", "BH/C1", "BH", "SB"]
     * @param rows      one row per player, in rank order
     */
    @MessageType(name = "rating.StandingsComputed", version = 1)
    record StandingsComputed(String tournamentId, int afterRound, String rules, List<String> tieBreaks,
                             List<StandingRow> rows, Instant computedAt) implements RatingEvent {
        public StandingsComputed {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(rules, "rules");
            Objects.requireNonNull(computedAt, "computedAt");
            if (!rules.equals("2024") && !rules.equals("2026")) {
                throw new IllegalArgumentException("rules must be 2024 or 2026, not " + rules);
            }
            if (afterRound < 0) {
                throw new IllegalArgumentException("afterRound must not be negative");
            }
            tieBreaks = List.copyOf(tieBreaks);
            rows = List.copyOf(rows);
            for (StandingRow row : rows) {
                if (row.values().size() != tieBreaks.size()) {
                    throw new IllegalArgumentException("player " + row.startNumber() + " has " + row.values().size()
                            + " values for " + tieBreaks.size() + " tie-breaks");
                }
            }
        }

        public static StandingsComputed example() {
            return new StandingsComputed("t-1", 3, "2024", List.of("PTS", "BH/C1", "SB"),
                    List.of(new StandingRow(4, "p-4", 1, List.of("3.0", "4.5", "5.25")),
                            new StandingRow(1, "p-1", 2, List.of("2.5", "5.0", "4.0"))),
                    Instant.parse("2026-05-01T19:00:00Z"));
        }
    }

    /**
     * One player's FIDE rating result for the event (B.02). Amounts in hundredths of a rating point.
     *
     * @param games         rated games against rated opponents
     * @param scoreCenti    score in those games, hundredths of a point
     * @param kFactor       K after the K x n <= 700 rule
     * @param changeCenti   sum of K x (W - PD), hundredths of a rating point; 0 for unrated players
     * @param averageRatingOfOpponents ARO, null without games
     * @param performance   TPR, null without games
     * @param initialRating for an unrated player, the B.02 (2024) initial rating when publishable
     */
    record RatingChange(int startNumber, String playerId, int rating, int games, int scoreCenti, int kFactor,
                        long changeCenti, Integer averageRatingOfOpponents, Integer performance,
                        Integer initialRating) {
        public RatingChange {
            if (startNumber < 1) {
                throw new IllegalArgumentException("startNumber must be at least 1");
            }
            if (rating < 0 || games < 0 || scoreCenti < 0 || kFactor < 0) {
                throw new IllegalArgumentException("rating, games, score and K must not be negative");
            }
            playerId = playerId == null ? "" : playerId;
        }
    }

    /** The rating changes of every player after the results of rounds 1..{@code afterRound}. */
    @MessageType(name = "rating.RatingChangesComputed", version = 1)
    record RatingChangesComputed(String tournamentId, int afterRound, String ratingDate, List<RatingChange> changes,
                                 Instant computedAt) implements RatingEvent {
        public RatingChangesComputed {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(ratingDate, "ratingDate");
            Objects.requireNonNull(computedAt, "computedAt");
            changes = List.copyOf(changes);
        }

        public static RatingChangesComputed example() {
            return new RatingChangesComputed("t-1", 9, "2026-05-01",
                    List.of(new RatingChange(1, "p-1", 2100, 9, 650, 20, 1240, 2050, 2183, null),
                            new RatingChange(2, "p-2", 0, 7, 400, 0, 0, 1900, 1936, 1902)),
                    Instant.parse("2026-05-09T21:00:00Z"));
        }
    }

    /** One player's share of the prize money, in cents. */
    record PrizeAward(int startNumber, String playerId, long amountCents) {
        public PrizeAward {
            if (amountCents < 0) {
                throw new IllegalArgumentException("a prize must not be negative");
            }
            playerId = playerId == null ? "" : playerId;
        }
    }

    /**
     * The prize money distributed at the end of the event.
     *
     * @param method "EQUAL_SHARING" (tied players share the prizes of the places they cover) or "HORT"
     */
    @MessageType(name = "rating.PrizesDistributed", version = 1)
    record PrizesDistributed(String tournamentId, String method, String currency, List<PrizeAward> awards,
                             Instant distributedAt) implements RatingEvent {
        public PrizesDistributed {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(currency, "currency");
            Objects.requireNonNull(distributedAt, "distributedAt");
            if (!method.equals("EQUAL_SHARING") && !method.equals("HORT")) {
                throw new IllegalArgumentException("method must be EQUAL_SHARING or HORT, not " + method);
            }
            awards = List.copyOf(awards);
        }

        public static PrizesDistributed example() {
            return new PrizesDistributed("t-1", "EQUAL_SHARING", "EUR",
                    List.of(new PrizeAward(4, "p-4", 100_000), new PrizeAward(1, "p-1", 50_000)),
                    Instant.parse("2026-05-09T22:00:00Z"));
        }
    }

    /**
     * An input the rating service refused: another service's event it cannot place on the tournament's score sheet
     * (a correction of a game it never saw, a round outside the announced rounds, a game reported in two rounds).
     * The sheet is unchanged; the envelope's causation id names the input. Named as every service's refusal, so the
     * runtime's figures count it as refused.
     *
     * @param input  the refused input's type name, e.g. "results.ResultCorrected"
     * @param reason why, in words an arbiter understands
     * @param rule   the article or rule behind the refusal
     */
    @MessageType(name = "rating.CommandRejected", version = 1)
    record CommandRejected(String tournamentId, String input, String reason, String rule, Instant rejectedAt)
            implements RatingEvent {
        public CommandRejected {
            Objects.requireNonNull(tournamentId, "tournamentId");
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(rejectedAt, "rejectedAt");
            rule = rule == null ? "" : rule;
        }

        public static CommandRejected example() {
            return new CommandRejected("t-1", "results.ResultCorrected",
                    "correction of game t-1-r9-b4, whose result the rating service never saw",
                    "FIDE 2001 8.7: a correction replaces a result already published", Instant.parse("2026-05-09T22:05:00Z"));
        }
    }
}

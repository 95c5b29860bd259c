package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * The feed reads six topics (tournament, moves, claims, clock, results, rating) whose records keep their order only
 * within a partition: how they interleave across topics depends on the broker's fetches, and differs after a broker
 * failure (the reader starts over from its store and re-reads). Whatever the interleaving, the feed must tell the
 * same events under the same keys (type, round, hall, board: what {@code torneo chaos} compares) and show the same
 * pages; and a reader starting over from its stored events and positions must end with the same log, no event lost
 * and none logged twice.
 */
class FeedReadOrderTest {

    static final String T = "order-open";
    static final int ROUNDS = 2;
    private static final int SEEDS = 60;

    /** A small complete tournament, in the order it happened: two halls, nine players, two rounds with a bye. */
    private List<Envelope> natural = tournament(BroadcastDelayMode.NONE, 0);

    @Test
    void everyInterleavingOfTheTopicsLogsTheSameKeysAndShowsTheSamePages() {
        Outcome expected = readAll(natural);
        assertEquals(expected.keys().values().stream().mapToInt(Integer::intValue).sum(), expected.events(),
                "the natural order's log");
        for (Map.Entry<String, List<Envelope>> order : interleavings().entrySet()) {
            Outcome read = readAll(order.getValue());
            assertEquals(expected.keys(), read.keys(), "the log's keys when " + order.getKey());
            assertEquals(expected.pages(), read.pages(), "the pages when " + order.getKey());
            assertEquals(expected.digest(), read.digest(), "the digest when " + order.getKey());
        }
    }

    @Test
    void aGamesClockAndResultReadBeforeItsStartAndItsPairingAreKeyedByItsHall() {
        // what the chaos run saw: after a broker failure the reader got a game's clock and result before the tournament
        // stream and the game's start, and logged them without the game's hall
        Predicate<Envelope> early = e -> e.aggregateId().equals("r1b3")
                && (e.payload() instanceof ClockEvent || e.payload() instanceof ResultEvent);
        FeedModel model = new FeedModel(java.time.Clock.systemUTC());
        Predicate<Envelope> unpaired = e -> e.payload() instanceof TournamentEvent
                && !(e.payload() instanceof TournamentEvent.RoundPaired);
        natural.stream().filter(early).forEach(model::apply);
        natural.stream().filter(unpaired).forEach(model::apply);
        assertEquals(List.of(), typesOf(model, "r1b3"), "nowhere to key them yet: round 1 is not paired");

        natural.stream().filter(early.negate().and(unpaired.negate())).forEach(model::apply);

        List<FeedEvent> game = model.events(T, 0, FeedFilter.ALL).stream()
                .filter(e -> e.json().startsWith("{\"gameId\":\"r1b3\"")).toList();
        assertEquals(1 + 3 + 5 + 1, game.size(), "its start, moves, clock readings and result");
        game.forEach(e -> assertEquals("r1 B b3", "r" + e.round() + " " + e.hall() + " b" + e.board(), e.type()));
        assertEquals(readAll(natural).keys(), outcome(model).keys());
    }

    private static List<String> typesOf(FeedModel model, String game) {
        if (model.tournaments().isEmpty()) {
            return List.of();
        }
        return model.events(T, 0, FeedFilter.ALL).stream().filter(e -> e.json().startsWith("{\"gameId\":\"" + game))
                .map(FeedEvent::type).toList();
    }

    @Test
    void aReaderStartingOverFromItsStoreEndsWithTheSameLogWhateverItReadBeforeAndAfter() {
        restartsEndWithTheNaturalLog(200);
    }

    @Test
    void underTheAfterTheGameDelayEveryInterleavingAndEveryRestartEndsWithTheSameKeys() {
        // the games' events are held until each game ends, so what a reader stored depends on more than one record
        natural = tournament(BroadcastDelayMode.AFTER_GAME, 0);
        Outcome expected = readAll(natural);
        for (int seed = 0; seed < 30; seed++) {
            Outcome read = readAll(interleave(new Random(seed)));
            assertEquals(expected.keys(), read.keys(), "the log's keys when seed " + seed);
            assertEquals(expected.pages(), read.pages(), "the pages when seed " + seed);
        }
        restartsEndWithTheNaturalLog(100);
    }

    private void restartsEndWithTheNaturalLog(int seeds) {
        Outcome expected = readAll(natural);
        Random random = new Random(21);
        for (int seed = 0; seed < seeds; seed++) {
            // the first life reads one interleaving and stores its log and positions after some poll
            List<Envelope> first = interleave(new Random(seed));
            int cut = random.nextInt(first.size() + 1);
            FeedModel before = new FeedModel(java.time.Clock.systemUTC());
            first.subList(0, cut).forEach(before::apply);
            List<FeedEvent> stored = before.tournaments().isEmpty() ? List.of() : before.events(T, 0, FeedFilter.ALL);
            java.util.Set<Envelope> read = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            read.addAll(first.subList(0, cut));

            // the next life restores them, re-reads everything in another interleaving: what was read before the
            // stored positions is replayed (no event), the rest applied live
            FeedModel after = new FeedModel(java.time.Clock.systemUTC());
            stored.forEach(e -> after.restore(T, e));
            for (Envelope e : interleave(new Random(seed + 10_000L))) {
                if (read.contains(e)) {
                    after.replay(e);
                } else {
                    after.stage(e);
                }
            }
            after.release();
            Outcome again = outcome(after);
            String life = "seed " + seed + ", stored after " + cut + " of " + first.size() + " records";
            assertEquals(expected.keys(), again.keys(), "the log's keys, " + life);
            assertEquals(expected.pages(), again.pages(), "the pages, " + life);
        }
    }

    // ---------------------------------------------------------------- reading

    /** What a read leaves: its log's keys counted, its pages, its digest. */
    private record Outcome(Map<String, Integer> keys, int events, List<Object> pages, String digest) {
    }

    private static Outcome readAll(List<Envelope> order) {
        FeedModel model = new FeedModel(java.time.Clock.systemUTC());
        order.forEach(model::apply);
        return outcome(model);
    }

    private static Outcome outcome(FeedModel model) {
        List<FeedEvent> log = model.events(T, 0, FeedFilter.ALL);
        Map<String, Integer> keys = new TreeMap<>();
        for (FeedEvent e : log) {
            // the key torneo chaos counts by (cli RunRecord)
            keys.merge(e.type() + " r" + e.round() + " " + e.hall() + " b" + e.board(), 1, Integer::sum);
        }
        List<Object> pages = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            pages.add(model.round(T, round, FeedFilter.ALL));
            pages.add(model.round(T, round, new FeedFilter(null, "B", null)));
            pages.add(model.roundGames(T, round));
        }
        pages.add(model.standings(T));
        pages.add(model.players(T));
        return new Outcome(keys, log.size(), pages, model.digest(T));
    }

    // ---------------------------------------------------------------- interleavings

    /** The topic a record is read from. */
    static String topic(Envelope e) {
        return switch (e.payload()) {
            case TournamentEvent x -> "tournament";
            case MoveEvent x -> "moves";
            case ClaimEvent x -> "claims";
            case ClockEvent x -> "clock";
            case ResultEvent x -> "results";
            case RatingEvent x -> "rating";
            default -> throw new IllegalArgumentException(e.payload().toString());
        };
    }

    /** Each partition's records in order (a key's records share a partition: the most order the reader can rely on). */
    private Map<String, List<Envelope>> partitions() {
        return partitions(natural);
    }

    static Map<String, List<Envelope>> partitions(List<Envelope> natural) {
        Map<String, List<Envelope>> out = new LinkedHashMap<>();
        for (Envelope e : natural) {
            out.computeIfAbsent(topic(e) + "/" + e.aggregateId(), k -> new ArrayList<>()).add(e);
        }
        return out;
    }

    /** A seeded interleaving: each partition's order kept, the partitions mixed at random. */
    private List<Envelope> interleave(Random random) {
        return interleave(natural, random);
    }

    static List<Envelope> interleave(List<Envelope> natural, Random random) {
        List<List<Envelope>> queues = new ArrayList<>();
        partitions(natural).values().forEach(p -> queues.add(new ArrayList<>(p)));
        List<Envelope> out = new ArrayList<>();
        while (!queues.isEmpty()) {
            int i = random.nextInt(queues.size());
            // a poll takes a few records of one partition at a time
            int take = 1 + random.nextInt(4);
            List<Envelope> queue = queues.get(i);
            for (int k = 0; k < take && !queue.isEmpty(); k++) {
                out.add(queue.remove(0));
            }
            if (queue.isEmpty()) {
                queues.remove(i);
            }
        }
        return out;
    }

    /** The orders to try: seeded ones, each topic wholly before the others, and a few adversarial ones. */
    private Map<String, List<Envelope>> interleavings() {
        Map<String, List<Envelope>> orders = new LinkedHashMap<>();
        for (int seed = 0; seed < SEEDS; seed++) {
            orders.put("seed " + seed, interleave(new Random(seed)));
        }
        List<String> topics = List.of("tournament", "moves", "claims", "clock", "results", "rating");
        for (List<String> permutation : permutations(topics)) {
            if (!permutation.get(0).equals("tournament") && !permutation.get(5).equals("tournament")
                    || !List.of("results", "rating").contains(permutation.get(1))) {
                continue; // the tournament first or last, results or rating next, the rest in every order: 96 orders
            }
            List<Envelope> order = new ArrayList<>();
            permutation.forEach(t -> natural.stream().filter(e -> topic(e).equals(t)).forEach(order::add));
            orders.put("topics read wholly in the order " + permutation, order);
        }
        orders.put("each partition wholly, last first", partitionsWholly(true));
        orders.put("each partition wholly", partitionsWholly(false));
        orders.put("a round's results before its games", first(e -> e.payload() instanceof ResultEvent));
        orders.put("the clock before the tournament", first(e -> e.payload() instanceof ClockEvent));
        orders.put("the tournament last", last(e -> e.payload() instanceof TournamentEvent));
        orders.put("the moves last", last(e -> e.payload() instanceof MoveEvent));
        return orders;
    }

    private List<Envelope> partitionsWholly(boolean reversed) {
        List<List<Envelope>> parts = new ArrayList<>(partitions().values());
        if (reversed) {
            java.util.Collections.reverse(parts);
        }
        return parts.stream().flatMap(List::stream).toList();
    }

    private List<Envelope> first(Predicate<Envelope> which) {
        List<Envelope> out = new ArrayList<>(natural.stream().filter(which).toList());
        natural.stream().filter(which.negate()).forEach(out::add);
        return out;
    }

    private List<Envelope> last(Predicate<Envelope> which) {
        List<Envelope> out = new ArrayList<>(natural.stream().filter(which.negate()).toList());
        natural.stream().filter(which).forEach(out::add);
        return out;
    }

    private static List<List<String>> permutations(List<String> items) {
        if (items.isEmpty()) {
            return List.of(List.of());
        }
        List<List<String>> out = new ArrayList<>();
        for (String head : items) {
            List<String> rest = new ArrayList<>(items);
            rest.remove(head);
            for (List<String> tail : permutations(rest)) {
                List<String> p = new ArrayList<>();
                p.add(head);
                p.addAll(tail);
                out.add(p);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- the tournament

    /** The tournament under a broadcast delay ({@code seconds}: a fixed delay's), set right after it was created. */
    static List<Envelope> tournament(BroadcastDelayMode delay, int seconds) {
        Chain chain = new Chain();
        List<Envelope> out = new ArrayList<>();
        List<Hall> halls = List.of(new Hall("A", 1, 2), new Hall("B", 3, 4));
        out.add(chain.seal(T, Chain.created(T, "Open del Orden", halls)));
        if (delay != BroadcastDelayMode.NONE) {
            out.add(chain.seal(T, new TournamentEvent.BroadcastDelaySet(T, "c-delay", Chain.ARBITER, Chain.T0, delay,
                    seconds)));
        }
        Map<String, Integer> numbers = new LinkedHashMap<>();
        for (int p = 1; p <= 9; p++) {
            out.add(chain.seal(T, Chain.player(T, "p" + p, "Player " + p, 2400 - 25 * p)));
            numbers.put("p" + p, p);
        }
        out.add(chain.seal(T, new TournamentEvent.PairingNumbersAssigned(T, "c-numbers", Chain.ARBITER, Chain.T0,
                numbers)));
        String[][] pairs = {{"p1", "p5", "p2", "p6", "p3", "p7", "p4", "p8"}, {"p6", "p9", "p7", "p1", "p8", "p2", "p5",
                "p3"}};
        String[] byes = {"p9", "p4"};
        long minute = 60_000;
        for (int round = 1; round <= ROUNDS; round++) {
            List<Board> boards = new ArrayList<>();
            for (int b = 1; b <= 4; b++) {
                // the pairing service names each board's hall from the tournament's halls
                boards.add(new Board(b, b <= 2 ? "A" : "B", pairs[round - 1][2 * b - 2], pairs[round - 1][2 * b - 1]));
            }
            Instant start = Chain.T0.plusSeconds(round * 10_000L);
            // each record at the instant it happened (DelayReadOrderTest reads what happened by an instant)
            out.add(chain.seal(T, Chain.paired(T, round, boards, List.of(byes[round - 1])), start.minusSeconds(600)));
            for (Board b : boards) {
                String game = "r" + round + "b" + b.number();
                if (round == 2 && b.number() == 4) {
                    continue; // never started: White did not come (a forfeit, below)
                }
                out.add(chain.seal(game, Chain.started(T, round, b.number(), b.white(), b.black(), b.hall()), start));
                out.add(chain.seal(game, new ClockEvent.ClockStarted(game, "c-start", Chain.ARBITER,
                        start.toEpochMilli(), null, null, 90 * minute, 90 * minute, null), start));
            }
            for (Board b : boards) {
                String game = "r" + round + "b" + b.number();
                if (round == 2 && b.number() == 4) {
                    continue;
                }
                String[] san = {"e4", "e5", "Nf3"};
                String[] uci = {"e2e4", "e7e5", "g1f3"};
                String[] fen = {Chain.FEN_E4, Chain.FEN_E4_E5, Chain.FEN_NF3};
                long white = 90 * minute;
                long black = 90 * minute;
                for (int ply = 1; ply <= 3; ply++) {
                    Instant at = start.plusSeconds(60L * ply + b.number());
                    if (ply % 2 == 1) {
                        white -= minute;
                    } else {
                        black -= minute;
                    }
                    out.add(chain.seal(game, Chain.move(ply, san[ply - 1], uci[ply - 1], fen[ply - 1], white, black,
                            at), at));
                    Side mover = ply % 2 == 1 ? Side.WHITE : Side.BLACK;
                    out.add(chain.seal(game, new ClockEvent.ClockSwitched(game, "c-" + ply, Chain.ARBITER,
                            at.toEpochMilli(), mover, (ply + 1) / 2, minute, mover == Side.WHITE ? white : black, 0,
                            0, 1, mover == Side.WHITE ? black : white), at));
                    if (b.number() == 2 && ply == 2) {
                        out.add(chain.seal(game, new ClaimEvent.DrawOffered(Side.BLACK, 2, true, false, at), at));
                    }
                }
                Instant end = start.plusSeconds(600 + b.number());
                if (b.number() == 2) {
                    out.add(chain.seal(game, new ClaimEvent.DrawAgreed(3, end), end));
                }
                out.add(chain.seal(game, new ClockEvent.ClockStopped(game, "c-stop", Chain.ARBITER, end.toEpochMilli(),
                        "game over", white, black), end));
                GameResult result = b.number() == 2 ? GameResult.DRAW
                        : b.number() % 2 == 1 ? GameResult.WHITE_WINS : GameResult.BLACK_WINS;
                out.add(chain.seal(game, ResultEvent.GameEnded.of(game, T, round, b.number(), b.white(), b.black(),
                        result, result == GameResult.DRAW ? EndReason.AGREEMENT : EndReason.RESIGNATION,
                        "FIDE 2018 5.1.1", true, end), end));
            }
            if (round == 2) {
                Board forfeit = boards.get(3);
                String game = "r2b4";
                out.add(chain.seal(game, ResultEvent.GameEnded.of(game, T, 2, 4, forfeit.white(), forfeit.black(),
                        GameResult.BLACK_WINS_BY_FORFEIT, EndReason.DEFAULT_TIME, "FIDE 2018 6.7.1", false,
                        start.plusSeconds(3600)), start.plusSeconds(3600)));
            }
            out.add(chain.seal(T, new TournamentEvent.RoundClosed(T, "c-close" + round, Chain.ARBITER,
                    start.plusSeconds(4000), round), start.plusSeconds(4000)));
            List<RatingEvent.StandingRow> rows = new ArrayList<>();
            for (int p = 1; p <= 9; p++) {
                rows.add(new RatingEvent.StandingRow(p, "p" + p, p, List.of(String.valueOf(p % 3))));
            }
            out.add(chain.seal(T, new RatingEvent.StandingsComputed(T, round, "2024", List.of("PTS"), rows,
                    start.plusSeconds(4100)), start.plusSeconds(4100)));
        }
        return out;
    }
}

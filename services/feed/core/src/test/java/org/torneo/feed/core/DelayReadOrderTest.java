package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.feed.core.FeedReadOrderTest.T;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * A reader starting over (after a broker or database failure, or a restart) re-reads the six topics in any
 * interleaving, and gets its stored events back before any record: the organiser's broadcast delay, on the tournament
 * stream, may be read after the games' facts it holds back. Whatever the order, the feed must store and hand the
 * public only what the natural order would by then (the feed's clock standing still), and release the rest when its
 * time comes; and it must end with the same keys, pages and digest. The tournament of {@link FeedReadOrderTest}, read
 * at five minutes into round 2: round 1 is over, round 2's four games have three moves each and run on.
 */
class DelayReadOrderTest {

    private static final Instant ROUND_2 = Chain.T0.plusSeconds(20_000);
    /** When the reads happen: round 2's moves are 2-4 minutes old, its games end at 10 minutes. */
    private static final Instant NOW = ROUND_2.plusSeconds(300);
    private static final int FIFTEEN_MINUTES = 900;

    @Test
    void aFixedDelayReadAfterTheGamesHoldsTheirYoungFactsOnEveryReadAndEveryRestart() {
        everyReadHoldsWhatTheNaturalOrderHolds(FeedReadOrderTest.tournament(BroadcastDelayMode.FIXED, FIFTEEN_MINUTES));
    }

    @Test
    void theAfterTheGameDelayReadAfterTheGamesHoldsTheRunningGamesOnEveryReadAndEveryRestart() {
        everyReadHoldsWhatTheNaturalOrderHolds(FeedReadOrderTest.tournament(BroadcastDelayMode.AFTER_GAME, 0));
    }

    @Test
    void aRestoredFixedDelayHoldsTheRestoredYoungEventsBeforeAnyRecordIsRead() {
        // what the feed did on every restart: its ticker ran between the restore and the tournament's delay setting
        List<Envelope> natural = FeedReadOrderTest.tournament(BroadcastDelayMode.FIXED, FIFTEEN_MINUTES);
        Reading expected = Reading.natural(happened(natural));
        Reading firstLife = Reading.natural(happened(natural));

        Reading restarted = new Reading();
        restarted.model.awaitDelaySettings();
        firstLife.stored.forEach(e -> restarted.model.restore(T, e));
        restarted.model.releaseDue();

        assertEquals(expected.publishedKeys(), restarted.publishedKeys(), "released right after the restore");
        assertTrue(restarted.publishedKeys().keySet().stream().noneMatch(k -> k.startsWith("move r2")),
                "round 2's moves are younger than 15 minutes: " + restarted.publishedKeys());
    }

    private void everyReadHoldsWhatTheNaturalOrderHolds(List<Envelope> natural) {
        List<Envelope> happened = happened(natural);
        Reading expected = Reading.natural(happened);
        assertTrue(expected.publishedKeys().containsKey("move r1 A b1")
                        && expected.publishedKeys().keySet().stream().noneMatch(k -> k.startsWith("move r2")),
                "the natural order shows round 1's moves and holds round 2's back: " + expected.publishedKeys());
        List<Envelope> rest = natural.stream().filter(e -> e.occurredAt().isAfter(NOW)).toList();

        Map<String, List<Envelope>> orders = new java.util.LinkedHashMap<>();
        orders.put("the tournament stream last", last(happened));
        for (int seed = 0; seed < 40; seed++) {
            orders.put("seed " + seed, FeedReadOrderTest.interleave(happened, new Random(seed)));
        }
        Random cuts = new Random(7);
        for (Map.Entry<String, List<Envelope>> order : orders.entrySet()) {
            // a reader with no store reads everything live
            Reading rebuilt = new Reading();
            List<Envelope> all = order.getValue();
            rebuilt.startOver(List.of(), Set.of(), all, all.size(), expected, order.getKey() + ", no store");
            rebuilt.sameAs(expected, order.getKey() + ", no store");
            rebuilt.goesOnAs(happened, rest, order.getKey() + ", no store");

            // a first life read another interleaving up to some poll and stored what it logged; the next one restores
            // it, replays what the first one read and applies the rest live
            List<Envelope> first = FeedReadOrderTest.interleave(happened, new Random(order.getKey().hashCode()));
            int cut = cuts.nextInt(first.size() + 1);
            Reading before = new Reading();
            before.startOver(List.of(), Set.of(), first, cut, null, "the first life");
            Set<Envelope> read = Collections.newSetFromMap(new IdentityHashMap<>());
            read.addAll(first.subList(0, cut));
            String life = order.getKey() + ", stored after " + cut + " of " + first.size() + " records";
            Reading restarted = new Reading();
            restarted.startOver(before.stored, read, all, all.size(), expected, life);
            restarted.sameAs(expected, life);
            restarted.goesOnAs(happened, rest, life);
        }
    }

    /** The records that happened by {@link #NOW}, in the natural order. */
    private static List<Envelope> happened(List<Envelope> natural) {
        return natural.stream().filter(e -> !e.occurredAt().isAfter(NOW)).toList();
    }

    private static List<Envelope> last(List<Envelope> natural) {
        List<Envelope> out = new ArrayList<>(natural.stream()
                .filter(e -> !(e.payload() instanceof TournamentEvent)).toList());
        natural.stream().filter(e -> e.payload() instanceof TournamentEvent).forEach(out::add);
        return out;
    }

    /** A feed reading (a model on a clock the test moves) and what it stored, as the app's reader does. */
    private static final class Reading {
        final MovableClock clock = new MovableClock(NOW);
        final FeedModel model = new FeedModel(clock);
        final List<FeedEvent> stored = new ArrayList<>();

        /** The natural order, live: each record stored and released as it is read. */
        static Reading natural(List<Envelope> records) {
            Reading reading = new Reading();
            for (Envelope e : records) {
                reading.model.stage(e);
                reading.store();
            }
            return reading;
        }

        /**
         * A reader starting over: it restores {@code restored}, re-reads the first {@code limit} records of
         * {@code order} (the topics as they were at its start) in polls of a few records (those in {@code replayed}
         * before the stored positions, the rest live), and says the delays are read once the tournament stream is;
         * after each poll it stores, releases and ticks, and nothing the public got may be more than the natural order
         * gives it by now.
         */
        void startOver(List<FeedEvent> restored, Set<Envelope> replayed, List<Envelope> order, int limit,
                       Reading expected, String what) {
            model.awaitDelaySettings();
            restored.forEach(e -> {
                model.restore(T, e);
                stored.add(e);
            });
            model.releaseDue();
            long tournamentRecords = order.stream().filter(e -> e.payload() instanceof TournamentEvent).count();
            long tournamentRead = 0;
            Random polls = new Random(what.hashCode());
            int i = 0;
            while (i < limit) {
                int poll = 1 + polls.nextInt(5);
                for (int k = 0; k < poll && i < limit; k++, i++) {
                    Envelope e = order.get(i);
                    if (replayed.contains(e)) {
                        model.replay(e);
                    } else {
                        model.stage(e);
                    }
                    if (e.payload() instanceof TournamentEvent) {
                        tournamentRead++;
                    }
                }
                if (tournamentRead == tournamentRecords) {
                    model.delaySettingsRead();
                }
                store();
                if (expected != null) {
                    Map<String, Integer> extra = minus(publishedKeys(), expected.publishedKeys());
                    assertEquals(Map.of(), extra, "released before their time, " + what + ", after " + i + " records");
                }
            }
        }

        /** Stores what was staged (the app's store thread), releases it, and lets the ticker run. */
        void store() {
            FeedModel.Staged staged = model.takeStaged();
            staged.events().forEach(logged -> stored.add(logged.event()));
            model.release(staged);
            model.releaseDue();
        }

        /**
         * The same log, pages and digest as the natural order's. What the public got is no more (checked after each
         * poll): it may be less, as a fixed delay releases the log in id order and a young fact may have been logged
         * before an old one (the order read); {@link #goesOnAs} releases everything.
         */
        void sameAs(Reading expected, String what) {
            assertEquals(expected.storedKeys(), storedKeys(), "the stored log's keys, " + what);
            assertEquals(Map.of(), minus(publishedKeys(), expected.publishedKeys()), "released early, " + what);
            assertEquals(expected.pages(), pages(), "the pages, " + what);
            assertEquals(expected.model.digest(T), model.digest(T), "the digest, " + what);
        }

        /**
         * The rest of the tournament read live by this reading and by the natural one, the clocks 16 minutes past the
         * last record: every event released, the same as the natural order's.
         */
        void goesOnAs(List<Envelope> happened, List<Envelope> rest, String what) {
            Reading expected = Reading.natural(happened);
            expected.continueWith(rest);
            continueWith(rest);
            Instant end = rest.get(rest.size() - 1).occurredAt().plusSeconds(FIFTEEN_MINUTES + 60);
            clock.now = end;
            expected.clock.now = end;
            model.releaseDue();
            expected.model.releaseDue();
            assertEquals(expected.storedKeys(), expected.publishedKeys(), "the natural order's end: all released");
            sameAs(expected, what + ", then the rest of the tournament");
            assertEquals(expected.publishedKeys(), publishedKeys(), "the public log's keys, " + what
                    + ", then the rest of the tournament");
        }

        /** The records after {@link #NOW}, live in the natural order, the clock at each one's instant. */
        void continueWith(List<Envelope> rest) {
            for (Envelope e : rest) {
                clock.now = e.occurredAt();
                model.stage(e);
                store();
            }
        }

        Map<String, Integer> storedKeys() {
            return keys(stored);
        }

        Map<String, Integer> publishedKeys() {
            return model.tournaments().isEmpty() ? Map.of() : keys(model.events(T, 0, FeedFilter.ALL));
        }

        List<Object> pages() {
            List<Object> pages = new ArrayList<>();
            for (int round = 1; round <= FeedReadOrderTest.ROUNDS; round++) {
                try {
                    pages.add(model.round(T, round, FeedFilter.ALL));
                    pages.add(model.roundGames(T, round));
                } catch (FeedModel.NotFound e) {
                    pages.add(e.getMessage());
                }
            }
            pages.add(model.standings(T));
            pages.add(model.players(T));
            return pages;
        }
    }

    /** The key torneo chaos counts feed events by (cli RunRecord): type, round, hall, board. */
    private static Map<String, Integer> keys(List<FeedEvent> events) {
        Map<String, Integer> keys = new TreeMap<>();
        for (FeedEvent e : events) {
            keys.merge(e.type() + " r" + e.round() + " " + e.hall() + " b" + e.board(), 1, Integer::sum);
        }
        return keys;
    }

    private static Map<String, Integer> minus(Map<String, Integer> a, Map<String, Integer> b) {
        Map<String, Integer> out = new TreeMap<>();
        a.forEach((k, n) -> {
            int more = n - b.getOrDefault(k, 0);
            if (more > 0) {
                out.put(k, more);
            }
        });
        return out;
    }

    private static final class MovableClock extends java.time.Clock {
        Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public java.time.Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}

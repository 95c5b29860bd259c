package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;

/** The feed's bounds on subscribers: caps per tournament and in all, and a backlog walked outside the model's lock. */
class FeedSubscriptionBoundsTest {

    private static final String T = "open-2026";
    private static final String OTHER = "blitz-2026";
    private final Chain chain = new Chain();
    private final ExecutorService subscribing = Executors.newSingleThreadExecutor();
    private FeedModel model;

    @BeforeEach
    void givenTwoTournamentsWithARoundEach() {
        model = new FeedModel(java.time.Clock.systemUTC());
        for (String t : List.of(T, OTHER)) {
            model.apply(chain.seal(t, Chain.created(t, "Open " + t, List.of(new Hall("A", 1, 1)))));
            model.apply(chain.seal(t, Chain.player(t, "p1", "Ana Pérez", 2310)));
            model.apply(chain.seal(t, Chain.player(t, "p2", "Bruno Díaz", 2280)));
            model.apply(chain.seal(t, Chain.paired(t, 1, List.of(new Board(1, null, "p1", "p2")), List.of())));
        }
        model.apply(chain.seal("g1", Chain.started(T, 1, 1, "p1", "p2", "A")));
    }

    @AfterEach
    void stop() {
        subscribing.shutdownNow();
    }

    @Test
    void aSubscriberBeyondTheTournamentsCapIsRefusedWithTheKeyUntilOneLeaves() {
        FeedModel.SubscriberLimits limits = new FeedModel.SubscriberLimits(2, 10);
        FeedModel.Subscriber first = subscriber(e -> { });
        model.subscribe(T, 0, first, limits);
        model.subscribe(T, 0, subscriber(e -> { }), limits);

        FeedModel.TooManySubscribers refused = assertThrows(FeedModel.TooManySubscribers.class,
                () -> model.subscribe(T, 0, subscriber(e -> { }), limits));
        assertEquals("tournament open-2026 has 2 live subscribers, the most torneo.feed.max-subscribers-per-tournament"
                + " allows (2); try again later, or poll /api/tournaments/open-2026/log", refused.getMessage());
        assertTrue(refused.retryAfterSeconds() > 0);
        model.subscribe(OTHER, 0, subscriber(e -> { }), limits); // another tournament still has room
        assertEquals(3, model.subscriberCount());

        model.unsubscribe(T, first);
        model.unsubscribe(T, first); // the route may report a close twice: counted once
        assertEquals(2, model.subscriberCount());
        model.subscribe(T, 0, subscriber(e -> { }), limits);
        assertEquals(3, model.subscriberCount());
    }

    @Test
    void aSubscriberBeyondTheFeedsTotalCapIsRefusedWhateverTheTournament() {
        FeedModel.SubscriberLimits limits = new FeedModel.SubscriberLimits(10, 3);
        model.subscribe(T, 0, subscriber(e -> { }), limits);
        model.subscribe(T, 0, subscriber(e -> { }), limits);
        model.subscribe(OTHER, 0, subscriber(e -> { }), limits);
        FeedModel.TooManySubscribers refused = assertThrows(FeedModel.TooManySubscribers.class,
                () -> model.subscribe(OTHER, 0, subscriber(e -> { }), limits));
        assertEquals("the feed has 3 live subscribers, the most torneo.feed.max-subscribers allows (3); try again "
                + "later", refused.getMessage());
    }

    @Test
    void theBacklogIsHandedOverWithoutTheModelsLock() {
        List<Boolean> lockHeld = new ArrayList<>();
        model.subscribe(T, 0, subscriber(e -> lockHeld.add(Thread.holdsLock(model))));
        assertTrue(lockHeld.size() >= 4, "the backlog was delivered: " + lockHeld.size());
        assertFalse(lockHeld.contains(true), "a backlog event was delivered under the model's lock");
    }

    @Test
    void theWriterGoesOnWhileASubscriberWalksItsBacklogAndLiveEventsFollowItInOrder() throws Exception {
        CountDownLatch inBacklog = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        List<FeedEvent> received = Collections.synchronizedList(new ArrayList<>());
        long backlogEnd = model.lastEventId(T);
        FeedModel.Subscriber slow = subscriber(e -> {
            if (received.isEmpty()) {
                inBacklog.countDown();
                await(goOn); // a subscriber slow on its first backlog event
            }
            received.add(e);
        });
        Future<?> subscription = subscribing.submit(() -> model.subscribe(T, 0, slow));
        assertTrue(inBacklog.await(10, TimeUnit.SECONDS), "the subscription started its backlog");

        // the writer applies and releases a move while the subscriber is still in its backlog
        Future<?> written = Executors.newSingleThreadExecutor().submit(() -> model.apply(chain.seal("g1",
                Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)))));
        written.get(10, TimeUnit.SECONDS); // blocked for ever (until goOn) if the backlog held the model's lock
        assertEquals(backlogEnd + 1, model.lastEventId(T));
        assertTrue(model.events(T, 0, FeedFilter.ALL).size() > 0, "readers are served meanwhile too");

        goOn.countDown();
        subscription.get(10, TimeUnit.SECONDS);
        List<Long> ids = received.stream().map(FeedEvent::id).toList();
        List<Long> expected = new ArrayList<>();
        for (long id = 1; id <= backlogEnd + 1; id++) {
            expected.add(id);
        }
        assertEquals(expected, ids, "the backlog, then the live move: no gap, no duplicate");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static FeedModel.Subscriber subscriber(Consumer<FeedEvent> into) {
        return new FeedModel.Subscriber() {
            @Override
            public FeedFilter filter() {
                return FeedFilter.ALL;
            }

            @Override
            public void deliver(FeedEvent event) {
                into.accept(event);
            }
        };
    }
}

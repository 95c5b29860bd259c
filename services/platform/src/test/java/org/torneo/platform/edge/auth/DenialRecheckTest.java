package org.torneo.platform.edge.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.identity.Permission;
import org.torneo.identity.Verdict;

class DenialRecheckTest {

    private static final Verdict DENIED = Verdict.denied(Permission.REGISTER_PLAYER, "t-9 is not known");
    private static final Verdict ALLOWED = Verdict.allowed(Permission.REGISTER_PLAYER, "organiser of t-9",
            Actor.system("test"));

    @Test
    void anAllowedVerdictIsAnsweredWithoutWaiting() {
        DenialRecheck recheck = new DenialRecheck(4);
        AtomicInteger waits = new AtomicInteger();

        Verdict verdict = recheck.recheck(ALLOWED, () -> DENIED, () -> true,
                timeout -> waits.incrementAndGet() > 0, Duration.ofSeconds(5));

        assertSame(ALLOWED, verdict);
        assertEquals(0, waits.get());
    }

    @Test
    void aRefusalIsAskedAgainOnceTheTopicIsReadAndAnOfficeJustAppointedHolds() {
        DenialRecheck recheck = new DenialRecheck(4);

        Verdict verdict = recheck.recheck(DENIED, () -> ALLOWED, () -> true, timeout -> true, Duration.ofSeconds(5));

        assertSame(ALLOWED, verdict);
    }

    @Test
    void aTournamentThatNeverAppearsIsRefusedAtTheDeadline() {
        DenialRecheck recheck = new DenialRecheck(4);
        AtomicInteger asked = new AtomicInteger();

        Verdict verdict = recheck.recheck(DENIED, () -> {
            asked.incrementAndGet();
            return DENIED;
        }, () -> false, timeout -> true, Duration.ofMillis(300));

        assertSame(DENIED, verdict);
        assertTrue(asked.get() >= 2, "asked again while the tournament was unknown: " + asked.get());
        assertEquals(0, recheck.waiting(), "the waiter's place is given back");
    }

    @Test
    void whenEveryPlaceIsTakenARefusalIsAnsweredAtOnceOnTheOfficesAsFoldedNow() throws Exception {
        // given one place, held by a request waiting for a tournament that does not come
        DenialRecheck recheck = new DenialRecheck(1);
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Verdict> first = CompletableFuture.supplyAsync(() -> recheck.recheck(DENIED, () -> DENIED,
                () -> false, timeout -> {
                    waiting.countDown();
                    try {
                        return release.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        return false;
                    }
                }, Duration.ofSeconds(2)));
        assertTrue(waiting.await(5, TimeUnit.SECONDS));

        // when a second refusal comes, whose office would be found by waiting
        AtomicInteger waitsOfSecond = new AtomicInteger();
        Verdict second = recheck.recheck(DENIED, () -> ALLOWED, () -> true, timeout -> {
            waitsOfSecond.incrementAndGet();
            return true;
        }, Duration.ofSeconds(30));

        // then it does not wait: it gets the refusal as the offices stand now
        assertSame(DENIED, second);
        assertEquals(0, waitsOfSecond.get());
        assertEquals(1, recheck.waiting());
        release.countDown();
        assertSame(DENIED, first.get(10, TimeUnit.SECONDS), "refused at its deadline");
        assertEquals(0, recheck.waiting());
    }
}

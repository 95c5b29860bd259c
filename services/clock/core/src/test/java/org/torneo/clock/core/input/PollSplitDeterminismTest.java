package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * Issue 21: the clock's decisions must not depend on where a Kafka poll ends. The runtime decides a poll's records
 * partition by partition, so the moves, claims and results topics (one partition each for a game) are read in a
 * different interleaving for each split of the same records into polls. Given the game's records in the order the game
 * wrote them, when they are read in every split into polls (one record a poll, all in one, every cut) and, within a
 * poll, the topics in every order, then the clock records the same events (those that only say in which order it read
 * its inputs, PauseHeld / EndHeld / ResumeHeld, and the command ids left out, as the chaos run's digest does) and
 * ends in the same state. A penalty decided on the claims topic is recorded where it is read, between the presses or
 * after the next one (its amount does not depend on when): there the events are compared as the chaos run's digest
 * compares them, as a multiset without their instants and millisecond readings.
 */
class PollSplitDeterminismTest {

    private static final Actor WHITE_PLAYER = new Actor(Actor.Role.PLAYER, "p-white");
    private static final Actor BLACK_PLAYER = new Actor(Actor.Role.PLAYER, "p-black");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long SEC = 1_000;
    private static final List<String> ORDER_ONLY = List.of("PauseHeld", "EndHeld", "ResumeHeld");

    /** A game record as the clock reads it: its topic and its envelope (a fixed id: the same record every run). */
    private record Read(String topic, Envelope envelope) {
    }

    private static Read read(String topic, int n, Actor actor, EventMessage payload) {
        UUID id = UUID.nameUUIDFromBytes(("record-" + n).getBytes(StandardCharsets.UTF_8));
        return new Read(topic, Envelope.event(id, id, null, "g-1", n, actor, Instant.ofEpochMilli(T0), payload));
    }

    private static Instant at(long millis) {
        return Instant.ofEpochMilli(millis);
    }

    /** Three moves read before the claim: 1. White, 1... Black, 2. White; Black to move. */
    private static RecordedClock startedWithThreeMoves(Ruleset.Edition edition) {
        RecordedClock clock = new RecordedClock();
        clock.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("90+30"), new ClockRules(new Ruleset(edition,
                Ruleset.Category.STANDARD), 3_600_000, false))));
        for (int ply = 1; ply <= 3; ply++) {
            Side by = ply % 2 == 1 ? Side.WHITE : Side.BLACK;
            clock.apply(GameEventCommands.input(read("moves", 100 + ply, by == Side.WHITE ? WHITE_PLAYER : BLACK_PLAYER,
                    new MoveCompleted(ply, by, at(T0 + ply * 10 * SEC))).envelope()));
        }
        return clock;
    }

    /**
     * Black's fourth ply at +40 s, then White claims a threefold repetition at +52 s and the game upholds it at once:
     * ClaimFiled (ruled at once, as the game core writes it) and ClaimUpheld (claims topic) and GameEnded (results
     * topic) are one decision of the game's.
     */
    private static List<Read> threefoldUpheldAtOnce(boolean claimantClockRuns) {
        long claimedAt = T0 + 52 * SEC;
        return List.of(
                read("moves", 1, BLACK_PLAYER, new MoveCompleted(4, Side.BLACK, at(T0 + 40 * SEC))),
                read("claims", 2, WHITE_PLAYER, new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 4, claimantClockRuns,
                        at(claimedAt)).ruledAtOnce(true)),
                read("claims", 3, WHITE_PLAYER, new ClaimUpheld(Side.WHITE, DrawClaimKind.THREEFOLD, "FIDE 2018 9.2",
                        new ClaimEvidence("8/8/8/8/8/8/8/8 w - - 0 1", List.of(0, 4, 8), -1, 4), at(claimedAt))),
                read("results", 4, WHITE_PLAYER, new GameEnded("g-1", "t-1", 1, 1, "p-white", "p-black",
                        GameResult.DRAW, 1, 1, EndReason.THREEFOLD_CLAIM, "FIDE 2018 9.2", true, at(claimedAt), 4)));
    }

    /**
     * Black's fourth ply at +40 s; White claims a threefold repetition at +52 s and the game rejects it at once with
     * {@code penalty} (ClaimFiled, ruled at once, and ClaimRejected on the claims topic, and, when the claim stands as
     * an offer, DrawOffered); then White's fifth ply at +60 s: the game went on.
     */
    private static List<Read> threefoldRejectedAtOnceThenTheClaimantsPress(Penalty penalty, boolean standsAsOffer) {
        long claimedAt = T0 + 52 * SEC;
        List<Read> out = new ArrayList<>(List.of(
                read("moves", 1, BLACK_PLAYER, new MoveCompleted(4, Side.BLACK, at(T0 + 40 * SEC))),
                read("claims", 2, WHITE_PLAYER, new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 4, false,
                        at(claimedAt)).ruledAtOnce(true)),
                read("claims", 3, WHITE_PLAYER, new ClaimRejected(Side.WHITE, DrawClaimKind.THREEFOLD,
                        "the position occurred 2 time(s), not three", penalty.article(), penalty, standsAsOffer,
                        new ClaimEvidence("8/8/8/8/8/8/8/8 w - - 0 1", List.of(0, 4), -1, 4), at(claimedAt)))));
        if (standsAsOffer) {
            out.add(read("claims", 4, WHITE_PLAYER, new DrawOffered(Side.WHITE, 4, true, true, at(claimedAt))));
        }
        out.add(read("moves", 5, WHITE_PLAYER, new MoveCompleted(5, Side.WHITE, at(T0 + 60 * SEC))));
        return out;
    }

    @Test
    void aThreefoldClaimUpheldAtOnceGivesTheSameClockEventsWhereverAPollEnds() {
        // given the records of a threefold claim upheld at once, after Black's last press
        // when the clock reads them in every split into polls, each poll's topics in every order
        RecordedClock inOrder = readInEveryOrder(Ruleset.Edition.FIDE_2018, threefoldUpheldAtOnce(false));
        // then (one outcome) the clock stopped at the game's end: the claim's stop and restart were one instant
        // (FIDE 2018 9.5.1, 6.11.3), no pause to record
        assertEquals(ClockStatus.STOPPED, inOrder.state().status());
        assertEquals(List.of("ClockSwitched", "ClockStopped"), afterTheThirdMove(inOrder),
                "Black's press, then the end");
    }

    @Test
    void underTheCode1970TheClaimantsClockRunsWhateverTheReadingOrder() {
        // given the Code 1970 (art. XIV: the claimant's clock runs while the claim is examined), a claim upheld at once
        // when the clock reads its records in every order
        RecordedClock inOrder = readInEveryOrder(Ruleset.Edition.CODE_1970, threefoldUpheldAtOnce(true));
        // then (one outcome) no pause, neither from the filing nor from the end
        assertEquals(List.of("ClockSwitched", "ClockStopped"), afterTheThirdMove(inOrder));
    }

    @Test
    void aThreefoldClaimRejectedAtOnceGivesTheSameClockEventsWhicheverPressIsReadFirst() {
        // given a wrong threefold claim the game rejects at once (FIDE 2018 9.5.3: the opponent gets two minutes; the
        // claim stands as a draw offer, 9.1.2.3), then the claimant's next press
        Penalty twoMinutes = new Penalty(120_000, 0, "FIDE 2018 9.5.3", "opponent +120 s");
        // when the clock reads the records in every split into polls, each poll's topics in every order (its filing
        // read before Black's press, between the presses, or after White's next press)
        RecordedClock inOrder = readInEveryOrderAsTheDigest(Ruleset.Edition.FIDE_2018,
                threefoldRejectedAtOnceThenTheClaimantsPress(twoMinutes, true));
        // then (one outcome, as the chaos run's digest compares) no pause and no restart, the penalty applied once
        assertEquals(List.of("ClockSwitched", "TimeAdded", "ClockSwitched"), afterTheThirdMove(inOrder));
        ClockEvent.TimeAdded added = (ClockEvent.TimeAdded) inOrder.recorded().get(inOrder.recorded().size() - 2);
        assertEquals(Side.BLACK, added.side());
        assertEquals(120_000, added.millis());
        assertEquals(ClockStatus.RUNNING, inOrder.state().status());
        assertEquals(Side.BLACK, inOrder.state().toMove());
    }

    @Test
    void aWrongClaimsTimePenaltyOnTheClaimantIsAppliedInEveryReadingOrder() {
        // given a wrong 1997 claim rejected at once with the reading the game knew (FIDE 1997 9.5b: the opponent +3 min,
        // half the claimant's time, at most 3 min, off the claimant; no draw offer), then the claimant's next press
        Penalty halved = new Penalty(180_000, 90_000, "FIDE 1997 9.5b", "opponent +180 s; claimant -90.0 s");
        // when the clock reads the records in every order
        RecordedClock inOrder = readInEveryOrderAsTheDigest(Ruleset.Edition.FIDE_1997,
                threefoldRejectedAtOnceThenTheClaimantsPress(halved, false));
        // then the same events in every order: both halves of the penalty, and no pause
        assertEquals(List.of("ClockSwitched", "TimeAdded", "TimeDeducted", "ClockSwitched"),
                afterTheThirdMove(inOrder));
    }

    /** Reads {@code written} in every order on a clock with three moves; asserts one outcome; the in-order clock. */
    private static RecordedClock readInEveryOrder(Ruleset.Edition edition, List<Read> written) {
        return readInEveryOrder(edition, written, PollSplitDeterminismTest::outcome);
    }

    /**
     * As {@link #readInEveryOrder(Ruleset.Edition, List)}, the events compared as the chaos run's digest does (a
     * multiset, with their instants and millisecond readings left out): a penalty decided on the claims topic lands
     * between the presses or after them, as read, with the same amounts and the same final times.
     */
    private static RecordedClock readInEveryOrderAsTheDigest(Ruleset.Edition edition, List<Read> written) {
        return readInEveryOrder(edition, written, PollSplitDeterminismTest::digestOutcome);
    }

    private static RecordedClock readInEveryOrder(Ruleset.Edition edition, List<Read> written,
                                                  java.util.function.Function<RecordedClock, String> outcome) {
        Map<String, List<List<Read>>> byOutcome = new LinkedHashMap<>();
        RecordedClock inOrder = null;
        for (List<Read> order : readingOrders(written)) {
            RecordedClock clock = startedWithThreeMoves(edition);
            for (Read r : order) {
                clock.apply(GameEventCommands.input(r.envelope()));
            }
            if (order.equals(written)) {
                inOrder = clock; // each record a poll of its own: the order the game wrote them
            }
            byOutcome.computeIfAbsent(outcome.apply(clock), k -> new ArrayList<>()).add(order);
        }
        assertEquals(1, byOutcome.size(), () -> "the clock's events depend on the reading order: "
                + describe(byOutcome));
        return inOrder;
    }

    private static List<String> afterTheThirdMove(RecordedClock clock) {
        return clock.recorded().stream().skip(startedWithThreeMoves(clock.state().rules().edition()).recorded().size())
                .map(e -> e.getClass().getSimpleName()).toList();
    }

    /** The recorded events (but those recording only the reading order, and the command ids) and the final state. */
    private static String outcome(RecordedClock clock) {
        StringBuilder out = new StringBuilder();
        for (ClockEvent e : clock.recorded()) {
            if (!ORDER_ONLY.contains(e.getClass().getSimpleName())) {
                out.append(e.toString().replaceAll("commandId=[^,]*, ", "")).append('\n');
            }
        }
        return out.append(clock.state()).toString();
    }

    /**
     * The recorded events as the chaos run's digest sees them (a multiset; instants, millisecond amounts and readings,
     * command ids and those recording only the reading order left out), and the final state.
     */
    private static String digestOutcome(RecordedClock clock) {
        List<String> events = new ArrayList<>();
        for (ClockEvent e : clock.recorded()) {
            if (ORDER_ONLY.contains(e.getClass().getSimpleName())) {
                continue;
            }
            StringBuilder line = new StringBuilder(e.getClass().getSimpleName()).append('[');
            for (java.lang.reflect.RecordComponent c : e.getClass().getRecordComponents()) {
                String name = c.getName();
                if (name.equals("at") || name.endsWith("At") || name.endsWith("Millis") || name.equals("commandId")) {
                    continue;
                }
                try {
                    line.append(name).append('=').append(c.getAccessor().invoke(e)).append(", ");
                } catch (ReflectiveOperationException ex) {
                    throw new IllegalStateException(ex);
                }
            }
            events.add(line.append(']').toString());
        }
        java.util.Collections.sort(events);
        return String.join("\n", events) + "\n" + clock.state();
    }

    private static String describe(Map<String, List<List<Read>>> byOutcome) {
        StringBuilder out = new StringBuilder();
        byOutcome.forEach((outcome, orders) -> out.append("\n").append(orders.size()).append(" reading(s), e.g. ")
                .append(orders.get(0).stream().map(r -> r.envelope().payload().getClass().getSimpleName()).toList())
                .append(":\n").append(outcome));
        return out.toString();
    }

    /**
     * Every order in which the runtime may decide {@code written}: each split into consecutive polls, and within a
     * poll the topics in each order (a poll is decided partition by partition), each topic's records in their order.
     */
    private static List<List<Read>> readingOrders(List<Read> written) {
        List<List<Read>> orders = new ArrayList<>();
        int cuts = written.size() - 1;
        for (int mask = 0; mask < 1 << cuts; mask++) {
            List<List<Read>> polls = new ArrayList<>();
            List<Read> poll = new ArrayList<>();
            for (int i = 0; i < written.size(); i++) {
                poll.add(written.get(i));
                if (i == written.size() - 1 || (mask & 1 << i) != 0) {
                    polls.add(poll);
                    poll = new ArrayList<>();
                }
            }
            List<List<Read>> prefixes = List.of(List.of());
            for (List<Read> p : polls) {
                List<List<Read>> longer = new ArrayList<>();
                for (List<Read> prefix : prefixes) {
                    for (List<Read> decided : topicOrders(p)) {
                        List<Read> o = new ArrayList<>(prefix);
                        o.addAll(decided);
                        longer.add(o);
                    }
                }
                prefixes = longer;
            }
            orders.addAll(prefixes);
        }
        assertTrue(orders.size() > written.size(), "more than one reading order");
        return orders;
    }

    /** One poll decided partition by partition, the partitions in each order. */
    private static List<List<Read>> topicOrders(List<Read> poll) {
        Map<String, List<Read>> byTopic = new LinkedHashMap<>();
        poll.forEach(r -> byTopic.computeIfAbsent(r.topic(), t -> new ArrayList<>()).add(r));
        List<List<Read>> out = new ArrayList<>();
        permute(new ArrayList<>(byTopic.keySet()), 0, byTopic, out);
        return out;
    }

    private static void permute(List<String> topics, int k, Map<String, List<Read>> byTopic, List<List<Read>> out) {
        if (k == topics.size()) {
            List<Read> order = new ArrayList<>();
            topics.forEach(t -> order.addAll(byTopic.get(t)));
            out.add(order);
            return;
        }
        for (int i = k; i < topics.size(); i++) {
            java.util.Collections.swap(topics, k, i);
            permute(topics, k + 1, byTopic, out);
            java.util.Collections.swap(topics, k, i);
        }
    }
}

package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.HashChain;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.results.ResultEvent;

class AggregateStoreTest {

    private final JsonCodec codec = JsonCodec.standard();

    private AggregateStore<GameCommand, EventMessage, ToyGame.State> store() {
        return new AggregateStore<>(ToyGame.DEFINITION, codec);
    }

    /** Runs commands one batch each, committing, and returns every event produced. */
    private List<Envelope> run(AggregateStore<GameCommand, EventMessage, ToyGame.State> store, Envelope... commands) {
        List<Envelope> events = new ArrayList<>();
        for (Envelope command : commands) {
            var batch = store.begin();
            events.addAll(batch.decide(command).events());
            batch.commit();
        }
        return events;
    }

    @Test
    void commandsBecomeSealedNumberedEventsCausedByTheirCommand() {
        var store = store();
        Envelope start = ToyGame.start("g-1", "c1");
        Envelope e4 = ToyGame.move("g-1", "c2", "e4", 10);

        List<Envelope> events = run(store, start, e4);

        assertEquals(2, events.size());
        assertEquals(List.of(1L, 2L), events.stream().map(Envelope::sequence).toList());
        assertEquals(start.eventId(), events.get(0).causationId());
        assertEquals(e4.eventId(), events.get(1).causationId());
        assertEquals(e4.actor(), events.get(1).actor());
        assertEquals(e4.occurredAt(), events.get(1).occurredAt());
        assertEquals(Optional.empty(), HashChain.verify(codec, "g-1", events));
        assertEquals(List.of("e4"), store.stateOf("g-1").state().moves());
        assertEquals(events.get(1).hash(), store.stateOf("g-1").lastHash());
    }

    @Test
    void theBytesPublishedAreTheCodecsEncodingOfTheSealedEvent() {
        var store = store();
        var batch = store.begin();
        Envelope started = batch.decide(ToyGame.start("g-1", "c1")).events().get(0);
        Envelope moved = batch.decide(ToyGame.move("g-1", "c2", "e4", 10)).events().get(0);
        for (Envelope event : List.of(started, moved)) {
            byte[] wire = batch.wireBytes(event);
            assertEquals(new String(codec.encode(event), java.nio.charset.StandardCharsets.UTF_8),
                    new String(wire, java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(event, codec.decode(wire)); // the hash checks out against the bytes as written
        }
    }

    @Test
    void sameCommandsGiveTheSameRecordsOnAnyRun() {
        List<Envelope> first = run(store(), ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10));
        List<Envelope> second = run(store(), ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10));
        assertEquals(first, second);
    }

    @Test
    void duplicateCommandIdProducesNothingNew() {
        var store = store();
        run(store, ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10));

        var batch = store.begin();
        Decision<ToyGame.State> again = batch.decide(ToyGame.move("g-1", "c2", "e4", 10));
        Decision<ToyGame.State> withinBatch1 = batch.decide(ToyGame.move("g-1", "c3", "e5", 20));
        Decision<ToyGame.State> withinBatch2 = batch.decide(ToyGame.move("g-1", "c3", "e5", 20));
        batch.commit();

        assertTrue(again.duplicate());
        assertEquals(List.of(), again.events());
        assertFalse(withinBatch1.duplicate());
        assertTrue(withinBatch2.duplicate());
        assertEquals(List.of("e4", "e5"), store.stateOf("g-1").state().moves());
        assertEquals(3, store.stateOf("g-1").sequence());
    }

    @Test
    void laterCommandsInABatchSeeEarlierOnesAndDiscardForgetsThem() {
        var store = store();
        run(store, ToyGame.start("g-1", "c1"));
        var batch = store.begin();
        batch.decide(ToyGame.move("g-1", "c2", "e4", 10));
        Decision<ToyGame.State> second = batch.decide(ToyGame.move("g-1", "c3", "e5", 20));
        assertEquals(3, second.events().get(0).sequence());
        assertEquals(2, ((MoveEvent.MovePlayed) second.events().get(0).payload()).ply());

        batch.discard();

        assertEquals(1, store.stateOf("g-1").sequence());
        assertFalse(store.wasProcessed(ToyGame.id("c2")));
        assertEquals(List.of(), store.stateOf("g-1").state().moves());
    }

    @Test
    void droppingAnotherInstancesAggregatesForgetsTheirStateAndInputsOnly() {
        var store = store();
        run(store, ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10), ToyGame.start("g-2", "c3"));

        // when the partition of g-1 goes to another instance
        int dropped = store.drop(id -> id.equals("g-1"));

        assertEquals(1, dropped);
        assertFalse(store.exists("g-1"));
        assertFalse(store.wasProcessed(ToyGame.id("c2")), "a dropped aggregate's input ids go with it");
        assertTrue(store.wasProcessed(ToyGame.id("c3")));
        assertEquals(List.of("g-2"), List.copyOf(store.states().keySet()));
    }

    @Test
    void throwingDeciderLeavesTheBatchUsable() {
        var store = store();
        run(store, ToyGame.start("g-1", "c1"));
        var batch = store.begin();
        assertThrows(IllegalStateException.class, () -> batch.decide(ToyGame.move("g-1", "c2", "boom", 10)));
        batch.decide(ToyGame.move("g-1", "c3", "d4", 20));
        batch.commit();
        assertEquals(List.of("d4"), store.stateOf("g-1").state().moves());
        assertEquals(2, store.stateOf("g-1").sequence());
    }

    @Test
    void replayInAnyCrossTopicOrderRebuildsTheSameState() {
        var live = store();
        List<Envelope> log = run(live, ToyGame.start("g-1", "c1"), ToyGame.start("g-2", "c9"),
                ToyGame.move("g-1", "c2", "e4", 10), ToyGame.move("g-2", "c10", "d4", 11),
                ToyGame.move("g-1", "c3", "c5", 20), ToyGame.resign("g-1", "c4", Side.WHITE),
                ToyGame.move("g-1", "c5", "Nf3", 30));
        assertTrue(log.stream().anyMatch(e -> e.payload() instanceof ResultEvent.GameEnded));
        assertTrue(log.get(log.size() - 1).payload() instanceof ClaimEvent.CommandRejected);

        // the results topic is read last, claims first: the store reorders by sequence per aggregate
        List<Envelope> shuffled = new ArrayList<>(log);
        Collections.reverse(shuffled);
        var rebuilt = store();
        shuffled.forEach(rebuilt::replay);

        assertEquals(Map.of(), rebuilt.gaps());
        assertEquals(live.states(), rebuilt.states());
        assertEquals(StateDigest.of(live.states()), StateDigest.of(rebuilt.states()));
        assertEquals(log.size(), rebuilt.replayedEvents());
        assertTrue(rebuilt.wasProcessed(ToyGame.id("c3")));
        // and a command already in the log is a duplicate after the restart
        var batch = rebuilt.begin();
        assertTrue(batch.decide(ToyGame.move("g-1", "c3", "c5", 20)).duplicate());
    }

    @Test
    void replayReportsGapsAndRefusesABrokenChain() {
        List<Envelope> log = run(store(), ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10),
                ToyGame.move("g-1", "c3", "e5", 20));
        var withGap = store();
        withGap.replay(log.get(0));
        withGap.replay(log.get(2));
        assertEquals(Map.of("g-1", "missing #2 (have #3..3)"), withGap.gaps());
        assertEquals(1, withGap.stateOf("g-1").sequence());
        // the missing link arrives: it and the event waiting for it are applied, in order
        withGap.replay(log.get(1));
        assertEquals(Map.of(), withGap.gaps());
        assertEquals(3, withGap.stateOf("g-1").sequence());
        assertEquals(3, withGap.replayedEvents());

        Envelope forged = log.get(1).withChain("f".repeat(64), log.get(1).hash());
        var broken = store();
        broken.replay(log.get(0));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> broken.replay(forged));
        assertTrue(e.getMessage().startsWith("broken hash chain at g-1 #2"), e.getMessage());
        // the forged event is dropped: the store still reports its gaps and takes the real #2 after it
        assertEquals(Map.of(), broken.gaps());
        broken.replay(log.get(1));
        assertEquals(2, broken.stateOf("g-1").sequence());
    }

    @Test
    void resultsAreKeyedByTournamentAndGameStreamsByGame() {
        var store = store();
        List<Envelope> events = run(store, ToyGame.start("g-1", "c1"), ToyGame.resign("g-1", "c2", Side.BLACK));
        Envelope ended = events.stream().filter(e -> e.payload() instanceof ResultEvent).findFirst().orElseThrow();
        assertEquals("t-1", ToyGame.DEFINITION.keyRule().apply(ended));
        assertEquals("g-1", ToyGame.DEFINITION.keyRule().apply(events.get(0)));
        assertEquals("torneo.results", codec.catalog().entryOf(ended.payload()).topic().name());
    }

    @Test
    void digestDependsOnContentNotOnSetOrder() {
        var a = new ToyGame.State("t", List.of("e4"), new java.util.LinkedHashSet<>(List.of("WHITE", "BLACK")), false);
        var b = new ToyGame.State("t", List.of("e4"), new java.util.LinkedHashSet<>(List.of("BLACK", "WHITE")), false);
        var c = new ToyGame.State("t", List.of("d4"), Set.of("WHITE", "BLACK"), false);
        assertEquals(StateDigest.of(a), StateDigest.of(b));
        assertNotEquals(StateDigest.of(a), StateDigest.of(c));
        assertTrue(StateDigest.dump(a).contains("\"moves\":[\"e4\"]"), StateDigest.dump(a));
    }

    @Test
    void reactsToAnotherStreamsEventOnceAndIgnoresTheRest() {
        var store = new AggregateStore<>(ToyGame.REACTING, codec);
        var batch = store.begin();
        batch.decide(ToyGame.start("g-1", "c1"));
        Decision<ToyGame.State> ignored = batch.decide(ToyGame.clockStarted("g-1", "clock-e1"));
        Decision<ToyGame.State> flag = batch.decide(ToyGame.flagFell("g-1", "clock-e7",
                Side.BLACK));
        batch.commit();

        assertEquals(List.of(), ignored.events());
        assertFalse(ignored.duplicate());
        assertEquals(ToyGame.id("clock-e7"), flag.events().get(0).causationId());
        // a reaction is the reacting service's decision, written under its own actor (the audit checks its cause)
        assertEquals(List.of(Actor.system(ToyGame.REACTING.name()), Actor.system(ToyGame.REACTING.name())),
                flag.events().stream().map(Envelope::actor).toList());
        ResultEvent.GameEnded ended = (ResultEvent.GameEnded) flag.events().get(1).payload();
        assertEquals(org.torneo.contracts.results.GameResult.WHITE_WINS, ended.result());
        assertEquals(flag.events().get(1).occurredAt(), ToyGame.flagFell("g-1", "x", null).occurredAt());
        assertTrue(store.stateOf("g-1").state().over());

        var again = store.begin();
        assertTrue(again.decide(ToyGame.flagFell("g-1", "clock-e7", Side.BLACK)).duplicate());
        again.commit();
    }

    @Test
    void aDecisionWithoutEventsLeavesNoAggregateBehind() {
        // a replay of the log would not create it, so the live store must not either: same state, same digest
        var store = store();
        var batch = store.begin();
        Decision<ToyGame.State> nothing = batch.decide(ToyGame.move("g-7", "c1", "pass", 1));
        batch.commit();
        assertEquals(List.of(), nothing.events());
        assertFalse(store.states().containsKey("g-7"), store.states().toString());
        assertEquals(0, store.size());
        assertEquals(0, store.stateOf("g-7").sequence());
    }

    @Test
    void aDecisionTakenBackLeavesTheAggregateAsBefore() {
        var store = store();
        run(store, ToyGame.start("g-1", "c1"));
        var batch = store.begin();
        batch.decide(ToyGame.move("g-1", "c2", "e4", 10));
        Decision<ToyGame.State> second = batch.decide(ToyGame.move("g-1", "c3", "e5", 20));
        batch.forget(second);
        Decision<ToyGame.State> replacement = batch.decide(ToyGame.move("g-1", "c4", "c5", 20));
        batch.commit();

        assertEquals(3, replacement.events().get(0).sequence());
        assertEquals(List.of("e4", "c5"), store.stateOf("g-1").state().moves());
        assertFalse(store.wasProcessed(ToyGame.id("c3")));
    }
}

package org.torneo.platform;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;

/**
 * The in-memory state of every aggregate of one service, rebuilt from the event log and advanced
 * by commands. Pure: no Kafka, no clock. Not thread-safe: the runtime drives it from one thread.
 *
 * <p>Commands are decided inside a {@link Batch} (one Kafka transaction): each decision sees the
 * ones before it in the batch; {@link Batch#commit()} applies them after the transaction commits,
 * {@link Batch#discard()} forgets them after an abort.
 */
public final class AggregateStore<C, E extends EventMessage, S> {

    private final AggregateDefinition<C, E, S> definition;
    private final JsonCodec codec;
    private final Map<String, AggregateState<S>> aggregates = new HashMap<>();
    /** The input ids that caused events, each with its aggregate (so a dropped aggregate's ids go with it). */
    private final Map<UUID, String> processedCommands = new HashMap<>();
    /** Replayed events that arrived before their predecessor (they come from several topics). */
    private final Map<String, TreeMap<Long, Envelope>> waiting = new HashMap<>();
    private long replayedEvents;
    private long skippedEvents;

    public AggregateStore(AggregateDefinition<C, E, S> definition, JsonCodec codec) {
        this.definition = definition;
        this.codec = codec;
    }

    public AggregateDefinition<C, E, S> definition() {
        return definition;
    }

    // ------------------------------------------------------------------ replay

    /**
     * Folds one event read from the log. Events of one aggregate may arrive out of sequence order
     * across topics (moves, claims and results are separate topics); they wait until their
     * predecessor has been applied. Events of other types are skipped. A duplicate (already applied
     * sequence) with the same hash is ignored; with another hash it is a forked chain.
     *
     * @throws IllegalStateException when the chain is forked or broken
     */
    public void replay(Envelope event) {
        if (event.isCommand() || !definition.eventType().isInstance(event.payload())) {
            skippedEvents++;
            return;
        }
        AggregateState<S> current = stateOf(event.aggregateId());
        if (event.sequence() <= current.sequence()) {
            return; // already applied (the log may hold a record twice only if written twice by a bug)
        }
        if (event.sequence() == current.sequence() + 1 && !waiting.containsKey(event.aggregateId())) {
            // the common case, the next link with nothing waiting: applied at once, without a queue
            applyNext(current, event);
            return;
        }
        waiting.computeIfAbsent(event.aggregateId(), id -> new TreeMap<>()).put(event.sequence(), event);
        drain(event.aggregateId());
    }

    private void drain(String aggregateId) {
        TreeMap<Long, Envelope> queue = waiting.get(aggregateId);
        try {
            drain(aggregateId, queue);
        } finally {
            // also when an event breaks the chain: an empty queue left behind would make gaps() fail
            if (queue != null && queue.isEmpty()) {
                waiting.remove(aggregateId);
            }
        }
    }

    private void drain(String aggregateId, TreeMap<Long, Envelope> queue) {
        while (queue != null && !queue.isEmpty()) {
            AggregateState<S> current = stateOf(aggregateId);
            Map.Entry<Long, Envelope> next = queue.firstEntry();
            if (next.getKey() != current.sequence() + 1) {
                return;
            }
            queue.pollFirstEntry();
            applyNext(current, next.getValue());
        }
    }

    /** Applies the event that follows {@code current} in its chain. @throws IllegalStateException if it does not link */
    private void applyNext(AggregateState<S> current, Envelope event) {
        String aggregateId = current.aggregateId();
        if (!current.lastHash().equals(event.previousHash())) {
            throw new IllegalStateException("broken hash chain at " + aggregateId + " #" + event.sequence()
                    + ": previousHash " + event.previousHash() + " but the chain head is " + current.lastHash());
        }
        aggregates.put(aggregateId, apply(current, event));
        if (event.causationId() != null) {
            processedCommands.put(event.causationId(), aggregateId);
        }
        replayedEvents++;
    }

    /** Aggregates whose replay stopped at a gap: sequence numbers that never arrived. */
    public Map<String, String> gaps() {
        Map<String, String> gaps = new TreeMap<>();
        waiting.forEach((id, queue) -> gaps.put(id, "missing #" + (stateOf(id).sequence() + 1)
                + " (have #" + queue.firstKey() + ".." + queue.lastKey() + ")"));
        return gaps;
    }

    public long replayedEvents() {
        return replayedEvents;
    }

    public long skippedEvents() {
        return skippedEvents;
    }

    // ------------------------------------------------------------------ commands

    public Batch begin() {
        return new Batch();
    }

    /** The commands of one transaction. */
    public final class Batch {
        private final Map<String, AggregateState<S>> overlay = new HashMap<>();
        private final Map<UUID, String> commandsInBatch = new HashMap<>();
        private final List<Decision<S>> decisions = new ArrayList<>();
        /** The wire bytes of the events sealed in this batch: sealing writes them, so they are not written twice. */
        private final Map<Envelope, byte[]> wire = new java.util.IdentityHashMap<>();
        private boolean open = true;

        /** The bytes to publish for an event this batch sealed (the codec's encoding of it). */
        public byte[] wireBytes(Envelope event) {
            byte[] bytes = wire.get(event);
            return bytes != null ? bytes : codec.encode(event);
        }

        /**
         * Decides one input: a command, or another service's event this aggregate reacts to. Its
         * envelope id is the idempotency key. Throws what the command reader or the decider throws
         * (the runtime dead-letters the input); the batch is unchanged then.
         */
        public Decision<S> decide(Envelope input) {
            if (!open) {
                throw new IllegalStateException("batch already committed or discarded");
            }
            String aggregateId = definition.targetAggregate().apply(input);
            if (aggregateId == null || aggregateId.isBlank()) {
                throw new IllegalArgumentException("no target aggregate for " + input.payload().getClass().getSimpleName()
                        + " " + input.eventId());
            }
            AggregateState<S> before = overlay.getOrDefault(aggregateId, stateOf(aggregateId));
            UUID inputId = input.eventId();
            if (processedCommands.containsKey(inputId) || commandsInBatch.containsKey(inputId)) {
                Decision<S> duplicate = new Decision<>(inputId, aggregateId, true, List.of(), before);
                decisions.add(duplicate);
                return duplicate;
            }
            C command = definition.commandReader().apply(input);
            if (command == null) {
                Decision<S> ignored = new Decision<>(inputId, aggregateId, false, List.of(), before);
                decisions.add(ignored);
                return ignored;
            }
            List<E> events = definition.decide(command, before.state());
            // a command's events are its actor's decision; a reaction's (an input that is another service's event:
            // the clock stopping when the game ends, the result the pairing records) is this service's, by rule, and
            // is written under the service's own actor; its causation id names the event it answers (the audit checks
            // the person at that cause)
            Actor actor = input.isCommand() ? input.actor() : Actor.system(definition.name());
            List<Envelope> sealed = new ArrayList<>(events.size());
            AggregateState<S> after = before;
            for (int i = 0; i < events.size(); i++) {
                E event = events.get(i);
                // deterministic ids: re-deciding the same input on the same state gives the same records
                UUID eventId = UUID.nameUUIDFromBytes((inputId + "/" + i).getBytes(StandardCharsets.UTF_8));
                Envelope unsealed = Envelope.event(eventId, inputId, input.correlationId(), aggregateId,
                        after.sequence() + 1, actor, input.occurredAt(), event);
                JsonCodec.Sealed written = codec.sealAndEncode(unsealed, after.lastHash());
                Envelope envelope = written.envelope();
                wire.put(envelope, written.bytes());
                sealed.add(envelope);
                after = apply(after, envelope);
            }
            Decision<S> decision = new Decision<>(inputId, aggregateId, false, sealed, after);
            if (!sealed.isEmpty()) {
                // only events make state: a replay of the log would not create an aggregate for an event-less decision
                overlay.put(aggregateId, after);
                commandsInBatch.put(inputId, after.aggregateId());
            }
            decisions.add(decision);
            return decision;
        }

        /**
         * Takes back the last decision (the runtime could not publish its events): the aggregate
         * returns to its state before it, as if the input had thrown.
         */
        public void forget(Decision<S> decision) {
            if (decisions.isEmpty() || decisions.get(decisions.size() - 1) != decision) {
                throw new IllegalArgumentException("only the last decision of a batch can be taken back");
            }
            decisions.remove(decisions.size() - 1);
            if (decision.duplicate() || decision.events().isEmpty()) {
                return;
            }
            commandsInBatch.remove(decision.commandId());
            AggregateState<S> before = null;
            for (int i = decisions.size() - 1; i >= 0 && before == null; i--) {
                if (decisions.get(i).aggregateId().equals(decision.aggregateId())) {
                    before = decisions.get(i).after();
                }
            }
            if (before == null) {
                overlay.remove(decision.aggregateId());
            } else {
                overlay.put(decision.aggregateId(), before);
            }
        }

        public List<Decision<S>> decisions() {
            return Collections.unmodifiableList(decisions);
        }

        /** The transaction committed: the decisions become the store's state. */
        public void commit() {
            close();
            aggregates.putAll(overlay);
            processedCommands.putAll(commandsInBatch);
        }

        /** The transaction aborted: nothing happened. */
        public void discard() {
            close();
        }

        private void close() {
            if (!open) {
                throw new IllegalStateException("batch already committed or discarded");
            }
            open = false;
        }
    }

    // ------------------------------------------------------------------ snapshots

    /** Whether the store is exactly a fold of a log prefix (no event waits for a predecessor). */
    public boolean isConsistent() {
        return waiting.isEmpty();
    }

    /** The aggregates and processed input ids, for a snapshot (sorted: equal stores give equal content). */
    public org.torneo.platform.snapshot.SnapshotCodec.Content<S> snapshotContent() {
        if (!isConsistent()) {
            throw new IllegalStateException("events wait for their predecessors: " + gaps());
        }
        List<AggregateState<S>> list = new ArrayList<>(new TreeMap<>(aggregates).values());
        List<UUID> ids = new ArrayList<>(processedCommands.keySet());
        ids.sort(null);
        return new org.torneo.platform.snapshot.SnapshotCodec.Content<>(list, ids);
    }

    /** A store holding a snapshot's content; read the log on from the snapshot's positions. */
    public static <C, E extends EventMessage, S> AggregateStore<C, E, S> restore(AggregateDefinition<C, E, S> definition,
            JsonCodec codec, org.torneo.platform.snapshot.SnapshotCodec.Content<S> content, long events) {
        AggregateStore<C, E, S> store = new AggregateStore<>(definition, codec);
        for (AggregateState<S> aggregate : content.aggregates()) {
            store.aggregates.put(aggregate.aggregateId(), aggregate);
        }
        // a snapshot does not say which aggregate an id belongs to: such ids stay when aggregates are dropped
        // (keeping an id that was processed is never wrong; it only costs its memory)
        content.processedInputs().forEach(id -> store.processedCommands.put(id, UNKNOWN_AGGREGATE));
        return store;
    }

    /** How many events the aggregates fold (the sum of their sequences). */
    public long foldedEvents() {
        long sum = 0;
        for (AggregateState<S> aggregate : aggregates.values()) {
            sum += aggregate.sequence();
        }
        return sum;
    }

    // ------------------------------------------------------------------ reading

    public AggregateState<S> stateOf(String aggregateId) {
        AggregateState<S> state = aggregates.get(aggregateId);
        return state != null ? state : AggregateState.initial(aggregateId, definition.decider().initialState());
    }

    public boolean exists(String aggregateId) {
        return aggregates.containsKey(aggregateId);
    }

    /** Every aggregate's state by id, sorted (for digests and projections). */
    public Map<String, S> states() {
        Map<String, S> states = new TreeMap<>();
        aggregates.forEach((id, a) -> states.put(id, a.state()));
        return states;
    }

    public int size() {
        return aggregates.size();
    }

    public boolean wasProcessed(UUID commandId) {
        return processedCommands.containsKey(commandId);
    }

    /**
     * Forgets the aggregates {@code dropped} selects (an instance of the service no longer holds their partition):
     * their states, the input ids that caused their events, and their events waiting for a predecessor. Returns how
     * many aggregates went. The store stays a fold of the log for the aggregates it keeps.
     */
    public int drop(java.util.function.Predicate<String> dropped) {
        int before = aggregates.size();
        aggregates.keySet().removeIf(dropped);
        processedCommands.values().removeIf(id -> id != UNKNOWN_AGGREGATE && dropped.test(id));
        waiting.keySet().removeIf(dropped);
        return before - aggregates.size();
    }

    /** The aggregate of an input id restored from a snapshot (which does not record it). */
    private static final String UNKNOWN_AGGREGATE = new String("");

    private AggregateState<S> apply(AggregateState<S> current, Envelope event) {
        S next = definition.decider().evolve(current.state(), definition.eventType().cast(event.payload()));
        return new AggregateState<>(current.aggregateId(), next, event.sequence(), event.hash());
    }
}

package org.torneo.platform;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.torneo.contracts.Decider;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.platform.metrics.DecisionTiming;

/**
 * Everything the runtime needs to host one kind of aggregate: its decider, how an input envelope
 * becomes the decider's command, which topics carry its inputs and its events, and the Kafka key of
 * each event. A service app builds one of these and hands it to the runtime; it stays thin.
 *
 * <p>Inputs are commands (on {@code commandTopics}) and, optionally, other services' events the
 * aggregate reacts to (on {@code reactionTopics}: the game reacts to clock.FlagFell, pairing to
 * results.GameEnded). An input's envelope id is its idempotency key either way.
 *
 * @param name            service name: consumer group id and transactional id prefix
 * @param decider         the core's decider
 * @param eventType       the decider's event type (events of other types on the event topics are skipped)
 * @param commandReader   turns an input envelope into the decider's command (it sees the actor and
 *                        ids), or returns null to ignore the input (e.g. a reaction topic's events
 *                        this aggregate does not care about); an exception sends the input to the
 *                        dead-letter topic
 * @param commandTopics   the topics consumed as commands
 * @param eventTopics     the topics this aggregate writes, replayed on start
 * @param keyRule         the record key of an event on its topic (null: {@link #defaultKey})
 * @param reactionTopics  other services' event topics consumed as inputs
 * @param targetAggregate which aggregate an input is for (null: the input's own aggregate id;
 *                        pairing maps a GameEnded to its tournament)
 * @param timing          a meter of its own for one kind of command (null: none; every decision is timed anyway
 *                        by the runtime's {@code torneo.decision.latency})
 */
public record AggregateDefinition<C, E extends EventMessage, S>(String name, Decider<C, E, S> decider,
                                                                  Class<E> eventType,
                                                                  Function<Envelope, C> commandReader,
                                                                  List<TopicSpec> commandTopics,
                                                                  List<TopicSpec> eventTopics,
                                                                  Function<Envelope, String> keyRule,
                                                                  List<TopicSpec> reactionTopics,
                                                                  Function<Envelope, String> targetAggregate,
                                                                  DecisionTiming<C, E> timing) {

    public AggregateDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(decider, "decider");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(commandReader, "commandReader");
        commandTopics = List.copyOf(commandTopics);
        eventTopics = List.copyOf(eventTopics);
        keyRule = keyRule == null ? AggregateDefinition::defaultKey : keyRule;
        reactionTopics = reactionTopics == null ? List.of() : List.copyOf(reactionTopics);
        targetAggregate = targetAggregate == null ? Envelope::aggregateId : targetAggregate;
    }

    /** An aggregate with no meter of its own. */
    public AggregateDefinition(String name, Decider<C, E, S> decider, Class<E> eventType,
                               Function<Envelope, C> commandReader, List<TopicSpec> commandTopics,
                               List<TopicSpec> eventTopics, Function<Envelope, String> keyRule,
                               List<TopicSpec> reactionTopics, Function<Envelope, String> targetAggregate) {
        this(name, decider, eventType, commandReader, commandTopics, eventTopics, keyRule, reactionTopics,
                targetAggregate, null);
    }

    /** An aggregate that only takes commands. */
    public AggregateDefinition(String name, Decider<C, E, S> decider, Class<E> eventType,
                               Function<Envelope, C> commandReader, List<TopicSpec> commandTopics,
                               List<TopicSpec> eventTopics, Function<Envelope, String> keyRule) {
        this(name, decider, eventType, commandReader, commandTopics, eventTopics, keyRule, null, null);
    }

    /** The same definition also reacting to events on {@code topics}, routed by {@code target}. */
    public AggregateDefinition<C, E, S> reactingTo(List<TopicSpec> topics, Function<Envelope, String> target) {
        return new AggregateDefinition<>(name, decider, eventType, commandReader, commandTopics, eventTopics, keyRule,
                topics, target, timing);
    }

    /** The same definition with the decisions of one kind of command timed on a meter of their own. */
    public AggregateDefinition<C, E, S> timing(DecisionTiming<C, E> meter) {
        return new AggregateDefinition<>(name, decider, eventType, commandReader, commandTopics, eventTopics, keyRule,
                reactionTopics, targetAggregate, meter);
    }

    /** The decider's decision of {@code command} on {@code state}, on its own meter when {@link #timing} names it. */
    public List<E> decide(C command, S state) {
        return timing == null ? decider.decide(command, state) : timing.decide(decider, command, state);
    }

    /** The same definition under another name (tests running two runtimes on one broker). */
    public AggregateDefinition<C, E, S> named(String newName) {
        return new AggregateDefinition<>(newName, decider, eventType, commandReader, commandTopics, eventTopics,
                keyRule, reactionTopics, targetAggregate, timing);
    }

    /**
     * The key the topic catalogue prescribes: the aggregate id, except results, which are keyed by
     * tournament so a tournament's results stay in order on one partition.
     */
    public static String defaultKey(Envelope event) {
        if (event.payload() instanceof ResultEvent result) {
            return result.tournamentId();
        }
        return event.aggregateId();
    }
}

package org.torneo.platform;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import org.torneo.contracts.Decider;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.TopicSpec;

/**
 * Everything the runtime needs to host one kind of aggregate: its decider, how a command envelope
 * becomes the decider's command, which topics carry its commands and events, and the Kafka key of
 * each event. A service app builds one of these and hands it to the runtime; it stays thin.
 *
 * @param name           service name: consumer group id and transactional id prefix
 * @param decider        the core's decider
 * @param eventType      the decider's event type (events of other types on the event topics are skipped)
 * @param commandReader  turns a command envelope into the decider's command (it sees the actor and
 *                       ids); may throw IllegalArgumentException for a command this aggregate refuses
 *                       outright, which sends it to the dead-letter topic
 * @param commandTopics  the topics consumed as commands
 * @param eventTopics    the topics this aggregate writes, replayed on start
 * @param keyRule        the record key of an event on its topic
 */
public record AggregateDefinition<C, E extends EventMessage, S>(String name, Decider<C, E, S> decider,
                                                                  Class<E> eventType,
                                                                  Function<Envelope, C> commandReader,
                                                                  List<TopicSpec> commandTopics,
                                                                  List<TopicSpec> eventTopics,
                                                                  Function<Envelope, String> keyRule) {

    public AggregateDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(decider, "decider");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(commandReader, "commandReader");
        commandTopics = List.copyOf(commandTopics);
        eventTopics = List.copyOf(eventTopics);
        keyRule = keyRule == null ? AggregateDefinition::defaultKey : keyRule;
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

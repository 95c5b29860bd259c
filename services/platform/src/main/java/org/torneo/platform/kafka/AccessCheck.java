package org.torneo.platform.kafka;

import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.platform.AggregateDefinition;

/**
 * Whether an aggregate's runtime can work under its principal's ACLs ({@link KafkaAccess}): it reads its command,
 * event (replay) and reaction topics, writes its events and the dead letters, consumes in the group of its name and
 * writes in transactions whose ids start with {@code <name>-}. The apps' tests run it on their definitions, so the
 * table and the code cannot drift apart unnoticed.
 */
public final class AccessCheck {

    private AccessCheck() {
    }

    /** What the principal lacks for the definition's runtime; empty when nothing. */
    public static List<String> missing(AggregateDefinition<?, ?, ?> definition, KafkaAccess.Principal principal) {
        List<String> missing = new ArrayList<>();
        List<TopicSpec> reads = new ArrayList<>(definition.commandTopics());
        reads.addAll(definition.eventTopics());
        reads.addAll(definition.reactionTopics());
        reads.add(org.torneo.contracts.topics.Topics.DEAD_LETTER); // DeadLetters.origins: reported once
        for (TopicSpec topic : reads) {
            if (!principal.reads().contains(topic)) {
                missing.add("READ " + topic.name());
            }
        }
        List<TopicSpec> writes = new ArrayList<>(definition.eventTopics());
        writes.add(org.torneo.contracts.topics.Topics.DEAD_LETTER);
        writes.add(org.torneo.contracts.topics.Topics.CHAIN_HEADS); // the signed chain heads of every transaction
        if (!definition.reactionTopics().isEmpty() && !definition.commandTopics().isEmpty()) {
            // a reaction for an aggregate another instance holds is forwarded to its partition of the first command
            // topic (KafkaAggregateRuntime, PartitionOwnership)
            writes.add(definition.commandTopics().get(0));
        }
        for (TopicSpec topic : writes) {
            if (!principal.writes().contains(topic)) {
                missing.add("WRITE " + topic.name());
            }
        }
        if (!principal.group().equals(java.util.Optional.of(definition.name()))) {
            missing.add("group " + definition.name() + " (has " + principal.group().orElse("none") + ")");
        }
        if (!principal.transactionalIdPrefix().map(p -> (definition.name() + "-").startsWith(p)).orElse(false)) {
            missing.add("transactional ids " + definition.name() + "-* (has "
                    + principal.transactionalIdPrefix().orElse("none") + ")");
        }
        return missing;
    }
}

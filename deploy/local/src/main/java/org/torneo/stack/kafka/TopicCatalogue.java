package org.torneo.stack.kafka;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/** Creates topics (the catalogue of contracts, or ad-hoc test topics) and waits until they can be used. */
public final class TopicCatalogue {

    private TopicCatalogue() {
    }

    /**
     * Creates every topic of {@link Topics#ALL} with its configs (event topics: retention -1,
     * cleanup delete). {@code partitionsOverride} > 0 replaces each topic's default partition count
     * (the dead-letter topic keeps 1). Topics that already exist are left as they are.
     */
    public static List<String> createCatalogue(Admin admin, int partitionsOverride) {
        List<NewTopic> topics = new ArrayList<>();
        for (TopicSpec spec : Topics.ALL) {
            int partitions = partitionsOverride > 0 && spec.partitions() > 1 ? partitionsOverride : spec.partitions();
            // the broker's default.replication.factor: 1 on one broker, 3 on the three-node cluster
            topics.add(new NewTopic(spec.name(), java.util.Optional.of(partitions), java.util.Optional.empty())
                    .configs(spec.configs()));
        }
        create(admin, topics);
        return topics.stream().map(NewTopic::name).toList();
    }

    /** Creates event-style topics (retention -1, cleanup delete) with the given partition count. */
    public static void createEventTopics(Admin admin, int partitions, List<String> names) {
        Map<String, String> configs = Map.of("retention.ms", "-1", "cleanup.policy", "delete");
        create(admin, names.stream().map(name -> new NewTopic(name, partitions, (short) 1).configs(configs)).toList());
    }

    static void create(Admin admin, List<NewTopic> topics) {
        try {
            for (var entry : admin.createTopics(topics).values().entrySet()) {
                try {
                    entry.getValue().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + entry.getKey() + ": "
                                + e.getCause().getMessage(), e.getCause());
                    }
                }
            }
            awaitLeaders(admin, topics.stream().map(NewTopic::name).toList());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("creating topics timed out", e);
        }
    }

    /** Waits until every partition of the topics has a leader, so the first produce does not stall. */
    static void awaitLeaders(Admin admin, List<String> names) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                var descriptions = admin.describeTopics(Set.copyOf(names)).allTopicNames().get(10, TimeUnit.SECONDS);
                boolean ready = descriptions.values().stream()
                        .allMatch(d -> d.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty()));
                if (ready) {
                    return;
                }
            } catch (ExecutionException | TimeoutException e) {
                // metadata not propagated yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("topics have no leader after 30 s: " + names);
            }
            Thread.sleep(50);
        }
    }
}

package org.torneo.stack.kafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/**
 * The access table ({@link KafkaAccess}) and the topic catalogue written out for the other ways to run Torneo:
 * Strimzi {@code KafkaUser} and {@code KafkaTopic} resources for deploy/k8s, and the user and ACL lines of
 * docker-compose.yml's set-up container. {@code main} rewrites the deploy/k8s files; AccessManifestsTest fails
 * when a committed file differs from what the table gives.
 */
public final class AccessManifests {

    /** The Strimzi {@code Kafka} resource's name (label {@code strimzi.io/cluster}). */
    public static final String CLUSTER = "torneo";
    static final String HEADER = "# Generated from org.torneo.contracts.topics.KafkaAccess and Topics by\n"
            + "# org.torneo.stack.kafka.AccessManifests (deploy/local); AccessManifestsTest checks it. Do not edit.\n";

    private AccessManifests() {
    }

    /** One Strimzi KafkaUser per principal: SCRAM-SHA-512, simple authorisation, the table's ACLs. */
    public static String strimziUsers() {
        StringBuilder yaml = new StringBuilder(HEADER);
        for (KafkaAccess.Principal principal : KafkaAccess.PRINCIPALS) {
            yaml.append("---\n# ").append(principal.purpose()).append('\n');
            yaml.append("apiVersion: kafka.strimzi.io/v1\nkind: KafkaUser\nmetadata:\n  name: ").append(principal.user())
                    .append("\n  labels:\n    strimzi.io/cluster: ").append(CLUSTER).append('\n');
            yaml.append("spec:\n  authentication:\n    type: scram-sha-512\n  authorization:\n    type: simple\n"
                    + "    acls:\n");
            // one entry per resource, its operations together (Strimzi v1: "operations")
            Map<String, List<String>> byResource = new LinkedHashMap<>();
            for (KafkaAccess.Acl acl : principal.acls()) {
                String resource = "{type: " + strimziType(acl.resource()) + ", name: " + acl.name() + ", patternType: "
                        + (acl.pattern() == KafkaAccess.Pattern.LITERAL ? "literal" : "prefix") + "}";
                byResource.computeIfAbsent(resource, r -> new ArrayList<>()).add(capitalised(acl.operation()));
            }
            byResource.forEach((resource, operations) -> yaml.append("      - resource: ").append(resource)
                    .append("\n        operations: [").append(String.join(", ", operations)).append("]\n"));
        }
        return yaml.toString();
    }

    /** One Strimzi KafkaTopic per catalogue topic (its Kafka name in topicName: dots are fine, case is not). */
    public static String strimziTopics() {
        StringBuilder yaml = new StringBuilder(HEADER);
        for (TopicSpec topic : Topics.ALL) {
            yaml.append("---\n# ").append(topic.description()).append('\n');
            yaml.append("apiVersion: kafka.strimzi.io/v1\nkind: KafkaTopic\nmetadata:\n  name: ")
                    .append(topic.name().replace('.', '-')).append("\n  labels:\n    strimzi.io/cluster: ").append(CLUSTER)
                    .append("\nspec:\n  topicName: ").append(topic.name()).append("\n  partitions: ")
                    .append(topic.partitions()).append("\n  replicas: 3\n  config:\n    retention.ms: ")
                    .append(topic.retentionMs()).append("\n    cleanup.policy: ").append(topic.cleanup()).append('\n');
        }
        return yaml.toString();
    }

    /**
     * The lines docker-compose.yml's set-up container runs (its shell functions {@code user} and {@code acl}):
     * {@code user <name> <password variable>} and {@code acl <name> <topic|group|transactional-id> <resource>
     * <literal|prefixed> <Operation>}.
     */
    public static List<String> composeLines() {
        List<String> lines = new ArrayList<>();
        for (KafkaAccess.Principal principal : KafkaAccess.PRINCIPALS) {
            lines.add("user " + principal.user() + " \"$$" + passwordVariable(principal) + "\"");
            for (KafkaAccess.Acl acl : principal.acls()) {
                lines.add("acl " + acl.user() + " " + composeType(acl.resource()) + " " + acl.name() + " "
                        + acl.pattern().name().toLowerCase(Locale.ROOT) + " " + capitalised(acl.operation()));
            }
        }
        return lines;
    }

    /** The environment variable that holds a principal's password in docker-compose.yml (from .env). */
    public static String passwordVariable(KafkaAccess.Principal principal) {
        return "TORNEO_KAFKA_" + principal.role().toUpperCase(Locale.ROOT) + "_PASSWORD";
    }

    private static String strimziType(KafkaAccess.Resource resource) {
        return switch (resource) {
            case TOPIC -> "topic";
            case GROUP -> "group";
            case TRANSACTIONAL_ID -> "transactionalId";
        };
    }

    private static String composeType(KafkaAccess.Resource resource) {
        return switch (resource) {
            case TOPIC -> "topic";
            case GROUP -> "group";
            case TRANSACTIONAL_ID -> "transactional-id";
        };
    }

    private static String capitalised(KafkaAccess.Operation operation) {
        String name = operation.name().toLowerCase(Locale.ROOT);
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** Rewrites deploy/k8s/kafka-users.yaml and kafka-topics.yaml under the repository root {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path k8s = Path.of(args.length > 0 ? args[0] : ".").resolve("deploy").resolve("k8s");
        Files.writeString(k8s.resolve("kafka-users.yaml"), strimziUsers());
        Files.writeString(k8s.resolve("kafka-topics.yaml"), strimziTopics());
        System.out.println(String.join("\n", composeLines()));
    }
}

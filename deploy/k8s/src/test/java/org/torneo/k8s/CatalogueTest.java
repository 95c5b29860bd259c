package org.torneo.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/**
 * The cluster's topics and users are the catalogue's (contracts Topics and KafkaAccess), read as resources, and
 * docker-compose.yml runs the same topics and the same service databases as the cluster. (deploy/local's
 * AccessManifestsTest checks the generated text of kafka-topics.yaml and kafka-users.yaml; ComposeFileTest the compose
 * file against the local stack.)
 */
class CatalogueTest {

    @Test
    void everyCatalogueTopicIsAKafkaTopicWithItsPartitionsAndConfigsReplicatedThrice() {
        Map<String, String> expected = new TreeMap<>();
        for (TopicSpec topic : Topics.ALL) {
            expected.put(topic.name(), topic.partitions() + " partitions, 3 replicas, " + new TreeMap<>(topic.configs()));
        }
        Map<String, String> actual = new TreeMap<>();
        for (Manifest resource : Bundle.ofKind(Bundle.handWritten(), "KafkaTopic")) {
            JsonNode spec = resource.tree().path("spec");
            String name = spec.path("topicName").asText(resource.name());
            Map<String, String> configs = new TreeMap<>();
            spec.path("config").fields().forEachRemaining(config -> configs.put(config.getKey(), config.getValue().asText()));
            actual.put(name, spec.path("partitions").asInt() + " partitions, " + spec.path("replicas").asInt()
                    + " replicas, " + configs);
        }
        assertEquals(expected, actual, "KafkaTopics of deploy/k8s vs Topics.ALL");
    }

    @Test
    void everyPrincipalIsAKafkaUserWithExactlyItsAcls() {
        Map<String, Set<String>> expected = new TreeMap<>();
        for (KafkaAccess.Principal principal : KafkaAccess.PRINCIPALS) {
            Set<String> acls = new TreeSet<>();
            for (KafkaAccess.Acl acl : principal.acls()) {
                String type = switch (acl.resource()) {
                    case TOPIC -> "topic";
                    case GROUP -> "group";
                    case TRANSACTIONAL_ID -> "transactionalId";
                };
                acls.add(type + " " + acl.name() + " " + (acl.pattern() == KafkaAccess.Pattern.LITERAL ? "literal" : "prefix")
                        + " " + acl.operation().name().charAt(0) + acl.operation().name().substring(1).toLowerCase());
            }
            expected.put(principal.user(), acls);
        }
        Map<String, Set<String>> actual = new TreeMap<>();
        for (Manifest user : Bundle.ofKind(Bundle.handWritten(), "KafkaUser")) {
            JsonNode spec = user.tree().path("spec");
            assertEquals("scram-sha-512", spec.path("authentication").path("type").asText(), user.where());
            Set<String> acls = new TreeSet<>();
            for (JsonNode acl : spec.path("authorization").path("acls")) {
                JsonNode resource = acl.path("resource");
                for (JsonNode operation : acl.path("operations")) {
                    acls.add(resource.path("type").asText() + " " + resource.path("name").asText() + " "
                            + resource.path("patternType").asText() + " " + operation.asText());
                }
            }
            actual.put(user.name(), acls);
        }
        assertEquals(expected, actual, "KafkaUsers of deploy/k8s vs KafkaAccess");
    }

    @Test
    void composeRunsTheCatalogueTopicsAndEachServiceOnTheDatabaseItHasInTheCluster() throws Exception {
        String text = Files.readString(Bundle.REPO.resolve("docker-compose.yml"));
        // the topics its set-up container's script creates: "create <name> <partitions>" lines
        Matcher create = Pattern.compile("(?m)^\\s*create (\\S+) (\\d+)\\s*$").matcher(text);
        Map<String, Integer> created = new TreeMap<>();
        while (create.find()) {
            created.put(create.group(1), Integer.parseInt(create.group(2)));
        }
        Map<String, Integer> catalogue = new TreeMap<>();
        Topics.ALL.forEach(topic -> catalogue.put(topic.name(), topic.partitions()));
        assertEquals(catalogue, created, "topics docker-compose.yml creates vs Topics.ALL");

        Set<String> composeDatabases = new TreeSet<>();
        Matcher url = Pattern.compile("postgresql://postgres:5432/(\\w+)").matcher(text);
        while (url.find()) {
            composeDatabases.add(url.group(1));
        }
        Set<String> clusterDatabases = new TreeSet<>();
        for (String app : List.of("game", "clock", "pairing", "rating", "feed")) {
            String properties = Files.readString(Bundle.APPS.get(app).resolve("src/main/resources/application.properties"));
            Matcher cluster = Pattern.compile("(?m)^quarkus\\.kubernetes\\.env\\.vars\\.quarkus-datasource-reactive-url="
                    + "postgresql://torneo-pg-rw:5432/(\\w+)$").matcher(properties);
            clusterDatabases.add(cluster.find() ? cluster.group(1) : app + ": (none)");
        }
        assertEquals(composeDatabases, clusterDatabases, "each service's database: docker-compose.yml vs the cluster");
    }
}

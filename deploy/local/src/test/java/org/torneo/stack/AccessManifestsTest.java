package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.stack.kafka.AccessManifests;

/**
 * docker-compose.yml and the cluster manifests describe the same Kafka security as the local broker: the users and
 * ACLs of KafkaAccess, SCRAM-SHA-512, the StandardAuthorizer refusing what no ACL allows. Regenerate the deploy/k8s
 * files with AccessManifests.main.
 */
class AccessManifestsTest {

    private static final Path REPO = Path.of("../..");

    @Test
    void theStrimziUsersAndTopicsAreGeneratedFromTheTable() throws Exception {
        assertEquals(AccessManifests.strimziUsers(), Files.readString(REPO.resolve("deploy/k8s/kafka-users.yaml")),
                "deploy/k8s/kafka-users.yaml is stale: run org.torneo.stack.kafka.AccessManifests");
        assertEquals(AccessManifests.strimziTopics(), Files.readString(REPO.resolve("deploy/k8s/kafka-topics.yaml")),
                "deploy/k8s/kafka-topics.yaml is stale: run org.torneo.stack.kafka.AccessManifests");
    }

    @Test
    void theStrimziClusterAuthenticatesEveryListenerAndAuthorises() throws Exception {
        String kafka = Files.readString(REPO.resolve("deploy/k8s/kafka.yaml"));
        Matcher listeners = Pattern.compile("(?m)^\\s+- name: (\\w+)").matcher(kafka);
        int count = 0;
        while (listeners.find()) {
            count++;
        }
        Matcher authentications = Pattern.compile("(?m)^\\s+authentication:\\s*\\n\\s+type: scram-sha-512").matcher(kafka);
        int authenticated = 0;
        while (authentications.find()) {
            authenticated++;
        }
        assertTrue(count > 0, "a listener");
        assertEquals(count, authenticated, "every listener of the Kafka resource authenticates with scram-sha-512");
        assertTrue(Pattern.compile("(?m)^    authorization:\\s*\\n\\s+type: simple").matcher(kafka).find(),
                "simple authorisation (StandardAuthorizer)");
        assertTrue(kafka.contains("name: " + AccessManifests.CLUSTER + "\n"), "the cluster the users name");
    }

    @Test
    void composeCreatesTheTablesUsersAndExactlyItsAcls() throws Exception {
        String compose = Files.readString(REPO.resolve("docker-compose.yml"));
        Matcher line = Pattern.compile("(?m)^\\s+((?:user|acl) .+?)\\s*$").matcher(compose);
        Set<String> lines = new LinkedHashSet<>();
        while (line.find()) {
            if (!line.group(1).startsWith("user()") && !line.group(1).startsWith("acl()")) {
                lines.add(line.group(1));
            }
        }
        assertEquals(new LinkedHashSet<>(AccessManifests.composeLines()), lines,
                "the user and acl lines of docker-compose.yml vs KafkaAccess (AccessManifests.composeLines)");
        for (String setting : List.of("KAFKA_AUTHORIZER_CLASS_NAME: org.apache.kafka.metadata.authorizer.StandardAuthorizer",
                "KAFKA_ALLOW_EVERYONE_IF_NO_ACL_FOUND: \"false\"",
                "KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT,HOST:SASL_PLAINTEXT",
                "KAFKA_SASL_MECHANISM: SCRAM-SHA-512")) {
            assertTrue(compose.contains(setting), setting);
        }
    }

    @Test
    void eachComposeServiceSignsInAsItsOwnUser() throws Exception {
        String compose = Files.readString(REPO.resolve("docker-compose.yml"));
        for (String service : KafkaAccess.SERVICES) {
            int start = compose.indexOf("\n  " + service + ":\n");
            assertTrue(start > 0, service);
            int next = compose.indexOf("\n\n", start);
            String block = compose.substring(start, next > 0 ? next : compose.length());
            assertTrue(block.contains("username=\"torneo-" + service + "\""), service + " uses torneo-" + service);
            assertTrue(block.contains("${TORNEO_KAFKA_" + service.toUpperCase(Locale.ROOT) + "_PASSWORD"),
                    service + " password from .env");
        }
    }

    @Test
    void theCredentialsScriptCoversEveryUser() throws Exception {
        String script = Files.readString(REPO.resolve("deploy/local/compose/new-credentials.sh"));
        Matcher names = Pattern.compile("for name in ([A-Z ]+); do").matcher(script);
        assertTrue(names.find());
        List<String> expected = new ArrayList<>(List.of("ADMIN", "CONTROLLER"));
        KafkaAccess.PRINCIPALS.forEach(p -> expected.add(p.role().toUpperCase(Locale.ROOT)));
        assertEquals(expected, List.of(names.group(1).trim().split(" ")));
    }
}

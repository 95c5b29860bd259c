package org.torneo.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The checks fail on a broken manifest, each with a message that says what and where. */
class BrokenManifestsTest {

    private final ManifestValidator validator = new ManifestValidator();

    private List<String> problems(String yaml) {
        List<Manifest> resources = Manifest.parse("broken.yaml", yaml);
        assertEquals(1, resources.size());
        return validator.problems(resources.get(0));
    }

    private static void assertReported(List<String> problems, String... expected) {
        for (String part : expected) {
            assertTrue(problems.stream().anyMatch(problem -> problem.contains(part)),
                    () -> "no problem mentions '" + part + "': " + problems);
        }
        assertTrue(problems.stream().allMatch(problem -> problem.startsWith("broken.yaml (document 1, ")),
                () -> "every problem names the file and document: " + problems);
    }

    @Test
    void aMistypedFieldOfABuiltInKindIsUnknown() {
        assertReported(problems("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: torneo-game}
                spec:
                  replica: 2
                  selector: {matchLabels: {app: game}}
                  template:
                    metadata: {labels: {app: game}}
                    spec:
                      containers:
                        - name: game
                          image: torneo/game:1
                          livenesProbe: {httpGet: {path: /q/health/live, port: 8081}}
                """), "unknown field spec.replica", "unknown field spec.template.spec.containers[0].livenesProbe");
    }

    @Test
    void aKindTheModelDoesNotKnowAndABadNameAreReported() {
        assertReported(problems("""
                apiVersion: apps/v1
                kind: Deploymnet
                metadata: {name: Torneo_Game}
                spec: {}
                """), "not a kind the Kubernetes model knows", "is not a DNS-1123 name");
    }

    @Test
    void aStrimziUserWithTheOldAclFieldAndAWrongResourceTypeIsRefused() {
        List<String> problems = problems("""
                apiVersion: kafka.strimzi.io/v1
                kind: KafkaUser
                metadata: {name: torneo-game, labels: {strimzi.io/cluster: torneo}}
                spec:
                  authentication: {type: scram-sha-512}
                  authorization:
                    type: simple
                    acls:
                      - resource: {type: transactionalID, name: game-, patternType: prefix}
                        operation: Write
                """);
        assertReported(problems, "acls[0].resource.type", "operation");
    }

    @Test
    void aKafkaWithoutItsRequiredPartsAndATopicWithAStringCountAreRefused() {
        assertReported(problems("""
                apiVersion: kafka.strimzi.io/v1
                kind: Kafka
                metadata: {name: torneo}
                spec:
                  entityOperator: {topicOperator: {}}
                """), "kafka");
        assertReported(problems("""
                apiVersion: kafka.strimzi.io/v1
                kind: KafkaTopic
                metadata: {name: torneo-game-moves, labels: {strimzi.io/cluster: torneo}}
                spec: {partitions: three, replicas: 3}
                """), "partitions");
    }

    @Test
    void aKeycloakWithAMistypedHttpFieldAndAPostgresClusterWithABadEnumAreRefused() {
        assertReported(problems("""
                apiVersion: k8s.keycloak.org/v2alpha1
                kind: Keycloak
                metadata: {name: torneo-keycloak}
                spec:
                  instances: 1
                  http: {httpEnable: true}
                """), "httpEnable");
        assertReported(problems("""
                apiVersion: postgresql.cnpg.io/v1
                kind: Cluster
                metadata: {name: torneo-pg}
                spec:
                  instances: "3"
                  storage: {size: 1Gi}
                  postgresql: {synchronous: {method: all, number: 1}}
                """), "instances", "method");
        assertReported(problems("""
                apiVersion: k8s.keycloak.org/v2alpha1
                kind: KeycloakRealmImport
                metadata: {name: torneo-realm}
                spec:
                  realm: {realm: torneo}
                """), "keycloakCRName");
    }

    @Test
    void aDeploymentReadingASecretNobodyMakesOrWithOneReplicaBreaksTheBundleRules() {
        List<Manifest> app = Manifest.parse("app.yaml", """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: torneo-game}
                spec:
                  replicas: 1
                  selector: {matchLabels: {app: game}}
                  template:
                    metadata: {labels: {app: game}}
                    spec:
                      containers:
                        - name: game
                          image: torneo/game:1
                          env:
                            - name: KAFKA_SASL_JAAS_CONFIG
                              valueFrom: {secretKeyRef: {name: torneo-gmae, key: sasl.jaas.config}}
                            - name: QUARKUS_DATASOURCE_REACTIVE_URL
                              value: postgresql://torneo-pg-rw:5432/torneo_games
                          readinessProbe: {httpGet: {path: /q/health, port: 8081}}
                """);
        List<String> problems = BundleRules.problems(Bundle.handWritten(), Map.of("game", app));
        assertTrue(problems.stream().anyMatch(p -> p.contains("spec.replicas 1, not 2")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("Secret 'torneo-gmae'")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("'torneo_games' is no Database")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("readinessProbe on '/q/health'")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("livenessProbe on ''")), problems::toString);
    }

    @Test
    void aDuplicateKeyIsRefusedWhenTheFileIsRead() {
        IllegalArgumentException error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Manifest.parse("dup.yaml", "apiVersion: v1\nkind: ConfigMap\nkind: Secret\nmetadata: {name: a}\n"));
        assertTrue(error.getMessage().startsWith("dup.yaml: not YAML") && error.getMessage().contains("kind"),
                error.getMessage());
    }
}

package org.torneo.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every manifest of the cluster deployment is valid as a cluster with strict field validation would see it
 * ({@link ManifestValidator}) and the resources fit together ({@link BundleRules}). No cluster is needed.
 */
class ManifestsTest {

    private final ManifestValidator validator = new ManifestValidator();

    @Test
    void everyHandWrittenResourceIsValidAndTheBundleIsComplete() {
        // given the files of deploy/k8s
        List<Manifest> bundle = Bundle.handWritten();

        // when each resource is validated
        List<String> problems = new ArrayList<>();
        bundle.forEach(resource -> problems.addAll(validator.problems(resource)));
        problems.addAll(BundleRules.problems(bundle, Map.of()));

        // then none has a problem, and every part of the deployment is there
        assertEquals(List.of(), problems, () -> String.join("\n", problems));
        Map<String, Integer> kinds = new TreeMap<>();
        bundle.forEach(resource -> kinds.merge(resource.kind(), 1, Integer::sum));
        assertEquals(1, kinds.get("Kafka"), kinds::toString);
        assertEquals(1, kinds.get("KafkaNodePool"), kinds::toString);
        assertEquals(org.torneo.contracts.topics.Topics.ALL.size(), kinds.get("KafkaTopic"), kinds::toString);
        assertEquals(org.torneo.contracts.topics.KafkaAccess.PRINCIPALS.size(), kinds.get("KafkaUser"), kinds::toString);
        assertEquals(1, kinds.get("Cluster"), kinds::toString);
        assertEquals(Bundle.APPS.size(), kinds.get("Database"), "one database per app but the console, and Keycloak's");
        assertEquals(1, kinds.get("Keycloak"), kinds::toString);
        assertEquals(1, kinds.get("KeycloakRealmImport"), kinds::toString);
        assertEquals(1, kinds.get("ConfigMap"), kinds::toString);
    }

    @Test
    void everyBuiltAppManifestIsValidAndFitsTheBundle() {
        // given the apps' manifests as quarkus-kubernetes wrote them on package
        Map<String, List<Manifest>> apps = Bundle.generated();
        Assumptions.assumeFalse(apps.isEmpty(), "no app packaged yet (./mvnw package writes target/kubernetes)");

        // when validated with the bundle
        List<String> problems = new ArrayList<>();
        apps.values().forEach(resources -> resources.forEach(resource -> problems.addAll(validator.problems(resource))));
        problems.addAll(BundleRules.problems(Bundle.handWritten(), apps));

        // then each is a Service and a Deployment without a problem
        assertEquals(List.of(), problems, () -> String.join("\n", problems));
        apps.forEach((app, resources) -> assertEquals(List.of("Service", "Deployment"),
                resources.stream().map(Manifest::kind).toList(), app));
        System.out.println("validated the manifests of " + apps.keySet() + " (not built: "
                + Bundle.APPS.keySet().stream().filter(app -> !apps.containsKey(app)).toList() + ")");
    }

    @Test
    void theRealmImportIsTheLocalRealmWithoutItsDevelopmentSecrets() throws Exception {
        String file = java.nio.file.Files.readString(Bundle.K8S.resolve(RealmImport.FILE));
        assertEquals(RealmImport.yaml(), file, "deploy/k8s/" + RealmImport.FILE + " is stale: run org.torneo.k8s.RealmImport");
        assertTrue(!file.contains("dev-secret") && !file.contains("BEGIN") && !file.contains("localhost"),
                "no development secret, key or address");
    }
}

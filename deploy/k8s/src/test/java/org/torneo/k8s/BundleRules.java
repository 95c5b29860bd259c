package org.torneo.k8s;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the schemas cannot see: the resources of the bundle must fit together. Every Secret a Deployment or custom
 * resource reads is made by an operator from a resource of the bundle (a KafkaUser's, the Kafka cluster CA's, the
 * CloudNativePG cluster's app user, Keycloak's first admin) or is one of the few made by hand; every ConfigMap, Kafka
 * cluster, PostgreSQL cluster, database and Keycloak named exists; an app's Deployment runs two replicas (the feed one) with the
 * three probes on the health routes, and its manifest is stable (no build timestamp) and has no init Job.
 */
final class BundleRules {

    private BundleRules() {
    }

    static List<String> problems(List<Manifest> bundle, Map<String, List<Manifest>> apps) {
        List<Manifest> all = new ArrayList<>(bundle);
        apps.values().forEach(all::addAll);
        Set<String> secrets = new HashSet<>(Bundle.SECRETS_MADE_BY_HAND);
        Set<String> kafkas = names(all, "Kafka");
        kafkas.forEach(kafka -> secrets.add(kafka + "-cluster-ca-cert"));
        secrets.addAll(names(all, "KafkaUser"));
        Set<String> postgres = new HashSet<>();
        for (Manifest cluster : all) {
            if (cluster.kind().equals("Cluster") && cluster.group().equals("postgresql.cnpg.io")) {
                postgres.add(cluster.name());
                secrets.add(cluster.name() + "-app");
            }
        }
        Set<String> keycloaks = names(all, "Keycloak");
        keycloaks.forEach(keycloak -> secrets.add(keycloak + "-initial-admin"));
        Set<String> configMaps = names(all, "ConfigMap");
        Set<String> databases = new HashSet<>();
        for (Manifest database : Bundle.ofKind(all, "Database")) {
            databases.add(database.tree().path("spec").path("name").asText());
        }

        List<String> problems = new ArrayList<>();
        for (Manifest resource : all) {
            JsonNode spec = resource.tree().path("spec");
            switch (resource.kind()) {
                case "KafkaUser", "KafkaTopic", "KafkaNodePool" -> {
                    String cluster = resource.tree().path("metadata").path("labels").path("strimzi.io/cluster").asText();
                    if (!kafkas.contains(cluster)) {
                        problems.add(resource.where() + ": label strimzi.io/cluster '" + cluster + "' names no Kafka of"
                                + " the bundle " + kafkas);
                    }
                }
                case "Database" -> {
                    if (!postgres.contains(spec.path("cluster").path("name").asText())) {
                        problems.add(resource.where() + ": spec.cluster.name names no CloudNativePG Cluster " + postgres);
                    }
                }
                case "Keycloak" -> {
                    String host = spec.path("db").path("host").asText();
                    if (postgres.stream().noneMatch(cluster -> host.equals(cluster + "-rw"))) {
                        problems.add(resource.where() + ": spec.db.host '" + host + "' is no cluster's primary (<cluster>-rw)");
                    }
                    if (!databases.contains(spec.path("db").path("database").asText())) {
                        problems.add(resource.where() + ": spec.db.database names no Database of the bundle");
                    }
                    secretRef(resource, "spec.db.usernameSecret", spec.path("db").path("usernameSecret").path("name"),
                            secrets, problems);
                    secretRef(resource, "spec.db.passwordSecret", spec.path("db").path("passwordSecret").path("name"),
                            secrets, problems);
                    secretRef(resource, "spec.http.tlsSecret", spec.path("http").path("tlsSecret"), secrets, problems);
                }
                case "KeycloakRealmImport" -> {
                    if (!keycloaks.contains(spec.path("keycloakCRName").asText())) {
                        problems.add(resource.where() + ": spec.keycloakCRName names no Keycloak of the bundle");
                    }
                    spec.path("placeholders").fields().forEachRemaining(placeholder -> secretRef(resource,
                            "spec.placeholders." + placeholder.getKey(),
                            placeholder.getValue().path("secret").path("name"), secrets, problems));
                }
                default -> {
                }
            }
        }
        apps.forEach((app, resources) -> problems.addAll(appRules(app, resources, secrets, configMaps, databases)));
        return problems;
    }

    private static List<String> appRules(String app, List<Manifest> resources, Set<String> secrets,
                                         Set<String> configMaps, Set<String> databases) {
        List<String> problems = new ArrayList<>();
        List<Manifest> deployments = Bundle.ofKind(resources, "Deployment");
        if (deployments.size() != 1) {
            problems.add(app + ": " + deployments.size() + " Deployments in its manifest, not 1");
        }
        for (Manifest resource : resources) {
            if (resource.tree().path("metadata").path("annotations").has("app.quarkus.io/build-timestamp")) {
                problems.add(resource.where() + ": a build timestamp (quarkus.kubernetes.idempotent=true is off)");
            }
            if (resource.kind().equals("Job")) {
                problems.add(resource.where() + ": an init Job (quarkus.kubernetes.init-task-defaults.enabled=false is off):"
                        + " Flyway migrates at start");
            }
        }
        for (Manifest deployment : deployments) {
            JsonNode spec = deployment.tree().path("spec");
            int replicas = app.equals("feed") ? 1 : 2; // the feed: one writer of its ids (its application.properties)
            if (spec.path("replicas").asInt() != replicas) {
                problems.add(deployment.where() + ": spec.replicas " + spec.path("replicas") + ", not " + replicas);
            }
            JsonNode pod = spec.path("template").path("spec");
            for (JsonNode volume : pod.path("volumes")) {
                if (volume.has("secret")) {
                    secretRef(deployment, "volume " + volume.path("name").asText(),
                            volume.path("secret").path("secretName"), secrets, problems);
                }
            }
            for (JsonNode container : pod.path("containers")) {
                probe(deployment, container, "livenessProbe", "/q/health/live", problems);
                probe(deployment, container, "readinessProbe", "/q/health/ready", problems);
                probe(deployment, container, "startupProbe", "/q/health/started", problems);
                for (JsonNode from : container.path("envFrom")) {
                    if (from.has("configMapRef") && !configMaps.contains(from.path("configMapRef").path("name").asText())) {
                        problems.add(deployment.where() + ": envFrom ConfigMap '"
                                + from.path("configMapRef").path("name").asText() + "' is not in the bundle");
                    }
                    if (from.has("secretRef")) {
                        secretRef(deployment, "envFrom", from.path("secretRef").path("name"), secrets, problems);
                    }
                }
                for (JsonNode env : container.path("env")) {
                    JsonNode secret = env.path("valueFrom").path("secretKeyRef");
                    if (!secret.isMissingNode()) {
                        secretRef(deployment, "env " + env.path("name").asText(), secret.path("name"), secrets, problems);
                    }
                    if (env.path("name").asText().equals("QUARKUS_FLYWAY_ACTIVE") && env.path("value").asText().equals("false")) {
                        problems.add(deployment.where() + ": QUARKUS_FLYWAY_ACTIVE=false: its schema would never be"
                                + " migrated (an init Job is not part of this deployment)");
                    }
                    if (env.path("name").asText().equals("QUARKUS_DATASOURCE_REACTIVE_URL")) {
                        String url = env.path("value").asText();
                        String database = url.substring(url.lastIndexOf('/') + 1);
                        if (!databases.contains(database)) {
                            problems.add(deployment.where() + ": its database '" + database + "' is no Database of the"
                                    + " bundle " + databases);
                        }
                    }
                }
            }
        }
        return problems;
    }

    private static void probe(Manifest deployment, JsonNode container, String probe, String path, List<String> problems) {
        String actual = container.path(probe).path("httpGet").path("path").asText();
        if (!actual.equals(path)) {
            problems.add(deployment.where() + ": " + probe + " on '" + actual + "', not " + path);
        }
    }

    private static void secretRef(Manifest resource, String field, JsonNode name, Set<String> secrets,
                                  List<String> problems) {
        if (!secrets.contains(name.asText())) {
            problems.add(resource.where() + ": " + field + " reads Secret '" + name.asText() + "', which nothing in the"
                    + " bundle makes (nor is it one made by hand: " + Bundle.SECRETS_MADE_BY_HAND + ")");
        }
    }

    private static Set<String> names(List<Manifest> resources, String kind) {
        Set<String> names = new HashSet<>();
        Bundle.ofKind(resources, kind).forEach(resource -> names.add(resource.name()));
        return names;
    }
}

package org.torneo.k8s;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The schema of each custom resource kind, as "group/Kind" → the {@code openAPIV3Schema} of its stored version, made
 * strict ({@link #strict}). Where the schemas come from:
 * <ul>
 * <li>Strimzi (kafka.strimzi.io): the CustomResourceDefinitions the Strimzi CRD generator writes from the Strimzi API
 * model ({@code io.strimzi:api}, {@code io.strimzi:crd-generator}, both {@value #STRIMZI} from Maven Central), with the
 * options Strimzi's own build uses; generated once per test run into {@code target/strimzi-crds}, in a separate JVM
 * (the generator ends its JVM when done);</li>
 * <li>CloudNativePG (postgresql.cnpg.io) and the Keycloak operator (k8s.keycloak.org): subset schemas written here
 * ({@code src/test/resources/schemas/*.json}, from the operators' reference documentation) covering the fields this
 * deployment uses, with their types, enums and required fields;</li>
 * <li>any CustomResourceDefinition file in the folder named by {@code -Dtorneo.k8s.crds} (or TORNEO_K8S_CRDS), e.g.
 * the operators' published CRDs downloaded as deploy/k8s/README.md says: it replaces the above for its kinds.</li>
 * </ul>
 */
final class CrdSchemas {

    static final String STRIMZI = "1.2.0";

    /** The Strimzi kinds of this deployment and their model classes. */
    private static final Map<String, String> STRIMZI_KINDS = Map.of(
            "Kafka", "io.strimzi.api.kafka.model.kafka.Kafka",
            "KafkaNodePool", "io.strimzi.api.kafka.model.nodepool.KafkaNodePool",
            "KafkaTopic", "io.strimzi.api.kafka.model.topic.KafkaTopic",
            "KafkaUser", "io.strimzi.api.kafka.model.user.KafkaUser");

    private static final List<String> SUBSETS = List.of("postgresql.cnpg.io_Cluster", "postgresql.cnpg.io_Database",
            "k8s.keycloak.org_Keycloak", "k8s.keycloak.org_KeycloakRealmImport");

    private static Map<String, ObjectNode> loaded;

    private CrdSchemas() {
    }

    /** "group/Kind" → strict schema, for every kind known. */
    static synchronized Map<String, ObjectNode> all() {
        if (loaded == null) {
            Map<String, ObjectNode> schemas = new LinkedHashMap<>();
            for (Path crd : strimziCrds()) {
                fromCrd(crd, schemas);
            }
            for (String subset : SUBSETS) {
                try (InputStream in = CrdSchemas.class.getResourceAsStream("/schemas/" + subset + ".json")) {
                    if (in == null) {
                        throw new IllegalStateException("schema resource /schemas/" + subset + ".json is missing");
                    }
                    schemas.put(subset.replace('_', '/'), strict((ObjectNode) Manifest.YAML.readTree(in)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            String published = System.getProperty("torneo.k8s.crds", System.getenv("TORNEO_K8S_CRDS"));
            if (published != null && !published.isBlank()) {
                try (Stream<Path> files = Files.list(Path.of(published))) {
                    files.filter(f -> f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")).sorted()
                            .forEach(f -> fromCrd(f, schemas));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list the CRDs in " + published, e);
                }
            }
            loaded = schemas;
        }
        return loaded;
    }

    /** Reads every CustomResourceDefinition of a file into {@code schemas} (its stored version's schema). */
    static void fromCrd(Path file, Map<String, ObjectNode> schemas) {
        for (Manifest crd : Manifest.read(file)) {
            if (!crd.kind().equals("CustomResourceDefinition")) {
                continue;
            }
            JsonNode spec = crd.tree().path("spec");
            String key = spec.path("group").asText() + "/" + spec.path("names").path("kind").asText();
            JsonNode schema = null;
            for (JsonNode version : spec.path("versions")) {
                if (version.path("storage").asBoolean(false)) {
                    schema = version.path("schema").path("openAPIV3Schema");
                }
            }
            if (schema == null || schema.isMissingNode()) {
                schema = spec.path("validation").path("openAPIV3Schema");
            }
            if (!schema.isObject()) {
                throw new IllegalStateException(file + ": the CRD of " + key + " has no openAPIV3Schema");
            }
            schemas.put(key, strict(((ObjectNode) schema).deepCopy()));
        }
    }

    /**
     * Refuses unknown fields as the API server would prune them: {@code additionalProperties: false} on every object
     * schema ({@code type: object}) below the root that lists {@code properties} and says nothing of additional ones nor preserves unknown
     * fields (the root is left open: some CRDs declare only spec and status there, and metadata is the server's).
     * Same idea as kubeconform -strict.
     */
    static ObjectNode strict(ObjectNode schema) {
        walk(schema, true);
        return schema;
    }

    private static void walk(JsonNode node, boolean root) {
        if (node instanceof ObjectNode object) {
            // only object schemas: the alternatives of a oneOf (Strimzi lists property names there) stay as they are
            if (!root && "object".equals(object.path("type").asText()) && object.has("properties")
                    && !object.has("additionalProperties")
                    && !object.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
                object.put("additionalProperties", false);
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("properties")) {
                    field.getValue().forEach(property -> walk(property, false));
                } else if (field.getValue().isContainerNode() && !field.getKey().equals("enum")
                        && !field.getKey().equals("required") && !field.getKey().equals("example")
                        && !field.getKey().equals("default")) {
                    walk(field.getValue(), false);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(item -> walk(item, false));
        }
    }

    /** Generates the Strimzi CRDs of this deployment's kinds (once per build) and returns their files. */
    private static List<Path> strimziCrds() {
        Path dir = Path.of("target", "strimzi-crds-" + STRIMZI);
        List<Path> files = new ArrayList<>();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.strimzi.crdgenerator.CrdGenerator",
                // the options of Strimzi's own build (io.strimzi:api's pom)
                "--target-kube", "1.16+", "--crd-api-version", "v1", "--api-versions", "v1", "--storage-version", "v1",
                "--yaml"));
        boolean missing = false;
        for (Map.Entry<String, String> kind : STRIMZI_KINDS.entrySet()) {
            Path file = dir.resolve(kind.getKey() + ".yaml");
            files.add(file);
            missing |= !Files.isRegularFile(file);
            command.add(kind.getValue() + "=" + file.toAbsolutePath());
        }
        if (!missing) {
            return files;
        }
        try {
            Files.createDirectories(dir);
            Process generator = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("generator.log").toFile()).start();
            if (!generator.waitFor(3, TimeUnit.MINUTES)) {
                generator.destroyForcibly();
                throw new IllegalStateException("the Strimzi CRD generator did not finish in 3 minutes");
            }
            String log = Files.readString(dir.resolve("generator.log"));
            if (generator.exitValue() != 0 || files.stream().anyMatch(f -> !Files.isRegularFile(f))) {
                throw new IllegalStateException("the Strimzi CRD generator failed (exit " + generator.exitValue() + "): "
                        + log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the Strimzi CRD generator", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while generating the Strimzi CRDs", e);
        }
        return files;
    }
}

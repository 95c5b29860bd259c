package org.torneo.k8s;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * Checks one resource the way an API server with strict field validation would, without a cluster:
 * <ol>
 * <li>every resource: apiVersion, kind and a DNS-1123 metadata.name;</li>
 * <li>a custom resource of a known operator: JSON-Schema validation (draft 4, networknt) against its kind's strict
 * schema ({@link CrdSchemas}): types, enums, required fields, unknown fields;</li>
 * <li>a built-in kind (and the Strimzi kinds, through the Strimzi model): parsed by the fabric8 Kubernetes model, which
 * never fails on an unknown field but keeps it in {@code additionalProperties}: the object graph is walked and every
 * such field is a problem; a kind the model does not know is a problem too.</li>
 * </ol>
 * Each problem names the file, the document, the resource and the path.
 */
final class ManifestValidator {

    private static final Pattern DNS_1123 = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Set<String> OPERATOR_GROUPS = Set.of("kafka.strimzi.io", "postgresql.cnpg.io", "k8s.keycloak.org");
    private static final List<String> STRIMZI_MODEL = List.of("io.strimzi.api.kafka.model.kafka.Kafka",
            "io.strimzi.api.kafka.model.nodepool.KafkaNodePool", "io.strimzi.api.kafka.model.topic.KafkaTopic",
            "io.strimzi.api.kafka.model.user.KafkaUser");

    private final KubernetesSerialization serialization = new KubernetesSerialization();
    private final JsonSchemaFactory schemas = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4);
    private final Map<String, JsonSchema> compiled = new java.util.HashMap<>();

    ManifestValidator() {
        for (String model : STRIMZI_MODEL) {
            try {
                @SuppressWarnings("unchecked")
                Class<? extends KubernetesResource> type = (Class<? extends KubernetesResource>) Class.forName(model);
                serialization.registerKubernetesResource(type);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the Strimzi model class " + model + " is missing", e);
            }
        }
    }

    /** The problems of one resource; empty when it is valid. */
    List<String> problems(Manifest resource) {
        List<String> problems = new ArrayList<>();
        String where = resource.where();
        if (resource.apiVersion().isEmpty() || resource.kind().isEmpty()) {
            problems.add(where + ": apiVersion and kind are required");
            return problems;
        }
        String name = resource.name();
        if (name.isEmpty() || name.length() > 253 || !DNS_1123.matcher(name).matches()) {
            problems.add(where + ": metadata.name '" + name + "' is not a DNS-1123 name (lower case, digits, - and .)");
        }
        if (OPERATOR_GROUPS.contains(resource.group())) {
            String key = resource.group() + "/" + resource.kind();
            ObjectNode schema = CrdSchemas.all().get(key);
            if (schema == null) {
                problems.add(where + ": no schema for the custom resource kind " + key);
            } else {
                JsonSchema validator = compiled.computeIfAbsent(key, k -> schemas.getSchema(schema));
                validator.validate(resource.tree()).stream()
                        .sorted(Comparator.comparing(ValidationMessage::getMessage))
                        .forEach(message -> problems.add(where + ": " + message.getMessage()));
            }
            if (!resource.group().equals("kafka.strimzi.io")) {
                return problems;
            }
        }
        Object parsed;
        try {
            parsed = serialization.unmarshal(Manifest.YAML.writeValueAsString(resource.tree()));
        } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
            problems.add(where + ": the Kubernetes model cannot read it: " + rootMessage(e));
            return problems;
        }
        if (parsed == null || parsed instanceof GenericKubernetesResource) {
            problems.add(where + ": " + resource.apiVersion() + " " + resource.kind() + " is not a kind the Kubernetes"
                    + " model knows (a wrong apiVersion or kind?)");
            return problems;
        }
        unknownFields(parsed, "", problems, where, new IdentityHashMap<>());
        return problems;
    }

    /** Walks the model object graph: every non-empty additionalProperties is an unknown field. */
    private static void unknownFields(Object node, String path, List<String> problems, String where,
                                      IdentityHashMap<Object, Boolean> seen) {
        if (node == null || seen.put(node, Boolean.TRUE) != null) {
            return;
        }
        if (node instanceof Collection<?> items) {
            int index = 0;
            for (Object item : items) {
                unknownFields(item, path + "[" + index++ + "]", problems, where, seen);
            }
            return;
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> unknownFields(value, path + "." + key, problems, where, seen));
            return;
        }
        if (!isModel(node.getClass())) {
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            String method = getter.getName();
            String property;
            if (method.startsWith("get") && method.length() > 3) {
                property = Character.toLowerCase(method.charAt(3)) + method.substring(4);
            } else if (method.startsWith("is") && method.length() > 2) {
                property = Character.toLowerCase(method.charAt(2)) + method.substring(3);
            } else {
                continue;
            }
            Object value;
            try {
                value = getter.invoke(node);
            } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                continue;
            }
            if (property.equals("additionalProperties")) {
                if (value instanceof Map<?, ?> unknown && !unknown.isEmpty()) {
                    for (Object field : unknown.keySet()) {
                        problems.add(where + ": unknown field " + (path.isEmpty() ? "" : path.substring(1) + ".") + field);
                    }
                }
                continue;
            }
            unknownFields(value, path + "." + property, problems, where, seen);
        }
    }

    private static boolean isModel(Class<?> type) {
        String name = type.getName();
        return !type.isEnum() && (name.startsWith("io.fabric8.kubernetes.api.model.") || name.startsWith("io.strimzi.api."));
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}

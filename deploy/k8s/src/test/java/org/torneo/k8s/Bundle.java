package org.torneo.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What is applied to a cluster: the hand-written and generated files of deploy/k8s, and each app's manifest that
 * quarkus-kubernetes writes on package (services/.../target/kubernetes/kubernetes.yml), where it was built.
 */
final class Bundle {

    /** The module folder (surefire runs in it). */
    static final Path K8S = Path.of("").toAbsolutePath();
    static final Path REPO = K8S.getParent().getParent();

    /** Each app ("game" ...) and its module folder. */
    static final Map<String, Path> APPS = new LinkedHashMap<>();

    static {
        for (String service : List.of("game", "clock", "pairing", "rating", "feed")) {
            APPS.put(service, REPO.resolve("services/" + service + "/app"));
        }
        APPS.put("console", REPO.resolve("services/console"));
    }

    /** The secrets people make before applying (deploy/k8s/README.md says how); the operators make the others. */
    static final List<String> SECRETS_MADE_BY_HAND = List.of("torneo-oidc-clients", "torneo-signing-keys",
            "torneo-keycloak-tls");

    private Bundle() {
    }

    /** The YAML files of deploy/k8s (not the build's). */
    static List<Path> handWrittenFiles() {
        try (Stream<Path> files = Files.list(K8S)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Manifest> handWritten() {
        List<Manifest> resources = new ArrayList<>();
        handWrittenFiles().forEach(file -> resources.addAll(Manifest.read(file)));
        return resources;
    }

    /** The app manifests built so far: app → its resources (an app not packaged yet is absent). */
    static Map<String, List<Manifest>> generated() {
        Map<String, List<Manifest>> apps = new LinkedHashMap<>();
        APPS.forEach((app, module) -> {
            Path file = module.resolve("target/kubernetes/kubernetes.yml");
            if (Files.isRegularFile(file)) {
                apps.put(app, Manifest.read(file));
            }
        });
        return apps;
    }

    static List<Manifest> ofKind(List<Manifest> resources, String kind) {
        return resources.stream().filter(r -> r.kind().equals(kind)).toList();
    }
}

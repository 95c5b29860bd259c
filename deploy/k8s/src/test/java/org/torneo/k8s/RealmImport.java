package org.torneo.k8s;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.torneo.stack.identity.TorneoRealm;

/**
 * deploy/k8s/keycloak-realm.yaml: the KeycloakRealmImport of the torneo realm, made from the local stack's realm file
 * (deploy/local TorneoRealm) so both have the same roles, clients and protocol mappers. What a cluster must not get
 * is left out or replaced: the development key pair (Keycloak makes the realm's keys), the demo accounts and the weak
 * development password hashing, every client secret (a placeholder filled from Secret torneo-oidc-clients, key = the
 * client id), the console's localhost addresses (https://console.torneo.example), "sslRequired: none" and the
 * disabled brute-force protection.
 * <pre>
 * java -cp ... org.torneo.k8s.RealmImport deploy/k8s      # after changing the local realm (RealmImportTest fails)
 * </pre>
 */
final class RealmImport {

    static final String FILE = "keycloak-realm.yaml";
    static final String CLIENT_SECRETS = "torneo-oidc-clients";
    static final String CONSOLE_URL = "https://console.torneo.example";

    private RealmImport() {
    }

    /** The placeholder of a client's secret: torneo-game → TORNEO_GAME_SECRET. */
    static String placeholder(String clientId) {
        return clientId.toUpperCase(Locale.ROOT).replace('-', '_') + "_SECRET";
    }

    static String yaml() throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode realm = (ObjectNode) json.readTree(TorneoRealm.json());
        realm.put("displayName", "Torneo");
        realm.put("sslRequired", "external");
        realm.put("bruteForceProtected", true); // the development realm turns it off for its scripted sign-ins
        realm.remove("components");       // the development key pair: Keycloak generates the realm's own keys
        realm.remove("passwordPolicy");   // the development hashing (few iterations): Keycloak's default instead
        ArrayNode users = (ArrayNode) realm.path("users");
        for (Iterator<JsonNode> user = users.elements(); user.hasNext(); ) {
            if (!user.next().has("serviceAccountClientId")) {
                user.remove();            // demo accounts: people get accounts from the realm's administrators
            }
        }
        ObjectNode resource = Manifest.YAML.createObjectNode();
        resource.put("apiVersion", "k8s.keycloak.org/v2alpha1");
        resource.put("kind", "KeycloakRealmImport");
        resource.putObject("metadata").put("name", "torneo-realm");
        ObjectNode spec = resource.putObject("spec");
        spec.put("keycloakCRName", "torneo-keycloak");
        ObjectNode placeholders = spec.putObject("placeholders");
        for (JsonNode node : realm.path("clients")) {
            ObjectNode client = (ObjectNode) node;
            String id = client.path("clientId").asText();
            if (client.has("secret")) {
                client.put("secret", "${" + placeholder(id) + "}");
                placeholders.putObject(placeholder(id)).putObject("secret").put("name", CLIENT_SECRETS).put("key", id);
            }
            if (client.has("redirectUris")) {
                client.putArray("redirectUris").add(CONSOLE_URL + "/*");
                ((ObjectNode) client.path("attributes")).put("post.logout.redirect.uris", CONSOLE_URL + "/*");
            }
        }
        spec.set("realm", realm);
        return "# The torneo realm for the Keycloak operator (KeycloakRealmImport: imported once, never updated; delete the\n"
                + "# CR after it is Done). GENERATED from deploy/local's realm file by org.torneo.k8s.RealmImport (deploy/k8s\n"
                + "# tests): the same roles, clients and mappers, without the development keys, accounts and secrets. The\n"
                + "# client secrets come from Secret " + CLIENT_SECRETS + " (one key per client id), which you create first.\n"
                + Manifest.YAML.writeValueAsString(resource).replaceFirst("^---\\n", "");
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        Files.writeString(dir.resolve(FILE), yaml());
        System.out.println("wrote " + dir.resolve(FILE));
    }
}

package org.torneo.stack.identity;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The local stack's {@code torneo} realm: the identity conventions every app builds its token validation on.
 * <ul>
 *   <li>JWT access tokens signed RS256 with the committed development key ({@code dev-realm-private.pem},
 *       imported as the realm's {@code rsa} key provider with priority 1000), issuer
 *       {@code http://localhost:<port>/realms/torneo};</li>
 *   <li>every client adds the audience {@value #AUDIENCE} to its access tokens;</li>
 *   <li>account id = claim {@code preferred_username}; coarse realm roles in {@code realm_access.roles}
 *       ({@link #ROLES}); which tournament or hall an account acts for is never in the token (tournament events
 *       say it);</li>
 *   <li>clients: one confidential client with a service account (realm role {@code service}) per service,
 *       {@code torneo-console} (authorization code, confidential; its ID tokens carry {@code realm_access.roles}
 *       too, the console reading the roles from the ID token it verifies), {@code torneo-cli} (public, password
 *       grant).</li>
 * </ul>
 * The realm file is {@code torneo-realm.json} next to this class, with the key and the demo password filled in
 * by {@link #json()}. It declares no {@code clientScopes}: that would drop Keycloak's built-in scopes and with
 * them {@code sub}, {@code realm_access} and {@code aud} (operations spec 1.2).
 */
public final class TorneoRealm {

    public static final String NAME = "torneo";
    /** The audience every access token of the realm carries, and every app checks. */
    public static final String AUDIENCE = "torneo-api";
    /** The coarse realm roles. */
    public static final List<String> ROLES = List.of("organiser", "arbiter", "player", "device", "service");
    /** The public client of the command line and the demo (password grant). */
    public static final String CLI_CLIENT = "torneo-cli";
    /** The console: confidential, authorization-code flow. */
    public static final String CONSOLE_CLIENT = "torneo-console";
    /** The services whose clients have a service account with the realm role {@code service}. */
    public static final List<String> SERVICES = List.of("game", "clock", "pairing", "rating", "feed");
    /** The password of every demo account (local development only: it is in the repository). */
    public static final String DEMO_PASSWORD = "torneo-demo";
    /** player-1 .. player-{@value} are in the realm file; more are created on demand ({@link KeycloakAdmin#ensurePlayers}). */
    public static final int PLAYERS_IN_REALM_FILE = 8;

    private static final String RESOURCES = "/org/torneo/stack/identity/";

    private TorneoRealm() {
    }

    /** A demo account of the realm file: its user name, realm role and what it is for. */
    public record DemoAccount(String username, String role, String purpose) {
    }

    /** The demo accounts of the realm file, in the order {@code ./torneo up} prints them. */
    public static List<DemoAccount> demoAccounts() {
        List<DemoAccount> accounts = new ArrayList<>();
        accounts.add(new DemoAccount("organiser", "organiser", "creates tournaments, registers players, appoints arbiters"));
        accounts.add(new DemoAccount("chief-arbiter", "arbiter", "the chief arbiter (once appointed by the organiser)"));
        for (int hall = 1; hall <= 3; hall++) {
            accounts.add(new DemoAccount("arbiter-" + hall, "arbiter", "a hall arbiter (once appointed to a hall)"));
        }
        accounts.add(new DemoAccount("device-1", "device", "an e-board, hall terminal or electronic scoresheet"));
        accounts.add(new DemoAccount("device-2", "device", "a second device (the other player's electronic scoresheet)"));
        for (int player = 1; player <= PLAYERS_IN_REALM_FILE; player++) {
            accounts.add(new DemoAccount(playerName(player), "player", "a player (once linked to a registered player)"));
        }
        return accounts;
    }

    /** player-N: the demo's players; the demo signs in as the players it plays for. */
    public static String playerName(int number) {
        return "player-" + number;
    }

    /** The client id of a service ({@code torneo-game} ...). */
    public static String serviceClient(String service) {
        return "torneo-" + service;
    }

    /** The development secret of a confidential client of the realm file ({@code <clientId>-dev-secret}). */
    public static String devSecret(String clientId) {
        return clientId + "-dev-secret";
    }

    /** The realm file with the development key pair and the demo password filled in. */
    public static String json() {
        return resource("torneo-realm.json")
                .replace("@DEV_REALM_PRIVATE_KEY@", pemBody(resource("dev-realm-private.pem")))
                .replace("@DEV_REALM_CERTIFICATE@", pemBody(resource("dev-realm-cert.pem")))
                .replace("@DEMO_PASSWORD@", DEMO_PASSWORD);
    }

    /** The committed public key of the realm (PEM), the one Keycloak's tokens verify with. */
    public static String publicKeyPem() {
        return resource("dev-realm-public.pem");
    }

    static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The base64 of a PEM file on one line (Keycloak reads keys and certificates without their armour). */
    static String pemBody(String pem) {
        return pem.lines().filter(line -> !line.startsWith("-----")).map(String::strip).collect(Collectors.joining());
    }

    private static String resource(String name) {
        try (InputStream in = TorneoRealm.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCES + name + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

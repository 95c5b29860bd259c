package org.torneo.stack.kafka;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.torneo.contracts.topics.KafkaAccess;

/**
 * The SCRAM-SHA-512 passwords of one local stack: the admin (super user, the broker's own identity), the
 * controller listener's user, and one password per principal of {@link KafkaAccess}. Generated at random when the
 * stack's broker is first formatted and kept beside its data in {@code credentials.properties} (owner-only
 * permissions), so a restarted broker and the CLI find the same ones. Nothing here is a fixed secret.
 */
public final class KafkaCredentials {

    public static final String FILE_NAME = "credentials.properties";
    public static final String MECHANISM = "SCRAM-SHA-512";
    /** The controller listener's user (PLAIN, defined in the broker's own config; never a client's identity). */
    static final String CONTROLLER_USER = "controller";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, String> passwords;
    /** How the admin signs in: SCRAM-SHA-512 (seeded at format), or PLAIN where the broker defines it (containers). */
    private final String adminMechanism;

    private KafkaCredentials(Map<String, String> passwords) {
        this(passwords, MECHANISM);
    }

    private KafkaCredentials(Map<String, String> passwords, String adminMechanism) {
        this.passwords = Map.copyOf(passwords);
        this.adminMechanism = adminMechanism;
    }

    /**
     * The same passwords with the admin signing in by PLAIN: for a broker whose storage cannot be seeded with SCRAM
     * users at format time (the apache/kafka image), the admin is a PLAIN user of the broker's config and creates
     * the principals' SCRAM credentials itself.
     */
    public KafkaCredentials withPlainAdmin() {
        return new KafkaCredentials(passwords, "PLAIN");
    }

    /** Fresh random passwords for the admin, the controller and every principal of the table. */
    public static KafkaCredentials generate() {
        Map<String, String> passwords = new LinkedHashMap<>();
        passwords.put(KafkaAccess.ADMIN_USER, newPassword());
        passwords.put(CONTROLLER_USER, newPassword());
        KafkaAccess.PRINCIPALS.forEach(p -> passwords.put(p.user(), newPassword()));
        return new KafkaCredentials(passwords);
    }

    /** The credentials stored in {@code file}, with any principal added to the table since given a new password. */
    public static Optional<KafkaCredentials> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties stored = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            stored.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Kafka credentials in " + file, e);
        }
        Map<String, String> passwords = new LinkedHashMap<>();
        stored.stringPropertyNames().forEach(user -> passwords.put(user, stored.getProperty(user)));
        if (!passwords.containsKey(KafkaAccess.ADMIN_USER) || !passwords.containsKey(CONTROLLER_USER)) {
            throw new IllegalStateException(file + " lacks the " + KafkaAccess.ADMIN_USER + " or " + CONTROLLER_USER
                    + " password: delete the stack's Kafka directory to start over");
        }
        KafkaAccess.PRINCIPALS.forEach(p -> passwords.computeIfAbsent(p.user(), u -> newPassword()));
        return Optional.of(new KafkaCredentials(passwords));
    }

    /** Writes the passwords to {@code file} atomically, readable by the owner only where the file system allows. */
    public void write(Path file) {
        Properties out = new Properties();
        passwords.forEach(out::setProperty);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), "credentials", ".tmp");
            ownerOnly(temporary);
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                out.store(writer, "Kafka SCRAM-SHA-512 passwords of this local stack (generated; keep private)");
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Kafka credentials to " + file, e);
        }
    }

    /** Restricts a file to its owner (rw-------) on POSIX file systems; elsewhere leaves it as it is. */
    static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not POSIX (Windows): the user's profile directory protects it
        }
    }

    public String password(String user) {
        String password = passwords.get(user);
        if (password == null) {
            throw new IllegalArgumentException("no Kafka credentials for user '" + user + "'; known: "
                    + passwords.keySet());
        }
        return password;
    }

    /** The users with a password: the admin, the controller, every principal. */
    public java.util.Set<String> users() {
        return passwords.keySet();
    }

    /** The client JAAS line of a SCRAM user. */
    public String jaas(String user) {
        return jaasLine(user, password(user));
    }

    static String jaasLine(String user, String password) {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user
                + "\" password=\"" + password + "\";";
    }

    /** Kafka client properties for {@code user}: SASL_PLAINTEXT (loopback only), SCRAM-SHA-512, its JAAS line. */
    public Map<String, Object> clientProperties(String user) {
        return clientProperties(user, password(user));
    }

    /** Kafka client properties for any SCRAM-SHA-512 user and password. */
    public static Map<String, Object> clientProperties(String user, String password) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("security.protocol", "SASL_PLAINTEXT");
        properties.put("sasl.mechanism", MECHANISM);
        properties.put("sasl.jaas.config", jaasLine(user, password));
        return properties;
    }

    /** The stack's super user's client properties (topics, users, ACLs; the tests' helpers). */
    public Map<String, Object> adminProperties() {
        if (adminMechanism.equals("PLAIN")) {
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put("security.protocol", "SASL_PLAINTEXT");
            properties.put("sasl.mechanism", "PLAIN");
            properties.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required"
                    + " username=\"" + KafkaAccess.ADMIN_USER + "\" password=\"" + password(KafkaAccess.ADMIN_USER)
                    + "\";");
            return properties;
        }
        return clientProperties(KafkaAccess.ADMIN_USER);
    }

    /**
     * What a Quarkus app of {@code role} needs, as config keys under {@code kafka.} (the platform hands them to every
     * client it creates, as SmallRye does for its channels).
     */
    public Map<String, String> quarkusConfig(String role) {
        String user = KafkaAccess.byRole(role).orElseThrow(() -> new IllegalArgumentException(
                "no Kafka principal for role '" + role + "'")).user();
        Map<String, String> config = new LinkedHashMap<>();
        clientProperties(user).forEach((key, value) -> config.put("kafka." + key, value.toString()));
        return config;
    }

    /** The same as environment variables (KAFKA_SASL_JAAS_CONFIG ...): kept out of command lines that ps shows. */
    public Map<String, String> environment(String role) {
        Map<String, String> environment = new LinkedHashMap<>();
        quarkusConfig(role).forEach((key, value) -> environment.put(key.toUpperCase().replace('.', '_'), value));
        return environment;
    }

    private static String newPassword() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

package org.torneo.stack.test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.stack.LocalStack;
import org.torneo.stack.kafka.TopicCatalogue;
import org.torneo.stack.postgres.PgDatabase;
import org.torneo.stack.postgres.PostgresServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * The Quarkus test resource of every Torneo app:
 * <pre>
 * &#64;QuarkusTest
 * &#64;QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
 * class GameServiceIT { ... }
 * </pre>
 * The stack (a real Kafka broker in its own process with the topic catalogue, and a real
 * PostgreSQL) starts ONCE per test JVM and stops at JVM exit; {@link #stop()} leaves it running
 * for the next app start. Each {@link #start()} (one per Quarkus app start) hands the app a fresh,
 * empty database unless the init arg {@code database=shared} is given (then the server's default
 * database). The config returned: {@code kafka.bootstrap.servers},
 * {@code quarkus.datasource.reactive.url}, {@code quarkus.datasource.username},
 * {@code quarkus.datasource.password}, Dev Services off, and the app's own Kafka credentials
 * ({@code kafka.security.protocol}, {@code kafka.sasl.mechanism}, {@code kafka.sasl.jaas.config}) for its
 * principal in {@link KafkaAccess}: the init arg {@code kafka-principal}, else {@code torneo.kafka.principal} or
 * {@code quarkus.application.name} ("torneo-game" is game) from the app's application.properties. An app that is
 * not a service of the table (the platform's toy app) gets the stack's admin. The static helpers below sign in
 * as the admin. And the OIDC verification of {@link Tokens}' tokens
 * ({@code quarkus.oidc.public-key}, {@code quarkus.oidc.token.issuer}, {@code quarkus.oidc.token.audience}).
 * <p>
 * TORNEO_STACK=containers uses Testcontainers instead (Docker needed); TORNEO_PG_URL (+ _USER,
 * _PASSWORD) uses an external PostgreSQL; TORNEO_PARTITIONS sets the catalogue's partition count
 * (default 3). The static methods give tests the broker (kill, restart), topics, clients and
 * databases.
 */
public class TorneoStack implements QuarkusTestResourceLifecycleManager {

    /**
     * Init arg: "fresh" (default) = a new empty database per app start; "shared" = the server's
     * default database; any other value = the database of that name, created on first use and
     * reused by later app starts (e.g. a restart test that keeps the projection between runs).
     */
    public static final String DATABASE_ARG = "database";

    /** Init arg: the role of the app's Kafka principal (game, clock, pairing, rating, feed, edge, audit). */
    public static final String PRINCIPAL_ARG = "kafka-principal";

    private static final Object LOCK = new Object();
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static volatile RunningStack running;
    private static volatile PgDatabase currentDatabase;

    private String databaseMode = "fresh";
    private String principalRole;

    @Override
    public void init(Map<String, String> initArgs) {
        String mode = initArgs.getOrDefault(DATABASE_ARG, "fresh");
        if (!PostgresServer.DATABASE_NAME.matcher(mode).matches()) {
            throw new IllegalArgumentException("TorneoStack init arg database='" + mode
                    + "': use fresh, shared or a database name (lower-case letters, digits, _)");
        }
        databaseMode = mode;
        principalRole = initArgs.get(PRINCIPAL_ARG);
        if (principalRole != null && KafkaAccess.byRole(principalRole).isEmpty()) {
            throw new IllegalArgumentException("TorneoStack init arg " + PRINCIPAL_ARG + "='" + principalRole
                    + "': use one of " + KafkaAccess.PRINCIPALS.stream().map(KafkaAccess.Principal::role).toList());
        }
    }

    /**
     * The app's principal: the init arg, else what the app's application.properties says (torneo.kafka.principal, or
     * quarkus.application.name torneo-ROLE); null when it names no principal of the table.
     */
    static String principalOfApp(String fromInitArg, ClassLoader loader) {
        if (fromInitArg != null) {
            return fromInitArg;
        }
        try (var in = loader == null ? null : loader.getResourceAsStream("application.properties")) {
            if (in == null) {
                return null;
            }
            java.util.Properties properties = new java.util.Properties();
            properties.load(in);
            String role = properties.getProperty("torneo.kafka.principal");
            String name = properties.getProperty("quarkus.application.name", "");
            if (role == null && name.startsWith(KafkaAccess.USER_PREFIX)) {
                role = name.substring(KafkaAccess.USER_PREFIX.length());
            }
            return role != null && KafkaAccess.byRole(role).isPresent() ? role : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    @Override
    public Map<String, String> start() {
        RunningStack stack = stack();
        if (stack.kind().equals("embedded") && stack.brokerPid() < 0) {
            // an earlier test killed the broker and did not restart it: the next app gets a live one
            stack.startBroker();
        }
        PgDatabase database = switch (databaseMode) {
            case "shared" -> stack.postgres().defaults();
            case "fresh" -> newDatabase("app");
            default -> namedDatabase(databaseMode);
        };
        currentDatabase = database;
        Map<String, String> config = new LinkedHashMap<>();
        config.put("kafka.bootstrap.servers", stack.bootstrapServers());
        config.put("quarkus.datasource.reactive.url", database.reactiveUrl());
        config.put("quarkus.datasource.username", database.user());
        config.put("quarkus.datasource.password", database.password());
        config.put("quarkus.devservices.enabled", "false");
        config.put("quarkus.kafka.devservices.enabled", "false");
        config.put("quarkus.datasource.devservices.enabled", "false");
        config.put("torneo.signing.key-dir", keysDir().toString());
        String role = principalOfApp(principalRole, Thread.currentThread().getContextClassLoader());
        if (role != null) {
            config.putAll(stack.kafkaCredentials().quarkusConfig(role));
            System.out.println("torneo: the app signs in to Kafka as " + KafkaAccess.USER_PREFIX + role);
        } else {
            System.out.println("torneo: the app names no Kafka principal: it signs in as the stack's admin");
            // not a service of the access table (the platform's own toy app): the stack's admin
            stack.kafkaCredentials().adminProperties().forEach((key, value) -> config.put("kafka." + key,
                    value.toString()));
        }
        // bearer tokens are verified locally with the development realm's public key (Tokens mints them)
        config.putAll(Tokens.oidcConfig());
        return config;
    }

    @Override
    public void stop() {
        // The stack outlives each app: it is stopped by the shutdown hook at JVM exit.
    }

    // ---------------------------------------------------------------- static API for tests

    private static volatile Path keysDir;

    /**
     * The signing keys of this test JVM's services ({@code <service>.pem}, made once per JVM in a temporary folder) and
     * their trust file ({@link #trustFile()}): every app started on the stack signs its chain heads (issue 17).
     */
    public static Path keysDir() {
        synchronized (LOCK) {
            if (keysDir == null) {
                try {
                    Path dir = java.nio.file.Files.createTempDirectory("torneo-keys");
                    org.torneo.stack.LocalKeys.ensure(dir);
                    keysDir = dir;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException("cannot make the test services' signing keys", e);
                }
            }
            return keysDir;
        }
    }

    /** The trust file listing the test services' keys (for the audit). */
    public static Path trustFile() {
        return keysDir().resolve(org.torneo.stack.LocalKeys.TRUST_FILE);
    }

    /** Starts the stack if needed (once per JVM) and returns it. */
    static RunningStack stack() {
        RunningStack current = running;
        if (current != null) {
            return current;
        }
        synchronized (LOCK) {
            if (running == null) {
                String mode = System.getenv().getOrDefault("TORNEO_STACK", "embedded");
                RunningStack started = switch (mode) {
                    case "embedded", "" -> EmbeddedRunningStack.start();
                    case "containers" -> startContainers();
                    default -> throw new IllegalArgumentException("TORNEO_STACK='" + mode + "': use embedded or containers");
                };
                Runtime.getRuntime().addShutdownHook(new Thread(started::close, "torneo-stack-shutdown"));
                System.out.printf("torneo: %s stack ready in %d ms (kafka %s, postgresql %s:%d)%n", started.kind(),
                        started.startupTime().toMillis(), started.bootstrapServers(), started.postgres().host(),
                        started.postgres().port());
                running = started;
            }
            return running;
        }
    }

    private static RunningStack startContainers() {
        try {
            Class.forName("org.testcontainers.kafka.KafkaContainer");
            Class.forName("org.testcontainers.postgresql.PostgreSQLContainer");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("TORNEO_STACK=containers needs org.testcontainers:testcontainers-kafka and"
                    + " org.testcontainers:testcontainers-postgresql in the test dependencies");
        }
        return ContainersRunningStack.start(LocalStack.Options.forTests(java.nio.file.Path.of(".")).partitions());
    }

    /** "embedded" or "containers". */
    public static String kind() {
        return stack().kind();
    }

    /** host:port of the broker, e.g. 127.0.0.1:41497. Stable across {@link #killBroker()}/{@link #restartBroker()}. */
    public static String bootstrapServers() {
        return stack().bootstrapServers();
    }

    /** How long the stack took to start (broker ready + topics + PostgreSQL). */
    public static Duration startupTime() {
        return stack().startupTime();
    }

    /** SIGKILL the broker process: no clean shutdown, clients see connection errors. Embedded stack only. */
    public static void killBroker() {
        stack().killBroker();
    }

    /** Starts the broker again on the same port and log directory and waits until it is ready. Embedded only. */
    public static void restartBroker() {
        stack().startBroker();
    }

    /** The broker's process id (-1 when killed or in containers). */
    public static long brokerPid() {
        return stack().brokerPid();
    }

    /** A topic name no other test uses: {@code prefix-<n>-<random>}. Not created (see {@link #createTopic}). */
    public static String uniqueTopic(String prefix) {
        return prefix + "-" + COUNTER.incrementAndGet() + "-" + randomSuffix();
    }

    /** Creates a fresh event topic (retention -1, cleanup delete) named {@code prefix-<n>-<random>} and returns its name. */
    public static String createTopic(String prefix, int partitions) {
        String name = uniqueTopic(prefix);
        createTopics(partitions, name);
        return name;
    }

    /** Creates the named event topics (existing ones are left alone) and waits for their leaders. */
    public static void createTopics(int partitions, String... names) {
        try (Admin admin = admin()) {
            TopicCatalogue.createEventTopics(admin, partitions, List.of(names));
        }
    }

    /**
     * The Kafka client properties of the stack's admin (super user): {@code security.protocol}, {@code sasl.*}.
     * Put them into any client a test builds itself (with {@link #bootstrapServers()}).
     */
    public static Map<String, Object> clientSecurity() {
        return stack().kafkaCredentials().adminProperties();
    }

    /** The Kafka client properties of one principal of {@link KafkaAccess} (game, clock, ..., feed, edge, audit). */
    public static Map<String, Object> clientSecurity(String role) {
        KafkaAccess.Principal principal = KafkaAccess.byRole(role).orElseThrow(() -> new IllegalArgumentException(
                "no Kafka principal '" + role + "'"));
        return stack().kafkaCredentials().clientProperties(principal.user());
    }

    /**
     * A member of consumer group {@code group} (the services' protocol: KIP-848, range assignor) that takes partitions
     * of {@code topics} and then stops answering: its partitions stay its own until it is put out of the group 15 s
     * after its last poll, as a process killed with kill -9 holds them until its session ends. Returned once it holds
     * some (the caller checks which); close it after use.
     */
    public static org.apache.kafka.clients.consumer.KafkaConsumer<byte[], byte[]> memberThatStopsAnswering(
            String group, List<String> topics, Duration wait) {
        Map<String, Object> config = new LinkedHashMap<>(clientSecurity());
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, "range");
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 15_000);
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                org.apache.kafka.common.serialization.ByteArrayDeserializer.class.getName());
        config.put(org.apache.kafka.clients.consumer.ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                org.apache.kafka.common.serialization.ByteArrayDeserializer.class.getName());
        var member = new org.apache.kafka.clients.consumer.KafkaConsumer<byte[], byte[]>(config);
        member.subscribe(topics);
        long until = System.nanoTime() + wait.toNanos();
        while (member.assignment().isEmpty() && System.nanoTime() < until) {
            member.poll(Duration.ofMillis(100));
        }
        return member;
    }

    /** A new admin client on the broker (as the stack's admin); close it after use. */
    public static Admin admin() {
        Map<String, Object> config = new LinkedHashMap<>(clientSecurity());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        return Admin.create(config);
    }

    /** A transactional producer (String key and value, as the admin), initialised; close it after use. */
    public static KafkaProducer<String, String> transactionalProducer(String transactionalId) {
        return KafkaClients.transactionalProducer(bootstrapServers(), clientSecurity(), transactionalId);
    }

    /** A plain producer (String key and value, as the admin), e.g. to write a malformed message; close it after use. */
    public static KafkaProducer<String, String> producer() {
        return KafkaClients.producer(bootstrapServers(), clientSecurity());
    }

    /**
     * Reads {@code topic} from the beginning with read_committed until at least {@code atLeast}
     * records arrived or {@code timeout} passed; returns all records read (check the count!).
     */
    public static List<ConsumerRecord<String, String>> readCommitted(String topic, int atLeast, Duration timeout) {
        return KafkaClients.readCommitted(bootstrapServers(), clientSecurity(), topic, atLeast, timeout);
    }

    /** The values of {@link #readCommitted}. */
    public static List<String> readCommittedValues(String topic, int atLeast, Duration timeout) {
        return KafkaClients.readCommittedValues(bootstrapServers(), clientSecurity(), topic, atLeast, timeout);
    }

    /**
     * Reads a topic from the beginning (read_committed) keeping only the records with this key (an
     * aggregate id: game, tournament) until {@code atLeast} of them arrived or the timeout passed.
     * Use it on the shared catalogue topics, where other tests' records are mixed in.
     */
    public static List<ConsumerRecord<String, String>> readCommittedForKey(String topic, String key, int atLeast,
                                                                           Duration timeout) {
        return KafkaClients.readCommitted(bootstrapServers(), clientSecurity(), topic, record -> key.equals(record.key()),
                atLeast, timeout);
    }

    /** The values of {@link #readCommittedForKey}. */
    public static List<String> readCommittedValuesForKey(String topic, String key, int atLeast, Duration timeout) {
        return readCommittedForKey(topic, key, atLeast, timeout).stream().map(ConsumerRecord::value).toList();
    }

    /** The PostgreSQL server of the stack. */
    public static PostgresServer postgres() {
        return stack().postgres();
    }

    /** Creates a new empty database {@code prefix_<n>_<random>} and returns where it is. */
    public static PgDatabase newDatabase(String prefix) {
        String name = (prefix.toLowerCase().replaceAll("[^a-z0-9_]", "_") + "_" + COUNTER.incrementAndGet() + "_"
                + randomSuffix());
        return stack().postgres().createDatabase(name);
    }

    /** The database of that name, created if it does not exist yet. */
    public static PgDatabase namedDatabase(String name) {
        synchronized (LOCK) {
            PostgresServer postgres = stack().postgres();
            try (Connection connection = PostgresServer.connect(postgres.defaults());
                 var query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                query.setString(1, name);
                try (var rows = query.executeQuery()) {
                    if (rows.next()) {
                        return postgres.database(name);
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("cannot look up database " + name + ": " + e.getMessage(), e);
            }
            return postgres.createDatabase(name);
        }
    }

    /** The database handed to the app by the last {@link #start()} (to check projections). */
    public static PgDatabase currentDatabase() {
        PgDatabase database = currentDatabase;
        if (database == null) {
            throw new IllegalStateException("no app has been started with TorneoStack yet");
        }
        return database;
    }

    /** A JDBC connection to a database of the stack; close it after use. */
    public static Connection jdbc(PgDatabase database) throws SQLException {
        return PostgresServer.connect(database);
    }

    private static String randomSuffix() {
        byte[] bytes = new byte[3];
        ThreadLocalRandom.current().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

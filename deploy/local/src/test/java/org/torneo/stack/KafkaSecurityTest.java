package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.KafkaAccess;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.kafka.KafkaAccessSetup;
import org.torneo.stack.kafka.KafkaCredentials;
import org.torneo.stack.test.KafkaClients;
import org.torneo.stack.test.TorneoStack;

/** The local broker is not an open door: authentication, and exactly KafkaAccess's ACLs, on the real broker. */
class KafkaSecurityTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static KafkaProducer<String, String> producer(Map<String, Object> security, String transactionalId) {
        Properties props = new Properties();
        props.putAll(security);
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        if (transactionalId != null) {
            props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        }
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    /**
     * The broker's refusal of a send. It comes back on the send's future, or, when the broker refused the producer's id
     * before the record went out (an idempotent producer's InitProducerId), from send itself, the producer being in an
     * error state already: which of the two depends on timing, the refusal (the cause) does not.
     */
    private static Throwable sendFails(KafkaProducer<String, String> producer, String topic) {
        Exception failed = assertThrows(Exception.class,
                () -> producer.send(new ProducerRecord<>(topic, "game-x", "forged")).get(20, TimeUnit.SECONDS));
        boolean refusedLater = failed instanceof ExecutionException;
        boolean refusedAtSend = failed instanceof org.apache.kafka.common.KafkaException && failed.getCause() != null;
        assertTrue(refusedLater || refusedAtSend, () -> "not a refusal: " + failed);
        return failed.getCause();
    }

    @Test
    void theFeedCannotWriteToTheMovesTopic() {
        try (KafkaProducer<String, String> feed = producer(TorneoStack.clientSecurity("feed"), null)) {
            Throwable refused = sendFails(feed, Topics.MOVES.name());
            assertInstanceOf(TopicAuthorizationException.class, refused, String.valueOf(refused));
            assertTrue(((TopicAuthorizationException) refused).unauthorizedTopics().contains(Topics.MOVES.name()));
        }
        // nor may the demo's edge, the clock or the pairing forge a move
        for (String role : List.of("edge", "clock", "pairing")) {
            try (KafkaProducer<String, String> other = producer(TorneoStack.clientSecurity(role), null)) {
                assertInstanceOf(TopicAuthorizationException.class, sendFails(other, Topics.MOVES.name()), role);
            }
        }
        // the audit may write no topic at all: even its idempotent producer id is refused (cluster-level)
        try (KafkaProducer<String, String> audit = producer(TorneoStack.clientSecurity("audit"), null)) {
            assertInstanceOf(AuthorizationException.class, sendFails(audit, Topics.GAME_COMMANDS.name()));
        }
    }

    @Test
    void aClientWithoutCredentialsCannotConnect() {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
        try (Admin anonymous = Admin.create(config)) {
            ExecutionException failed = assertThrows(ExecutionException.class, () -> anonymous.describeCluster(
                    new DescribeClusterOptions().timeoutMs(5000)).nodes().get(10, TimeUnit.SECONDS));
            // the broker speaks SASL first: a plaintext client is disconnected and never gets metadata
            assertInstanceOf(org.apache.kafka.common.errors.TimeoutException.class, failed.getCause(),
                    String.valueOf(failed.getCause()));
        }
        try (KafkaProducer<String, String> anonymous = producer(Map.of(), null)) {
            assertThrows(org.apache.kafka.common.errors.TimeoutException.class,
                    () -> anonymous.partitionsFor(Topics.MOVES.name()));
        }
    }

    @Test
    void aWrongPasswordFailsAuthentication() {
        Map<String, Object> config = new HashMap<>(KafkaCredentials.clientProperties(KafkaAccess.GAME.user(), "guessed"));
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        try (Admin impostor = Admin.create(config)) {
            ExecutionException failed = assertThrows(ExecutionException.class,
                    () -> impostor.describeCluster().nodes().get(15, TimeUnit.SECONDS));
            assertInstanceOf(SaslAuthenticationException.class, failed.getCause(), String.valueOf(failed.getCause()));
        }
    }

    @Test
    void theGameServiceRunsAConsumeProcessProduceTransactionOnItsTopics() throws Exception {
        Map<String, Object> game = TorneoStack.clientSecurity("game");
        String gameId = "security-" + UUID.randomUUID();
        // an edge puts a command on the game's command topic
        try (KafkaProducer<String, String> edge = producer(TorneoStack.clientSecurity("edge"), null)) {
            edge.send(new ProducerRecord<>(Topics.GAME_COMMANDS.name(), gameId, "SubmitMove e2e4")).get(20,
                    TimeUnit.SECONDS);
        }
        Properties consumerProps = new Properties();
        consumerProps.putAll(game);
        consumerProps.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        consumerProps.put(ConsumerConfig.GROUP_ID_CONFIG, KafkaAccess.GAME.group().orElseThrow());
        consumerProps.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerProps.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        consumerProps.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, String> commands = new KafkaConsumer<>(consumerProps, new StringDeserializer(),
                new StringDeserializer());
             KafkaProducer<String, String> events = producer(game, "game-security-test")) {
            events.initTransactions();
            commands.subscribe(List.of(Topics.GAME_COMMANDS.name()));
            ConsumerRecord<String, String> command = null;
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (command == null && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : commands.poll(Duration.ofMillis(200))) {
                    if (gameId.equals(r.key())) {
                        command = r;
                    }
                }
            }
            assertTrue(command != null, "the game read the command");
            events.beginTransaction();
            events.send(new ProducerRecord<>(Topics.MOVES.name(), gameId, "MovePlayed e2e4"));
            events.send(new ProducerRecord<>(Topics.CLOCK_COMMANDS.name(), gameId, "StartClock"));
            events.sendOffsetsToTransaction(Map.of(new TopicPartition(command.topic(), command.partition()),
                    new OffsetAndMetadata(command.offset() + 1)), commands.groupMetadata());
            events.commitTransaction();
        }
        List<String> moves = KafkaClients.readCommitted(TorneoStack.bootstrapServers(),
                TorneoStack.clientSecurity("audit"), Topics.MOVES.name(), r -> gameId.equals(r.key()), 1, TIMEOUT)
                .stream().map(ConsumerRecord::value).toList();
        assertEquals(List.of("MovePlayed e2e4"), moves, "committed, and readable by the audit");
    }

    @Test
    void theGameMayNotUseAnotherServicesTransactionalIds() {
        try (KafkaProducer<String, String> game = producer(TorneoStack.clientSecurity("game"), "clock-impostor")) {
            assertThrows(TransactionalIdAuthorizationException.class, game::initTransactions);
        }
    }

    @Test
    void theBrokerHoldsExactlyTheTablesAclsForTheTorneoUsers() throws Exception {
        try (Admin admin = TorneoStack.admin()) {
            Set<AclBinding> present = new HashSet<>(admin.describeAcls(AclBindingFilter.ANY).values().get());
            present.removeIf(b -> !b.entry().principal().startsWith("User:" + KafkaAccess.USER_PREFIX));
            assertEquals(KafkaAccessSetup.bindings(), present);
            assertEquals(KafkaAccess.acls().size(), present.size(), "one binding per row of the table");
        }
    }
}

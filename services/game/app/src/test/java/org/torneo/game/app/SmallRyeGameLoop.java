package org.torneo.game.app;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.quarkus.arc.properties.IfBuildProperty;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.transactions.KafkaTransactions;
import io.smallrye.reactive.messaging.kafka.transactions.TransactionalEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.signing.ChainHead;
import org.torneo.contracts.signing.ChainHeads;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.app.runtime.GameDefinition;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.AggregateDefinition;
import org.torneo.platform.AggregateStore;
import org.torneo.platform.DeadLetters;
import org.torneo.platform.Decision;
import org.torneo.platform.kafka.CommitListener;
import org.torneo.platform.kafka.KafkaAggregateRuntime;
import org.torneo.platform.kafka.TopicsToEnd;
import org.torneo.stack.test.TorneoStack;

/**
 * The game aggregate's consume-decide-produce loop on SmallRye Reactive Messaging's Kafka connector with exactly-once
 * processing, for {@link RuntimeComparisonBenchmarkTest} only (issue 19: measured beside the platform's hand-written
 * {@link KafkaAggregateRuntime}). One incoming batch (one poll) is one Kafka transaction through
 * {@link KafkaTransactions#withTransactionAndAck}: the events decided, the signed heads note and the batch's offsets
 * commit together, as the SmallRye guide's "Exactly-Once Processing" does it ({@code batch=true},
 * {@code commit-strategy=ignore}). The deciding is the platform's: the same {@link AggregateStore} (decide, seal the
 * hash chain, encode) over the same {@link GameDefinition}, so only the transport differs. Not in production: a bean
 * of the test profile {@link RuntimeComparisonBenchmarkTest.SmallRyeChannels} only (build property
 * {@code torneo.bench.smallrye}).
 *
 * <p>On an abort SmallRye resets the consumer to the last committed offsets; the batch's decisions are discarded
 * (the wrapped nack), so the store stays a fold of the committed log, as the platform runtime's does.
 */
@ApplicationScoped
@IfBuildProperty(name = "torneo.bench.smallrye", stringValue = "true")
public class SmallRyeGameLoop {

    static final String IN = "bench-game-inputs";
    static final String OUT = "bench-game-events";
    /** The channels' Kafka client settings (the {@code kafka-configuration} attribute names them). */
    static final String KAFKA = "torneo-bench-kafka";

    private static final JsonCodec CODEC = JsonCodec.standard();

    @Inject
    @Channel(OUT)
    KafkaTransactions<ProducerRecord<byte[], byte[]>> transactions;

    private final AggregateDefinition<GameRequest, EventMessage, GameState> definition =
            GameDefinition.definition("game-smallrye");
    /** Touched on the channel's Vert.x context only (decide, then commit or discard after the transaction). */
    private volatile AggregateStore<GameRequest, EventMessage, GameState> store =
            new AggregateStore<>(definition, CODEC);
    private volatile String prefix = "";
    private volatile ServiceKey key;
    private volatile CommitListener<GameState> listener = decisions -> { };

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong records = new AtomicLong();
    private final AtomicLong aborted = new AtomicLong();
    private final AtomicLong deadLetters = new AtomicLong();

    /**
     * Rebuilds the store from the event topics of {@code topicPrefix} (read_committed, to their end) before any input
     * arrives on them, and sets who hears of each committed batch.
     */
    void start(String topicPrefix, Properties clientProperties, ServiceKey signWith, CommitListener<GameState> heard) {
        AggregateStore<GameRequest, EventMessage, GameState> rebuilt = new AggregateStore<>(definition, CODEC);
        TopicsToEnd.read(clientProperties, definition.eventTopics().stream().map(t -> topicPrefix + t.name()).toList(),
                java.time.Duration.ofSeconds(10), java.time.Duration.ofSeconds(60), () -> true,
                record -> rebuilt.replay(CODEC.decode(record.value())));
        this.prefix = topicPrefix;
        this.key = signWith;
        this.listener = heard;
        this.store = rebuilt;
    }

    /**
     * The broker and the stack admin's sign-in for both channels: they take precedence over the app's own
     * {@code kafka.*} settings (the game service's principal, whose ACLs do not cover the benchmark's topics).
     */
    @Produces
    @Identifier(KAFKA)
    static Map<String, Object> kafka() {
        Map<String, Object> config = new HashMap<>(TorneoStack.clientSecurity());
        config.put("bootstrap.servers", TorneoStack.bootstrapServers());
        return config;
    }

    /** Committed transactions, the inputs they took, and the transactions aborted so far. */
    String counts() {
        return batches.get() + " transactions of " + records.get() + " inputs (" + (batches.get() == 0 ? 0
                : records.get() / batches.get()) + " per transaction), " + aborted.get() + " aborted, "
                + deadLetters.get() + " dead letters";
    }

    /** One poll's inputs, decided and written in one Kafka transaction with their offsets. */
    @Incoming(IN)
    public Uni<Void> decide(KafkaRecordBatch<byte[], byte[]> batch) {
        AggregateStore<GameRequest, EventMessage, GameState>.Batch decisions = store.begin();
        List<ConsumerRecord<byte[], byte[]>> inputs = new ArrayList<>();
        @SuppressWarnings("unchecked")
        IncomingKafkaRecordBatchMetadata<byte[], byte[]> metadata =
                batch.getMetadata(IncomingKafkaRecordBatchMetadata.class).orElseThrow();
        metadata.getRecords().forEach(inputs::add);
        Message<List<byte[]>> settled = batch
                .withAck(() -> {
                    // committed: the decisions become the store's state, then the listener hears of them
                    decisions.commit();
                    batches.incrementAndGet();
                    records.addAndGet(inputs.size());
                    listener.committed(decisions.decisions());
                    return batch.ack();
                })
                .withNack(failure -> {
                    decisions.discard();
                    aborted.incrementAndGet();
                    return batch.nack(failure);
                });
        return transactions.withTransactionAndAck(settled, emitter -> {
            for (ConsumerRecord<byte[], byte[]> input : inputs) {
                for (ProducerRecord<byte[], byte[]> out : handle(input, decisions)) {
                    emitter.send(out);
                }
            }
            publishHeads(emitter, decisions);
            return Uni.createFrom().voidItem();
        });
    }

    /** The input's events, or its dead letter (as the platform runtime's handleRecord, one instance, no lanes). */
    private List<ProducerRecord<byte[], byte[]>> handle(ConsumerRecord<byte[], byte[]> input,
            AggregateStore<GameRequest, EventMessage, GameState>.Batch decisions) {
        Decision<GameState> decision;
        try {
            Envelope envelope = CODEC.decode(input.value());
            boolean commandTopic = input.topic().equals(prefix + Topics.GAME_COMMANDS.name());
            if (commandTopic != envelope.isCommand()) {
                return List.of(deadLetter(input, "a " + (envelope.isCommand() ? "command" : "event") + " on "
                        + input.topic()));
            }
            decision = decisions.decide(envelope);
        } catch (RuntimeException | StackOverflowError e) {
            return List.of(deadLetter(input, "processing failed: " + e));
        }
        List<ProducerRecord<byte[], byte[]>> out = new ArrayList<>(decision.events().size());
        for (Envelope event : decision.events()) {
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(
                    prefix + CODEC.catalog().entryOf(event.payload()).topic().name(),
                    definition.keyRule().apply(event).getBytes(StandardCharsets.UTF_8), decisions.wireBytes(event));
            record.headers().add(KafkaAggregateRuntime.AGGREGATE_HEADER,
                    event.aggregateId().getBytes(StandardCharsets.UTF_8));
            out.add(record);
        }
        return out;
    }

    private ProducerRecord<byte[], byte[]> deadLetter(ConsumerRecord<byte[], byte[]> input, String reason) {
        deadLetters.incrementAndGet();
        ProducerRecord<byte[], byte[]> dead = DeadLetters.of(input, definition.name(), reason);
        return new ProducerRecord<>(prefix + dead.topic(), null, dead.key(), dead.value(), dead.headers());
    }

    /** The signed note of the batch's chain heads, in its transaction (as the platform runtime's publishHeads). */
    private void publishHeads(TransactionalEmitter<ProducerRecord<byte[], byte[]>> emitter,
            AggregateStore<GameRequest, EventMessage, GameState>.Batch decisions) {
        ServiceKey signer = key;
        if (signer == null) {
            return;
        }
        List<ChainHead> heads = new ArrayList<>();
        for (Decision<GameState> decision : decisions.decisions()) {
            for (Envelope event : decision.events()) {
                heads.add(new ChainHead(CODEC.catalog().entryOf(event.payload()).topic().name(), event.aggregateId(),
                        event.sequence(), event.hash()));
            }
        }
        if (heads.isEmpty()) {
            return;
        }
        byte[] recordKey = signer.service().getBytes(StandardCharsets.UTF_8);
        for (ChainHeads note : ChainHeads.of(signer.service(), Instant.now(), heads)) {
            emitter.send(new ProducerRecord<>(prefix + Topics.CHAIN_HEADS.name(), recordKey,
                    note.sign(signer).encode().getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** The input topics of a prefix, as the channel's {@code topics} attribute lists them. */
    static Set<String> inputTopics(String topicPrefix) {
        return Set.of(topicPrefix + Topics.GAME_COMMANDS.name(), topicPrefix + Topics.CLOCK.name());
    }
}

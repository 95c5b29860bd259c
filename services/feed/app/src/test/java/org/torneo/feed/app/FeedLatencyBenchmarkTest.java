package org.torneo.feed.app;

import org.torneo.feed.core.Chain;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.topics.Topics;
import org.torneo.feed.core.FeedModel;
import org.torneo.stack.test.TorneoStack;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.inject.Inject;

/**
 * Benchmark (prints figures, asserts no timing): 2,500 games in progress (10 tournaments x 250
 * boards in 5 halls of 50), moves published on torneo.game.moves at 2,500/s through the real broker,
 * and 1,000 SSE subscribers on real HTTP connections: per tournament 80 follow one board, 15 one
 * hall, 5 the whole tournament (about 20,800 deliveries/s). Latency = from just before the move is
 * handed to the Kafka producer to its parsing by the subscriber. Run:
 * {@code ./mvnw -o -pl services/feed/app test -Pslow -Dtest=FeedLatencyBenchmarkTest}
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@Tag("slow")
class FeedLatencyBenchmarkTest {

    static final int TOURNAMENTS = 10;
    static final int BOARDS = 250;
    static final int HALL_SIZE = 50;
    static final int MOVES_PER_SECOND = Integer.getInteger("feed.bench.rate", 2500);
    static final int WARMUP_SECONDS = 5;
    static final int MEASURE_SECONDS = Integer.getInteger("feed.bench.seconds", 30);

    @TestHTTPResource("/")
    URI base;

    @Inject
    FeedModel model;

    @Inject
    org.torneo.feed.app.kafka.FeedConsumer feed;

    private final Map<String, Long> sentAt = new ConcurrentHashMap<>();
    private final AtomicLongArray histogram = new AtomicLongArray(600_001); // 0.1 ms buckets up to 60 s, last = more
    private final AtomicLongArray modelHistogram = new AtomicLongArray(600_001); // same, event -> feed model
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicInteger closedByServer = new AtomicInteger();
    private volatile boolean measuring;

    @Test
    void moveToSubscriberLatency() throws Exception {
        long heapBefore = usedHeapAfterGc();
        String run = "bench-" + Long.toHexString(System.nanoTime()).substring(4);
        Chain chain = new Chain();
        List<String> tournaments = new ArrayList<>();
        Properties props = new Properties();
        props.putAll(TorneoStack.clientSecurity()); // the stack\'s admin
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TorneoStack.bootstrapServers());
        props.put(ProducerConfig.LINGER_MS_CONFIG, "1");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
                new StringSerializer())) {
            for (int t = 0; t < TOURNAMENTS; t++) {
                String id = run + "-t" + t;
                tournaments.add(id);
                List<Hall> halls = new ArrayList<>();
                for (int h = 0; h < BOARDS / HALL_SIZE; h++) {
                    halls.add(new Hall("H" + (h + 1), h * HALL_SIZE + 1, (h + 1) * HALL_SIZE));
                }
                send(producer, chain, id, Chain.created(id, "Bench " + t, halls));
                List<Board> boards = new ArrayList<>();
                for (int b = 1; b <= BOARDS; b++) {
                    boards.add(new Board(b, null, id + "-w" + b, id + "-b" + b));
                }
                send(producer, chain, id, Chain.paired(id, 1, boards, List.of()));
                for (int b = 1; b <= BOARDS; b++) {
                    send(producer, chain, id + "-g" + b, Chain.started(id, 1, b, id + "-w" + b, id + "-b" + b, null));
                }
            }
            producer.flush();
            String last = tournaments.get(TOURNAMENTS - 1);
            FeedStack.await(base.resolve("/api/tournaments/" + last), b -> b.contains("\"gamesInProgress\":" + BOARDS),
                    java.time.Duration.ofSeconds(120));

            Vertx clients = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
            HttpClient http = clients.createHttpClient(new HttpClientOptions().setMaxPoolSize(2000)
                    .setDefaultHost(base.getHost()).setDefaultPort(base.getPort()).setKeepAlive(false));
            // an in-process subscriber: when the feed model published the move (splits broker+decode from SSE)
            for (String t : tournaments) {
                model.subscribe(t, model.lastEventId(t), new FeedModel.Subscriber() {
                    @Override
                    public org.torneo.feed.core.FeedFilter filter() {
                        return org.torneo.feed.core.FeedFilter.ALL;
                    }

                    @Override
                    public void deliver(org.torneo.feed.core.FeedEvent event) {
                        if (event.type().equals("move") && measuring) {
                            Long at = sentAt.get(field(event.json(), "\"gameId\":\"", "\"") + "#"
                                    + field(event.json(), "\"ply\":", ","));
                            if (at != null) {
                                modelHistogram.incrementAndGet((int) Math.min(modelHistogram.length() - 1,
                                        Math.max(0, (System.nanoTime() - at) / 100_000)));
                            }
                        }
                    }
                });
            }
            SplittableRandom random = new SplittableRandom(8);
            AtomicInteger open = new AtomicInteger();
            for (String t : tournaments) {
                long after = model.lastEventId(t);
                for (int i = 0; i < 100; i++) {
                    String query = i < 80 ? "round=1&board=" + (1 + random.nextInt(BOARDS))
                            : i < 95 ? "hall=H" + (1 + random.nextInt(BOARDS / HALL_SIZE)) : "round=1";
                    subscribe(http, "/api/tournaments/" + t + "/events?" + query + "&lastEventId=" + after, open);
                }
            }
            long waitOpen = System.currentTimeMillis() + 60_000;
            while (open.get() < TOURNAMENTS * 100 && System.currentTimeMillis() < waitOpen) {
                Thread.sleep(50);
            }
            System.out.printf("feed benchmark: %d subscribers connected (server counts %d)%n", open.get(),
                    model.subscriberCount());

            // the moves are sealed beforehand so the producer's hashing is not charged to the feed
            int[] plies = new int[TOURNAMENTS * BOARDS];
            long total = (long) MOVES_PER_SECOND * (WARMUP_SECONDS + MEASURE_SECONDS);
            String[] keys = new String[(int) total];
            String[] values = new String[(int) total];
            long sealing = System.nanoTime();
            for (int i = 0; i < total; i++) {
                int game = i % plies.length;
                String gameId = tournaments.get(game / BOARDS) + "-g" + (game % BOARDS + 1);
                int ply = ++plies[game];
                keys[i] = gameId + "#" + ply;
                values[i] = Chain.CODEC.toJson(chain.seal(gameId, Chain.move(ply, ply % 2 == 1 ? "Nf3" : "Nf6", "g1f3",
                        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2", 5_400_000 - ply * 1000L,
                        5_400_000 - ply * 1000L, Instant.now())));
            }
            System.out.printf("feed benchmark: %d moves sealed in %.1f s%n", total, (System.nanoTime() - sealing) / 1e9);
            String movesTopic = Topics.MOVES.name();
            long start = System.nanoTime();
            long sent = 0;
            long measuredSent = 0;
            while (sent < total) {
                long due = start + sent * 1_000_000_000L / MOVES_PER_SECOND;
                long now = System.nanoTime();
                if (due > now) {
                    Thread.sleep((due - now) / 1_000_000, (int) ((due - now) % 1_000_000));
                    continue;
                }
                measuring = now - start >= WARMUP_SECONDS * 1_000_000_000L;
                String key = keys[(int) sent];
                sentAt.put(key, System.nanoTime());
                producer.send(new ProducerRecord<>(movesTopic, key.substring(0, key.indexOf('#')), values[(int) sent]));
                sent++;
                if (measuring) {
                    measuredSent++;
                }
            }
            long elapsed = System.nanoTime() - start;
            Thread.sleep(2000); // let the last moves arrive
            measuring = false;
            long heapAfter = usedHeapAfterGc();
            long count = 0;
            for (int i = 0; i < histogram.length(); i++) {
                count += histogram.get(i);
            }
            System.out.printf("feed benchmark: %d games, %d moves sent in %.1f s (%.0f/s), %d in the measured %d s;"
                            + " %d subscriber deliveries measured (%.0f/s)%n",
                    TOURNAMENTS * BOARDS, sent, elapsed / 1e9, sent / (elapsed / 1e9), measuredSent, MEASURE_SECONDS,
                    count, count / (double) MEASURE_SECONDS);
            System.out.printf("feed benchmark: move -> subscriber latency ms: p50 %.1f, p90 %.1f, p99 %.1f, p99.9 %.1f,"
                            + " max %s%n", percentile(count, 0.50), percentile(count, 0.90), percentile(count, 0.99),
                    percentile(count, 0.999), histogram.get(histogram.length() - 1) > 0 ? "> 60000"
                            : String.format("%.1f", percentile(count, 1.0)));
            long modelCount = 0;
            for (int i = 0; i < modelHistogram.length(); i++) {
                modelCount += modelHistogram.get(i);
            }
            System.out.printf("feed benchmark: PostgreSQL store (since start, setup included): %s%n", feed.storeStats());
            System.out.printf("feed benchmark: move -> feed model (broker + decode + apply + store) ms: p50 %.1f, p99 %.1f"
                            + " (%d moves)%n", percentile(modelHistogram, modelCount, 0.50),
                    percentile(modelHistogram, modelCount, 0.99), modelCount);
            System.out.printf("feed benchmark: subscribers disconnected by the server: %d; heap used after GC: %d MiB"
                            + " before setup, %d MiB after (%d feed records applied)%n", closedByServer.get(),
                    heapBefore >> 20, heapAfter >> 20, model.stats().applied());
            assertTrue(count > 0, "the subscribers received moves");
            http.close();
            clients.close();
        }
    }

    private double percentile(long count, double q) {
        return percentile(histogram, count, q);
    }

    private static double percentile(AtomicLongArray histogram, long count, double q) {
        long rank = Math.max(1, (long) Math.ceil(q * count));
        long seen = 0;
        for (int i = 0; i < histogram.length(); i++) {
            seen += histogram.get(i);
            if (seen >= rank) {
                return i / 10.0;
            }
        }
        return Double.NaN;
    }

    private void subscribe(HttpClient http, String path, AtomicInteger open) {
        http.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path)).compose(req -> req.send())
                .onSuccess(response -> {
                    open.incrementAndGet();
                    StringBuilder pending = new StringBuilder();
                    response.handler(buffer -> {
                        long now = System.nanoTime();
                        pending.append(buffer.toString());
                        int end;
                        while ((end = pending.indexOf("\n\n")) >= 0) {
                            String event = pending.substring(0, end);
                            pending.delete(0, end + 2);
                            if (event.contains("event: move\n")) {
                                record(event, now);
                            }
                        }
                    });
                    response.endHandler(v -> closedByServer.incrementAndGet());
                })
                .onFailure(e -> System.out.println("feed benchmark: subscription failed: " + e));
    }

    private void record(String event, long now) {
        String gameId = field(event, "\"gameId\":\"", "\"");
        String ply = field(event, "\"ply\":", ",");
        Long at = sentAt.get(gameId + "#" + ply);
        delivered.incrementAndGet();
        if (at == null || !measuring) {
            return;
        }
        long tenths = (now - at) / 100_000;
        histogram.incrementAndGet((int) Math.min(histogram.length() - 1, Math.max(0, tenths)));
    }

    private static String field(String text, String start, String end) {
        int from = text.indexOf(start) + start.length();
        return text.substring(from, text.indexOf(end, from));
    }

    private static void send(KafkaProducer<String, String> producer, Chain chain, String aggregate,
                             org.torneo.contracts.EventMessage event) {
        var envelope = chain.seal(aggregate, event);
        String topic = Chain.CODEC.catalog().entryOf(event).topic().name();
        producer.send(new ProducerRecord<>(topic, aggregate, Chain.CODEC.toJson(envelope)));
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        System.gc();
        Thread.sleep(500);
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static {
        // referenced so the topic catalogue is loaded before the clock starts
        Topics.ALL.size();
    }
}

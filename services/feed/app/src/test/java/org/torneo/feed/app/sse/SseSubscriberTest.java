package org.torneo.feed.app.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedFilter;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

/**
 * A subscriber that stops reading is disconnected while another one, fed by the same writer,
 * receives every event: real Vert.x HTTP server, real sockets.
 */
class SseSubscriberTest {

    @Test
    void aSlowSubscriberIsDisconnectedAndNeverHoldsUpTheOthers() throws Exception {
        Vertx vertx = Vertx.vertx();
        List<SseSubscriber> subscribers = new CopyOnWriteArrayList<>();
        AtomicInteger closedByFeed = new AtomicInteger();
        HttpServer server = vertx.createHttpServer().requestHandler(request -> {
            var response = request.response().setChunked(true).putHeader("Content-Type", "text/event-stream");
            subscribers.add(new SseSubscriber(FeedFilter.ALL, response, vertx.getOrCreateContext(), 1_000,
                    closedByFeed::incrementAndGet));
        }).listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        int port = server.actualPort();
        try (Socket slow = new Socket("127.0.0.1", port); Socket fast = new Socket("127.0.0.1", port)) {
            slow.setReceiveBufferSize(4096);
            for (Socket s : List.of(slow, fast)) {
                s.getOutputStream().write("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            long deadline = System.currentTimeMillis() + 10_000;
            while (subscribers.size() < 2 && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            int events = 5_000;
            String padding = "x".repeat(2_000);
            CompletableFuture<Integer> fastRead = CompletableFuture.supplyAsync(() -> countEvents(fast, events));
            long writerStart = System.nanoTime();
            for (int i = 1; i <= events; i++) {
                FeedEvent event = new FeedEvent(i, "move", 1, "A", 1, "{\"n\":" + i + ",\"p\":\"" + padding + "\"}");
                for (SseSubscriber s : subscribers) {
                    s.deliver(event); // as the model does: never blocks
                }
                if (i % 10 == 0) {
                    Thread.sleep(1); // about the 2,500 moves/s of the benchmark, in bursts of 10
                }
            }
            long writerMillis = (System.nanoTime() - writerStart) / 1_000_000;
            assertEquals(events, fastRead.get(60, TimeUnit.SECONDS), "the reading subscriber got every event");
            deadline = System.currentTimeMillis() + 10_000;
            while (closedByFeed.get() < 1 && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(1, closedByFeed.get(), "only the subscriber that stopped reading was cut off");
            assertTrue(subscribers.stream().filter(SseSubscriber::isClosed).count() == 1);
            System.out.println("sse: writer handed " + events + " events to 2 subscribers in " + writerMillis + " ms");
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static int countEvents(Socket socket, int expected) {
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[65536];
            StringBuilder tail = new StringBuilder();
            int count = 0;
            int n;
            while (count < expected && (n = in.read(buffer)) > 0) {
                tail.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                int at;
                while ((at = tail.indexOf("event: move")) >= 0) {
                    count++;
                    tail.delete(0, at + 11);
                }
            }
            return count;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

package org.torneo.feed.app;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** A minimal SSE reader over java.net.http: collects (id, event, data) as they arrive. */
public final class SseClient implements AutoCloseable {

    public record Event(long id, String type, String data) {
    }

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final HttpResponse<Stream<String>> response;
    private final Thread reader;

    public SseClient(URI uri, String lastEventId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        reader = new Thread(this::read, "sse-test-reader");
        reader.setDaemon(true);
        reader.start();
    }

    public int status() {
        return response.statusCode();
    }

    public String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    private void read() {
        long id = -1;
        String type = "message";
        StringBuilder data = new StringBuilder();
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.isEmpty()) {
                    if (id >= 0 || data.length() > 0) {
                        events.add(new Event(id, type, data.toString()));
                    }
                    id = -1;
                    type = "message";
                    data.setLength(0);
                } else if (line.startsWith("id: ")) {
                    id = Long.parseLong(line.substring(4));
                } else if (line.startsWith("event: ")) {
                    type = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                }
            }
        } catch (RuntimeException e) {
            // closed
        }
    }

    /** Waits until an event matching {@code until} arrived; returns everything received so far. */
    public List<Event> awaitUntil(Predicate<Event> until, Duration timeout) throws InterruptedException {
        List<Event> seen = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Event e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e != null) {
                seen.add(e);
                if (until.test(e)) {
                    return seen;
                }
            }
        }
        throw new AssertionError("no matching SSE event within " + timeout + "; got " + seen);
    }

    /** What arrives within {@code window} (for "nothing else came" checks). */
    public List<Event> drain(Duration window) throws InterruptedException {
        List<Event> seen = new ArrayList<>();
        long deadline = System.nanoTime() + window.toNanos();
        while (System.nanoTime() < deadline) {
            Event e = events.poll(50, TimeUnit.MILLISECONDS);
            if (e != null) {
                seen.add(e);
            }
        }
        return seen;
    }

    @Override
    public void close() {
        reader.interrupt();
        try {
            response.body().close();
        } catch (RuntimeException e) {
            // already closed
        }
    }
}

package org.torneo.eboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A client of DGT LiveChess 2's local API ({@code ws://localhost:1982/api/v1.0}, JSON text frames): requests
 * {@code {"call", "id", "param"}}, answers {@code {"response": "call"|"feed"|"error", "id", "param", "time"}}. It lists
 * the e-boards ({@code eboards}) and subscribes to the {@code eboardevent} feed of each board it is given, under a feed
 * id of its own choosing; each feed message goes to the listener with the board's serial number. The JDK's WebSocket
 * client, no other library.
 */
public final class LiveChessClient implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration ANSWER = Duration.ofSeconds(30);

    private final URI uri;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> calls = new ConcurrentHashMap<>();
    /** feed id -> the board's serial number */
    private final Map<Integer, String> feeds = new ConcurrentHashMap<>();
    private final BiConsumer<String, EboardEvent> listener;
    private final Consumer<String> problems;
    private WebSocket socket;

    /**
     * @param listener receives every feed message of a subscribed board (on the client's thread, in order)
     * @param problems receives what went wrong (error answers, unreadable frames), for the log
     */
    public LiveChessClient(URI uri, BiConsumer<String, EboardEvent> listener, Consumer<String> problems) {
        this.uri = uri;
        this.listener = listener;
        this.problems = problems;
    }

    /** Opens the WebSocket. */
    public void connect() throws Exception {
        socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(ANSWER)
                .buildAsync(uri, new Frames()).get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The e-boards LiveChess knows ({@code eboards}): serial number, state, battery, placement, clock. */
    public List<JsonNode> eboards() throws Exception {
        JsonNode answer = call("eboards", null);
        List<JsonNode> boards = new ArrayList<>();
        answer.forEach(boards::add);
        return boards;
    }

    /** Subscribes to a board's {@code eboardevent} feed; LiveChess answers, then sends the board's state at once. */
    public void subscribe(String serialnr) throws Exception {
        int feed = ids.incrementAndGet();
        feeds.put(feed, serialnr);
        ObjectNode param = JSON.createObjectNode().put("feed", "eboardevent").put("id", feed);
        param.putObject("param").put("serialnr", serialnr);
        try {
            call("subscribe", param);
        } catch (Exception e) {
            feeds.remove(feed);
            throw e;
        }
    }

    private JsonNode call(String name, ObjectNode param) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode request = JSON.createObjectNode().put("call", name).put("id", id);
        if (param != null) {
            request.set("param", param);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        calls.put(id, answer);
        socket.sendText(JSON.writeValueAsString(request), true).get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return answer.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException refused) {
                throw refused;
            }
            throw e;
        } finally {
            calls.remove(id);
        }
    }

    /** Reads one frame; public for the tests of the message format. */
    void onFrame(String text) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (Exception e) {
            problems.accept("LiveChess sent a frame that is not JSON: " + e.getMessage());
            return;
        }
        int id = message.path("id").asInt(-1);
        switch (message.path("response").asText()) {
            case "call" -> {
                CompletableFuture<JsonNode> answer = calls.remove(id);
                if (answer != null) {
                    answer.complete(message.path("param"));
                }
            }
            case "error" -> {
                String reason = message.path("param").path("message").asText("(no message)");
                CompletableFuture<JsonNode> answer = calls.remove(id);
                if (answer != null) {
                    answer.completeExceptionally(new IllegalStateException("LiveChess refused call " + id + ": "
                            + reason));
                } else {
                    problems.accept("LiveChess error (id " + id + "): " + reason);
                }
            }
            case "feed" -> {
                String serial = feeds.get(id);
                if (serial == null) {
                    problems.accept("LiveChess sent feed " + id + ", which this client did not subscribe to");
                    return;
                }
                try {
                    listener.accept(serial, event(message.path("param")));
                } catch (RuntimeException e) {
                    problems.accept("board " + serial + ": " + e.getMessage());
                }
            }
            default -> problems.accept("LiveChess sent an answer of an unknown kind: " + text);
        }
    }

    /** An {@code EBoardEvent} (section "eboardevent" of the API): absent fields stay null. */
    static EboardEvent event(JsonNode p) {
        EboardEvent.Clock clock = null;
        JsonNode c = p.path("clock");
        if (c.isObject()) {
            clock = new EboardEvent.Clock(c.path("white").asLong(), c.path("black").asLong(),
                    c.path("run").isNull() || c.path("run").isMissingNode() ? null : c.path("run").asBoolean(),
                    c.path("time").asLong());
        }
        List<String> san = null;
        if (p.path("san").isArray()) {
            san = new ArrayList<>();
            for (JsonNode move : p.path("san")) {
                san.add(move.asText());
            }
        }
        return new EboardEvent(p.path("serialnr").asText(), p.path("flipped").asBoolean(false),
                p.path("board").isTextual() ? p.path("board").asText() : null, clock,
                p.path("start").isTextual() ? p.path("start").asText() : null, san, p.path("match").asBoolean(true));
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye");
        }
    }

    private final class Frames implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                onFrame(text);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            problems.accept("LiveChess connection failed: " + error);
            calls.values().forEach(call -> call.completeExceptionally(error));
        }
    }
}

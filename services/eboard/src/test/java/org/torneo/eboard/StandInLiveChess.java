package org.torneo.eboard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.ServerWebSocket;

/**
 * A stand-in for DGT LiveChess 2's local API, written from its documentation (the people spec, section 5.2-5.4; the
 * type comments of the livechess-go client): a WebSocket at {@code /api/v1.0} answering {@code eboards},
 * {@code subscribe} to the {@code eboardevent} feed (the acknowledgement, then at once the board's whole state), and
 * the {@code call} methods {@code setup}, {@code flip}, {@code unsubscribe}; an unknown call, an unknown serial number
 * or a frame that is not JSON gets {@code {"response":"error","id":...,"param":{"message":...}}}. {@code GET
 * /api/v1.0/eboards} gives the same table. A recording (JSON lines: {@code table} rows, {@code state} changes and
 * {@code feed} messages) is replayed into it step by step; a feed message updates the board's row and goes to every
 * subscriber of the board under its feed id. It listens on a free port of 127.0.0.1 (LiveChess' own is 1982).
 */
final class StandInLiveChess implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Subscription(ServerWebSocket socket, int feedId, String serial) {
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final Map<String, ObjectNode> table = new LinkedHashMap<>();
    private final Map<String, ObjectNode> reconstruction = new LinkedHashMap<>();
    private final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();
    final List<String> received = new CopyOnWriteArrayList<>();

    StandInLiveChess() throws Exception {
        server = vertx.createHttpServer().webSocketHandler(this::onSocket).requestHandler(request -> {
            if (request.path().equals("/api/v1.0/eboards")) {
                request.response().putHeader("Content-Type", "application/json").end(eboards().toString());
            } else {
                request.response().setStatusCode(404).end();
            }
        });
        server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    String url() {
        return "ws://127.0.0.1:" + server.actualPort() + "/api/v1.0";
    }

    int port() {
        return server.actualPort();
    }

    /** Reads a recording: one JSON object a line. */
    static List<JsonNode> recording(String resource) {
        try {
            Path path = Path.of(StandInLiveChess.class.getResource(resource).toURI());
            List<JsonNode> steps = new ArrayList<>();
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    steps.add(JSON.readTree(line));
                }
            }
            return steps;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Plays one step of a recording. */
    synchronized void play(JsonNode step) {
        String serial = step.path("serial").asText();
        switch (step.path("step").asText()) {
            case "table" -> {
                table.put(serial, (ObjectNode) step.path("eboard").deepCopy());
                ObjectNode r = JSON.createObjectNode().put("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
                r.putArray("san");
                reconstruction.put(serial, r);
            }
            case "state" -> table.get(serial).put("state", step.path("state").asText());
            case "feed" -> {
                JsonNode param = step.path("param");
                ObjectNode row = table.get(serial);
                if (param.has("board")) {
                    row.set("board", param.path("board"));
                }
                if (param.has("clock")) {
                    row.set("clock", param.path("clock"));
                }
                ObjectNode r = reconstruction.get(serial);
                r.set("san", param.path("san"));
                r.set("start", param.path("start"));
                for (Subscription s : subscriptions) {
                    if (s.serial().equals(serial)) {
                        send(s.socket(), feed(s.feedId(), param));
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown step " + step);
        }
    }

    private ObjectNode feed(int feedId, JsonNode param) {
        ObjectNode message = JSON.createObjectNode().put("response", "feed").put("id", feedId);
        message.set("param", param);
        message.put("time", System.currentTimeMillis());
        return message;
    }

    private synchronized ArrayNode eboards() {
        ArrayNode boards = JSON.createArrayNode();
        table.values().forEach(boards::add);
        return boards;
    }

    private void onSocket(ServerWebSocket socket) {
        if (!socket.path().equals("/api/v1.0")) {
            socket.close((short) 1008, "no such path");
            return;
        }
        socket.textMessageHandler(text -> onRequest(socket, text));
        socket.closeHandler(v -> subscriptions.removeIf(s -> s.socket() == socket));
    }

    private synchronized void onRequest(ServerWebSocket socket, String text) {
        received.add(text);
        JsonNode request;
        try {
            request = JSON.readTree(text);
        } catch (IOException e) {
            send(socket, error(-1, "malformed JSON: " + e.getMessage()));
            return;
        }
        int id = request.path("id").asInt(-1);
        JsonNode param = request.path("param");
        switch (request.path("call").asText()) {
            case "eboards" -> send(socket, answer(id, eboards()));
            case "subscribe" -> {
                String serial = param.path("param").path("serialnr").asText();
                if (!param.path("feed").asText().equals("eboardevent")) {
                    send(socket, error(id, "unknown feed '" + param.path("feed").asText() + "'"));
                } else if (!table.containsKey(serial)) {
                    send(socket, error(id, "unknown serialnr '" + serial + "'"));
                } else {
                    int feedId = param.path("id").asInt();
                    subscriptions.add(new Subscription(socket, feedId, serial));
                    send(socket, answer(id, null));
                    send(socket, feed(feedId, whole(serial)));
                }
            }
            case "call" -> {
                int feedId = param.path("id").asInt();
                Subscription s = subscriptions.stream().filter(x -> x.socket() == socket && x.feedId() == feedId)
                        .findFirst().orElse(null);
                if (s == null) {
                    send(socket, error(id, "no feed " + feedId));
                    return;
                }
                switch (param.path("method").asText()) {
                    case "setup" -> {
                        ObjectNode r = reconstruction.get(s.serial());
                        r.put("start", param.path("param").path("fen").asText());
                        r.putArray("san");
                        send(socket, answer(id, null));
                    }
                    case "flip" -> {
                        table.get(s.serial()).put("flipped", param.path("param").path("flip").asBoolean());
                        send(socket, answer(id, null));
                    }
                    case "unsubscribe" -> {
                        subscriptions.remove(s);
                        send(socket, answer(id, null));
                    }
                    default -> send(socket, error(id, "unknown method '" + param.path("method").asText() + "'"));
                }
            }
            default -> send(socket, error(id, "unknown call '" + request.path("call").asText() + "'"));
        }
    }

    /** The board's whole event: the first feed message after a subscription. */
    private ObjectNode whole(String serial) {
        ObjectNode row = table.get(serial);
        ObjectNode r = reconstruction.get(serial);
        ObjectNode event = JSON.createObjectNode().put("serialnr", serial);
        event.set("flipped", row.path("flipped"));
        event.set("board", row.path("board"));
        event.set("clock", row.path("clock"));
        event.set("start", r.path("start"));
        event.set("san", r.path("san"));
        event.put("match", true);
        return event;
    }

    private static ObjectNode answer(int id, JsonNode param) {
        ObjectNode message = JSON.createObjectNode().put("response", "call").put("id", id);
        message.set("param", param == null ? JSON.nullNode() : param);
        message.put("time", System.currentTimeMillis());
        return message;
    }

    private static ObjectNode error(int id, String text) {
        ObjectNode message = JSON.createObjectNode().put("response", "error").put("id", id);
        message.putObject("param").put("message", text);
        message.put("time", System.currentTimeMillis());
        return message;
    }

    private static void send(ServerWebSocket socket, ObjectNode message) {
        socket.writeTextMessage(message.toString());
    }

    @Override
    public void close() throws Exception {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}

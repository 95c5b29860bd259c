package org.torneo.cli.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import org.torneo.contracts.codec.Canonical;

/**
 * What one demo run of a seed left, in a form two runs can be compared by: per service a digest (SHA-256 of the
 * canonical JSON, as StateDigest makes) of the events it wrote for the tournament, per aggregate as a multiset, with what
 * depends on the wall clock or on the run (event and command ids, hashes, sequence numbers, instants, clock readings in
 * milliseconds, the tournament's id) taken out; the commands the edge sent and what each
 * caused; the feed's log of the tournament.
 */
record RunRecord(String tournamentId, Map<String, String> serviceDigests, Map<String, Integer> serviceEvents,
                 Set<UUID> sent, Map<UUID, List<String>> decisions, Map<String, Integer> feedEvents, int feedIdGaps,
                 int auditDiscrepancies, String auditLine) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Events that record only the order in which a service read its inputs, not a fact two runs must share: the clock's
     * end, or a claim's pause and its ruling, held for presses still on their way (the clock stops or pauses as it
     * would have, in order, once they are read).
     */
    static final Set<String> READING_ORDER_ONLY = Set.of("clock.EndHeld", "clock.PauseHeld", "clock.ResumeHeld");

    /** The service that writes each event topic. */
    static String serviceOf(String topic) {
        return switch (topic) {
            case "torneo.tournament" -> "pairing";
            case "torneo.game.moves", "torneo.game.claims", "torneo.results" -> "game";
            case "torneo.clock" -> "clock";
            case "torneo.ratings" -> "rating";
            default -> topic;
        };
    }

    static RunRecord of(String tournamentId, Edge edge, org.torneo.audit.AuditReport report, String feedPort) {
        Map<String, List<JsonNode>> byService = new TreeMap<>();
        for (Edge.Logged logged : edge.history()) {
            JsonNode line;
            try {
                line = JSON.readTree(logged.line());
            } catch (java.io.IOException e) {
                continue;
            }
            JsonNode envelope = line.get("envelope");
            if (envelope == null || READING_ORDER_ONLY.contains(envelope.path("type").asText())) {
                continue;
            }
            byService.computeIfAbsent(serviceOf(logged.topic()), s -> new ArrayList<>())
                    .add(normalized(envelope.deepCopy(), tournamentId, logged.topic()));
        }
        writeNormalized(tournamentId, byService);
        Map<String, String> digests = new TreeMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        byService.forEach((service, events) -> {
            events.sort(ORDER);
            ArrayNode all = JSON.createArrayNode();
            events.forEach(all::add);
            digests.put(service, Canonical.sha256Hex(Canonical.bytes(all)));
            counts.put(service, events.size());
        });
        Map<String, Integer> feed = new TreeMap<>();
        int gaps = -1;
        if (feedPort != null) {
            List<JsonNode> log = feedLog(feedPort, tournamentId);
            if (log != null) {
                gaps = 0;
                long expected = 1;
                for (JsonNode event : log) {
                    long id = event.path("id").asLong();
                    if (id != expected) {
                        gaps++;
                    }
                    expected = id + 1;
                    feed.merge(event.path("type").asText() + " r" + event.path("round").asInt() + " "
                            + event.path("hall").asText("") + " b" + event.path("board").asInt(), 1, Integer::sum);
                }
                byService.put("feed", List.of());
                digests.put("feed", Canonical.sha256Hex(Canonical.bytes(JSON.valueToTree(feed))));
                counts.put("feed", log.size());
            }
        }
        long discrepant = report == null ? -1 : report.decisions().stream().filter(d -> !d.confirmed()).count();
        return new RunRecord(tournamentId, digests, counts, edge.sentCommands(), edge.decisions(), feed, gaps,
                (int) discrepant, report == null ? "no audit" : report.summaryLine());
    }

    /**
     * Each service's normalized events as .torneo/chaos/TOURNAMENT-SERVICE.jsonl (one event a line, in digest order),
     * so that two runs whose digests differ can be compared with diff.
     */
    private static void writeNormalized(String tournamentId, Map<String, List<JsonNode>> byService) {
        try {
            java.nio.file.Path dir = org.torneo.stack.supervisor.StackHome.fromSystem().dir().resolve("chaos");
            java.nio.file.Files.createDirectories(dir);
            for (var entry : byService.entrySet()) {
                List<JsonNode> events = new ArrayList<>(entry.getValue());
                events.sort(ORDER);
                List<String> lines = new ArrayList<>();
                for (JsonNode event : events) {
                    lines.add(new String(Canonical.bytes(event), java.nio.charset.StandardCharsets.UTF_8));
                }
                java.nio.file.Files.write(dir.resolve(tournamentId + "-" + entry.getKey() + ".jsonl"), lines);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // only a help for reading a difference
        }
    }

    static final java.util.Comparator<JsonNode> ORDER = java.util.Comparator.comparing((JsonNode e) -> e.get("topic").asText())
            .thenComparing(e -> e.get("aggregateId").asText())
            .thenComparing(e -> new String(Canonical.bytes(e), java.nio.charset.StandardCharsets.UTF_8));

    /** The envelope without what differs between two runs of a seed even when nothing went wrong. */
    static JsonNode normalized(JsonNode envelope, String tournamentId, String topic) {
        ObjectNode node = (ObjectNode) envelope;
        // the sequence too: an aggregate fed by many (the tournament records results as games end) takes them in the
        // order they arrive, which differs between runs; the digest is of each aggregate's events as a multiset (a
        // lost or doubled event still changes it; the order within each chain is the audit's to check)
        for (String field : List.of("eventId", "causationId", "correlationId", "hash", "previousHash", "occurredAt",
                "sequence")) {
            node.remove(field);
        }
        node.put("topic", topic);
        return strip(node, tournamentId);
    }

    private static JsonNode strip(JsonNode node, String tournamentId) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String name = field.getKey();
                if (name.equals("at") || name.endsWith("At") || name.endsWith("Millis") || name.equals("commandId")
                        || name.equals("signed") || name.equals("reason") && topicIsClockReason(field.getValue())) {
                    it.remove();
                } else {
                    field.setValue(strip(field.getValue(), tournamentId));
                }
            }
            return object;
        }
        if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, strip(array.get(i), tournamentId));
            }
            return array;
        }
        if (node.isTextual() && node.asText().contains(tournamentId)) {
            return new TextNode(node.asText().replace(tournamentId, "T"));
        }
        return node;
    }

    /** A clock's pause/stop reason may quote readings of the clock ("... 3.2 s left"): left out with the readings. */
    private static boolean topicIsClockReason(JsonNode value) {
        return value.isTextual() && value.asText().matches(".*\\d+(\\.\\d+)? ?(s|ms)\\b.*");
    }

    /** The feed's whole log of the tournament (GET /api/tournaments/{id}/log, page by page); null if unreachable. */
    static List<JsonNode> feedLog(String port, String tournamentId) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<JsonNode> events = new ArrayList<>();
        long after = 0;
        try {
            while (true) {
                HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/tournaments/"
                        + tournamentId + "/log?after=" + after + "&limit=5000")).timeout(Duration.ofSeconds(30)).GET().build();
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    lastFeedFailure = "HTTP " + response.statusCode() + ": " + response.body();
                    return null;
                }
                JsonNode page = JSON.readTree(response.body());
                page.forEach(events::add);
                if (page.size() < 5000) {
                    return events;
                }
                after = page.get(page.size() - 1).path("id").asLong();
            }
        } catch (java.io.IOException e) {
            lastFeedFailure = e.toString();
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lastFeedFailure = "interrupted";
            return null;
        }
    }

    /** Why the feed's log could not be read the last time (for the chaos line's reader); null if it always could. */
    static volatile String lastFeedFailure;

    /** Commands sent that caused no event. */
    long undecided() {
        return sent.stream().filter(id -> !decisions.containsKey(id)).count();
    }

    long decided() {
        return sent.stream().filter(decisions::containsKey).count();
    }

    /** Events a sent command caused more than once (same topic, aggregate and event type). */
    long duplicated() {
        long duplicates = 0;
        for (UUID id : sent) {
            List<String> caused = decisions.get(id);
            if (caused != null) {
                duplicates += caused.size() - new java.util.HashSet<>(caused).size();
            }
        }
        return duplicates;
    }
}

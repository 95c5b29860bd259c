package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;

/**
 * contracts/asyncapi.yaml must describe every topic of the catalogue (address, key, retention) and
 * every registered message type (its channel and a payload schema with exactly the record's fields).
 */
class AsyncApiCompletenessTest {

    private static final Path DOCUMENT = Path.of("asyncapi.yaml");
    private static final String REGENERATE = "regenerate it: ./mvnw -o -pl contracts test"
            + " -Dtest=AsyncApiCompletenessTest -Dtorneo.asyncapi.write=true";

    private final MessageCatalog catalog = MessageCatalog.standard();
    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());

    @Test
    void documentDescribesEveryTopicAndMessage() throws IOException {
        if (Boolean.getBoolean("torneo.asyncapi.write")) {
            Files.writeString(DOCUMENT, new AsyncApiDocument(catalog).yaml(), StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(DOCUMENT), "contracts/asyncapi.yaml is missing; " + REGENERATE);
        JsonNode document = yaml.readTree(DOCUMENT.toFile());
        List<String> missing = missingFrom(document, catalog);
        assertEquals(List.of(), missing, "contracts/asyncapi.yaml is incomplete; " + REGENERATE);
    }

    @Test
    void generatedDocumentIsCompleteAndValidYaml() throws IOException {
        JsonNode generated = yaml.readTree(new AsyncApiDocument(catalog).yaml());
        assertEquals("3.0.0", generated.get("asyncapi").asText());
        assertEquals(List.of(), missingFrom(generated, catalog));
    }

    @Test
    void theYamlReadsBackAsTheDocumentsTree() throws IOException {
        ObjectMapper json = new ObjectMapper();
        AsyncApiDocument document = new AsyncApiDocument(catalog);
        // every string, number, null and nesting as the tree has it (Jackson's YAML writer quotes what needs it)
        assertEquals(json.writeValueAsString(json.valueToTree(document.tree())),
                json.writeValueAsString(yaml.readTree(document.yaml())));
    }

    @Test
    void checkerNamesAMissingMessageATopicAndAStaleField() throws IOException {
        ObjectNode document = (ObjectNode) yaml.readTree(new AsyncApiDocument(catalog).yaml());
        ((ObjectNode) document.get("components").get("messages")).remove("game.ClaimDraw");
        ((ObjectNode) document.get("channels")).remove(AsyncApiDocument.channelId(Topics.RESULTS));
        ((ObjectNode) payloadProperties(document.get("components").get("messages").get("game.MovePlayed")))
                .remove("fenAfter");

        List<String> missing = missingFrom(document, catalog);

        assertTrue(missing.contains("message game.ClaimDraw: not in components.messages"), missing.toString());
        assertTrue(missing.contains("topic torneo.results: no channel with that address"), missing.toString());
        assertTrue(missing.contains("message game.MovePlayed: payload fields [ply, by, san, uci, source, clock, playedAt]"
                + " differ from the record's [ply, by, san, uci, fenAfter, source, clock, playedAt]"), missing.toString());
    }

    /** Everything the catalogue has that the document lacks, one line each. */
    static List<String> missingFrom(JsonNode document, MessageCatalog catalog) {
        List<String> missing = new ArrayList<>();
        JsonNode channels = document.path("channels");
        for (TopicSpec topic : Topics.ALL) {
            JsonNode channel = channelFor(channels, topic.name());
            if (channel == null) {
                missing.add("topic " + topic.name() + ": no channel with that address");
                continue;
            }
            if (!topic.key().equals(channel.path("x-key").asText())) {
                missing.add("topic " + topic.name() + ": x-key is '" + channel.path("x-key").asText() + "', not '"
                        + topic.key() + "'");
            }
            JsonNode config = channel.path("bindings").path("kafka").path("topicConfiguration");
            if (config.path("retention.ms").asLong(0) != topic.retentionMs()) {
                missing.add("topic " + topic.name() + ": retention.ms differs from " + topic.retentionMs());
            }
            for (MessageCatalog.Entry entry : catalog.onTopic(topic)) {
                if (!channel.path("messages").has(entry.type())) {
                    missing.add("topic " + topic.name() + ": channel does not list message " + entry.type());
                }
            }
        }
        JsonNode messages = document.path("components").path("messages");
        for (MessageCatalog.Entry entry : catalog.entries()) {
            JsonNode message = messages.get(entry.type());
            if (message == null) {
                missing.add("message " + entry.type() + ": not in components.messages");
                continue;
            }
            if (message.path("x-version").asInt() != entry.version()) {
                missing.add("message " + entry.type() + ": x-version " + message.path("x-version").asInt()
                        + " but the catalogue has version " + entry.version());
            }
            if (!entry.topic().key().equals(message.path("bindings").path("kafka").path("key").path("description")
                    .asText())) {
                missing.add("message " + entry.type() + ": Kafka key binding does not say '" + entry.topic().key() + "'");
            }
            JsonNode properties = payloadProperties(message);
            List<String> documented = new ArrayList<>();
            if (properties != null) {
                properties.fieldNames().forEachRemaining(documented::add);
            }
            List<String> fields = new ArrayList<>();
            for (RecordComponent component : entry.javaType().getRecordComponents()) {
                fields.add(component.getName());
            }
            if (!documented.equals(fields)) {
                missing.add("message " + entry.type() + ": payload fields " + documented + " differ from the record's "
                        + fields);
            }
        }
        return missing;
    }

    private static JsonNode channelFor(JsonNode channels, String address) {
        for (JsonNode channel : channels) {
            if (address.equals(channel.path("address").asText())) {
                return channel;
            }
        }
        return null;
    }

    private static JsonNode payloadProperties(JsonNode message) {
        for (JsonNode part : message.path("payload").path("allOf")) {
            JsonNode payload = part.path("properties").path("payload").path("properties");
            if (!payload.isMissingNode()) {
                return payload;
            }
        }
        return null;
    }
}

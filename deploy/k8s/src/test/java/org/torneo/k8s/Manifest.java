package org.torneo.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** One resource of a manifest file: where it is (file and document number) and its tree. */
record Manifest(String source, int document, ObjectNode tree) {

    /** Reads YAML refusing duplicate keys; writes it with quotes only where YAML needs them ("true" stays a string). */
    static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder().build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build();

    String kind() {
        return tree.path("kind").asText("");
    }

    String apiVersion() {
        return tree.path("apiVersion").asText("");
    }

    String group() {
        String api = apiVersion();
        return api.contains("/") ? api.substring(0, api.indexOf('/')) : "";
    }

    String name() {
        return tree.path("metadata").path("name").asText("");
    }

    /** "file#n kind/name", for messages. */
    String where() {
        return source + " (document " + document + ", " + kind() + " " + name() + ")";
    }

    /** Every resource of a (multi-document) YAML file; an empty document (a lone ---) is skipped. */
    static List<Manifest> read(Path file) {
        try {
            return parse(file.toString(), Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Every resource of YAML text; a document that is not a mapping is reported as a resource without a kind. */
    static List<Manifest> parse(String source, String yaml) {
        List<Manifest> resources = new ArrayList<>();
        try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(yaml)) {
            int number = 0;
            while (documents.hasNextValue()) {
                JsonNode document = documents.nextValue();
                number++;
                if (document == null || document.isNull() || document.isMissingNode()) {
                    continue;
                }
                ObjectNode tree = document.isObject() ? (ObjectNode) document : YAML.createObjectNode();
                resources.add(new Manifest(source, number, tree));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": not YAML: " + e.getMessage(), e);
        }
        return resources;
    }
}

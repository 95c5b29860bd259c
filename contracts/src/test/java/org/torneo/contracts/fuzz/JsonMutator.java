package org.torneo.contracts.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Mutates valid JSON documents (envelopes, REST bodies) into the inputs a hostile or broken writer produces: bit
 * flips, truncation, nesting beyond the readers' limits, numbers and strings past their limits, values of the wrong
 * JSON type, members removed, added or duplicated, unknown or foreign message types, odd versions, raw garbage.
 * Deterministic for a seed: the same seed gives the same cases, so a failure can be replayed.
 *
 * <p>Used by the fuzz suites of the codec, the runtime and the apps' routes (each keeps its own seeds).
 */
public final class JsonMutator {

    /** What a case was made by, for the printed figures. */
    public enum Kind {
        BIT_FLIP, TRUNCATE, DEEP_NESTING, HUGE_NUMBER, LONG_STRING, WRONG_TYPE, REMOVE_MEMBER, ADD_MEMBER,
        DUPLICATE_MEMBER, SWAP_TYPE, ODD_VERSION, GARBAGE, ODD_TEXT, UNCHANGED
    }

    /** One generated case: its bytes and the kind of mutation. */
    public record Case(Kind kind, byte[] bytes) {
        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** Writes what the readers must refuse: nesting deeper than any reader's limit. */
    private static final ObjectMapper JSON = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
            .streamWriteConstraints(com.fasterxml.jackson.core.StreamWriteConstraints.builder()
                    .maxNestingDepth(10_000).build())
            .build());
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final SplittableRandom random;
    private final List<ObjectNode> seeds;
    private final List<String> typeNames;
    private final int maxStringChars;

    /**
     * @param seed           the random seed (fixed in the tests)
     * @param seeds          valid documents to mutate (each an object)
     * @param typeNames      values a "type" member may be swapped to (e.g. every catalogue type: valid but wrong)
     * @param maxStringChars the longest string to generate (a broker refuses records over about 1 MiB)
     */
    public JsonMutator(long seed, List<byte[]> seeds, List<String> typeNames, int maxStringChars) {
        this.random = new SplittableRandom(seed);
        this.seeds = new ArrayList<>();
        for (byte[] document : seeds) {
            try {
                this.seeds.add((ObjectNode) JSON.readTree(document));
            } catch (java.io.IOException | ClassCastException e) {
                throw new IllegalArgumentException("a seed must be a JSON object: " + new String(document,
                        StandardCharsets.UTF_8), e);
            }
        }
        if (this.seeds.isEmpty()) {
            throw new IllegalArgumentException("no seeds");
        }
        this.typeNames = List.copyOf(typeNames);
        this.maxStringChars = maxStringChars;
    }

    /** The next case. */
    public Case next() {
        ObjectNode seed = seeds.get(random.nextInt(seeds.size()));
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        return new Case(kind, mutate(kind, seed));
    }

    private byte[] mutate(Kind kind, ObjectNode seed) {
        return switch (kind) {
            case BIT_FLIP -> flipBits(bytes(seed));
            case TRUNCATE -> truncate(bytes(seed));
            case DEEP_NESTING -> bytes(replaceSomeValue(seed, deep(random.nextInt(990, 1_100))));
            case HUGE_NUMBER -> hugeNumber(seed);
            case LONG_STRING -> bytes(replaceSomeValue(seed, NODES.textNode(longText())));
            case WRONG_TYPE -> bytes(replaceSomeValue(seed, anyValue()));
            case REMOVE_MEMBER -> bytes(removeSomeMember(seed));
            case ADD_MEMBER -> bytes(addMember(seed));
            case DUPLICATE_MEMBER -> duplicateMember(seed);
            case SWAP_TYPE -> bytes(swapType(seed));
            case ODD_VERSION -> bytes(oddVersion(seed));
            case GARBAGE -> garbage();
            case ODD_TEXT -> bytes(replaceSomeValue(seed, NODES.textNode(oddText())));
            case UNCHANGED -> bytes(seed);
        };
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private byte[] flipBits(byte[] in) {
        byte[] out = in.clone();
        int flips = 1 + random.nextInt(8);
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(out.length);
            out[at] ^= (byte) (1 << random.nextInt(8));
        }
        return out;
    }

    private byte[] truncate(byte[] in) {
        return java.util.Arrays.copyOf(in, random.nextInt(in.length));
    }

    /** Arrays or objects nested {@code depth} deep. */
    private JsonNode deep(int depth) {
        boolean objects = random.nextBoolean();
        JsonNode inner = NODES.numberNode(1);
        for (int i = 0; i < depth; i++) {
            if (objects) {
                ObjectNode o = NODES.objectNode();
                o.set("a", inner);
                inner = o;
            } else {
                ArrayNode a = NODES.arrayNode();
                a.add(inner);
                inner = a;
            }
        }
        return inner;
    }

    /** A number of 19 to 1,100 digits (longs overflow at 19; readers refuse more than 1,000). */
    private byte[] hugeNumber(ObjectNode seed) {
        int digits = random.nextBoolean() ? random.nextInt(19, 40) : random.nextInt(990, 1_100);
        StringBuilder number = new StringBuilder(random.nextBoolean() ? "-" : "");
        number.append((char) ('1' + random.nextInt(9)));
        for (int i = 1; i < digits; i++) {
            number.append((char) ('0' + random.nextInt(10)));
        }
        if (random.nextInt(4) == 0) {
            number.append(".5e").append(random.nextInt(400));
        }
        // written as text so that it reaches the reader exactly as written
        String marker = "\"@@NUMBER@@\"";
        String text = new String(bytes(replaceSomeValue(seed, NODES.textNode("@@NUMBER@@"))), StandardCharsets.UTF_8);
        return text.replace(marker, number).getBytes(StandardCharsets.UTF_8);
    }

    private String longText() {
        // mostly short, sometimes long, now and then exactly the longest: lengths spread over every power of two
        int length = random.nextInt(16) == 0 ? maxStringChars
                : Math.min(maxStringChars, 1 << random.nextInt(1, 1 + Math.max(1, 31 - Integer.numberOfLeadingZeros(maxStringChars))));
        char c = (char) ('a' + random.nextInt(26));
        return String.valueOf(c).repeat(length);
    }

    private String oddText() {
        return switch (random.nextInt(8)) {
            case 0 -> "";
            case 1 -> " ";
            case 2 -> "\u0000";
            case 3 -> "\ud800"; // a lone surrogate
            case 4 -> "e4\u202e";
            case 5 -> "9999-99-99T99:99:99Z";
            case 6 -> "00000000-0000-0000-0000-00000000000g";
            default -> "null";
        };
    }

    private JsonNode anyValue() {
        return switch (random.nextInt(9)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextInt());
            case 3 -> NODES.numberNode(random.nextLong());
            case 4 -> NODES.numberNode(random.nextDouble() * 1e6);
            case 5 -> NODES.textNode("x" + random.nextInt(100));
            case 6 -> NODES.arrayNode().add(random.nextInt(10));
            case 7 -> NODES.objectNode().put("x", 1);
            default -> NODES.numberNode(-1);
        };
    }

    /** Replaces a member's value at a random place in the tree (the root's members included) with {@code value}. */
    private ObjectNode replaceSomeValue(ObjectNode seed, JsonNode value) {
        ObjectNode copy = seed.deepCopy();
        List<Slot> slots = new ArrayList<>();
        collect(copy, slots);
        if (slots.isEmpty()) {
            copy.set("x", value);
            return copy;
        }
        slots.get(random.nextInt(slots.size())).set(value);
        return copy;
    }

    private ObjectNode removeSomeMember(ObjectNode seed) {
        ObjectNode copy = seed.deepCopy();
        List<Slot> slots = new ArrayList<>();
        collect(copy, slots);
        slots.removeIf(slot -> slot.object == null);
        if (!slots.isEmpty()) {
            Slot slot = slots.get(random.nextInt(slots.size()));
            slot.object.remove(slot.name);
        }
        return copy;
    }

    private ObjectNode addMember(ObjectNode seed) {
        ObjectNode copy = seed.deepCopy();
        List<ObjectNode> objects = new ArrayList<>();
        objects.add(copy);
        List<Slot> slots = new ArrayList<>();
        collect(copy, slots);
        for (Slot slot : slots) {
            if (slot.current() instanceof ObjectNode o) {
                objects.add(o);
            }
        }
        objects.get(random.nextInt(objects.size())).set("unexpected" + random.nextInt(3), anyValue());
        return copy;
    }

    /** A member written twice with different values (a JSON tree cannot hold it: done on the text). */
    private byte[] duplicateMember(ObjectNode seed) {
        List<String> names = new ArrayList<>();
        seed.fieldNames().forEachRemaining(names::add);
        String name = names.get(random.nextInt(names.size()));
        String text = new String(bytes(seed), StandardCharsets.UTF_8);
        String extra = "{\"" + name + "\":" + anyValue().toString() + ",";
        return (extra + text.substring(1)).getBytes(StandardCharsets.UTF_8);
    }

    private ObjectNode swapType(ObjectNode seed) {
        ObjectNode copy = seed.deepCopy();
        String type = random.nextInt(4) == 0 || typeNames.isEmpty() ? "unknown.Type" + random.nextInt(5)
                : typeNames.get(random.nextInt(typeNames.size()));
        copy.put("type", type);
        return copy;
    }

    private ObjectNode oddVersion(ObjectNode seed) {
        ObjectNode copy = seed.deepCopy();
        int[] versions = {0, -1, 2, 99, Integer.MAX_VALUE, Integer.MIN_VALUE};
        copy.put("version", versions[random.nextInt(versions.length)]);
        return copy;
    }

    private byte[] garbage() {
        return switch (random.nextInt(6)) {
            case 0 -> new byte[0];
            case 1 -> "null".getBytes(StandardCharsets.UTF_8);
            case 2 -> "[]".getBytes(StandardCharsets.UTF_8);
            case 3 -> "\"text\"".getBytes(StandardCharsets.UTF_8);
            case 4 -> "{}".getBytes(StandardCharsets.UTF_8);
            default -> {
                byte[] bytes = new byte[random.nextInt(1, 512)];
                random.nextBytes(bytes);
                yield bytes;
            }
        };
    }

    /** A place in the tree a value can be put: a member of an object or an element of an array. */
    private static final class Slot {
        final ObjectNode object;
        final String name;
        final ArrayNode array;
        final int index;

        Slot(ObjectNode object, String name) {
            this.object = object;
            this.name = name;
            this.array = null;
            this.index = -1;
        }

        Slot(ArrayNode array, int index) {
            this.object = null;
            this.name = null;
            this.array = array;
            this.index = index;
        }

        JsonNode current() {
            return object != null ? object.get(name) : array.get(index);
        }

        void set(JsonNode value) {
            if (object != null) {
                object.set(name, value);
            } else {
                array.set(index, value);
            }
        }
    }

    private static void collect(JsonNode node, List<Slot> slots) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                names.add(it.next().getKey());
            }
            for (String name : names) {
                slots.add(new Slot(object, name));
                collect(object.get(name), slots);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(new Slot(array, i));
                collect(array.get(i), slots);
            }
        }
    }
}

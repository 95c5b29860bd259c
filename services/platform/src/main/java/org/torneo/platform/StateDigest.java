package org.torneo.platform;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import org.torneo.contracts.codec.Canonical;

/**
 * A SHA-256 digest of a service's state, for restart tests: the state rebuilt by replay must have
 * the same digest as the state before the stop. The dump is canonical: records and objects by
 * their fields, map entries and set elements sorted, object members sorted, no whitespace
 * (see org.torneo.contracts.codec.Canonical). Lists keep their order. A state the dump cannot
 * walk (e.g. a cyclic graph) should override {@code toString()} deterministically and be digested
 * with {@link #ofText(Object)}.
 */
public final class StateDigest {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new SimpleModule().addSerializer(new SortedSetSerializer()))
            .visibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();

    private StateDigest() {
    }

    /** The canonical dump of a state (any object graph of records, collections, enums, values). */
    public static String dump(Object state) {
        return new String(Canonical.bytes(MAPPER.valueToTree(state)), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** SHA-256 (lowercase hex) of the canonical dump. */
    public static String of(Object state) {
        JsonNode tree = MAPPER.valueToTree(state);
        return Canonical.sha256Hex(Canonical.bytes(tree));
    }

    /** SHA-256 of {@code state.toString()}, for states that are not plain data graphs. */
    public static String ofText(Object state) {
        return Canonical.sha256Hex(String.valueOf(state).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Sets have no order: write their elements sorted by their canonical JSON. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final class SortedSetSerializer extends StdSerializer<Set> {
        SortedSetSerializer() {
            super(Set.class);
        }

        @Override
        public void serialize(Set set, JsonGenerator gen, SerializerProvider provider) throws IOException {
            List<String> elements = new ArrayList<>();
            for (Object element : (Collection<Object>) set) {
                elements.add(new String(Canonical.bytes(MAPPER.valueToTree(element)),
                        java.nio.charset.StandardCharsets.UTF_8));
            }
            elements.sort(null);
            gen.writeStartArray();
            for (String element : elements) {
                gen.writeRawValue(element);
            }
            gen.writeEndArray();
        }
    }
}

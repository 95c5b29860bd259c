package org.torneo.platform.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import org.torneo.contracts.codec.DecodingException;
import org.torneo.platform.AggregateState;

/**
 * Writes and reads the aggregates of a store as JSON, by their fields. Works for states made of
 * records, collections, enums and values; a state Jackson cannot rebuild (e.g. an interface field
 * without type information) fails the round-trip check and the runtime then keeps replaying from
 * the beginning instead.
 */
public final class SnapshotCodec<S> {

    /** The serialised content of a snapshot. */
    public record Content<S>(List<AggregateState<S>> aggregates, List<UUID> processedInputs) {
    }

    private final ObjectMapper mapper = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .visibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private final JavaType contentType;

    public SnapshotCodec(Class<S> stateType) {
        JavaType state = mapper.getTypeFactory().constructType(stateType);
        contentType = mapper.getTypeFactory().constructParametricType(Content.class, state);
    }

    public String write(Content<S> content) {
        try {
            return mapper.writeValueAsString(content);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the snapshot: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads a snapshot back.
     *
     * @throws DecodingException with the reason (and line and column when the parser knew them) for anything
     *                           unreadable; never another exception, whatever the text (the runtime then replays
     *                           from the beginning)
     */
    public Content<S> read(String json) {
        if (json == null) {
            throw new DecodingException("cannot read the snapshot: no text");
        }
        try {
            return mapper.readValue(json, contentType);
        } catch (JsonProcessingException e) {
            var location = e.getLocation();
            String where = location == null || location.getLineNr() < 0 ? ""
                    : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
            throw new DecodingException("cannot read the snapshot" + where + ": " + e.getOriginalMessage(), e);
        } catch (RuntimeException | StackOverflowError e) {
            throw new DecodingException("cannot read the snapshot: " + e, e);
        }
    }
}

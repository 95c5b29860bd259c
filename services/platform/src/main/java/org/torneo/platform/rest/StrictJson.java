package org.torneo.platform.rest;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * The services' REST bodies refuse a member written twice ({"by":1,"by":"WHITE"}), as the codec does: a 400 that
 * names the member, instead of one reader's guess at which value counts (and, for some records, a 500 from the
 * deserializer's handling of the second value).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
    }
}

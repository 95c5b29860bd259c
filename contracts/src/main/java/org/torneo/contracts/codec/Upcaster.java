package org.torneo.contracts.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Turns the JSON payload of version N of a message type into version N+1 (events never change
 * meaning: a breaking change is a new version and an upcaster). Registered with
 * {@link MessageCatalog.Builder#upcaster(String, int, Upcaster)}; the codec chains them up to the
 * current version. Upcasters work on the JSON tree so the old record class need not exist.
 */
@FunctionalInterface
public interface Upcaster {
    ObjectNode upcast(ObjectNode payloadOfOlderVersion);
}

package org.torneo.contracts;

/**
 * A command or an event payload that travels on a topic. Every concrete message is a record
 * annotated with {@link MessageType}, inside a sealed hierarchy per stream
 * (e.g. org.torneo.contracts.clock.ClockEvent). The codec writes the type name and schema version.
 */
public interface Message {
}

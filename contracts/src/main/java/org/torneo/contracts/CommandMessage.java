package org.torneo.contracts;

/** A request to a service; it may be rejected. Imperative names: SubmitMove, StartClock. */
public interface CommandMessage extends Message {
}

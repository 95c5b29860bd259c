package org.torneo.contracts;

/** A fact in the past tense; never changes meaning. Names: MovePlayed, FlagFell. */
public interface EventMessage extends Message {
}

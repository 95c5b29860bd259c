package org.torneo.platform;

import java.util.Objects;

import org.torneo.contracts.Envelope;

/** One aggregate as the runtime holds it: the decider's state and the head of its hash chain. */
public record AggregateState<S>(String aggregateId, S state, long sequence, String lastHash) {

    public AggregateState {
        Objects.requireNonNull(aggregateId, "aggregateId");
        Objects.requireNonNull(lastHash, "lastHash");
    }

    public static <S> AggregateState<S> initial(String aggregateId, S state) {
        return new AggregateState<>(aggregateId, state, 0, Envelope.GENESIS_HASH);
    }
}

package org.torneo.architecture;

import java.util.List;

import org.torneo.contracts.Decider;

/** The wrong shape on purpose, for {@link DeciderShapeTest}: a decider whose decide hides inputs behind a default. */
final class DecideWithADefault implements Decider<Object, String, Integer> {

    @Override
    public Integer initialState() {
        return 0;
    }

    @Override
    public List<String> decide(Object command, Integer state) {
        // default -> in a comment is not a branch
        return switch (command) {
            case String s -> List.of(s);
            default -> List.of();
        };
    }

    @Override
    public Integer evolve(Integer state, String event) {
        return state + 1;
    }
}

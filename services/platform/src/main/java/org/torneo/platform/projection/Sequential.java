package org.torneo.platform.projection;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * Runs reactive steps one after another, each starting when the previous one has ended, at a constant stack
 * depth.
 *
 * <p>Why not {@code chain = chain.chain(step)} in a loop: a Uni chained N times subscribes N levels deep, and a
 * committed batch can hold thousands of events. A few thousand levels overflow a thread's stack, and on a Vert.x
 * event loop the StackOverflowError is swallowed by the network layer: the database transaction stays open
 * after BEGIN and the runtime waiting for the projection stalls for ever, with nothing in the log. Concatenating
 * a Multi subscribes to one step at a time instead.
 */
public final class Sequential {

    private Sequential() {
    }

    /** Runs {@code step} for each item in order; fails with the first failure. */
    public static <T> Uni<Void> each(Iterable<T> items, Function<? super T, Uni<?>> step) {
        return Multi.createFrom().iterable(items)
                .onItem().transformToUniAndConcatenate(item -> step.apply(item).replaceWithVoid())
                .onItem().ignoreAsUni();
    }

    /** Runs the steps in order; fails with the first failure. */
    public static Uni<Void> all(List<Supplier<Uni<?>>> steps) {
        return each(steps, Supplier::get);
    }
}

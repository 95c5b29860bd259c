package org.torneo.pairing.tournament;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tournament state's collections, immutable and in insertion order, made so that the state's constructor need
 * not copy them again. Why: the state is folded once per event, and copying every player, number and handled command
 * at each of a 5,000-player event's thousands of events made its replay quadratic (the replay benchmark, issue 21). A
 * collection handed in that is already one of these is kept as it is; any other is copied once.
 */
final class Frozen {

    private Frozen() {
    }

    /** {@code entries} as an immutable map in their order: itself when it is one already, else a copy. */
    static <K, V> Map<K, V> map(Map<K, V> entries) {
        return entries instanceof FrozenMap<K, V> frozen ? frozen : new FrozenMap<>(entries);
    }

    /** {@code elements} as an immutable set in their order: itself when it is one already, else a copy. */
    static <T> Set<T> set(Set<T> elements) {
        return elements instanceof FrozenSet<T> frozen ? frozen : new FrozenSet<>(elements);
    }

    /** The command ids handled: {@link Handled#with} adds one without copying the others. */
    static Handled handled(Collection<String> commandIds) {
        return commandIds instanceof Handled handled ? handled : Handled.of(commandIds);
    }

    private static final class FrozenMap<K, V> extends AbstractMap<K, V> {
        private final Map<K, V> view;

        FrozenMap(Map<K, V> entries) {
            this.view = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }

        @Override
        public Set<Entry<K, V>> entrySet() {
            return view.entrySet();
        }

        @Override
        public V get(Object key) {
            return view.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return view.containsKey(key);
        }

        @Override
        public int size() {
            return view.size();
        }
    }

    private static final class FrozenSet<T> extends AbstractSet<T> {
        private final Set<T> view;

        FrozenSet(Set<T> elements) {
            this.view = Collections.unmodifiableSet(new LinkedHashSet<>(elements));
        }

        @Override
        public Iterator<T> iterator() {
            return view.iterator();
        }

        @Override
        public boolean contains(Object o) {
            return view.contains(o);
        }

        @Override
        public int size() {
            return view.size();
        }
    }

    /**
     * An immutable set of command ids in the order handled, sharing one append-only store with the sets it was made
     * from: {@link #with} appends to the store when this is its newest set (each event of a replay), and copies the
     * first {@code size} ids only when an older set is extended (a batch decided again after its transaction failed).
     * A set sees only the first {@code size} ids of the store.
     */
    static final class Handled extends AbstractSet<String> {
        private final Store store;
        private final int size;

        private static final class Store {
            final List<String> order = new ArrayList<>();
            final Map<String, Integer> index = new HashMap<>();

            void append(String id) {
                index.put(id, order.size());
                order.add(id);
            }
        }

        private Handled(Store store, int size) {
            this.store = store;
            this.size = size;
        }

        static Handled of(Collection<String> ids) {
            Store store = new Store();
            for (String id : ids) {
                if (!store.index.containsKey(id)) {
                    store.append(id);
                }
            }
            return new Handled(store, store.order.size());
        }

        /** This set and {@code id}. */
        Handled with(String id) {
            synchronized (store) {
                if (holds(id)) {
                    return this;
                }
                if (store.order.size() == size) {
                    store.append(id);
                    return new Handled(store, size + 1);
                }
                Store copy = new Store();
                store.order.subList(0, size).forEach(copy::append);
                copy.append(id);
                return new Handled(copy, size + 1);
            }
        }

        private boolean holds(Object id) {
            Integer at = store.index.get(id);
            return at != null && at < size;
        }

        @Override
        public boolean contains(Object id) {
            synchronized (store) {
                return holds(id);
            }
        }

        @Override
        public Iterator<String> iterator() {
            synchronized (store) {
                return List.copyOf(store.order.subList(0, size)).iterator();
            }
        }

        @Override
        public int size() {
            return size;
        }
    }
}

package org.torneo.platform.snapshot;

import java.util.Optional;

/** Where a service keeps its latest snapshot (PostgreSQL in the apps, memory in tests). */
public interface SnapshotStore {

    Optional<Snapshot> load(String service);

    /** Replaces the service's snapshot. */
    void save(Snapshot snapshot);
}

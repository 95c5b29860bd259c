package org.torneo.platform.snapshot;

import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import org.torneo.platform.projection.Projections;

/**
 * Snapshots in PostgreSQL (table torneo_snapshot, one row per service) through Hibernate Reactive.
 * <pre>
 * runtime.enableSnapshots(pgSnapshots, GameState.class, 10_000);
 * </pre>
 * Called from the runtime's thread (blocking on the reactive work), like the projections.
 */
@ApplicationScoped
public class PgSnapshotStore implements SnapshotStore {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Long>> POSITIONS = new TypeReference<>() {
    };

    @Inject
    Projections projections;

    @Override
    public Optional<Snapshot> load(String service) {
        SnapshotRow row = projections.run(session -> session.find(SnapshotRow.class, service));
        if (row == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Snapshot(row.service, JSON.readValue(row.positions, POSITIONS), row.events,
                    row.state));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable snapshot positions of " + service, e);
        }
    }

    @Override
    public void save(Snapshot snapshot) {
        String positions;
        try {
            positions = JSON.writeValueAsString(snapshot.positions());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        projections.run(session -> session.find(SnapshotRow.class, snapshot.service()).chain(found -> {
            SnapshotRow row = found != null ? found : new SnapshotRow();
            row.service = snapshot.service();
            row.positions = positions;
            row.events = snapshot.events();
            row.state = snapshot.stateJson();
            return found != null ? Uni.createFrom().voidItem() : session.persist(row);
        }));
    }
}

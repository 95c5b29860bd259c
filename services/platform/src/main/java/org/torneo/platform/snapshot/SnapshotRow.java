package org.torneo.platform.snapshot;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The latest snapshot of one service (PostgreSQL table torneo_snapshot). */
@Entity
@Table(name = "torneo_snapshot")
public class SnapshotRow {
    @Id
    public String service;

    /** JSON object "topic:partition" → next offset. */
    @Column(columnDefinition = "text", nullable = false)
    public String positions;

    public long events;

    @Column(columnDefinition = "text", nullable = false)
    public String state;
}

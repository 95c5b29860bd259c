package org.torneo.platform;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The toy service's projection: one row per game. */
@Entity
@Table(name = "toy_game")
public class ToyGameRow {
    @Id
    public String gameId;
    public int moves;
    public boolean over;
    public long lastSequence;
}

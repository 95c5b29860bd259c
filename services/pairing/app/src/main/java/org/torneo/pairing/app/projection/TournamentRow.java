package org.torneo.pairing.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One tournament as last recorded (derived data, rebuilt from the log). */
@Entity
@Table(name = "tournament")
public class TournamentRow {
    @Id
    public String tournamentId;
    public String name;
    public String pairingSystem;
    public String rulesetId;
    public int totalRounds;
    /** The last round paired, 0 before the first. */
    public int lastRound;
    public boolean lastRoundClosed;
    public int players;
    public long lastSequence;
}

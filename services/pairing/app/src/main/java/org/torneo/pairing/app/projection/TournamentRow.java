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
    /** The event the tournament belongs to (TournamentCreated version 2; a tournament of version 1 is its own). */
    public String eventId;
    public String eventName;
    /** The organiser's bye rules: the most half-point byes per player (null: no limit), the last rounds without. */
    public Integer maxHalfPointByes;
    public int noHalfPointByeLastRounds;
    /** The last round a player may join (null: any round not yet paired). */
    public Integer lastEntryRound;
}

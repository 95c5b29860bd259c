package org.torneo.rating.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** One player's line of the last published standings of a tournament. */
@Entity
@Table(name = "standing", indexes = @Index(name = "standing_by_tournament", columnList = "tournamentId"))
public class StandingRow {
    /** tournament id + "/" + start number. */
    @Id
    public String id;
    public String tournamentId;
    public int afterRound;
    public int startNumber;
    public String playerId;
    public int rank;
    /** The PTS value when PTS is announced, else null. */
    public String points;
    /** The announced tie-breaks, comma separated, and this player's values in that order (NA = undefined). */
    public String tieBreaks;
    public String tieBreakValues;
}

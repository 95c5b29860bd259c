package org.torneo.clock.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * One game's clock as last recorded (derived data: rebuilt from the log). Remaining times are those
 * at {@code segmentStart} for the running side; the REST query computes the reading at "now".
 */
@Entity
@Table(name = "clock")
public class ClockRow {
    @Id
    public String gameId;
    public String status;
    public String control;
    public String blackControl;
    public String runningSide;
    public long whiteMillis;
    public long blackMillis;
    public int whiteMoves;
    public int blackMoves;
    public int whitePeriod;
    public int blackPeriod;
    public Long whiteFlagFellAt;
    public Long blackFlagFellAt;
    /** When the running flag falls if nobody presses, or null. */
    public Long deadline;
    public long lastEventAt;
    public long lastSequence;
}

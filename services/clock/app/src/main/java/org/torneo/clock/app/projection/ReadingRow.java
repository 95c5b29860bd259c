package org.torneo.clock.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** The clock reading after one completed move: PGN %clk (time left) and %emt (time used). */
@Entity
@Table(name = "clock_reading", indexes = @Index(name = "clock_reading_game", columnList = "gameId,sequence"))
public class ReadingRow {
    /** gameId + "#" + the event's sequence: projecting the same event twice writes the same row. */
    @Id
    public String id;
    public String gameId;
    public long sequence;
    public String side;
    public int moveNumber;
    public long at;
    public long elapsedMillis;
    public long remainingMillis;
    public long bonusMillis;
    public long periodTimeAdded;
    public int period;
    public String clk;
    public String emt;
}

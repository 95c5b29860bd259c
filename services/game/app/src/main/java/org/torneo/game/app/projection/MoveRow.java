package org.torneo.game.app.projection;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * One MovePlayed (key: game id and event sequence, so projecting it twice changes nothing). Moves later taken
 * back keep their row: the history shows what was played and what was undone (see {@link IncidentRow#keptPlies}).
 */
@Entity
@Table(name = "game_move", indexes = {@Index(name = "move_by_game", columnList = "gameId,sequence")})
public class MoveRow {
    @Id
    public String id;
    public String gameId;
    public long sequence;
    public int ply;
    public String side;
    public String san;
    public String uci;
    @Column(length = 100)
    public String fenAfter;
    public String source;
    public Long whiteMillis;
    public Long blackMillis;
    public Instant playedAt;
    public UUID causationId;
}

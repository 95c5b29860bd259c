package org.torneo.game.app.projection;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/**
 * Every game event other than a move: offers, claims and their rulings with the evidence, arbiter rulings,
 * illegal moves, takebacks, completions, results and rejected commands (the audit of a game).
 */
@Entity
@Table(name = "game_incident", indexes = {@Index(name = "incident_by_game", columnList = "gameId,sequence"),
        @Index(name = "incident_by_command", columnList = "causationId")})
public class IncidentRow {
    @Id
    public String id;
    public String gameId;
    public long sequence;
    /** The event type, e.g. "game.DrawOffered", "game.CommandRejected", "results.GameEnded". */
    public String type;
    /** OFFER, CLAIM, RULING, REJECTION, ILLEGAL_MOVE, TAKEBACK, RESULT or OTHER. */
    public String category;
    public String side;
    public String kind;
    public String article;
    @Column(length = 2000)
    public String reason;
    /** The event's payload as JSON (the evidence of a claim, the penalty, ...). */
    @Column(columnDefinition = "text")
    public String details;
    /** For a takeback: the plies that remain. */
    public Integer keptPlies;
    public String actorRole;
    public String actorId;
    public UUID causationId;
    public Instant at;
}

package org.torneo.pairing.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** A player without a game in a published round: why, and the points it scores. */
@Entity
@Table(name = "tournament_bye", indexes = @Index(name = "tournament_bye_by_round", columnList = "tournamentId, round"))
public class ByeRow {
    /** tournament id + "/" + round + "/" + player id. */
    @Id
    public String id;
    public String tournamentId;
    public int round;
    public String playerId;
    public String kind;
    public int pointsHalves;
}

package org.torneo.pairing.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** A registered player: frozen pairing number (null until first paired) and score in half-points. */
@Entity
@Table(name = "tournament_player", indexes = @Index(name = "tournament_player_by_tournament", columnList = "tournamentId"))
public class PlayerRow {
    /** tournament id + "/" + player id. */
    @Id
    public String id;
    public String tournamentId;
    public String playerId;
    public String name;
    public int rating;
    public Integer pairingNumber;
    public int scoreHalves;
    public int joinsRound;
    public boolean withdrawn;
    /** FIDE title, "" when none (null in rows written before V2). */
    public String title;
    /** Federation (three letters), "" when none (null in rows written before V2). */
    public String federation;
    /** Checked in before round 1 (V4; false in rows written before, and in events without check-in). */
    public boolean checkedIn;
}

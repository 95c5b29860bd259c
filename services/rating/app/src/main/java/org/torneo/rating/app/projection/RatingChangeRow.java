package org.torneo.rating.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** One player's last published rating change (B.02) in a tournament; amounts in hundredths. */
@Entity
@Table(name = "rating_change", indexes = @Index(name = "rating_change_by_tournament", columnList = "tournamentId"))
public class RatingChangeRow {
    /** tournament id + "/" + start number. */
    @Id
    public String id;
    public String tournamentId;
    public int afterRound;
    public String ratingDate;
    public int startNumber;
    public String playerId;
    public int rating;
    public int games;
    public int scoreCenti;
    public int kFactor;
    public long changeCenti;
    public Integer averageRatingOfOpponents;
    public Integer performance;
    public Integer initialRating;
}

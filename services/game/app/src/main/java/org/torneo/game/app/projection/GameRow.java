package org.torneo.game.app.projection;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** One game as last decided (derived data: rebuilt from the log on start). */
@Entity
@Table(name = "game", indexes = {@Index(name = "game_by_round", columnList = "tournamentId,round,hall,board")})
public class GameRow {
    @Id
    public String gameId;
    public String tournamentId;
    public int round;
    public int board;
    public String hall;
    public String whitePlayerId;
    public String blackPlayerId;
    public String edition;
    public String category;
    @Column(length = 100)
    public String initialFen;
    /**
     * NOT_STARTED, IN_PROGRESS, ADJOURNED, ENDED, CANCELLED (a pairing correction removed the game before it began: no
     * result; endReason CANCELLED_BY_PAIRING_CORRECTION, played false, endedAt the cancellation)
     */
    public String phase;
    public int plies;
    @Column(length = 100)
    public String fen;
    public String sideToMove;
    /** The side whose draw offer is pending, or null. */
    public String pendingOfferBy;
    public Long whiteMillis;
    public Long blackMillis;
    /** "1-0", "0-1", "1/2-1/2", ... once ended; null while playing and for a cancelled game. */
    public String result;
    public String resultName;
    public Integer whiteHalfPoints;
    public Integer blackHalfPoints;
    public String endReason;
    public String endArticle;
    public Boolean played;
    public Instant startedAt;
    public Instant endedAt;
    public long lastSequence;
    /**
     * Not stored: set on a copy shown to a spectator while the tournament's broadcast delay holds the game back (why,
     * and where to read it: the feed); null otherwise, and then left out of the JSON.
     */
    @jakarta.persistence.Transient
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public String withheld;
}

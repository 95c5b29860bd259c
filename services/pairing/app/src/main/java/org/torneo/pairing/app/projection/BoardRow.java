package org.torneo.pairing.app.projection;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** One board of a published round (as corrected, if it was), with its result once recorded. */
@Entity
@Table(name = "tournament_board", indexes = @Index(name = "tournament_board_by_round", columnList = "tournamentId, round"))
public class BoardRow {
    /** tournament id + "/" + round + "/" + board number. */
    @Id
    public String id;
    public String tournamentId;
    public int round;
    public int board;
    public String hall;
    public String white;
    public String black;
    /** WHITE_WINS, DRAW, BLACK_WINS, DOUBLE_LOSS, or null while the game is on. */
    public String result;
    public Boolean played;
}

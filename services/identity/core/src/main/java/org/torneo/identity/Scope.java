package org.torneo.identity;

import java.util.Objects;

import org.torneo.contracts.Side;

/**
 * What a permission is checked against: a tournament and, as the action needs, a hall and board, the game's two
 * players, the side that acts (the mover, the claimant), or a player (his bye, his withdrawal). Fields an action does
 * not concern are null (board 0).
 *
 * @param tournamentId the tournament (never null)
 * @param hall         the hall of the board, or null (then the hall is found from the tournament's board ranges)
 * @param board        the board number, or 0
 * @param white        the White player's id, or null
 * @param black        the Black player's id, or null
 * @param side         the side that acts (moves, offers, claims, resigns, presses), or null
 * @param playerId     the player the action concerns (bye, withdrawal, account link), or null
 */
public record Scope(String tournamentId, String hall, int board, String white, String black, Side side,
                    String playerId) {

    public Scope {
        Objects.requireNonNull(tournamentId, "tournamentId");
        if (board < 0) {
            throw new IllegalArgumentException("board must be 0 (none) or a board number, was " + board);
        }
    }

    /** A tournament-wide action (pairing, closing a round, appointing). */
    public static Scope tournament(String tournamentId) {
        return new Scope(tournamentId, null, 0, null, null, null, null);
    }

    /** An action on one hall (appointing its arbiter, assigning its devices). */
    public static Scope hall(String tournamentId, String hall) {
        return new Scope(tournamentId, hall, 0, null, null, null, null);
    }

    /** One board of a hall without its game (assigning a device). */
    public static Scope board(String tournamentId, String hall, int board) {
        return new Scope(tournamentId, hall, board, null, null, null, null);
    }

    /** One game: its hall (null: found from the board), board and players. Add the acting side with {@link #by}. */
    public static Scope game(String tournamentId, String hall, int board, String white, String black) {
        return new Scope(tournamentId, hall, board, white, black, null, null);
    }

    /** One player's own business (his bye, his withdrawal, his account). */
    public static Scope player(String tournamentId, String playerId) {
        return new Scope(tournamentId, null, 0, null, null, null, playerId);
    }

    /** This game scope with the side that acts. */
    public Scope by(Side acting) {
        return new Scope(tournamentId, hall, board, white, black, acting, playerId);
    }

    /** The player of the acting side, or null when the side or the players are not known. */
    public String actingPlayer() {
        if (side == null) {
            return null;
        }
        return side == Side.WHITE ? white : black;
    }

    /** "board 12 (hall A) of t-1", "hall B of t-1", "t-1", for reasons. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        if (board > 0) {
            text.append("board ").append(board);
            if (hall != null) {
                text.append(" (hall ").append(hall).append(')');
            }
            text.append(" of ");
        } else if (hall != null) {
            text.append("hall ").append(hall).append(" of ");
        }
        return text.append(tournamentId).toString();
    }
}

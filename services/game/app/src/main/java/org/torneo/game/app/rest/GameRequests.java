package org.torneo.game.app.rest;

import org.torneo.contracts.clock.TimeControl;

/**
 * Bodies of the game service's POST requests (JSON). Who sends them is the bearer token's account (README "Routes and
 * roles").
 */
public final class GameRequests {

    private GameRequests() {
    }

    /**
     * @param move        SAN, LAN or UCI ("Nf3", "g1-f3", "g1f3")
     * @param notation    AUTO (default), SAN, LAN or UCI
     * @param source      BOARD (default), EBOARD, ARBITER ...
     * @param whiteMillis the clocks after the move, when the edge knows them
     */
    public record SubmitMove(String move, String notation, String source, Long whiteMillis, Long blackMillis) {
    }

    /** @param action OFFER (default), ACCEPT or DECLINE */
    public record Offer(String by, String action) {
    }

    /**
     * @param kind        THREEFOLD, FIFTY_MOVES, ... or QUICKPLAY_FINISH / QUICKPLAY_INCREMENT (1997/2001 10.2,
     *                    2018 Guidelines III.4-5)
     * @param whiteMillis the clocks when the claim is made (a quickplay-finish claim is judged on them)
     */
    public record Claim(String by, String kind, String intendedMove, Long whiteMillis, Long blackMillis) {
    }

    /**
     * The arbiter postpones a quickplay-finish claim to watch the game (2018 III.5): {@code opponentBonusMillis}
     * (0 or 120000) is added to the claimant's opponent.
     */
    public record Postpone(Long opponentBonusMillis, String article, String details) {
    }

    public record Resign(String by) {
    }

    /** playedOverTheBoard: for DECLARE_RESULT, true for a result entered from the signed scoresheets (FIDE 2018 8.7). */
    public record Ruling(String kind, String article, String details, String side, String result,
                         Integer whiteHalfPoints, Integer blackHalfPoints, Integer restoreToPly, Long timeMillis,
                         Boolean playedOverTheBoard) {
    }

    /**
     * An organiser's single game; gameId is generated when absent; chess960Position 0-959 or null;
     * quickplayFinish NOT_ANNOUNCED (default), DRAW_CLAIMS or INCREMENT_ON_REQUEST (2018 Guidelines III).
     */
    public record NewGame(String gameId, String tournamentId, Integer round, Integer board, String white, String black,
                          String edition, String category, String initialFen, Integer chess960Position, String hall,
                          TimeControl timeControl,
                          Integer drawOffersFromMove, Boolean adequateSupervision, String quickplayFinish) {
    }

    /** The answer to every POST: the command was accepted by the broker; its outcome is at {@code status}. */
    public record Accepted(String commandId, String gameId, String status) {
    }

    public record Problem(String error) {
    }
}

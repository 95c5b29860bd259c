package org.torneo.game.app.rest;

import org.torneo.contracts.clock.TimeControl;

/** Bodies of the game service's POST requests (JSON). Who sends them is the X-Torneo-Role / X-Torneo-Actor header. */
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

    public record Claim(String by, String kind, String intendedMove) {
    }

    public record Resign(String by) {
    }

    public record Ruling(String kind, String article, String details, String side, String result,
                         Integer whiteHalfPoints, Integer blackHalfPoints, Integer restoreToPly, Long timeMillis) {
    }

    /** An organiser's single game; gameId is generated when absent; chess960Position 0-959 or null. */
    public record NewGame(String gameId, String tournamentId, Integer round, Integer board, String white, String black,
                          String edition, String category, String initialFen, Integer chess960Position, String hall,
                          TimeControl timeControl,
                          Integer drawOffersFromMove, Boolean adequateSupervision) {
    }

    /** The answer to every POST: the command was accepted by the broker; its outcome is at {@code status}. */
    public record Accepted(String commandId, String gameId, String status) {
    }

    public record Problem(String error) {
    }
}

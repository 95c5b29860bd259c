package org.torneo.contracts.game;

import java.util.Objects;

/**
 * The one name of the game played on a board of a tournament round: {@code <tournament>-r<round>-b<board>},
 * e.g. {@code open-2026-r3-b12}. The game service's round starter names every game it starts so; the pairing
 * service's round anchors, the audit and the demo look games up by the same name. Stable, so the same pairing
 * always names the same game, and a restarted starter recognises the games it has already started.
 */
public final class BoardGameId {

    private BoardGameId() {
    }

    /** The game on {@code board} of {@code round} of {@code tournamentId}; round and board count from 1. */
    public static String of(String tournamentId, int round, int board) {
        Objects.requireNonNull(tournamentId, "tournamentId");
        if (tournamentId.isBlank()) {
            throw new IllegalArgumentException("a game's tournament id must not be blank");
        }
        if (round < 1 || board < 1) {
            throw new IllegalArgumentException("round and board count from 1, not round " + round
                    + " board " + board);
        }
        return tournamentId + "-r" + round + "-b" + board;
    }
}

package org.torneo.contracts.tournament;

import java.util.Objects;

/**
 * One change by hand to a published round's pairing.
 *
 * @param kind           what changes
 * @param firstPlayerId  SWAP_PLAYERS: one of the two; PAIR_UNPAIRED: the player given White; else null
 * @param secondPlayerId SWAP_PLAYERS: the other; PAIR_UNPAIRED: the player given Black; else null
 * @param board          EXCHANGE_COLOURS: the board; else 0
 */
public record HandChange(HandChangeKind kind, String firstPlayerId, String secondPlayerId, int board) {
    public HandChange {
        Objects.requireNonNull(kind, "kind");
    }

    public static HandChange swap(String first, String second) {
        return new HandChange(HandChangeKind.SWAP_PLAYERS, first, second, 0);
    }

    public static HandChange exchangeColours(int board) {
        return new HandChange(HandChangeKind.EXCHANGE_COLOURS, null, null, board);
    }

    public static HandChange pair(String white, String black) {
        return new HandChange(HandChangeKind.PAIR_UNPAIRED, white, black, 0);
    }
}

package org.torneo.cli.demo;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.DrawClaimKind;

/** One thing that happens at a board, in the order the demo sends it as a game command. */
sealed interface Step {

    Side by();

    /** The phase of the game a move is made in: how long a simulated player thinks depends on it. */
    enum Phase { OPENING, MIDDLEGAME, ENDGAME }

    /**
     * A move written on the scoresheet and entered by the player (SAN, English letters); the player then
     * presses the clock (FIDE 2018 6.2.1), except after a move that ends the game (5.1.1, 5.2.1, 5.2.2).
     */
    record Play(Side by, String san, Phase phase) implements Step {
    }

    /** An illegal move completed on the board and seen by the arbiter (FIDE 2018 7.5). */
    record Illegal(Side by, String move) implements Step {
    }

    /** A draw offer made right after the player's own move (FIDE 2018 9.1.2.1). */
    record Offer(Side by) implements Step {
    }

    record Accept(Side by) implements Step {
    }

    /** A draw claim without an intended move: valid or not, the game service decides (FIDE 2018 9.2, 9.3). */
    record Claim(Side by, DrawClaimKind kind) implements Step {
    }

    record Resign(Side by) implements Step {
    }

    /**
     * {@code by}, the player to move, stops moving: his clock runs until the clock service sees his flag fall
     * (FIDE 2018 6.1, 6.8) and the game service decides loss, or draw when the opponent cannot mate by any series
     * of legal moves (6.9). The demo sends nothing for it.
     */
    record FlagFall(Side by) implements Step {
    }
}

package org.torneo.cli.demo;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.DrawClaimKind;

/** One thing that happens at a board, in the order the demo sends it as a game command. */
sealed interface Step {

    Side by();

    /** A move written on the scoresheet and entered by the board operator (SAN, English letters). */
    record Play(Side by, String san) implements Step {
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
     * The arbiter sees the flag of {@code by} (the player to move) down in the final period (FIDE 2018 6.8);
     * the game service decides loss, or draw when the opponent cannot mate by any series of legal moves (6.9).
     */
    record FlagFall(Side by) implements Step {
    }
}

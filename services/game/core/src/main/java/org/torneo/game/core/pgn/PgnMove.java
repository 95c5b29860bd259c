package org.torneo.game.core.pgn;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One move as written in a PGN movetext: the SAN text (annotation glyphs such as {@code !?} stripped), the move
 * number written before it if any, its NAGs, the comments after it (text outside the commands), and the clock
 * commands of those comments: {@code [%clk h:mm:ss]} (the player's remaining time after the move) and
 * {@code [%emt h:mm:ss]} (time spent on the move). {@code line}/{@code column} locate the SAN in the text.
 */
public record PgnMove(String san, List<Integer> nags, String comment, Optional<Duration> clock,
                      Optional<Duration> elapsed, int line, int column) {
    public PgnMove {
        nags = List.copyOf(nags);
        comment = comment == null ? "" : comment;
    }

    public static PgnMove of(String san) {
        return new PgnMove(san, List.of(), "", Optional.empty(), Optional.empty(), 0, 0);
    }
}

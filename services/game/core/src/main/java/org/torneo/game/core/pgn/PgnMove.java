package org.torneo.game.core.pgn;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One move as written in a PGN movetext: the SAN text (annotation glyphs such as {@code !?} stripped), the move
 * number written before it if any, its NAGs, the comments after it (text outside the commands), and the clock
 * commands of those comments: {@code [%clk h:mm:ss]} (the player's remaining time after the move) and
 * {@code [%emt h:mm:ss]} (time spent on the move). {@code line}/{@code column} locate the SAN in the text.
 * {@code variations}: the recursive annotation variations written after the move (alternatives to it), each as
 * its text from '(' to ')' with whitespace normalised and ';' comments turned into brace comments; not played.
 */
public record PgnMove(String san, List<Integer> nags, String comment, Optional<Duration> clock,
                      Optional<Duration> elapsed, int line, int column, List<String> variations) {
    public PgnMove {
        nags = List.copyOf(nags);
        comment = comment == null ? "" : comment;
        variations = variations == null ? List.of() : List.copyOf(variations);
    }

    /** A move without variations. */
    public PgnMove(String san, List<Integer> nags, String comment, Optional<Duration> clock,
                   Optional<Duration> elapsed, int line, int column) {
        this(san, nags, comment, clock, elapsed, line, column, List.of());
    }

    public static PgnMove of(String san) {
        return new PgnMove(san, List.of(), "", Optional.empty(), Optional.empty(), 0, 0);
    }
}

package org.torneo.game.core.game.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Prints the cost of a ply over the first and the last 1,000 plies of a 10,000-ply FIDE 1997 game
 * ({@link LongGameBench}); a figure, not a timed assertion. Run with {@code -Pslow}.
 */
@Tag("slow")
class LongGameBenchmarkTest {

    @Test
    void printsTheCostOfAPlyAtTheStartAndAtTheEndOfATenThousandPlyGame() {
        LongGameBench.Figures figures = LongGameBench.run(10_000, 3, 1997L, System.out);
        System.out.printf(java.util.Locale.ROOT, "LongGameBench: first 1,000 plies %.3f ms/ply, last 1,000 plies %.3f "
                        + "ms/ply, last/first %.2f; medians %.3f and %.3f ms/ply%n", figures.firstNanosPerPly() / 1e6,
                figures.lastNanosPerPly() / 1e6, figures.ratio(), figures.firstMedianNanos() / 1e6,
                figures.lastMedianNanos() / 1e6);
        assertEquals(10_000, figures.plies());
    }
}

package org.torneo.rating.core.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.rating.core.score.ResultKind.DRAW;
import static org.torneo.rating.core.score.ResultKind.FORFEIT_LOSS;
import static org.torneo.rating.core.score.ResultKind.FORFEIT_WIN;
import static org.torneo.rating.core.score.ResultKind.LOSS;
import static org.torneo.rating.core.score.ResultKind.PAIRING_ALLOCATED_BYE;
import static org.torneo.rating.core.score.ResultKind.WIN;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.CrossTableBuilder;
import org.torneo.rating.core.score.Tournament;

/**
 * The worked examples of the 1970 book (Code 1970, tie-break chapter), rebuilt as minimal cross
 * tables: each opponent gets exactly the final score the book prints, through games against fillers.
 */
class BookWorkedExamplesTest {

    /** Example A, 1953 Southwest Open, 7 rounds: opponents identified by final place. */
    @Nested
    class SouthwestOpen1953 {
        static final int HUDSON = 4;
        static final int POLIAKOFF = 5;

        Tournament event() {
            var b = new CrossTableBuilder(7, 100);
            // Hudson: 30 W (round 1), 17 L, 10 W, 9 W, 8 W, 7 D, Poliakoff D
            b.game(1, HUDSON, 30, WIN).game(2, HUDSON, 17, LOSS).game(3, HUDSON, 10, WIN).game(4, HUDSON, 9, WIN)
                    .game(5, HUDSON, 8, WIN).game(6, HUDSON, 7, DRAW).game(7, HUDSON, POLIAKOFF, DRAW);
            // Poliakoff: 43 W (round 1), 22 W, 3 L, 2 W, 1 D, 10 W, Hudson D
            b.game(1, POLIAKOFF, 43, WIN).game(2, POLIAKOFF, 22, WIN).game(3, POLIAKOFF, 3, LOSS)
                    .game(4, POLIAKOFF, 2, WIN).game(5, POLIAKOFF, 1, DRAW).game(6, POLIAKOFF, 10, WIN);
            int[][] finalScores = {{1, 600}, {2, 600}, {3, 550}, {7, 500}, {8, 500}, {9, 500}, {10, 450}, {17, 400},
                {22, 350}, {30, 300}, {43, 100}};
            for (int[] s : finalScores) {
                b.fillToScore(s[0], s[1]);
            }
            return b.build();
        }

        @Test
        void hudsonSonnebornBerger22andHalfSolkoff31andHalfMedian23andHalf() {
            var book = new BookTieBreaks(event());
            assertEquals(500, book.scoreCenti(HUDSON));
            assertEquals(2250, book.sonnebornBerger(HUDSON));
            assertEquals(3150, book.solkoff(HUDSON));
            assertEquals(2350, book.median(HUDSON));
        }

        @Test
        void poliakoffSonnebornBerger20andHalfSolkoff31andHalfMedian24andHalf() {
            var book = new BookTieBreaks(event());
            assertEquals(500, book.scoreCenti(POLIAKOFF));
            assertEquals(2050, book.sonnebornBerger(POLIAKOFF));
            assertEquals(3150, book.solkoff(POLIAKOFF));
            assertEquals(2450, book.median(POLIAKOFF));
        }

        @Test
        void theMedianPutsPoliakoffAheadWhichReversesSonnebornBerger() {
            var book = new BookTieBreaks(event());
            assertEquals(List.of(POLIAKOFF, HUDSON), book.orderWithLot(List.of(HUDSON, POLIAKOFF), new SplittableRandom(1)));
            assertEquals(List.of(POLIAKOFF, HUDSON), book.orderWithLot(List.of(POLIAKOFF, HUDSON), new SplittableRandom(7)));
            // under Sonneborn-Berger alone Hudson would be ahead
            assertEquals(true, book.sonnebornBerger(HUDSON) > book.sonnebornBerger(POLIAKOFF));
        }
    }

    /** Examples B, C and D: 1954 US Open, 12 rounds, pairing numbers. */
    @Nested
    class UsOpen1954 {
        static final int NO_84 = 84;
        static final int NO_104 = 104;
        static final int HASTINGS = 33;

        Tournament event() {
            var b = new CrossTableBuilder(12, 200);
            // No. 84: 97 W, 103 W, 12 D, 22 W, 28 W, 4 L, 18 L, 6 L, default loss to 33, then withdrew
            b.game(1, NO_84, 97, WIN).game(2, NO_84, 103, WIN).game(3, NO_84, 12, DRAW).game(4, NO_84, 22, WIN)
                    .game(5, NO_84, 28, WIN).game(6, NO_84, 4, LOSS).game(7, NO_84, 18, LOSS).game(8, NO_84, 6, LOSS)
                    .game(9, HASTINGS, NO_84, FORFEIT_WIN);
            // No. 104: L 64, bye, L 81, L 76, L 91, L 92, L 90, L 107, default win 97, W 98, default loss 93, L 106
            b.game(1, NO_104, 64, LOSS).bye(2, NO_104, PAIRING_ALLOCATED_BYE).game(3, NO_104, 81, LOSS)
                    .game(4, NO_104, 76, LOSS).game(5, NO_104, 91, LOSS).game(6, NO_104, 92, LOSS)
                    .game(7, NO_104, 90, LOSS).game(8, NO_104, 107, LOSS).game(9, NO_104, 97, FORFEIT_WIN)
                    .game(10, NO_104, 98, WIN).game(11, NO_104, 93, FORFEIT_LOSS).game(12, NO_104, 106, LOSS);
            // Keith Hastings (7 points): 16 L, 19 L, 20 D, 25 L, 35 W, 58 W, 72 W, 80 W, 84 default W, 86 W, 87 D, 96 L
            // (the book's letters add up to 7½, one is misprinted; the Median does not use the results)
            b.game(1, HASTINGS, 16, LOSS).game(2, HASTINGS, 19, LOSS).game(3, HASTINGS, 20, DRAW)
                    .game(4, HASTINGS, 25, LOSS).game(5, HASTINGS, 35, WIN).game(6, HASTINGS, 58, WIN)
                    .game(7, HASTINGS, 72, WIN).game(8, HASTINGS, 80, WIN).game(10, HASTINGS, 86, WIN)
                    .game(11, HASTINGS, 87, DRAW).game(12, HASTINGS, 96, LOSS);
            int[][] adjustedScores = {{16, 800}, {19, 750}, {20, 750}, {25, 700}, {35, 700}, {58, 600}, {72, 500},
                {80, 500}, {86, 500}, {87, 450}, {96, 400}};
            for (int[] s : adjustedScores) {
                b.fillToScore(s[0], s[1]);
            }
            return b.build();
        }

        @Test
        void player84NormalScore4andHalfAdjusted6andHalf() {
            var book = new BookTieBreaks(event());
            assertEquals(450, book.scoreCenti(NO_84));
            assertEquals(650, book.adjustedScoreCenti(NO_84));
        }

        @Test
        void player104NormalScore3Adjusted2andHalf() {
            var book = new BookTieBreaks(event());
            assertEquals(300, book.scoreCenti(NO_104));
            assertEquals(250, book.adjustedScoreCenti(NO_104));
        }

        @Test
        void hastingsMedian47WithTheDefaultAgainst84CountingZero() {
            var book = new BookTieBreaks(event());
            assertEquals(700, book.scoreCenti(HASTINGS));
            assertEquals(0, book.opponentEntries(HASTINGS)[8]);
            assertEquals(4700, book.median(HASTINGS));
        }
    }

    /** Example E: a player who played four games in a 7-round event, scored 2½ and withdrew. */
    @Test
    void withdrawnPlayersMissingRoundsAreGamesAgainstZeroPointOpponents() {
        var b = new CrossTableBuilder(7, 100);
        int withdrawn = 1;
        b.game(1, withdrawn, 20, LOSS).game(2, withdrawn, 21, DRAW).game(3, withdrawn, 38, WIN).game(4, withdrawn, 59, WIN);
        b.fillToScore(20, 400).fillToScore(21, 400).fillToScore(38, 350).fillToScore(59, 150);
        var book = new BookTieBreaks(b.build());
        assertEquals(250, book.scoreCenti(withdrawn));
        assertEquals(900, book.median(withdrawn));
    }

    @Test
    void medianCutsOneTwoOrThreeAtEachEndByNumberOfRounds() {
        assertEquals(1, BookTieBreaks.cutForRounds(7));
        assertEquals(1, BookTieBreaks.cutForRounds(8));
        assertEquals(2, BookTieBreaks.cutForRounds(9));
        assertEquals(2, BookTieBreaks.cutForRounds(12));
        assertEquals(3, BookTieBreaks.cutForRounds(13));
    }

    @Test
    void theLotDecidesOnlyAmongPlayersEqualOnEverySystem() {
        // two players with identical opposition: 1 and 2 both beat a 1-point and lost to a 2-point opponent
        var b = new CrossTableBuilder(2, 50);
        b.game(1, 1, 10, WIN).game(2, 1, 11, LOSS).game(1, 2, 12, WIN).game(2, 2, 13, LOSS);
        b.fillToScore(10, 100).fillToScore(11, 200).fillToScore(12, 100).fillToScore(13, 200);
        var book = new BookTieBreaks(b.build());
        var seen = new java.util.HashSet<List<Integer>>();
        for (int seed = 0; seed < 20; seed++) {
            seen.add(book.orderWithLot(List.of(1, 2), new SplittableRandom(seed)));
        }
        assertEquals(2, seen.size(), "a fair lot produces both orders over several seeds");
    }
}

package org.torneo.rating.core.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.rating.core.score.ResultKind.DRAW;
import static org.torneo.rating.core.score.ResultKind.LOSS;
import static org.torneo.rating.core.score.ResultKind.WIN;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.CrossTableBuilder;

class BookStandingsTest {

    @Test
    void pointsThenMedianWithSharedPlacesForTheScoreGroup() {
        // 1 and 2 both score 1.5 of 2; 1 met the stronger opposition (with 2 rounds the Median cuts everything: Solkoff decides)
        var b = new CrossTableBuilder(2, 10);
        b.game(1, 1, 3, WIN).game(2, 1, 4, DRAW).game(1, 2, 5, WIN).game(2, 2, 6, DRAW);
        b.fillToScore(3, 100).fillToScore(4, 100).fillToScore(5, 0).fillToScore(6, 50);
        var rows = BookStandings.compute(b.build(), new SplittableRandom(5));
        assertEquals(List.of(1, 2), rows.subList(0, 2).stream().map(BookStandings.Row::startNumber).toList());
        assertEquals(1, rows.get(1).sharedPlace(), "tied on points: they share the place for prizes");
        assertEquals(2, rows.get(1).place());
        assertEquals(200, rows.get(0).solkoffCenti());
        assertEquals(50, rows.get(1).solkoffCenti());
        // 2 rounds: drop the highest and the lowest, nothing is left
        assertEquals(0, rows.get(0).medianCenti());
    }
}

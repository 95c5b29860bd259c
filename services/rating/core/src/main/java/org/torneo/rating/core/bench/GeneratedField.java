package org.torneo.rating.core.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * A synthetic completed event for benchmarks: players rated 1000-2800, each round paired by score
 * groups (players sorted by score with a little noise), with draws, forfeits, half-point byes and
 * absences, from a seeded generator.
 */
public final class GeneratedField {

    private GeneratedField() {
    }

    public static Tournament generate(int players, int rounds, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] rating = new int[players];
        for (int i = 0; i < players; i++) {
            rating[i] = 1000 + random.nextInt(1800);
        }
        java.util.Arrays.sort(rating);
        RoundEntry[][] grid = new RoundEntry[players][rounds];
        int[] score = new int[players];
        for (int r = 0; r < rounds; r++) {
            List<Integer> present = new ArrayList<>();
            for (int p = 0; p < players; p++) {
                int roll = random.nextInt(100);
                if (roll < 2) {
                    grid[p][r] = new RoundEntry(0, Colour.NONE, ResultKind.HALF_POINT_BYE);
                    score[p] += 50;
                } else if (roll < 4) {
                    grid[p][r] = new RoundEntry(0, Colour.NONE, ResultKind.ZERO_POINT_BYE);
                } else {
                    present.add(p);
                }
            }
            final int[] noisy = new int[players];
            for (int p : present) {
                noisy[p] = score[p] * 10 + random.nextInt(10);
            }
            present.sort((a, b) -> Integer.compare(noisy[b], noisy[a]));
            if (present.size() % 2 == 1) {
                int last = present.remove(present.size() - 1);
                grid[last][r] = new RoundEntry(0, Colour.NONE, ResultKind.PAIRING_ALLOCATED_BYE);
                score[last] += 100;
            }
            for (int i = 0; i + 1 < present.size(); i += 2) {
                int w = present.get(i);
                int b = present.get(i + 1);
                int roll = random.nextInt(100);
                ResultKind wk;
                ResultKind bk;
                if (roll < 3) {
                    wk = ResultKind.FORFEIT_WIN;
                    bk = ResultKind.FORFEIT_LOSS;
                } else if (roll < 35) {
                    wk = ResultKind.DRAW;
                    bk = ResultKind.DRAW;
                } else if (roll < 70) {
                    wk = ResultKind.WIN;
                    bk = ResultKind.LOSS;
                } else {
                    wk = ResultKind.LOSS;
                    bk = ResultKind.WIN;
                }
                grid[w][r] = new RoundEntry(b + 1, Colour.WHITE, wk);
                grid[b][r] = new RoundEntry(w + 1, Colour.BLACK, bk);
                score[w] += PointSystem.STANDARD.points(wk);
                score[b] += PointSystem.STANDARD.points(bk);
            }
        }
        List<Player> list = new ArrayList<>(players);
        for (int p = 0; p < players; p++) {
            list.add(new Player(p + 1, "Player " + (p + 1), rating[players - 1 - p], List.of(grid[p])));
        }
        return new Tournament("generated " + players + "x" + rounds, rounds, PointSystem.STANDARD, list);
    }
}

package org.torneo.rating.core.seed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import org.torneo.rating.core.score.Tournament;

/**
 * The final list as the 1970 book builds it (Code 1970, Swiss rule IX and the tie-break chapter):
 * by points, then the Harkness Median, Solkoff and Sonneborn-Berger, then lot. {@code sharedPlace}
 * is the first place of the player's score group: the book shares cash prizes among tied players
 * and uses the tie-breaks only for the list order and indivisible prizes.
 */
public final class BookStandings {

    public record Row(int place, int sharedPlace, int startNumber, int scoreCenti, int adjustedCenti, int medianCenti,
                      int solkoffCenti, int sonnebornBergerCenti) {
    }

    private BookStandings() {
    }

    public static List<Row> compute(Tournament t, RandomGenerator lot) {
        BookTieBreaks book = new BookTieBreaks(t);
        List<Integer> all = new ArrayList<>();
        for (int sn = 1; sn <= t.size(); sn++) {
            all.add(sn);
        }
        int[] score = new int[t.size() + 1];
        for (int sn : all) {
            score[sn] = book.scoreCenti(sn);
        }
        // the lot first (seeded), then a stable sort: the lot decides only what nothing else does
        List<Integer> ordered = book.orderWithLot(all, lot);
        ordered.sort(Comparator.comparingInt((Integer sn) -> -score[sn]));
        List<Row> rows = new ArrayList<>(ordered.size());
        int sharedPlace = 1;
        for (int i = 0; i < ordered.size(); i++) {
            int sn = ordered.get(i);
            if (i > 0 && score[ordered.get(i - 1)] != score[sn]) {
                sharedPlace = i + 1;
            }
            rows.add(new Row(i + 1, sharedPlace, sn, score[sn], book.adjustedScoreCenti(sn), book.median(sn),
                    book.solkoff(sn), book.sonnebornBerger(sn)));
        }
        return rows;
    }
}

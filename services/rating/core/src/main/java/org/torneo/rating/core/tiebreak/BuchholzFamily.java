package org.torneo.rating.core.tiebreak;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The shared core of Buchholz (C.07 8.1), Fore Buchholz (8.3) and Sonneborn-Berger (9.1): each round
 * contributes the opponent's adjusted score (16.3), or for an own unplayed round the score of a dummy
 * opponent (16.4), optionally multiplied by the round's points (SB); then the cuts of 14.1 / 16.5.
 */
final class BuchholzFamily {

    private BuchholzFamily() {
    }

    private record Contribution(boolean vur, long score, long value) {
    }

    /** Values in hundredths (BH) or ten-thousandths (SB). */
    static long[] compute(TieBreakContext c, TieBreakSpec spec, boolean sonnebornBerger) {
        boolean fore = spec.fore() || spec.code().equals("FB");
        boolean caps = c.rulesFor(spec) == TieBreakRules.C07_2026;
        int rounds = c.rounds;
        long[] opponentScore = c.adjustedForOpponents;
        long[] ownScore = c.total;
        if (fore) {
            opponentScore = new long[c.n];
            ownScore = new long[c.n];
            for (int p = 0; p < c.n; p++) {
                foreScores(c, p, opponentScore, ownScore);
            }
        }
        long drawCap = (long) c.drawPoints * rounds;
        int low = Math.min(spec.cutLow(), rounds);
        int high = Math.min(spec.cutHigh(), rounds - low);
        long[] result = new long[c.n];
        List<Contribution> list = new ArrayList<>(rounds);
        for (int p = 0; p < c.n; p++) {
            list.clear();
            long sum = 0;
            for (int r = 0; r < rounds; r++) {
                int opp = c.opponent[p][r];
                // 14.6 (/P) and the fore variant's last round treat the game as played
                boolean played = spec.unplayedAsPlayed() || (fore && r == rounds - 1) || c.playedOrPab[p][r];
                boolean vur = c.vur[p][r];
                long score;
                if (played && opp >= 0) {
                    vur = false;
                    score = opponentScore[opp];
                } else {
                    // 16.4: a dummy opponent with the participant's own score
                    score = ownScore[p];
                    if (caps) {
                        score = opp >= 0
                                ? Math.min(score, opponentScore[opp]) // C.07 (2026) 16.4.1: forfeits
                                : Math.min(score, drawCap); // C.07 (2026) 16.4.2: byes and absences
                    }
                }
                long value = sonnebornBerger ? score * c.points[p][r] : score;
                sum += value;
                if (low + high > 0) {
                    list.add(new Contribution(vur, score, value));
                }
            }
            if (low + high > 0) {
                sum = afterCuts(list, low, high);
            }
            result[p] = sum;
        }
        return result;
    }

    private static final Comparator<Contribution> LEAST = Comparator.comparingLong(Contribution::score)
            .thenComparingLong(Contribution::value);
    private static final Comparator<Contribution> VUR_FIRST = Comparator
            .comparing((Contribution x) -> !x.vur()).thenComparing(LEAST);
    private static final Comparator<Contribution> MOST = Comparator.comparingLong((Contribution x) -> -x.score())
            .thenComparingLong(x -> -x.value());

    private static long afterCuts(List<Contribution> contributions, int low, int high) {
        List<Contribution> list = new ArrayList<>(contributions);
        for (int i = 0; i < low && !list.isEmpty(); i++) {
            // C.07 16.5: the voluntary unplayed rounds are cut first, unless the least significant
            // contribution is worth less than the lowest VUR
            List<Contribution> byValue = new ArrayList<>(list);
            byValue.sort(LEAST);
            List<Contribution> vursFirst = new ArrayList<>(list);
            vursFirst.sort(VUR_FIRST);
            if (byValue.get(0).value() > vursFirst.get(0).value()) {
                list = byValue.subList(1, byValue.size());
            } else {
                list = vursFirst.subList(1, vursFirst.size());
            }
        }
        for (int i = 0; i < high && !list.isEmpty(); i++) {
            List<Contribution> byValue = new ArrayList<>(list);
            byValue.sort(MOST);
            list = byValue.subList(1, byValue.size());
        }
        long sum = 0;
        for (Contribution x : list) {
            sum += x.value();
        }
        return sum;
    }

    /**
     * C.07 8.3: for Fore Buchholz the last round's pairings count as draws; a participant paired in
     * the last round has no trailing requested byes to adjust.
     */
    private static void foreScores(TieBreakContext c, int p, long[] opponentScore, long[] ownScore) {
        int rounds = c.rounds;
        boolean isFore = c.lastPaired[p] == rounds;
        int lastCounted = isFore ? c.lastPaired[p] : c.lastNonVur[p];
        long adjusted = 0;
        for (int r = 0; r < rounds; r++) {
            boolean counts = r + 1 <= lastCounted || c.opponent[p][r] >= 0;
            adjusted += counts ? c.points[p][r] : c.drawPoints;
        }
        long own = c.total[p];
        if (isFore && rounds > 0 && c.opponent[p][rounds - 1] >= 0) {
            long adjust = c.drawPoints - c.points[p][rounds - 1];
            adjusted += adjust;
            own += adjust;
        }
        opponentScore[p] = adjusted;
        ownScore[p] = own;
    }
}

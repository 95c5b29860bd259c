package org.torneo.rating.core.tiebreak;

/**
 * The shared core of Buchholz (C.07 8.1), Fore Buchholz (8.3) and Sonneborn-Berger (9.1): each round
 * contributes the opponent's adjusted score (16.3), or for an own unplayed round the score of a dummy
 * opponent (16.4), optionally multiplied by the round's points (SB); then the cuts of 14.1 / 16.5.
 */
final class BuchholzFamily {

    private BuchholzFamily() {
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
        boolean[] vurs = new boolean[rounds];
        long[] scores = new long[rounds];
        long[] values = new long[rounds];
        boolean[] removed = new boolean[rounds];
        boolean asPlayed = spec.unplayedAsPlayed() || c.roundRobin;
        for (int p = 0; p < c.n; p++) {
            long sum = 0;
            int count = 0;
            for (int r = 0; r < rounds; r++) {
                int opp = c.opponent[p][r];
                // 14.6 (/P, and round robins) and the fore variant's last round treat the game as played
                boolean played = asPlayed || (fore && r == rounds - 1) || c.playedOrPab[p][r];
                boolean vur = c.vur[p][r];
                long score;
                if (played && opp >= 0) {
                    vur = false;
                    score = opponentScore[opp];
                } else if (c.roundRobin) {
                    continue; // a round robin's bye has no opponent and contributes nothing
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
                vurs[count] = vur;
                scores[count] = score;
                values[count] = value;
                count++;
            }
            if (low + high > 0) {
                sum = afterCuts(vurs, scores, values, removed, count, low, high);
            }
            result[p] = sum;
        }
        return result;
    }

    /**
     * C.07 14.1 and 16.5: cuts the {@code low} least significant and the {@code high} most significant
     * contributions. A voluntary unplayed round is cut first, unless the least significant contribution
     * of all is worth less than the lowest VUR's. Among equal contributions the choice cannot change the
     * sum, so no ordering beyond (score, value) is needed.
     */
    private static long afterCuts(boolean[] vur, long[] score, long[] value, boolean[] removed, int count, int low,
                                  int high) {
        java.util.Arrays.fill(removed, 0, count, false);
        int left = count;
        for (int i = 0; i < low && left > 0; i++, left--) {
            int least = -1;
            int leastVur = -1;
            for (int k = 0; k < count; k++) {
                if (removed[k]) {
                    continue;
                }
                if (least < 0 || lessThan(score, value, k, least)) {
                    least = k;
                }
                if (vur[k] && (leastVur < 0 || lessThan(score, value, k, leastVur))) {
                    leastVur = k;
                }
            }
            if (leastVur < 0 || value[least] > value[leastVur]) {
                removed[least] = true;
            } else {
                removed[leastVur] = true;
            }
        }
        for (int i = 0; i < high && left > 0; i++, left--) {
            int most = -1;
            for (int k = 0; k < count; k++) {
                if (!removed[k] && (most < 0 || lessThan(score, value, most, k))) {
                    most = k;
                }
            }
            removed[most] = true;
        }
        long sum = 0;
        for (int k = 0; k < count; k++) {
            if (!removed[k]) {
                sum += value[k];
            }
        }
        return sum;
    }

    private static boolean lessThan(long[] score, long[] value, int a, int b) {
        return score[a] < score[b] || (score[a] == score[b] && value[a] < value[b]);
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
            adjusted += counts ? c.points[p][r] : c.roundRobin ? 0 : c.drawPoints;
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

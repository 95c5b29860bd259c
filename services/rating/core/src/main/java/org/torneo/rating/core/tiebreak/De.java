package org.torneo.rating.core.tiebreak;

import java.util.Arrays;

/**
 * C.07 Art. 6: Direct Encounter, applied inside each group still tied by the criteria before it.
 * 6.1: among the tied players, the points scored in the games between them decide; 6.2: in a Swiss
 * event where not all of them met, a player is placed ahead only when his points exceed what any
 * other could still reach against the group. The split is repeated on the sub-groups that remain
 * tied. The value is the player's place within his tied group (1 = best); 0 when the group is
 * not split (or the player was not tied). /P counts unplayed games as played (14.6).
 */
public final class De implements TieBreak {

    private static final int MAX_PASSES = 30;

    @Override
    public String code() {
        return "DE";
    }

    @Override
    public TieBreakColumn compute(TieBreakContext c, TieBreakSpec spec, int[] rankSoFar) {
        int n = c.n;
        int[] de = rankSoFar.clone();
        boolean[] more = new boolean[n];
        Arrays.fill(more, true);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> rankSoFar[a] != rankSoFar[b] ? Integer.compare(rankSoFar[a], rankSoFar[b])
                : Integer.compare(a, b));
        boolean moreToDo = true;
        int pass = 0;
        while (moreToDo) {
            moreToDo = false;
            pass++;
            int changesThisPass = 0;
            int start = 0;
            while (start < n) {
                int stop = start + 1;
                while (stop < n && de[order[stop]] == de[order[start]]) {
                    stop++;
                }
                if (more[order[start]]) {
                    if (stop - start == 1) {
                        more[order[start]] = false;
                    } else {
                        int changes = splitGroup(c, spec, order, start, stop, de);
                        changesThisPass += changes;
                        boolean again = changes > 0 && pass < MAX_PASSES;
                        for (int i = start; i < stop; i++) {
                            more[order[i]] = again;
                        }
                        moreToDo |= again;
                    }
                }
                start = stop;
            }
            moreToDo |= changesThisPass > 0 && pass < MAX_PASSES;
            Arrays.sort(order, (a, b) -> rankSoFar[a] != rankSoFar[b] ? Integer.compare(rankSoFar[a], rankSoFar[b])
                    : de[a] != de[b] ? Integer.compare(de[a], de[b]) : Integer.compare(a, b));
        }
        // express the result as the place inside the group tied before DE; 0 = undecided
        long[] v = new long[n];
        int start = 0;
        while (start < n) {
            int stop = start + 1;
            while (stop < n && rankSoFar[order[stop]] == rankSoFar[order[start]]) {
                stop++;
            }
            int offset = de[order[start]];
            if (de[order[start]] != de[order[stop - 1]]) {
                offset -= 1;
            }
            for (int i = start; i < stop; i++) {
                v[order[i]] = de[order[i]] - offset;
            }
            start = stop;
        }
        return new TieBreakColumn(spec.text(), 0, v, false);
    }

    private static int splitGroup(TieBreakContext c, TieBreakSpec spec, Integer[] order, int start, int stop, int[] de) {
        int size = stop - start;
        int currentRank = de[order[start]];
        int[] members = new int[size];
        double[] scored = new double[size];
        double[] reachable = new double[size];
        int maxOpponents = size - 1;
        boolean allMet = true;
        for (int i = 0; i < size; i++) {
            int p = order[start + i];
            members[i] = p;
            GroupScore own = groupScore(c, spec, p, currentRank, de);
            int met = own.met();
            double sum = own.sum();
            scored[i] = sum;
            if (!c.roundRobin && met < maxOpponents) {
                // 6.2 applies to Swiss events only; a round robin compares what was scored
                allMet = false;
                reachable[i] = sum + (double) (maxOpponents - met) * c.winPoints;
            } else {
                reachable[i] = sum;
            }
        }
        Integer[] idx = new Integer[size];
        for (int i = 0; i < size; i++) {
            idx[i] = i;
        }
        int changes = 0;
        if (allMet) {
            Arrays.sort(idx, (a, b) -> scored[a] != scored[b] ? Double.compare(scored[b], scored[a])
                    : Integer.compare(members[a], members[b]));
            int rank = currentRank;
            int placed = currentRank;
            double value = scored[idx[0]];
            for (int i = 1; i < size; i++) {
                rank++;
                if (scored[idx[i]] != value) {
                    placed = rank;
                    value = scored[idx[i]];
                    changes++;
                }
                de[members[idx[i]]] = placed;
            }
        } else {
            // 6.2: not everybody met: a place is certain only when nobody below can still catch up
            Arrays.sort(idx, (a, b) -> scored[a] != scored[b] ? Double.compare(scored[b], scored[a])
                    : reachable[a] != reachable[b] ? Double.compare(reachable[b], reachable[a])
                    : Integer.compare(members[a], members[b]));
            double[] bestReachableFrom = new double[size + 1];
            bestReachableFrom[size] = Double.NEGATIVE_INFINITY;
            for (int i = size - 1; i >= 0; i--) {
                bestReachableFrom[i] = Math.max(bestReachableFrom[i + 1], reachable[idx[i]]);
            }
            int rank = currentRank;
            int placed = currentRank;
            double value = scored[idx[0]];
            boolean unique = true;
            for (int i = 1; i < size; i++) {
                rank++;
                if (unique && value > bestReachableFrom[i]) {
                    placed = rank;
                    changes++;
                } else {
                    unique = false;
                }
                value = scored[idx[i]];
                de[members[idx[i]]] = placed;
            }
        }
        return changes;
    }

    /** What a player scored against the members of his tied group, and how many of them he met (6.1, 6.1.2). */
    private record GroupScore(double sum, int met) {
    }

    private static GroupScore groupScore(TieBreakContext c, TieBreakSpec spec, int p, int currentRank, int[] de) {
        int met = 0;
        double sum = 0;
        double[] perRound = new double[c.rounds];
        Arrays.fill(perRound, Double.NaN); // NaN: no counted game in that round
        for (int r = 0; r < c.rounds; r++) {
            int opp = c.opponent[p][r];
            if (opp < 0) {
                continue;
            }
            boolean played = spec.unplayedAsPlayed() || c.roundRobin || c.playedOrPab[p][r];
            if (!played || de[opp] != currentRank) {
                continue;
            }
            int earlier = -1;
            for (int q = 0; q < r; q++) {
                if (c.opponent[p][q] == opp && !Double.isNaN(perRound[q])) {
                    earlier = q;
                }
            }
            if (earlier < 0) {
                met++;
                sum += c.points[p][r];
                perRound[r] = c.points[p][r];
            } else {
                // 6.1.2: several games against the same opponent count as their average
                // (as the reference implementation does: the running average of the last two)
                double previous = perRound[earlier];
                double average = (previous + c.points[p][r]) / 2;
                sum += average - previous;
                met = 1;
                perRound[earlier] = Double.NaN;
                perRound[r] = average;
            }
        }
        return new GroupScore(sum, met);
    }
}

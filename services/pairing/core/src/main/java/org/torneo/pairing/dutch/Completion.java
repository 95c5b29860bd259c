package org.torneo.pairing.dutch;

import org.torneo.pairing.dutch.matching.WeightedMatcher;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.SwissPlayer;

/**
 * The first phase of a round, before any bracket (C.04.3 C1–C5 over the whole field): can every player be paired, at
 * most one left for the PAB and that one eligible for it; and, in an odd field, the score of the PAB assignee and
 * whether a single downfloater of the top group is that assignee (C9 is weighed from them).
 *
 * @param byeAssigneeScore the PAB assignee's score (0 in an even field)
 * @param singleDownfloaterIsByeAssignee the PAB assignee is in the top score group and every other top-group player is
 *     paired within it
 * @param simple proved without the whole-field matching ({@link #quickCompletion})
 */
record Completion(int byeAssigneeScore, boolean singleDownfloaterIsByeAssignee, boolean simple) {
    private static final int QUICK_UNKNOWN = -2;
    private static final int QUICK_EVEN_COMPLETE = -1;

    /** The completion of the field; NoValidPairingException when the absolute criteria cannot all be met. */
    static Completion of(PlayersToPair players, WeightLayout layout, CriteriaWeights weights, boolean shortcuts)
            throws NoValidPairingException {
        int n = players.size();
        int topScore = players.sc(0);
        int quickBye = shortcuts ? quickCompletion(players) : QUICK_UNKNOWN;
        // a PAB assignee from the top score group: when everybody is in it (an odd first round), every
        // complete matching pairs the top group within itself, so the flag is simply true
        boolean everybodyTop = players.sc(n - 1) >= topScore;
        if (quickBye == QUICK_UNKNOWN || (quickBye >= 0 && players.sc(quickBye) >= topScore && !everybodyTop)) {
            return byWholeFieldMatching(players, layout, weights, topScore);
        }
        if (quickBye >= 0) {
            int byeAssigneeScore = players.sc(quickBye);
            return new Completion(byeAssigneeScore, byeAssigneeScore >= topScore, true);
        }
        return new Completion(0, false, true);
    }

    /**
     * The first, whole-field matching only has to show that everybody can be paired (C.04.3 C1–C4) and, in an
     * odd field, find the score of the PAB assignee. Its weights are additive except for a tiny top-group
     * term, so its optimum leaves out a player of least value: bye-eligible and in the lowest score group
     * holding one. When a simple pairing of everybody else exists, that settles it without the matching.
     *
     * @return {@link #QUICK_EVEN_COMPLETE}, the vertex left out in an odd field, or {@link #QUICK_UNKNOWN}
     */
    private static int quickCompletion(PlayersToPair players) {
        int n = players.size();
        int leftOut = -1;
        if ((n & 1) != 0) {
            for (int v = n - 1; v >= 0; v--) {
                if (players.eligibleForBye(players.sorted.get(v))) {
                    leftOut = v;
                    break;
                }
            }
            if (leftOut == -1) {
                return QUICK_UNKNOWN;
            }
        }
        int[] vertices = new int[n - (leftOut == -1 ? 0 : 1)];
        int k = 0;
        for (int v = 0; v < n; v++) {
            if (v != leftOut) {
                vertices[k++] = v;
            }
        }
        SimplePairing p = SimplePairing.of(vertices, players::canMeet);
        if (p == null || p.exposed != -1) {
            return QUICK_UNKNOWN;
        }
        return leftOut == -1 ? QUICK_EVEN_COMPLETE : leftOut;
    }

    /** The maximum-weight matching of the whole field on the completion weights, read as above. */
    private static Completion byWholeFieldMatching(PlayersToPair players, WeightLayout layout, CriteriaWeights weights,
                                                   int topScore) throws NoValidPairingException {
        int n = players.size();
        WeightedMatcher matcher = new WeightedMatcher(n, layout.limbs, layout.maxWeightValue.shiftLeft(1));
        for (int pi = 0; pi < n; pi++) {
            SwissPlayer player = players.sorted.get(pi);
            for (int oi = 0; oi < pi; oi++) {
                SwissPlayer opponent = players.sorted.get(oi);
                long[] w = (n & 1) != 0 ? weights.completionWeight(player, opponent, topScore)
                        : weights.edgeWeight(opponent, player, false, false, 0, false);
                matcher.setEdgeWeight(pi, oi, w, 0);
            }
        }
        matcher.computeMatching();
        int[] matching = matcher.matching();
        if (!players.matchingIsComplete(matching)) {
            throw new NoValidPairingException(
                    "The players could not be simultaneously matched while satisfying all absolute criteria.");
        }
        if ((n & 1) == 0) {
            return new Completion(0, false, false);
        }
        int byeAssigneeScore = 0;
        for (int v = 0; v < n; v++) {
            if (matching[v] == v) {
                byeAssigneeScore = players.sc(v);
                break;
            }
        }
        boolean singleDownfloaterIsByeAssignee = false;
        if (byeAssigneeScore >= topScore) {
            singleDownfloaterIsByeAssignee = true;
            for (int v = 0; v < n; v++) {
                if (players.sc(v) < topScore) {
                    break;
                }
                if (players.sc(matching[v]) < topScore) {
                    singleDownfloaterIsByeAssignee = false;
                    break;
                }
            }
        }
        return new Completion(byeAssigneeScore, singleDownfloaterIsByeAssignee, false);
    }
}

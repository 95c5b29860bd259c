package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;

/**
 * The players of the round to pair, in the order of C.04.3 1.2 (score, then pairing number): their vertex is their
 * index in {@link #sorted}. What the criteria read of them and never changes during the round: scores, floats,
 * opponents met, bye eligibility, and who may meet whom (C1, C3).
 */
final class PlayersToPair {
    final SwissTournament t;
    final int[] score;           // by player id: current score (tenths)
    final List<SwissPlayer> sorted = new ArrayList<>();
    private final int[][] playedBefore;      // by id: the opponents met in played games (a few per player, not n)
    private final boolean anyForbiddenPairs;
    private final boolean[] byeEligible;
    private final FloatDirection[][] floats; // by id: [roundsBack-1]

    PlayersToPair(SwissTournament t) {
        this.t = t;
        int n = t.players().size();
        score = new int[n];
        byeEligible = new boolean[n];
        floats = new FloatDirection[n][2];
        playedBefore = new int[n][];
        anyForbiddenPairs = !t.forbiddenPairs().isEmpty();
        for (SwissPlayer p : t.players()) {
            if (p != null) {
                score[p.id()] = t.acceleratedScore(p, 0);
                byeEligible[p.id()] = t.eligibleForBye(p);
            }
        }
        for (SwissPlayer p : t.playersToPair()) {
            sorted.add(p);
        }
        for (SwissPlayer p : sorted) {
            int[] met = new int[p.matches().size()];
            int count = 0;
            for (var m : p.matches()) {
                if (m.played()) {
                    met[count++] = m.opponent();   // C.04.3 C1: no second game between the same players
                }
            }
            playedBefore[p.id()] = Arrays.copyOf(met, count);
            for (int back = 1; back <= 2; back++) {
                floats[p.id()][back - 1] = t.playedRounds() >= back ? computeFloat(p, back) : FloatDirection.NONE;
            }
        }
        sorted.sort(Comparator.comparingInt((SwissPlayer p) -> -score[p.id()]).thenComparingInt(SwissPlayer::rankIndex));
    }

    // C.04.3 1.4: floats; a player scoring more than a loss without playing also downfloats (1.4.3)
    private FloatDirection computeFloat(SwissPlayer p, int back) {
        var m = p.matches().get(t.playedRounds() - back);
        if (!m.played()) {
            return t.points(p, m) > t.pointsForLoss() ? FloatDirection.DOWN : FloatDirection.NONE;
        }
        int mine = t.acceleratedScore(p, back);
        int theirs = t.acceleratedScore(t.players().get(m.opponent()), back);
        return mine > theirs ? FloatDirection.DOWN : mine < theirs ? FloatDirection.UP : FloatDirection.NONE;
    }

    int size() {
        return sorted.size();
    }

    /** The score of the player at this vertex. */
    int sc(int vertex) {
        return score[sorted.get(vertex).id()];
    }

    /** The player's float {@code back} rounds ago (1 or 2). */
    FloatDirection floatOf(SwissPlayer p, int back) {
        return floats[p.id()][back - 1];
    }

    boolean eligibleForBye(SwissPlayer p) {
        return byeEligible[p.id()];
    }

    /** C.04.3 C2, C4: may get the PAB, and scores no more than its assignee. */
    boolean isByeCandidate(SwissPlayer p, int byeAssigneeScore) {
        return byeEligible[p.id()] && score[p.id()] <= byeAssigneeScore;
    }

    // C.04.3 C1: they met, or the regulations forbid the pair (C.04.1.b, XXP)
    private boolean forbidden(SwissPlayer a, SwissPlayer b) {
        return met(a.id(), b.id()) || met(b.id(), a.id()) || (anyForbiddenPairs && t.forbidden(a.id(), b.id()));
    }

    private boolean met(int a, int b) {
        for (int o : playedBefore[a]) {
            if (o == b) {
                return true;
            }
        }
        return false;
    }

    // C.04.3 C1 (no rematch), C3 (no two non-topscorers with the same absolute colour preference)
    boolean compatible(SwissPlayer a, SwissPlayer b) {
        int topScoreThreshold = (t.playedRounds() * Math.max(t.pointsForWin(), t.pointsForDraw())) >> 1;
        return !forbidden(a, b)
                && (!a.absoluteColourPreference() || !b.absoluteColourPreference()
                || a.colourPreference() != b.colourPreference()
                || (t.playedRounds() >= t.expectedRounds() - 1
                && (score[a.id()] > topScoreThreshold || score[b.id()] > topScoreThreshold)));
    }

    /** {@link #compatible} by vertex. */
    boolean canMeet(int a, int b) {
        return compatible(sorted.get(a), sorted.get(b));
    }

    /** C.04.3 C2, C4: every vertex is matched but one at most, and that one may get the PAB. */
    boolean matchingIsComplete(int[] matching) {
        boolean unmatched = false;
        for (int v = 0; v < matching.length; v++) {
            if (matching[v] == v) {
                if (unmatched || !eligibleForBye(sorted.get(v))) {
                    return false;
                }
                unmatched = true;
            }
        }
        return true;
    }
}

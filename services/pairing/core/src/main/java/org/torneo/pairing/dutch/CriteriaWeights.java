package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.torneo.pairing.dutch.matching.Wide;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.trf.Colour;

/**
 * The edge weights: each criterion of C.04.3 (C2–C21) as a number in its field of the {@link WeightLayout} in force,
 * so that a heavier matching is a better pairing in the criteria's lexicographic order.
 */
final class CriteriaWeights {
    /** Memo tables up to this many entries (4 bytes each); a bracket with more classes computes every pair. */
    private static final long WEIGHT_MEMO_LIMIT = 1L << 22;

    private final PlayersToPair players;
    private final WeightLayout layout;
    private final int[] score;
    // C9: by games played, the rank of a player of the PAB assignee's score (0: played the most)
    private final Map<Integer, Integer> unplayedGameRanks = new HashMap<>();

    CriteriaWeights(PlayersToPair players, WeightLayout layout) {
        this.players = players;
        this.layout = layout;
        this.score = players.score;
    }

    /** C.04.3 C9: ranks the players of the PAB assignee's score by unplayed games, fewest played first. */
    void rankUnplayedGames(int byeAssigneeScore) {
        List<Integer> playedCounts = new ArrayList<>();
        for (SwissPlayer p : players.sorted) {
            if (score[p.id()] == byeAssigneeScore) {
                playedCounts.add(p.playedGames());
            }
        }
        playedCounts.sort(Comparator.reverseOrder());
        int rank = 0;
        for (int pg : playedCounts) {
            unplayedGameRanks.put(pg, rank++);
        }
    }

    /**
     * The weight of a pair in the first, whole-field matching of an odd field, or null when they cannot meet: C2, C4
     * and C5 (completion, a PAB-eligible player left out), then the lowest score groups' sum (the PAB to the
     * lowest), then a unit for a top-group player.
     */
    long[] completionWeight(SwissPlayer player, SwissPlayer opponent, int topScore) {
        if (!players.compatible(player, opponent)) {
            return null;
        }
        int limbs = layout.limbs;
        long[] w = new long[limbs];
        Wide.addAt(w, 0, limbs, layout.scoreGroupsShift + layout.scoreGroupSizeBits,
                1 + (players.eligibleForBye(player) ? 0 : 1) + (players.eligibleForBye(opponent) ? 0 : 1));
        Wide.addAt(w, 0, limbs, layout.scoreGroupSizeBits, layout.scoreGroupShifts.get(score[player.id()])
                + layout.scoreGroupShifts.get(score[opponent.id()]));
        Wide.addAt(w, 0, limbs, 0, score[player.id()] >= topScore ? 1 : 0);
        return w;
    }

    /**
     * b(v): half of the initial weight of any compatible pair of v's, w(i, j) = b(i) + b(j) before a bracket sets it:
     * half the completion unit, v's own completion (C2, C4, C5) and C9 bits.
     */
    long[] unpairedValue(SwissPlayer p, int byeScore, boolean initialSingleDownfloaterIsByeAssignee) {
        int limbs = layout.limbs;
        long[] b = new long[limbs];
        // each initial edge weight is b(i) + b(j): the completion unit is shared half and half
        Wide.addAt(b, 0, limbs, layout.offCompletion - 1, 1);
        if (!players.isByeCandidate(p, byeScore)) {
            Wide.addAt(b, 0, limbs, layout.offCompletion, 1);
        }
        if (initialSingleDownfloaterIsByeAssignee && score[p.id()] == byeScore) {
            Wide.addAt(b, 0, limbs, layout.offC9, unplayedGameRanks.get(p.playedGames()));
        }
        return b;
    }

    /** The edge weight, or null when the players cannot meet (C1, C3). */
    long[] edgeWeight(SwissPlayer higher, SwissPlayer lower, boolean lowerInCurrent, boolean lowerInNext,
                      int byeAssigneeScore, boolean singleDownfloaterIsByeAssignee) {
        if (!players.compatible(higher, lower)) {
            return null;
        }
        WeightLayout l = layout;
        int limbs = l.limbs;
        long[] r = new long[limbs];
        // C.04.3 C2, C4, C5: completion and PAB eligibility
        Wide.addAt(r, 0, limbs, l.offCompletion, 1 + (players.isByeCandidate(higher, byeAssigneeScore) ? 0 : 1)
                + (players.isByeCandidate(lower, byeAssigneeScore) ? 0 : 1));
        if (lowerInCurrent) {
            // C6: maximise pairs in the current bracket; C7: maximise the scores paired in it
            Wide.addAt(r, 0, limbs, l.offC6, 1);
            Wide.addAt(r, 0, limbs, l.offC7 + l.shiftOf(higher), 1);
        }
        if (lowerInNext) {
            // C8: pairs, then scores, in the next bracket
            Wide.addAt(r, 0, limbs, l.offC8Pairs, 1);
            Wide.addAt(r, 0, limbs, l.offC8Scores + l.shiftOf(higher), 1);
        }
        // C9: minimise the unplayed games of the PAB assignee
        if (singleDownfloaterIsByeAssignee) {
            if (score[higher.id()] == byeAssigneeScore) {
                Wide.addAt(r, 0, limbs, l.offC9, unplayedGameRanks.get(higher.playedGames()));
            }
            if (score[lower.id()] == byeAssigneeScore) {
                Wide.addAt(r, 0, limbs, l.offC9, unplayedGameRanks.get(lower.playedGames()));
            }
        }
        if (!lowerInCurrent) {
            return r;
        }
        colourBits(r, lower, higher);
        floatBits(r, higher, lower);
        return r;
    }

    // C.04.3 C10–C13, as bits that are set when the pair does NOT violate the criterion
    private void colourBits(long[] r, SwissPlayer player, SwissPlayer opponent) {
        int limbs = layout.limbs;
        // C10: two topscorers with a colour difference beyond ±2
        if (!player.absoluteColourImbalance() || !opponent.absoluteColourImbalance()
                || player.colourPreference() != opponent.colourPreference()) {
            Wide.addAt(r, 0, limbs, layout.offColour1, 1);
        }
        // C11: two topscorers with the same colour three times in a row
        boolean c11;
        if (player.colourImbalance() == opponent.colourImbalance()) {
            c11 = player.repeatedColour() == Colour.NONE || player.repeatedColour() != opponent.repeatedColour();
        } else {
            SwissPlayer smaller = player.colourImbalance() > opponent.colourImbalance() ? opponent : player;
            c11 = smaller.repeatedColour() != player.colourPreference().opposite();
        }
        if (!player.absoluteColourPreference() || !opponent.absoluteColourPreference()
                || player.colourPreference() != opponent.colourPreference() || c11) {
            Wide.addAt(r, 0, limbs, layout.offColour2, 1);
        }
        // C12: colour preferences
        if (ColourAllocation.coloursCompatible(player.colourPreference(), opponent.colourPreference())) {
            Wide.addAt(r, 0, limbs, layout.offColour3, 1);
        }
        // C13: strong colour preferences
        if ((!player.strongPreference() && !player.absoluteColourPreference())
                || (!opponent.strongPreference() && !opponent.absoluteColourPreference())
                || (player.absoluteColourPreference() && opponent.absoluteColourPreference())
                || player.colourPreference() != opponent.colourPreference()) {
            Wide.addAt(r, 0, limbs, layout.offColour4, 1);
        }
    }

    // C.04.3 C14–C21: floats repeated from the last two rounds, and the scores of those floaters
    private void floatBits(long[] r, SwissPlayer higher, SwissPlayer lower) {
        WeightLayout l = layout;
        if (players.t.playedRounds() > 0) {
            // C14: downfloaters repeated from the previous round; C15: upfloaters; C18: scores of repeated
            // downfloaters; C19: scores of opponents of repeated upfloaters
            repeatedFloatBits(r, higher, lower, 1, l.offC14, l.offC15, l.offC18, l.offC19);
        }
        if (players.t.playedRounds() > 1) {
            // C16, C17, C20, C21: the same two rounds before
            repeatedFloatBits(r, higher, lower, 2, l.offC16, l.offC17, l.offC20, l.offC21);
        }
    }

    /** The bits of the floats {@code back} rounds ago, set when the pair does NOT repeat them (see floatBits). */
    private void repeatedFloatBits(long[] r, SwissPlayer higher, SwissPlayer lower, int back, int offDown, int offUp,
                                   int offDownScores, int offUpScores) {
        WeightLayout l = layout;
        int limbs = l.limbs;
        int hs = score[higher.id()];
        int ls = score[lower.id()];
        FloatDirection lowerFloat = players.floatOf(lower, back);
        FloatDirection higherFloat = players.floatOf(higher, back);
        Wide.addAt(r, 0, limbs, offDown, (lowerFloat == FloatDirection.DOWN ? 1 : 0)
                + (hs <= ls && higherFloat == FloatDirection.DOWN ? 1 : 0));
        Wide.addAt(r, 0, limbs, offUp, !(hs > ls && lowerFloat == FloatDirection.UP) ? 1 : 0);
        if (lowerFloat == FloatDirection.DOWN) {
            Wide.addAt(r, 0, limbs, offDownScores + l.shiftOf(lower), 1);
        }
        if (higherFloat == FloatDirection.DOWN) {
            Wide.addAt(r, 0, limbs, offDownScores + l.shiftOf(higher), 1);
        }
        if (!(lowerFloat == FloatDirection.UP && hs > ls)) {
            Wide.addAt(r, 0, limbs, offUpScores + l.shiftOf(higher), 1);
        }
    }

    /**
     * What {@link #edgeWeight} reads of a player, compatibility aside: two players of one class weigh the same
     * against anybody. A bracket has few classes (round 1: one or two for thousands of players), so its weights
     * are computed once per pair of classes and placement instead of once per pair of players.
     */
    private record WeightClass(int score, boolean byeEligible, int playedGames, FloatDirection float1,
                               FloatDirection float2, int colourImbalance, Colour colourPreference,
                               Colour repeatedColour, boolean strongPreference) {
    }

    private WeightClass weightClass(SwissPlayer p) {
        return new WeightClass(score[p.id()], players.eligibleForBye(p), p.playedGames(), players.floatOf(p, 1),
                players.floatOf(p, 2), p.colourImbalance(), p.colourPreference(), p.repeatedColour(),
                p.strongPreference());
    }

    /**
     * The base weights of a bracket (players by index; the resident score group from begin, the next one from
     * nextBegin): edgeWeight(higher, lower, lower in the current group, lower in the next, ...) for every
     * compatible pair, computed once per (class of higher, class of lower, placement of lower).
     */
    void putBaseWeights(BracketWeights base, List<SwissPlayer> bracket, int begin, int nextBegin,
                        int byeAssigneeScore, boolean singleDownfloaterIsByeAssignee) {
        int size = bracket.size();
        Map<WeightClass, Integer> classes = new HashMap<>();
        int[] classOf = new int[size];
        for (int i = 0; i < size; i++) {
            WeightClass c = weightClass(bracket.get(i));
            Integer known = classes.get(c);
            if (known == null) {
                known = classes.size();
                classes.put(c, known);
            }
            classOf[i] = known;
        }
        int count = classes.size();
        int[] memo = 2L * count * count <= WEIGHT_MEMO_LIMIT ? new int[2 * count * count] : null;
        for (int larger = begin; larger < size; larger++) {
            SwissPlayer lower = bracket.get(larger);
            boolean inCurrent = larger < nextBegin;
            int rowSlot = classOf[larger] * 2 + (inCurrent ? 1 : 0);
            for (int smaller = 0; smaller < larger; smaller++) {
                SwissPlayer higher = bracket.get(smaller);
                if (memo == null) {
                    base.put(larger, smaller, edgeWeight(higher, lower, inCurrent, !inCurrent, byeAssigneeScore,
                            singleDownfloaterIsByeAssignee));
                    continue;
                }
                if (!players.compatible(higher, lower)) {
                    continue;       // no edge: the id stays 0
                }
                int slot = classOf[smaller] * 2 * count + rowSlot;
                int id = memo[slot];
                if (id == 0) {
                    id = base.intern(edgeWeight(higher, lower, inCurrent, !inCurrent, byeAssigneeScore,
                            singleDownfloaterIsByeAssignee));
                    memo[slot] = id;
                }
                base.putId(larger, smaller, id);
            }
        }
    }
}

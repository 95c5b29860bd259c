package org.torneo.pairing.dutch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.torneo.pairing.dutch.matching.WeightPool;
import org.torneo.pairing.dutch.matching.WeightedMatcher;
import org.torneo.pairing.dutch.matching.Wide;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;

/**
 * FIDE Dutch system (C.04.3, rules effective 1 February 2026), computed as in bbpPairings v6.0.0: a maximum
 * weight matching over all players whose edge weights encode the criteria in lexicographic priority, solved
 * bracket by bracket from the top score group down; each decision (which downfloaters are paired, with whom,
 * which players are exchanged between S1 and S2) is frozen by re-weighting before the next one is taken.
 *
 * <p>Weight layout, most significant first: C1/C3 compatibility and C2/C4/C5 completion and PAB eligibility;
 * C6 pairs and C7 scores in the current bracket; C8 pairs and scores in the next bracket; C9 unplayed games of
 * the PAB assignee; C10–C13 colours; C14–C17 repeated floats; C18–C21 scores of repeated floaters; then room
 * for the S1/S2 transposition and exchange order (C.04.3 section 4).
 */
public final class DutchPairer {

    private DutchPairer() {
    }

    /** C.04.3 1.4: the float of a player in an earlier round. */
    private enum FloatDirection { DOWN, UP, NONE }

    /** Pairs the next round. */
    public static List<Pairing> pair(SwissTournament t) throws NoValidPairingException {
        return new Run(t, true, 0).compute();
    }

    /**
     * Pairs the next round without the shortcuts (simple complete pairings, brackets solved alone): every
     * decision comes from the matching of all the unpaired players. Slow; for tests that check the shortcuts.
     */
    static List<Pairing> pairWithoutShortcuts(SwissTournament t) throws NoValidPairingException {
        return new Run(t, false, 0).compute();
    }

    /**
     * Pairs with the shortcuts, but the check that a bracket solved alone is an optimum of the whole problem is
     * made to fail on every {@code period}-th solve, so the fallback to the whole field runs mid-bracket. For tests.
     */
    static List<Pairing> pairFallingBackEvery(SwissTournament t, int period) throws NoValidPairingException {
        return new Run(t, true, period).compute();
    }

    /**
     * The colour C.04.3 5.2 (2017: E.1-E.5) gives {@code player} against {@code opponent} in the round {@code t}
     * pairs, as this engine allocates it: the checker of changes by hand compares a board's colours with it.
     * {@link Colour#NONE} only when the decision falls to the initial colour (5.2.5) and that is not known.
     */
    public static Colour allocatedColour(SwissTournament t, SwissPlayer player, SwissPlayer opponent) {
        if (t.initialColour() == Colour.NONE && Run.neutralColour(player, opponent) == Colour.NONE
                && player.colourPreference() == Colour.NONE) {
            return Colour.NONE;
        }
        return Run.allocate(t.initialColour(), player, t.acceleratedScore(player, 0), opponent,
                t.acceleratedScore(opponent, 0));
    }

    /** How a round was paired: the shortcuts taken (for tests and the benchmark). */
    record ShortcutUse(boolean simpleCompletion, int bracketsAlone, int bracketFallbacks) {
    }

    /** Pairs the next round and says which shortcuts were taken. */
    static ShortcutUse shortcutUse(SwissTournament t) throws NoValidPairingException {
        Run run = new Run(t, true, 0);
        run.compute();
        return run.use;
    }

    private static final class Run {
        final SwissTournament t;
        final int[] score;           // by player id: current score (tenths)
        final List<SwissPlayer> sorted = new ArrayList<>();
        final Map<Integer, Integer> scoreGroupShifts = new HashMap<>();   // score -> bit offset in a score field
        // by player id: scoreGroupShifts of the player's score, or NO_SHIFT; read for every pair of a bracket, where
        // the boxed map look-ups were a tenth of a 5,000-player round
        int[] playerShift = new int[0];
        final Map<Integer, Integer> scoreGroupBits = new HashMap<>();     // score -> width of its part of the field
        int scoreGroupsShift;
        BigInteger maxWeightValue;
        int scoreGroupSizeBits;
        final Map<Integer, Integer> unplayedGameRanks = new HashMap<>();
        final int[][] playedBefore;          // by id: the opponents met in played games (a few per player, not n)
        final boolean anyForbiddenPairs;
        long[] maxEdgeWeight;
        final boolean[] byeEligible;
        final FloatDirection[][] floats;      // by id: [roundsBack-1]

        final boolean shortcuts;
        ShortcutUse use;

        final int forcedFallbackPeriod;
        int bracketAloneSolves;

        Run(SwissTournament t, boolean shortcuts, int forcedFallbackPeriod) {
            this.t = t;
            this.shortcuts = shortcuts;
            this.forcedFallbackPeriod = forcedFallbackPeriod;
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
        FloatDirection computeFloat(SwissPlayer p, int back) {
            var m = p.matches().get(t.playedRounds() - back);
            if (!m.played()) {
                return t.points(p, m) > t.pointsForLoss() ? FloatDirection.DOWN : FloatDirection.NONE;
            }
            int mine = t.acceleratedScore(p, back);
            int theirs = t.acceleratedScore(t.players().get(m.opponent()), back);
            return mine > theirs ? FloatDirection.DOWN : mine < theirs ? FloatDirection.UP : FloatDirection.NONE;
        }

        boolean forbidden(SwissPlayer a, SwissPlayer b) {
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

        boolean isByeCandidate(SwissPlayer p, int byeAssigneeScore) {
            return byeEligible[p.id()] && score[p.id()] <= byeAssigneeScore;
        }

        static boolean coloursCompatible(Colour a, Colour b) {
            return a != b || a == Colour.NONE || b == Colour.NONE;
        }

        static int bitsToRepresent(int v) {
            return 32 - Integer.numberOfLeadingZeros(v);
        }

        // bit offsets of the weight fields, from the least significant end
        int limbs;
        int offC21, offC20, offC19, offC18, offC17, offC16, offC15, offC14;
        int offColour4, offColour3, offColour2, offColour1, offC9, offC8Scores, offC8Pairs, offC7, offC6, offCompletion;

        int layout() {
            int sg = scoreGroupSizeBits;
            int sgs = scoreGroupsShift;
            int pr = t.playedRounds();
            int pos = 3 * sg + 1;               // room for the transposition and exchange order of section 4
            if (pr > 1) {
                offC21 = pos;
                pos += sgs;
                offC20 = pos;
                pos += sgs;
            }
            if (pr > 0) {
                offC19 = pos;
                pos += sgs;
                offC18 = pos;
                pos += sgs;
            }
            if (pr > 1) {
                offC17 = pos;
                pos += sg;
                offC16 = pos;
                pos += sg;
            }
            if (pr > 0) {
                offC15 = pos;
                pos += sg;
                offC14 = pos;
                pos += sg;
            }
            offColour4 = pos;
            pos += sg;
            offColour3 = pos;
            pos += sg;
            offColour2 = pos;
            pos += sg;
            offColour1 = pos;
            pos += sg;
            offC9 = pos;
            pos += 2 * sg;
            offC8Scores = pos;
            pos += sgs;
            offC8Pairs = pos;
            pos += sg;
            offC7 = pos;
            pos += sgs;
            offC6 = pos;
            pos += sg;
            offCompletion = pos;
            return pos;
        }

        /**
         * Lays the weights out with room for these score groups only in the fields that have a part per score group
         * (C7, C8, C18–C21). Every other field keeps its width, and each group keeps its part's width and its
         * place in the order of groups, so the weights of any two matchings compare as before; a bracket only needs
         * the groups of its own players, which makes the numbers the matching works on several times shorter.
         */
        void useScoreGroups(java.util.Collection<Integer> scores) {
            scoreGroupShifts.clear();
            int shift = 0;
            for (int s : new java.util.TreeSet<>(scores)) {
                scoreGroupShifts.put(s, shift);
                shift += scoreGroupBits.get(s);
            }
            scoreGroupsShift = shift;
            if (playerShift.length != score.length) {
                playerShift = new int[score.length];
            }
            for (int id = 0; id < score.length; id++) {
                Integer playerGroupShift = scoreGroupShifts.get(score[id]);
                playerShift[id] = playerGroupShift == null ? NO_SHIFT : playerGroupShift;
            }
            int totalShift = layout();
            maxWeightValue = BigInteger.ONE.shiftLeft(totalShift + 2).subtract(BigInteger.ONE);
            limbs = Wide.limbsFor(totalShift + 3);
            maxEdgeWeight = Wide.of(maxWeightValue, limbs);
        }

        /** The layout in force, to move weights from it into another one. */
        record Layout(Map<Integer, Integer> shifts, int[] offsets, int limbs) {
        }

        // the fields in order: C21, C20, C19, C18, C17, C16, C15, C14, colours 4..1, C9, C8 scores, C8 pairs, C7, C6,
        // completion; the per-score-group ones are marked
        private static final boolean[] PER_SCORE_GROUP = {true, true, true, true, false, false, false, false,
                false, false, false, false, false, true, false, true, false, false};

        Layout layoutInForce() {
            return new Layout(new HashMap<>(scoreGroupShifts), new int[] {offC21, offC20, offC19, offC18, offC17,
                    offC16, offC15, offC14, offColour4, offColour3, offColour2, offColour1, offC9, offC8Scores,
                    offC8Pairs, offC7, offC6, offCompletion}, limbs);
        }

        private boolean fieldPresent(int field) {
            int pr = t.playedRounds();
            return switch (field) {
                case 0, 1, 4, 5 -> pr > 1;
                case 2, 3, 6, 7 -> pr > 0;
                default -> true;
            };
        }

        private int fieldWidth(int field) {
            return field == 12 ? 2 * scoreGroupSizeBits : field == 17 ? 3 : scoreGroupSizeBits;
        }

        /** A weight written in an earlier layout, rewritten in the one in force (its score groups must be here). */
        long[] relayout(long[] w, Layout from) {
            long[] rest = Arrays.copyOf(w, from.limbs());
            long[] r = new long[limbs];
            int lowBits = 3 * scoreGroupSizeBits + 1;
            move(rest, 0, r, 0, lowBits);
            Layout to = layoutInForce();
            for (int f = 0; f < PER_SCORE_GROUP.length; f++) {
                if (!fieldPresent(f)) {
                    continue;
                }
                if (!PER_SCORE_GROUP[f]) {
                    move(rest, from.offsets()[f], r, to.offsets()[f], fieldWidth(f));
                    continue;
                }
                for (var e : from.shifts().entrySet()) {
                    Integer there = to.shifts().get(e.getKey());
                    if (there != null) {
                        move(rest, from.offsets()[f] + e.getValue(), r, to.offsets()[f] + there,
                                scoreGroupBits.get(e.getKey()));
                    }
                }
            }
            if (!Wide.isZero(rest, 0, from.limbs())) {
                throw new IllegalStateException("a weight has a score group that the bracket's layout lacks");
            }
            return r;
        }

        /** Moves the width bits at fromBit of from (cleared there) to toBit of to. */
        private static void move(long[] from, int fromBit, long[] to, int toBit, int width) {
            int limb = fromBit >>> 6;
            int shift = fromBit & 63;
            if (limb >= from.length) {
                return;
            }
            long value = from[limb] >>> shift;
            if (shift + width > 64 && limb + 1 < from.length) {
                value |= from[limb + 1] << (64 - shift);
            }
            value &= (1L << width) - 1;
            if (value != 0) {
                Wide.addAt(from, 0, from.length, fromBit, -value);
                Wide.addAt(to, 0, to.length, toBit, value);
            }
        }

        private static final int NO_SHIFT = Integer.MIN_VALUE;

        /** scoreGroupShifts of the player's score (an error, as the map's, when the layout lacks it). */
        private int shiftOf(SwissPlayer p) {
            int shift = playerShift[p.id()];
            return shift != NO_SHIFT ? shift : scoreGroupShifts.get(score[p.id()]);
        }

        /** The edge weight, or null when the players cannot meet (C1, C3). */
        long[] edgeWeight(SwissPlayer higher, SwissPlayer lower, boolean lowerInCurrent, boolean lowerInNext,
                          int byeAssigneeScore, boolean singleDownfloaterIsByeAssignee) {
            if (!compatible(higher, lower)) {
                return null;
            }
            long[] r = new long[limbs];
            int hs = score[higher.id()];
            int ls = score[lower.id()];
            // C.04.3 C2, C4, C5: completion and PAB eligibility
            Wide.addAt(r, 0, limbs, offCompletion, 1 + (isByeCandidate(higher, byeAssigneeScore) ? 0 : 1)
                    + (isByeCandidate(lower, byeAssigneeScore) ? 0 : 1));
            if (lowerInCurrent) {
                // C6: maximise pairs in the current bracket; C7: maximise the scores paired in it
                Wide.addAt(r, 0, limbs, offC6, 1);
                Wide.addAt(r, 0, limbs, offC7 + shiftOf(higher), 1);
            }
            if (lowerInNext) {
                // C8: pairs, then scores, in the next bracket
                Wide.addAt(r, 0, limbs, offC8Pairs, 1);
                Wide.addAt(r, 0, limbs, offC8Scores + shiftOf(higher), 1);
            }
            // C9: minimise the unplayed games of the PAB assignee
            if (singleDownfloaterIsByeAssignee) {
                if (hs == byeAssigneeScore) {
                    Wide.addAt(r, 0, limbs, offC9, unplayedGameRanks.get(higher.playedGames()));
                }
                if (ls == byeAssigneeScore) {
                    Wide.addAt(r, 0, limbs, offC9, unplayedGameRanks.get(lower.playedGames()));
                }
            }
            if (!lowerInCurrent) {
                return r;
            }
            // C10–C13: colours
            colourBits(r, lower, higher);
            if (t.playedRounds() > 0) {
                // C14: downfloaters repeated from the previous round; C15: upfloaters
                Wide.addAt(r, 0, limbs, offC14, (floatOf(lower, 1) == FloatDirection.DOWN ? 1 : 0)
                        + (hs <= ls && floatOf(higher, 1) == FloatDirection.DOWN ? 1 : 0));
                Wide.addAt(r, 0, limbs, offC15, !(hs > ls && floatOf(lower, 1) == FloatDirection.UP) ? 1 : 0);
                // C18: scores of repeated downfloaters; C19: scores of opponents of repeated upfloaters
                if (floatOf(lower, 1) == FloatDirection.DOWN) {
                    Wide.addAt(r, 0, limbs, offC18 + shiftOf(lower), 1);
                }
                if (floatOf(higher, 1) == FloatDirection.DOWN) {
                    Wide.addAt(r, 0, limbs, offC18 + shiftOf(higher), 1);
                }
                if (!(floatOf(lower, 1) == FloatDirection.UP && hs > ls)) {
                    Wide.addAt(r, 0, limbs, offC19 + shiftOf(higher), 1);
                }
            }
            if (t.playedRounds() > 1) {
                // C16, C17, C20, C21: the same two rounds before
                Wide.addAt(r, 0, limbs, offC16, (floatOf(lower, 2) == FloatDirection.DOWN ? 1 : 0)
                        + (hs <= ls && floatOf(higher, 2) == FloatDirection.DOWN ? 1 : 0));
                Wide.addAt(r, 0, limbs, offC17, !(hs > ls && floatOf(lower, 2) == FloatDirection.UP) ? 1 : 0);
                if (floatOf(lower, 2) == FloatDirection.DOWN) {
                    Wide.addAt(r, 0, limbs, offC20 + shiftOf(lower), 1);
                }
                if (floatOf(higher, 2) == FloatDirection.DOWN) {
                    Wide.addAt(r, 0, limbs, offC20 + shiftOf(higher), 1);
                }
                if (!(floatOf(lower, 2) == FloatDirection.UP && hs > ls)) {
                    Wide.addAt(r, 0, limbs, offC21 + shiftOf(higher), 1);
                }
            }
            return r;
        }

        /**
         * What {@link #edgeWeight} reads of a player, compatibility aside: two players of one class weigh the same
         * against anybody. A bracket has few classes (round 1: one or two for thousands of players), so its weights
         * are computed once per pair of classes and placement instead of once per pair of players.
         */
        record WeightClass(int score, boolean byeEligible, int playedGames, FloatDirection float1,
                           FloatDirection float2, int colourImbalance, Colour colourPreference, Colour repeatedColour,
                           boolean strongPreference) {
        }

        WeightClass weightClass(SwissPlayer p) {
            return new WeightClass(score[p.id()], byeEligible[p.id()], p.playedGames(), floats[p.id()][0],
                    floats[p.id()][1], p.colourImbalance(), p.colourPreference(), p.repeatedColour(),
                    p.strongPreference());
        }

        /** Memo tables up to this many entries (4 bytes each); a bracket with more classes computes every pair. */
        private static final long WEIGHT_MEMO_LIMIT = 1L << 22;

        /**
         * The base weights of a bracket (players by index; the resident score group from begin, the next one from
         * nextBegin): edgeWeight(higher, lower, lower in the current group, lower in the next, ...) for every
         * compatible pair, computed once per (class of higher, class of lower, placement of lower).
         */
        void putBaseWeights(BracketWeights base, List<SwissPlayer> players, int begin, int nextBegin,
                            int byeAssigneeScore, boolean singleDownfloaterIsByeAssignee) {
            int size = players.size();
            Map<WeightClass, Integer> classes = new HashMap<>();
            int[] classOf = new int[size];
            for (int i = 0; i < size; i++) {
                WeightClass c = weightClass(players.get(i));
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
                SwissPlayer lower = players.get(larger);
                boolean inCurrent = larger < nextBegin;
                int rowSlot = classOf[larger] * 2 + (inCurrent ? 1 : 0);
                for (int smaller = 0; smaller < larger; smaller++) {
                    SwissPlayer higher = players.get(smaller);
                    if (memo == null) {
                        base.put(larger, smaller, edgeWeight(higher, lower, inCurrent, !inCurrent, byeAssigneeScore,
                                singleDownfloaterIsByeAssignee));
                        continue;
                    }
                    if (!compatible(higher, lower)) {
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

        FloatDirection floatOf(SwissPlayer p, int back) {
            return floats[p.id()][back - 1];
        }

        // C.04.3 C10–C13, as bits that are set when the pair does NOT violate the criterion
        void colourBits(long[] r, SwissPlayer player, SwissPlayer opponent) {
            if (!player.absoluteColourImbalance() || !opponent.absoluteColourImbalance()
                    || player.colourPreference() != opponent.colourPreference()) {
                Wide.addAt(r, 0, limbs, offColour1, 1);
            }
            boolean c11;
            if (player.colourImbalance() == opponent.colourImbalance()) {
                c11 = player.repeatedColour() == Colour.NONE || player.repeatedColour() != opponent.repeatedColour();
            } else {
                SwissPlayer smaller = player.colourImbalance() > opponent.colourImbalance() ? opponent : player;
                c11 = smaller.repeatedColour() != player.colourPreference().opposite();
            }
            if (!player.absoluteColourPreference() || !opponent.absoluteColourPreference()
                    || player.colourPreference() != opponent.colourPreference() || c11) {
                Wide.addAt(r, 0, limbs, offColour2, 1);
            }
            if (coloursCompatible(player.colourPreference(), opponent.colourPreference())) {
                Wide.addAt(r, 0, limbs, offColour3, 1);
            }
            if ((!player.strongPreference() && !player.absoluteColourPreference())
                    || (!opponent.strongPreference() && !opponent.absoluteColourPreference())
                    || (player.absoluteColourPreference() && opponent.absoluteColourPreference())
                    || player.colourPreference() != opponent.colourPreference()) {
                Wide.addAt(r, 0, limbs, offColour4, 1);
            }
        }

        boolean eligibleForBye(SwissPlayer p) {
            return byeEligible[p.id()];
        }

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

        int sc(int vertex) {
            return score[sorted.get(vertex).id()];
        }

        List<Pairing> compute() throws NoValidPairingException {
            int n = sorted.size();
            if (n == 0) {
                return List.of();
            }
            // score group sizes → bit widths, from the lowest group up
            int repeated = 0;
            int maxGroup = 0;
            for (int i = n - 1; i >= 0; i--) {
                repeated++;
                int s = sc(i);
                if (i == 0 || s < sc(i - 1)) {
                    scoreGroupBits.put(s, bitsToRepresent(repeated));
                    maxGroup = Math.max(maxGroup, repeated);
                    repeated = 0;
                }
            }
            scoreGroupSizeBits = bitsToRepresent(maxGroup);
            useScoreGroups(scoreGroupBits.keySet());
            BigInteger max = maxWeightValue;

            int topScore = sc(0);
            int byeAssigneeScore = 0;
            boolean singleDownfloaterIsByeAssignee = false;
            int quickBye = shortcuts ? quickCompletion() : QUICK_UNKNOWN;
            boolean simpleCompletion = true;
            // a PAB assignee from the top score group: when everybody is in it (an odd first round), every
            // complete matching pairs the top group within itself, so the flag below is simply true
            boolean everybodyTop = sc(n - 1) >= topScore;
            if (quickBye == QUICK_UNKNOWN || (quickBye >= 0 && sc(quickBye) >= topScore && !everybodyTop)) {
                simpleCompletion = false;
                WeightedMatcher matcher = new WeightedMatcher(n, limbs, max.shiftLeft(1));
                for (int pi = 0; pi < n; pi++) {
                    SwissPlayer player = sorted.get(pi);
                    for (int oi = 0; oi < pi; oi++) {
                        SwissPlayer opponent = sorted.get(oi);
                        long[] w;
                        if ((n & 1) != 0) {
                            w = null;
                            if (compatible(player, opponent)) {
                                w = new long[limbs];
                                Wide.addAt(w, 0, limbs, scoreGroupsShift + scoreGroupSizeBits,
                                        1 + (eligibleForBye(player) ? 0 : 1) + (eligibleForBye(opponent) ? 0 : 1));
                                Wide.addAt(w, 0, limbs, scoreGroupSizeBits,
                                        scoreGroupShifts.get(score[player.id()]) + scoreGroupShifts.get(score[opponent.id()]));
                                Wide.addAt(w, 0, limbs, 0, score[player.id()] >= topScore ? 1 : 0);
                            }
                        } else {
                            w = edgeWeight(opponent, player, false, false, 0, false);
                        }
                        matcher.setEdgeWeight(pi, oi, w, 0);
                    }
                }
                matcher.computeMatching();
                int[] matching = matcher.matching();
                if (!matchingIsComplete(matching)) {
                    throw new NoValidPairingException(
                            "The players could not be simultaneously matched while satisfying all absolute criteria.");
                }
                if ((n & 1) != 0) {
                    for (int v = 0; v < n; v++) {
                        if (matching[v] == v) {
                            byeAssigneeScore = sc(v);
                            break;
                        }
                    }
                    if (byeAssigneeScore >= topScore) {
                        singleDownfloaterIsByeAssignee = true;
                        for (int v = 0; v < n; v++) {
                            if (sc(v) < topScore) {
                                break;
                            }
                            if (sc(matching[v]) < topScore) {
                                singleDownfloaterIsByeAssignee = false;
                                break;
                            }
                        }
                    }
                }
            } else if (quickBye >= 0) {
                byeAssigneeScore = sc(quickBye);
                singleDownfloaterIsByeAssignee = byeAssigneeScore >= topScore;
            }
            if ((n & 1) != 0) {
                List<Integer> playedCounts = new ArrayList<>();
                for (SwissPlayer p : sorted) {
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
            // from here on, the weight of a pair of players not yet in a bracket is edgeWeight(.., false, false,
            // byeAssigneeScore, singleDownfloaterIsByeAssignee): the solver computes it from b(i) + b(j)

            SwissPlayer[] matchById = new SwissPlayer[t.players().size()];
            List<SwissPlayer> playersByIndex = new ArrayList<>();
            List<Integer> vertexIndices = new ArrayList<>();
            int next = 0;
            while (next < n && sc(next) >= topScore) {
                playersByIndex.add(sorted.get(next));
                vertexIndices.add(vertexIndices.size());
                next++;
            }
            boolean[] matched = new boolean[n];
            BracketSolver solver = new BracketSolver(byeAssigneeScore, singleDownfloaterIsByeAssignee);
            int scoreGroupBegin = 0;
            int scoreGroupBeginVertex = 0;

            while (playersByIndex.size() > 1 || next < n) {
                final int nextScoreGroupBegin = playersByIndex.size();
                final int nextScoreGroupBeginVertex = scoreGroupBeginVertex + (nextScoreGroupBegin - scoreGroupBegin);
                final int scoreGroupStart = next;
                while (next < n && sc(next) >= sc(scoreGroupStart)) {
                    playersByIndex.add(sorted.get(next));
                    vertexIndices.add(vertexIndices.get(vertexIndices.size() - 1) + 1);
                    next++;
                }
                int size = playersByIndex.size();
                solver.beginBracket(vertexIndices, next, scoreGroupBegin);
                BracketWeights base = new BracketWeights(size, limbs);
                putBaseWeights(base, playersByIndex, scoreGroupBegin, nextScoreGroupBegin, byeAssigneeScore,
                        singleDownfloaterIsByeAssignee);
                for (int larger = scoreGroupBegin; larger < size; larger++) {
                    int largerVertex = vertexIndices.get(larger);
                    for (int smaller = 0; smaller < larger; smaller++) {
                        solver.setBase(largerVertex, vertexIndices.get(smaller), base, larger, smaller);
                    }
                }
                final int sgBits = scoreGroupSizeBits;
                solver.solve();
                int[] stable = solver.matching();

                // Choose the moved-down players to pair in the current bracket.
                int movedDownScore = 0;
                int remainingMoved = 0;
                int remainingMatchedMoved = 0;
                for (int pi = 0; pi < scoreGroupBegin; pi++) {
                    if (pi == 0 || score[playersByIndex.get(pi).id()] < movedDownScore) {
                        movedDownScore = score[playersByIndex.get(pi).id()];
                        remainingMatchedMoved = 0;
                        remainingMoved = 0;
                        for (int mi = pi; score[playersByIndex.get(mi).id()] >= movedDownScore; mi++) {
                            remainingMoved++;
                            int mv = vertexIndices.get(mi);
                            if (stable[mv] >= scoreGroupBeginVertex && stable[mv] < nextScoreGroupBeginVertex) {
                                remainingMatchedMoved++;
                            }
                        }
                    }
                    if (remainingMatchedMoved == 0) {
                        continue;
                    }
                    int pv = vertexIndices.get(pi);
                    if (remainingMoved <= remainingMatchedMoved) {
                        matched[pv] = true;
                        continue;
                    }
                    remainingMoved--;
                    if (stable[pv] < scoreGroupBeginVertex || stable[pv] >= nextScoreGroupBeginVertex) {
                        for (int oi = scoreGroupBegin; oi < nextScoreGroupBegin; oi++) {
                            if (base.id(oi, pi) != 0) {
                                solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, 1);
                            }
                        }
                        solver.solve();
                        stable = solver.matching();
                    }
                    if (stable[pv] >= scoreGroupBeginVertex && stable[pv] < nextScoreGroupBeginVertex) {
                        matched[pv] = true;
                        remainingMatchedMoved--;
                        for (int oi = scoreGroupBegin; oi < nextScoreGroupBegin; oi++) {
                            if (base.id(oi, pi) != 0) {
                                solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi,
                                        nextScoreGroupBegin - scoreGroupBegin + 1);
                            }
                        }
                    }
                }

                // Choose the opponents of the moved-down players.
                for (int pi = 0; pi < scoreGroupBegin; pi++) {
                    int pv = vertexIndices.get(pi);
                    if (!matched[pv]) {
                        continue;
                    }
                    long addend = size;
                    for (int oi = nextScoreGroupBegin - 1; oi >= scoreGroupBegin; oi--) {
                        int ov = vertexIndices.get(oi);
                        if (matched[ov]) {
                            continue;
                        }
                        if (base.id(oi, pi) != 0) {
                            solver.setBasePlus(pv, ov, base, oi, pi, addend);
                            addend++;
                        }
                    }
                    solver.solve();
                    stable = solver.matching();
                    int mv = stable[pv];
                    if (mv >= n) {
                        throw new IllegalStateException("a decided opponent is outside the bracket");
                    }
                    matched[mv] = true;
                    solver.finalizePair(pv, mv);
                }

                // The remainder: residents not paired with moved-down players.
                List<Integer> remainder = new ArrayList<>();
                int remainderPairs = 0;
                for (int pi = scoreGroupBegin; pi < nextScoreGroupBegin; pi++) {
                    int pv = vertexIndices.get(pi);
                    if (stable[pv] < scoreGroupBeginVertex) {
                        continue;
                    }
                    remainder.add(pi);
                    if (stable[pv] < pv) {
                        remainderPairs++;
                    }
                }
                final int rp = remainderPairs;
                // the exchange weight of a pair of the remainder: its base weight plus this (set through
                // setBasePlus, which remembers the matcher's id of each such weight instead of copying and
                // interning one per pair); minimise the number of exchanges, then the difference of the
                // exchanged BSNs
                ExchangeAddend ea = smallerRemainderIndex ->
                        (((smallerRemainderIndex < rp ? 1L : 0L) << (2 * sgBits)) - smallerRemainderIndex) << 1;
                for (int a = 0; a < remainder.size(); a++) {
                    int oi = remainder.get(a);
                    int ov = vertexIndices.get(oi);
                    for (int b = 0; b < remainder.size(); b++) {
                        int pi = remainder.get(b);
                        if (oi <= pi) {
                            break;
                        }
                        solver.setBasePlus(vertexIndices.get(pi), ov, base, oi, pi, ea.addend(b));
                    }
                }
                solver.solve();
                stable = solver.matching();

                int firstGroupEndPos = remainderPairs; // position in remainder of the first S2 player
                int exchangeCount = 0;
                if (firstGroupEndPos < remainder.size()) {
                    int firstS2 = remainder.get(firstGroupEndPos);
                    for (int pi : remainder) {
                        if (pi >= firstS2) {
                            break;
                        }
                        int pv = vertexIndices.get(pi);
                        if (stable[pv] <= pv || stable[pv] >= nextScoreGroupBeginVertex) {
                            exchangeCount++;
                        }
                    }
                } else {
                    for (int pi : remainder) {
                        int pv = vertexIndices.get(pi);
                        if (stable[pv] <= pv || stable[pv] >= nextScoreGroupBeginVertex) {
                            exchangeCount++;
                        }
                    }
                }

                // Select lower players from S1 to be exchanged where possible.
                int exchangesRemaining = exchangeCount;
                int playerRemainderIndex = remainderPairs;
                for (int pos = firstGroupEndPos; pos > 0 && exchangesRemaining > 0; ) {
                    int opos = pos;
                    playerRemainderIndex--;
                    pos--;
                    int pi = remainder.get(pos);
                    int pv = vertexIndices.get(pi);
                    if (stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex) {
                        for (; opos < remainder.size(); opos++) {
                            int oi = remainder.get(opos);
                            if (base.id(oi, pi) != 0) {
                                solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi,
                                        ea.addend(playerRemainderIndex) - 1);
                            }
                        }
                        solver.solve();
                        stable = solver.matching();
                    }
                    boolean exchange = stable[pv] <= pv || stable[pv] >= nextScoreGroupBeginVertex;
                    if (exchange) {
                        exchangesRemaining--;
                    }
                    for (int o2 = pos + 1; o2 < remainder.size(); o2++) {
                        int oi = remainder.get(o2);
                        if (exchange) {
                            base.remove(oi, pi);
                        }
                        solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, ea.addend(playerRemainderIndex));
                    }
                }

                // Select higher players from S2 to be exchanged where possible.
                exchangesRemaining = exchangeCount;
                int remainderIndex = remainderPairs;
                for (int pos = firstGroupEndPos; pos < remainder.size() && exchangesRemaining > 1; pos++) {
                    int pi = remainder.get(pos);
                    int pv = vertexIndices.get(pi);
                    boolean alreadyExchanged = stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex;
                    if (!alreadyExchanged) {
                        for (int o2 = pos + 1; o2 < remainder.size(); o2++) {
                            int oi = remainder.get(o2);
                            if (base.id(oi, pi) != 0) {
                                solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi,
                                        ea.addend(remainderIndex) + 1);
                            }
                        }
                        solver.solve();
                        stable = solver.matching();
                    }
                    boolean exchange = stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex;
                    if (exchange) {
                        exchangesRemaining--;
                        for (int o2 = 0; o2 < pos; o2++) {
                            int oi = remainder.get(o2);
                            base.remove(pi, oi);
                            solver.set(pv, vertexIndices.get(oi), null, 0);
                        }
                        for (int oi = nextScoreGroupBegin; oi < size; oi++) {
                            base.remove(oi, pi);
                            solver.set(pv, vertexIndices.get(oi), null, 0);
                        }
                    }
                    if (!alreadyExchanged) {
                        for (int o2 = pos + 1; o2 < remainder.size(); o2++) {
                            int oi = remainder.get(o2);
                            solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, ea.addend(remainderIndex));
                        }
                    }
                    remainderIndex++;
                }

                // Finalise which players are exchanged and reset the exchange bits.
                // unboxed: this loop is over every pair of the remainder
                int[] remainderArray = remainder.stream().mapToInt(Integer::intValue).toArray();
                int[] vertexOf = vertexIndices.stream().mapToInt(Integer::intValue).toArray();
                for (int a = 0; a < remainderArray.length; a++) {
                    int pi = remainderArray[a];
                    int pv = vertexOf[pi];
                    for (int b = a + 1; b < remainderArray.length; b++) {
                        int oi = remainderArray[b];
                        int ov = vertexOf[oi];
                        if (stable[pv] <= pv || stable[pv] >= nextScoreGroupBeginVertex
                                || (stable[ov] > ov && stable[ov] < nextScoreGroupBeginVertex)) {
                            base.remove(oi, pi);
                        }
                        solver.setBase(pv, ov, base, oi, pi);
                    }
                }

                // Choose the opponents of the players of the first group, highest first.
                // The weights were reset since the last solve, so the matching in hand may not be optimal.
                boolean stableIsOptimal = false;
                for (int pi : remainder) {
                    int pv = vertexIndices.get(pi);
                    if (stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex) {
                        // the possible opponents, the lowest-ranked first, with addends rising from 0
                        int count = 0;
                        int[] opponents = new int[remainder.size()];
                        long[] addends = new long[remainder.size()];
                        int[] opponentIndices = new int[remainder.size()];
                        long addend = 0;
                        for (int b = remainder.size() - 1; b >= 0; b--) {
                            int oi = remainder.get(b);
                            int ov = vertexIndices.get(oi);
                            if (oi <= pi || matched[ov]) {
                                continue;
                            }
                            if (base.id(oi, pi) != 0) {
                                opponents[count] = ov;
                                addends[count] = addend;
                                opponentIndices[count] = oi;
                                count++;
                            }
                            addend++;
                        }
                        int preferred = count > 0 ? opponents[count - 1] : -1;
                        long preferredAddend = count > 0 ? addends[count - 1] : 0;
                        // An optimal matching that already gives pv its most preferred opponent stays optimal when
                        // pv's edges gain the addends, and every optimum then gives pv that opponent (the addends
                        // are distinct and the preferred one is positive): no need to solve. Fixing the pair
                        // keeps it optimal too.
                        boolean decided = stableIsOptimal && preferredAddend > 0 && stable[pv] == preferred;
                        if (!decided && stableIsOptimal && shortcuts
                                && solver.partnerByAddends(pv, opponents, addends, count) >= 0) {
                            // the optimum's duals prove the opponent and the matching was swapped to it; the pairs
                            // decided since the last solve are not matched in the solver until it runs again
                            int[] swapped = solver.matching();
                            for (int v = 0; v < n; v++) {
                                if (!matched[v]) {
                                    stable[v] = swapped[v];
                                }
                            }
                            decided = true;
                        }
                        for (int i = 0; i < count; i++) {
                            solver.setBasePlus(pv, opponents[i], base, opponentIndices[i], pi, addends[i]);
                        }
                        if (!decided) {
                            solver.solve();
                            stable = solver.matching();
                            stableIsOptimal = true;
                        }
                        int mv = stable[pv];
                        if (mv >= n) {
                            throw new IllegalStateException("a decided opponent is outside the bracket");
                        }
                        matched[pv] = true;
                        matched[mv] = true;
                        solver.finalizePair(pv, mv);
                    }
                }

                // The next bracket: the unpaired players of this one move down.
                List<SwissPlayer> newPlayers = new ArrayList<>();
                List<Integer> newVertices = new ArrayList<>();
                scoreGroupBegin = 0;
                singleDownfloaterIsByeAssignee = (n & 1) != 0 && scoreGroupStart < n
                        && byeAssigneeScore >= sc(scoreGroupStart);
                for (int pi = 0; pi < size; pi++) {
                    int pv = vertexIndices.get(pi);
                    if (pi < nextScoreGroupBegin && matched[pv]) {
                        matchById[playersByIndex.get(pi).id()] = sorted.get(stable[pv]);
                        matchById[sorted.get(stable[pv]).id()] = playersByIndex.get(pi);
                    } else {
                        newPlayers.add(playersByIndex.get(pi));
                        newVertices.add(pv);
                        if (pi < nextScoreGroupBegin) {
                            scoreGroupBegin++;
                        }
                        if (singleDownfloaterIsByeAssignee
                                && (stable[pv] >= n || sc(stable[pv]) < sc(scoreGroupStart))) {
                            singleDownfloaterIsByeAssignee = false;
                        }
                    }
                }
                playersByIndex = newPlayers;
                vertexIndices = newVertices;
                scoreGroupBeginVertex = nextScoreGroupBeginVertex;
            }

            use = new ShortcutUse(simpleCompletion, solver.bracketsAlone, solver.fallbacks);
            List<Pairing> result = new ArrayList<>();
            for (SwissPlayer p : sorted) {
                SwissPlayer m = matchById[p.id()];
                if (m != null) {
                    if (p.id() < m.id()) {
                        Colour c = choosePlayerColour(p, m);
                        result.add(c == Colour.WHITE ? new Pairing(p.startNumber(), m.startNumber())
                                : new Pairing(m.startNumber(), p.startNumber()));
                    }
                } else {
                    result.add(new Pairing(p.startNumber(), 0));
                }
            }
            return result;
        }

        static final int QUICK_UNKNOWN = -2;
        static final int QUICK_EVEN_COMPLETE = -1;

        boolean canMeet(int a, int b) {
            return compatible(sorted.get(a), sorted.get(b));
        }

        /**
         * The first, whole-field matching only has to show that everybody can be paired (C.04.3 C1–C4) and, in an
         * odd field, find the score of the PAB assignee. Its weights are additive except for a tiny top-group
         * term, so its optimum leaves out a player of least value: bye-eligible and in the lowest score group
         * holding one. When a simple pairing of everybody else exists, that settles it without the matching.
         *
         * @return {@link #QUICK_EVEN_COMPLETE}, the vertex left out in an odd field, or {@link #QUICK_UNKNOWN}
         */
        int quickCompletion() {
            int n = sorted.size();
            int leftOut = -1;
            if ((n & 1) != 0) {
                for (int v = n - 1; v >= 0; v--) {
                    if (eligibleForBye(sorted.get(v))) {
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
            SimplePairing p = SimplePairing.of(vertices, this::canMeet);
            if (p == null || p.exposed != -1) {
                return QUICK_UNKNOWN;
            }
            return leftOut == -1 ? QUICK_EVEN_COMPLETE : leftOut;
        }

        /**
         * The matching used while the brackets are decided. The whole field is one matching problem, but the
         * players below the next bracket (the "lower" players) still carry their initial weights, which are
         * additive: w(i, j) = b(i) + b(j) for every compatible pair, b(v) being half the completion unit plus v's
         * own completion (C2, C4, C5) and C9 bits. Whatever the bracket players do, the lower players and the
         * bracket players X left over for them can add at most the sum of b over them (less the least b of all
         * when the field is odd: someone gets the PAB). So solving the bracket players alone, on weights
         * w(i, j) − b(i) − b(j), gives an upper bound of the whole problem; when the lower players and the X of
         * that solution can indeed be completely paired (the PAB going to a lower player of least b), the bound is
         * reached and the bracket-alone solution is an optimum of the whole problem, so every decision read from
         * it is the one the whole problem gives. That pairing is checked after every solve from a pairing of the
         * lower players made once per bracket: each pair of leftover players replaces one lower pair (x1 with l1,
         * l2 with x2). If the check fails, the players not yet paired are solved together for the rest of the
         * bracket (and the next brackets, while the check keeps failing).
         *
         * <p>Weights are not kept in an n × n matrix: a pair's weight is b(i) + b(j) (compatible pairs) until a
         * bracket sets it; only the weights set for players still unpaired are kept.
         */
        final class BracketSolver {
            private static final long[] REMOVED = new long[0];
            private final long[][] unpairedValue;      // b(v) by vertex
            private final int n;
            private final boolean[] paired;            // finalised in an earlier decision
            private final int[] partner;               // the opponent so finalised, or -1
            private final List<Integer> pairedInBracket = new ArrayList<>();
            private boolean alone;                     // the matcher is over the bracket alone (weights less b)
            private WeightedMatcher matcher;           // over solverVertices
            private int[] solverVertices;
            private int[] local;                       // vertex -> index in the matcher, or -1
            // bracket alone: the weights of pairs of bracket players that the matcher cannot hold (not above
            // b(i) + b(j)) and that differ from the initial weight; REMOVED when such a pair has no edge
            private DroppedWeights droppedWeights = new DroppedWeights(0, 1);
            private Map<Long, long[]> carried;         // while a bracket's matcher is built: the saved weights
            // ... whose pairs are those of these vertices (the moved-down players): only they are looked up, a boxed
            // map look-up for every pair of the new matcher was a twentieth of a 5,000-player first round
            private boolean[] carriedVertex;
            private long[] tmp;
            private long[] tmp2;
            private long[] bracketWeightOut;
            // setBase's memo: matcher id + 1 of the solver weight, -1 not above b(a) + b(b), 0 not known yet
            private static final long SOLVER_MEMO_LIMIT = 1L << 22;
            private final int[] unpairedClass;         // by vertex: which distinct b(v) it has
            private int unpairedClasses;
            private int[] memo;
            private BracketWeights memoBase;
            private WeightedMatcher memoMatcher;
            private boolean memoAlone;
            private int memoGeneration;
            private final AddendMemo plusMemo = new AddendMemo();
            private BracketWeights plusMemoBase;
            private WeightedMatcher plusMemoMatcher;
            private boolean plusMemoAlone;
            private int plusMemoGeneration;
            private long[] plusBuf;
            private BigInteger maxWeight;
            private final int byeScore;
            private final boolean initialSingleDownfloaterIsByeAssignee;
            private int[] bracketVertices;
            private int lowerBegin;
            private SimplePairing lower;
            int bracketsAlone;                         // statistics
            int fallbacks;

            BracketSolver(int byeScore, boolean initialSingleDownfloaterIsByeAssignee) {
                this.byeScore = byeScore;
                this.initialSingleDownfloaterIsByeAssignee = initialSingleDownfloaterIsByeAssignee;
                n = sorted.size();
                paired = new boolean[n];
                partner = new int[n];
                Arrays.fill(partner, -1);
                unpairedValue = new long[n][];
                unpairedClass = new int[n];
                useLayoutInForce();
            }

            /** Sizes the work arrays and computes b(v) for the layout in force. */
            private void useLayoutInForce() {
                maxWeight = maxWeightValue.shiftLeft(1);
                tmp = new long[limbs];
                tmp2 = new long[limbs];
                bracketWeightOut = new long[limbs];
                plusBuf = new long[limbs];
                for (int v = 0; v < n; v++) {
                    SwissPlayer p = sorted.get(v);
                    long[] b = new long[limbs];
                    // each initial edge weight is b(i) + b(j): the completion unit is shared half and half
                    Wide.addAt(b, 0, limbs, offCompletion - 1, 1);
                    if (!isByeCandidate(p, byeScore)) {
                        Wide.addAt(b, 0, limbs, offCompletion, 1);
                    }
                    if (initialSingleDownfloaterIsByeAssignee && score[p.id()] == byeScore) {
                        Wide.addAt(b, 0, limbs, offC9, unplayedGameRanks.get(p.playedGames()));
                    }
                    unpairedValue[v] = b;
                }
                WeightPool values = new WeightPool(limbs);
                for (int v = 0; v < n; v++) {
                    unpairedClass[v] = values.intern(unpairedValue[v], 0);
                }
                unpairedClasses = values.size();
                memoBase = null;
                plusMemoBase = null;
            }

            private long key(int a, int b) {
                return a < b ? (long) a * n + b : (long) b * n + a;
            }

            /**
             * The current weight of a pair of unpaired players into out, or false when the pair has no edge. A pair
             * whose weight was ever set has both players in the current matcher; any other has its initial weight.
             */
            private boolean weight(int a, int b, long[] out) {
                if (carried != null && carriedVertex[a] && carriedVertex[b]) {
                    long[] c = carried.get(key(a, b));
                    if (c == REMOVED) {
                        return false;
                    }
                    if (c != null) {
                        System.arraycopy(c, 0, out, 0, limbs);
                        return true;
                    }
                }
                if (matcher != null && local[a] >= 0 && local[b] >= 0) {
                    if (matcher.edgeWeight(local[a], local[b], out)) {
                        if (alone) {
                            Wide.add(out, 0, out, 0, unpairedValue[a], 0, limbs);
                            Wide.add(out, 0, out, 0, unpairedValue[b], 0, limbs);
                        }
                        return true;
                    }
                    if (!alone) {
                        return false;
                    }
                    int d = droppedWeights.state(local[a], local[b]);
                    if (d == DroppedWeights.REMOVED) {
                        return false;
                    }
                    if (d == DroppedWeights.KEPT) {
                        droppedWeights.copy(local[a], local[b], out);
                        return true;
                    }
                }
                if (!canMeet(a, b)) {
                    return false;
                }
                Wide.add(out, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
                return true;
            }

            /**
             * Starts a bracket whose players (moved-down, resident and next-bracket) are {@code vertices}; the
             * lower players are the vertices from {@code lowerBegin} on; every other vertex is already paired.
             */
            void beginBracket(List<Integer> vertices, int lowerBegin, int movedDown) {
                this.lowerBegin = lowerBegin;
                pairedInBracket.clear();
                bracketVertices = vertices.stream().mapToInt(Integer::intValue).toArray();
                boolean bracketAlone = shortcuts && pairLowerPlayers();
                // Only the pairs of moved-down players keep weights from earlier brackets (every other pair of
                // the bracket is set anew), so they are saved and the previous matcher is let go first.
                Map<Long, long[]> saved = new HashMap<>();
                for (int i = 0; i < movedDown; i++) {
                    for (int j = 0; j < i; j++) {
                        int a = bracketVertices[i];
                        int b = bracketVertices[j];
                        saved.put(key(a, b), weight(a, b, tmp2) ? tmp2.clone() : REMOVED);
                    }
                }
                // The weights get room for the bracket's score groups only (the lower players' initial weights
                // use none), so the saved ones are rewritten and the matcher is built anew, also when the whole
                // field is solved.
                if (shortcuts) {
                    Layout before = layoutInForce();
                    List<Integer> scores = new ArrayList<>();
                    for (int v : bracketVertices) {
                        scores.add(sc(v));
                    }
                    useScoreGroups(scores);
                    useLayoutInForce();
                    for (var e : saved.entrySet()) {
                        if (e.getValue() != REMOVED) {
                            e.setValue(relayout(e.getValue(), before));
                        }
                    }
                } else if (!bracketAlone && !alone && matcher != null) {
                    return;     // the whole-field matcher of the previous bracket goes on, incrementally
                }
                matcher = null;
                droppedWeights = new DroppedWeights(0, limbs);
                carried = saved;
                carriedVertex = new boolean[n];
                for (int i = 0; i < movedDown; i++) {
                    carriedVertex[bracketVertices[i]] = true;
                }
                if (bracketAlone) {
                    bracketsAlone++;
                    rebuild(bracketVertices, true);
                } else {
                    useWholeField();
                }
                carried = null;
                carriedVertex = null;
            }

            /** Solves all unpaired players together, and the pairs already decided in this bracket. */
            private void useWholeField() {
                int[] vertices = new int[n];
                int k = 0;
                for (int v = 0; v < n; v++) {
                    if (!paired[v] || pairedInBracket.contains(v)) {
                        vertices[k++] = v;
                    }
                }
                rebuild(Arrays.copyOf(vertices, k), false);
            }

            /** A new matcher over these vertices with the current weights (read from the one it replaces). */
            private void rebuild(int[] vertices, boolean newAlone) {
                int m = vertices.length;
                WeightedMatcher built = new WeightedMatcher(m, limbs, maxWeight);
                DroppedWeights dropped = new DroppedWeights(m, limbs);
                for (int i = 0; i < m; i++) {
                    int a = vertices[i];
                    for (int j = 0; j < i; j++) {
                        int b = vertices[j];
                        if (paired[a] || paired[b]) {
                            // a pair decided in this bracket stays matched, alone, at the maximum weight
                            if (partner[a] == b) {
                                built.setEdgeWeight(i, j, newAlone ? bracketWeight(a, b, maxEdgeWeight, 0)
                                        : maxEdgeWeight, 0);
                            }
                            continue;
                        }
                        if (!weight(a, b, tmp2)) {
                            if (newAlone && canMeet(a, b)) {
                                dropped.putRemoved(i, j);
                            }
                            continue;
                        }
                        long[] w = newAlone ? bracketWeight(a, b, tmp2, 0) : tmp2;
                        if (w != null) {
                            built.setEdgeWeight(i, j, w, 0);
                        } else if (!isInitialWeight(a, b, tmp2)) {
                            dropped.put(i, j, tmp2);
                        }
                    }
                }
                matcher = built;
                alone = newAlone;
                droppedWeights = dropped;
                solverVertices = vertices;
                local = new int[n];
                Arrays.fill(local, -1);
                for (int i = 0; i < m; i++) {
                    local[vertices[i]] = i;
                }
            }

            private boolean isInitialWeight(int a, int b, long[] w) {
                if (!canMeet(a, b)) {
                    return false;
                }
                Wide.add(tmp, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
                return Wide.compare(tmp, 0, w, 0, limbs) == 0;
            }

            /** Pairs the lower players (less a PAB candidate of least b when the field is odd); false if it fails. */
            private boolean pairLowerPlayers() {
                int pab = -1;
                if ((n & 1) != 0) {
                    for (int v = lowerBegin; v < n; v++) {
                        if (pab == -1 || Wide.compare(unpairedValue[v], 0, unpairedValue[pab], 0, limbs) < 0) {
                            pab = v;
                        }
                    }
                    if (pab == -1) {
                        return false;
                    }
                    // every optimum of the whole problem gives the PAB to a lower player; so must this one
                    for (int v : bracketVertices) {
                        if (Wide.compare(unpairedValue[v], 0, unpairedValue[pab], 0, limbs) <= 0) {
                            return false;
                        }
                    }
                }
                int[] vertices = new int[n - lowerBegin - (pab == -1 ? 0 : 1)];
                int k = 0;
                for (int v = lowerBegin; v < n; v++) {
                    if (v != pab) {
                        vertices[k++] = v;
                    }
                }
                lower = SimplePairing.of(vertices, DutchPairer.Run.this::canMeet);
                return lower != null;
            }

            /** Can the lower players complete a pairing of the bracket players the bracket solution left over? */
            private boolean leftoversFit(int[] m) {
                List<Integer> leftover = new ArrayList<>();
                for (int i = 0; i < m.length; i++) {
                    if (m[i] == i) {
                        leftover.add(solverVertices[i]);
                    }
                }
                return lower.absorbs(leftover, DutchPairer.Run.this::canMeet);
            }

            /**
             * w − b(a) − b(b), or null when that is not positive. Into a buffer overwritten by the next call: every
             * caller hands it straight to the matcher, which copies it (an array per pair was garbage by millions).
             */
            private long[] bracketWeight(int a, int b, long[] w, int offset) {
                if (w == null || Wide.isZero(w, offset, limbs)) {
                    return null;
                }
                Wide.add(tmp, 0, unpairedValue[a], 0, unpairedValue[b], 0, limbs);
                if (Wide.compare(w, offset, tmp, 0, limbs) <= 0) {
                    return null;
                }
                Wide.sub(bracketWeightOut, 0, w, offset, tmp, 0, limbs);
                return bracketWeightOut;
            }

            private long[] solverWeight(int a, int b, long[] w) {
                return alone ? bracketWeight(a, b, w, 0) : w;
            }

            /**
             * set() with the base weight of the bracket's pair (larger, smaller), read in place. What the matcher
             * stores depends only on that weight and, bracket alone, on b(a) and b(b), which take few values: so the
             * matcher's id for it is remembered (set is called for every pair of a bracket, several times, and the
             * pool's look-up of each value was the largest part of a first round).
             */
            void setBase(int a, int b, BracketWeights base, int larger, int smaller) {
                int id = base.id(larger, smaller);
                int[] memo = id == 0 ? null : solverIdMemo(base);
                if (memo == null) {
                    set(a, b, id == 0 ? null : base.values(), id * limbs);
                    return;
                }
                int slot = alone ? (id * unpairedClasses + unpairedClass[a]) * unpairedClasses + unpairedClass[b] : id;
                int known = memo[slot];
                if (known == 0) {
                    long[] weight = alone ? bracketWeight(a, b, base.values(), id * limbs) : base.values();
                    if (weight == null) {
                        known = -1;
                    } else {
                        known = matcher.weightIdOf(weight, alone ? 0 : id * limbs) + 1;
                        if (matcher.poolGeneration() != memoGeneration) {
                            Arrays.fill(memo, 0);
                            memoGeneration = matcher.poolGeneration();
                        }
                    }
                    memo[slot] = known;
                }
                if (known < 0) {
                    set(a, b, base.values(), id * limbs);       // not above b(a) + b(b): kept apart, as set() does
                    return;
                }
                matcher.setEdgeWeightId(local[a], local[b], known - 1);
                if (alone) {
                    droppedWeights.remove(local[a], local[b]);
                }
            }

            /**
             * set() with the base weight of the bracket's pair (larger, smaller) plus {@code addend} units (an
             * exchange's or an opponent's preference), or no edge when the pair has none. As {@link #setBase}, the
             * matcher's id of the weight is remembered, here per (base weight, b(a), b(b), addend): the remainder's
             * exchange weights are set for every pair of a bracket, and a copy, a sum and the pool's look-up per pair
             * were a fifth of a 5,000-player first round.
             */
            void setBasePlus(int a, int b, BracketWeights base, int larger, int smaller, long addend) {
                int id = base.id(larger, smaller);
                if (id == 0) {
                    set(a, b, null, 0);
                    return;
                }
                long wideSlot = alone ? ((long) id * unpairedClasses + unpairedClass[a]) * unpairedClasses
                        + unpairedClass[b] : id;
                boolean remembered = wideSlot < Integer.MAX_VALUE - 1;
                int slot = (int) wideSlot;
                int known = remembered ? plusMemoFor(base).get(slot, addend) : 0;
                if (known > 0) {
                    matcher.setEdgeWeightId(local[a], local[b], known - 1);
                    if (alone) {
                        droppedWeights.remove(local[a], local[b]);
                    }
                    return;
                }
                long[] w = plusBuf;
                System.arraycopy(base.values(), id * limbs, w, 0, limbs);
                Wide.addAt(w, 0, limbs, 0, addend);
                long[] weight = alone ? bracketWeight(a, b, w, 0) : w;
                if (known < 0 || !remembered || weight == null || Wide.isZero(w, 0, limbs)) {
                    if (remembered && weight == null) {
                        plusMemo.put(slot, addend, -1);      // not above b(a) + b(b): kept apart, as set() does
                    }
                    set(a, b, w, 0);
                    return;
                }
                int matcherId = matcher.weightIdOf(weight, 0);
                plusMemoFor(base).put(slot, addend, matcherId + 1);
                matcher.setEdgeWeightId(local[a], local[b], matcherId);
                if (alone) {
                    droppedWeights.remove(local[a], local[b]);
                }
            }

            /** setBasePlus's memo, emptied when the base, the matcher, the mode or the pool's generation changes. */
            private AddendMemo plusMemoFor(BracketWeights base) {
                if (plusMemoBase != base || plusMemoMatcher != matcher || plusMemoAlone != alone
                        || plusMemoGeneration != matcher.poolGeneration()) {
                    plusMemo.clear();
                    plusMemoBase = base;
                    plusMemoMatcher = matcher;
                    plusMemoAlone = alone;
                    plusMemoGeneration = matcher.poolGeneration();
                }
                return plusMemo;
            }

            /** The memo of setBase for this base, matcher, mode and pool generation; null when it would be too big. */
            private int[] solverIdMemo(BracketWeights base) {
                if (memoBase != base || memoMatcher != matcher || memoAlone != alone
                        || memoGeneration != matcher.poolGeneration()) {
                    long size = alone ? (long) base.size() * unpairedClasses * unpairedClasses : base.size();
                    memo = size <= SOLVER_MEMO_LIMIT ? new int[(int) size] : null;
                    memoBase = base;
                    memoMatcher = matcher;
                    memoAlone = alone;
                    memoGeneration = matcher.poolGeneration();
                }
                return memo;
            }

            void set(int a, int b, long[] w, int offset) {
                boolean none = w == null || Wide.isZero(w, offset, limbs);
                long[] weight = none ? null : alone ? bracketWeight(a, b, w, offset) : w;
                matcher.setEdgeWeight(local[a], local[b], weight, weight == w ? offset : 0);
                if (alone) {
                    int i = local[a];
                    int j = local[b];
                    if (weight != null) {
                        droppedWeights.remove(i, j);
                    } else if (none) {
                        if (canMeet(a, b)) {
                            droppedWeights.putRemoved(i, j);
                        } else {
                            droppedWeights.remove(i, j);
                        }
                    } else {
                        long[] raw = Arrays.copyOfRange(w, offset, offset + limbs);
                        if (isInitialWeight(a, b, raw)) {
                            droppedWeights.remove(i, j);
                        } else {
                            droppedWeights.put(i, j, raw);
                        }
                    }
                }
            }

            /**
             * The opponent of v when its edges to the opponents (the lowest-ranked first) gain the rising addends,
             * proved from the optimum in hand without solving (see {@link WeightedMatcher#partnerByAddends}); the
             * matching is changed to give v that opponent. -1 when only a solve can tell.
             */
            int partnerByAddends(int v, int[] opponents, long[] addends, int count) {
                if (local[v] < 0) {
                    return -1;
                }
                int[] localOpponents = new int[count];
                long[] decreasing = new long[count];
                for (int i = 0; i < count; i++) {
                    int o = opponents[count - 1 - i];
                    if (local[o] < 0) {
                        return -1;
                    }
                    localOpponents[i] = local[o];
                    decreasing[i] = addends[count - 1 - i];
                }
                int chosen = matcher.partnerByAddends(local[v], localOpponents, decreasing, count);
                return chosen < 0 ? -1 : solverVertices[chosen];
            }

            /** v0 and v1 are paired for good: they keep only their edge, at the maximum weight. */
            void finalizePair(int v0, int v1) {
                paired[v0] = true;
                paired[v1] = true;
                partner[v0] = v1;
                partner[v1] = v0;
                pairedInBracket.add(v0);
                pairedInBracket.add(v1);
                for (int u : solverVertices) {
                    if (u != v0 && u != v1) {
                        matcher.setEdgeWeight(local[v0], local[u], null, 0);
                        matcher.setEdgeWeight(local[v1], local[u], null, 0);
                    }
                }
                matcher.setEdgeWeight(local[v0], local[v1], solverWeight(v0, v1, maxEdgeWeight), 0);
            }

            void solve() {
                matcher.computeMatching();
                boolean forced = alone && forcedFallbackPeriod > 0 && ++bracketAloneSolves % forcedFallbackPeriod == 0;
                if (alone && (forced || !leftoversFit(matcher.matching()))) {
                    fallbacks++;
                    useWholeField();
                    matcher.computeMatching();
                }
            }

            /** Mate by vertex; a bracket player paired with a lower player (bracket-alone solving) gets n. */
            int[] matching() {
                int[] result = new int[n];
                for (int v = 0; v < n; v++) {
                    result[v] = v;
                }
                int[] m = matcher.matching();
                for (int i = 0; i < m.length; i++) {
                    result[solverVertices[i]] = m[i] != i ? solverVertices[m[i]] : alone ? n : solverVertices[i];
                }
                return result;
            }
        }

        /** True when a ranks below b (lower score, or equal score and larger pairing number). */
        boolean ranksBelow(SwissPlayer a, SwissPlayer b) {
            int sa = score[a.id()];
            int sb = score[b.id()];
            return sa < sb || (sa == sb && a.rankIndex() > b.rankIndex());
        }

        // C.04.3 5.2: colour allocation
        Colour choosePlayerColour(SwissPlayer player, SwissPlayer opponent) {
            return allocate(t.initialColour(), player, score[player.id()], opponent, score[opponent.id()]);
        }

        static Colour allocate(Colour initial, SwissPlayer player, int playerScore, SwissPlayer opponent,
                               int opponentScore) {
            Colour neutral = neutralColour(player, opponent);
            if (neutral != Colour.NONE) {
                return neutral;
            }
            boolean below = playerScore < opponentScore
                    || (playerScore == opponentScore && player.rankIndex() > opponent.rankIndex());
            if (player.colourPreference() == Colour.NONE) {
                // 5.2.5: the higher-ranked player's pairing number decides, with the initial colour
                return below
                        ? ((opponent.rankIndex() & 1) != 0 ? initial : initial.opposite())
                        : ((player.rankIndex() & 1) != 0 ? initial.opposite() : initial);
            }
            // 5.2.4: grant the higher-ranked player's preference
            return below ? opponent.colourPreference().opposite() : player.colourPreference();
        }

        static Colour neutralColour(SwissPlayer player, SwissPlayer opponent) {
            if (coloursCompatible(player.colourPreference(), opponent.colourPreference())) {
                // 5.2.1: both preferences can be granted
                if (player.colourPreference() != Colour.NONE) {
                    return player.colourPreference();
                } else if (opponent.colourPreference() != Colour.NONE) {
                    return opponent.colourPreference().opposite();
                }
                return Colour.NONE;
            }
            // 5.2.2: the stronger preference; of two absolute ones, the wider colour difference
            if (player.absoluteColourPreference() && (player.colourImbalance() > opponent.colourImbalance()
                    || !opponent.absoluteColourPreference())) {
                return player.colourPreference();
            }
            if (opponent.absoluteColourPreference() && (opponent.colourImbalance() > player.colourImbalance()
                    || !player.absoluteColourPreference())) {
                return opponent.colourPreference().opposite();
            }
            if (player.strongPreference() && !opponent.strongPreference()) {
                return player.colourPreference();
            }
            if (opponent.strongPreference() && !player.strongPreference()) {
                return opponent.colourPreference().opposite();
            }
            // 5.2.3: alternate from the most recent round in which they had different colours
            List<Colour> a = playedColours(player);
            List<Colour> b = playedColours(opponent);
            int i = a.size() - 1;
            int j = b.size() - 1;
            while (i >= 0 && j >= 0 && a.get(i) == b.get(j)) {
                i--;
                j--;
            }
            if (i >= 0 && j >= 0) {
                return b.get(j);
            }
            return Colour.NONE;
        }

        static List<Colour> playedColours(SwissPlayer p) {
            List<Colour> list = new ArrayList<>();
            for (var m : p.matches()) {
                if (m.played()) {
                    list.add(m.colour());
                }
            }
            return list;
        }
    }

    @FunctionalInterface
    private interface ExchangeAddend {
        long addend(int smallerRemainderIndex);
    }

}

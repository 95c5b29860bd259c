package org.torneo.pairing.dutch;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.torneo.pairing.dutch.matching.Wide;
import org.torneo.pairing.swiss.SwissPlayer;

/**
 * Where each criterion's field lies in an edge weight (bit offsets from the least significant end), most significant
 * first: completion and PAB eligibility (C.04.3 C2, C4, C5); C6 pairs and C7 scores in the current bracket; C8 pairs
 * and scores in the next bracket; C9 unplayed games of the PAB assignee; colours C10–C13; repeated floats C14–C17 and
 * their scores C18–C21; then room for the order of transpositions and exchanges (section 4). A field of scores has a
 * part per score group, as wide as the group's size needs, the highest group most significant.
 *
 * <p>Mutable: a bracket lays the fields out for its own players' score groups only ({@link #useScoreGroups}).
 */
final class WeightLayout {
    private static final int NO_SHIFT = Integer.MIN_VALUE;
    // the fields in order: C21, C20, C19, C18, C17, C16, C15, C14, colours 4..1, C9, C8 scores, C8 pairs, C7, C6,
    // completion; the per-score-group ones are marked
    private static final boolean[] PER_SCORE_GROUP = {true, true, true, true, false, false, false, false,
            false, false, false, false, false, true, false, true, false, false};

    private final int[] score;           // by player id
    private final int playedRounds;
    final Map<Integer, Integer> scoreGroupShifts = new HashMap<>();   // score -> bit offset in a score field
    // by player id: scoreGroupShifts of the player's score, or NO_SHIFT; read for every pair of a bracket, where
    // the boxed map look-ups were a tenth of a 5,000-player round
    private int[] playerShift = new int[0];
    private final Map<Integer, Integer> scoreGroupBits = new HashMap<>();     // score -> width of its part
    int scoreGroupsShift;
    BigInteger maxWeightValue;
    final int scoreGroupSizeBits;
    long[] maxEdgeWeight;

    // bit offsets of the weight fields, from the least significant end
    int limbs;
    int offC21, offC20, offC19, offC18, offC17, offC16, offC15, offC14;
    int offColour4, offColour3, offColour2, offColour1, offC9, offC8Scores, offC8Pairs, offC7, offC6, offCompletion;

    /** The layout of the whole field: every score group of the players to pair, each part as wide as its size needs. */
    WeightLayout(PlayersToPair players) {
        score = players.score;
        playedRounds = players.t.playedRounds();
        // score group sizes → bit widths, from the lowest group up
        int repeated = 0;
        int maxGroup = 0;
        for (int i = players.size() - 1; i >= 0; i--) {
            repeated++;
            int s = players.sc(i);
            if (i == 0 || s < players.sc(i - 1)) {
                scoreGroupBits.put(s, bitsToRepresent(repeated));
                maxGroup = Math.max(maxGroup, repeated);
                repeated = 0;
            }
        }
        scoreGroupSizeBits = bitsToRepresent(maxGroup);
        useScoreGroups(scoreGroupBits.keySet());
    }

    private static int bitsToRepresent(int v) {
        return 32 - Integer.numberOfLeadingZeros(v);
    }

    private int layout() {
        int sg = scoreGroupSizeBits;
        int sgs = scoreGroupsShift;
        int pr = playedRounds;
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
    void useScoreGroups(Collection<Integer> scores) {
        scoreGroupShifts.clear();
        int shift = 0;
        for (int s : new TreeSet<>(scores)) {
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

    /** scoreGroupShifts of the player's score (an error, as the map's, when the layout lacks it). */
    int shiftOf(SwissPlayer p) {
        int shift = playerShift[p.id()];
        return shift != NO_SHIFT ? shift : scoreGroupShifts.get(score[p.id()]);
    }

    /** The layout in force, to move weights from it into another one. */
    record Layout(Map<Integer, Integer> shifts, int[] offsets, int limbs) {
    }

    Layout layoutInForce() {
        return new Layout(new HashMap<>(scoreGroupShifts), new int[] {offC21, offC20, offC19, offC18, offC17,
                offC16, offC15, offC14, offColour4, offColour3, offColour2, offColour1, offC9, offC8Scores,
                offC8Pairs, offC7, offC6, offCompletion}, limbs);
    }

    private boolean fieldPresent(int field) {
        return switch (field) {
            case 0, 1, 4, 5 -> playedRounds > 1;
            case 2, 3, 6, 7 -> playedRounds > 0;
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
}

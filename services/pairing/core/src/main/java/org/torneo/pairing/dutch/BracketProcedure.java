package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.List;
import org.torneo.pairing.swiss.SwissPlayer;

/**
 * The brackets, from the top score group down. A bracket is its moved-down players (indices from 0), its resident
 * score group (from {@code scoreGroupBegin}) and the next score group (from {@code nextScoreGroupBegin}, there for
 * C8); its decisions are taken one phase after the other, each frozen by re-weighting before the next, so the result
 * depends only on the optimum values, not on which optimal matching the solver returns:
 * <ol>
 *   <li>{@link #openBracket}: the base weights (C1–C21), a first solve;</li>
 *   <li>{@link #chooseMovedDownPlayersToPair}: which moved-down players are paired in the bracket (C6, C7);</li>
 *   <li>{@link #chooseMovedDownOpponents}: their opponents, highest first;</li>
 *   <li>{@link #weighExchanges}: the remainder's S1 and S2, the exchanges counted (section 4: as few as possible);</li>
 *   <li>{@link #chooseS1PlayersToExchange} (lowest first) and {@link #chooseS2PlayersToExchange} (highest first);</li>
 *   <li>{@link #fixExchanges}: S1 and S2 as exchanged, the exchange order dropped;</li>
 *   <li>{@link #chooseS1Opponents}: the opponent of each S1 player, highest first (transpositions, section 4);</li>
 *   <li>{@link #moveDownTheUnpaired}: who is left moves down to the next bracket.</li>
 * </ol>
 * Players are named by their index in the bracket ({@code pi}, {@code oi}) and by their vertex ({@code pv},
 * {@code ov}); {@code stable} is the solver's matching after the last solve.
 */
final class BracketProcedure {
    private final PlayersToPair players;
    private final WeightLayout layout;
    private final CriteriaWeights weights;
    private final BracketSolver solver;
    private final boolean shortcuts;
    private final int n;
    private final int byeAssigneeScore;
    private final int sgBits;
    private final boolean[] matched;
    private final SwissPlayer[] matchById;

    // carried from bracket to bracket
    private List<SwissPlayer> playersByIndex = new ArrayList<>();
    private List<Integer> vertexIndices = new ArrayList<>();
    private int next;                       // the first vertex in no bracket yet
    private int scoreGroupBegin;            // the first resident (the moved-down players come before)
    private int scoreGroupBeginVertex;
    private boolean singleDownfloaterIsByeAssignee;

    // the bracket being paired
    private int nextScoreGroupBegin;        // the first player of the next score group
    private int nextScoreGroupBeginVertex;
    private int scoreGroupStart;            // ... and its vertex
    private int size;
    private BracketWeights base;
    private int[] stable;
    private List<Integer> remainder;        // residents not paired with moved-down players, by index
    private int remainderPairs;             // S1's size: the first S2 player is at this position of remainder
    private int exchangeCount;

    BracketProcedure(PlayersToPair players, WeightLayout layout, CriteriaWeights weights, Completion completion,
                     boolean shortcuts, int forcedFallbackPeriod) {
        this.players = players;
        this.layout = layout;
        this.weights = weights;
        this.shortcuts = shortcuts;
        n = players.size();
        byeAssigneeScore = completion.byeAssigneeScore();
        singleDownfloaterIsByeAssignee = completion.singleDownfloaterIsByeAssignee();
        sgBits = layout.scoreGroupSizeBits;
        matchById = new SwissPlayer[players.t.players().size()];
        int topScore = players.sc(0);
        while (next < n && players.sc(next) >= topScore) {
            playersByIndex.add(players.sorted.get(next));
            vertexIndices.add(vertexIndices.size());
            next++;
        }
        matched = new boolean[n];
        solver = new BracketSolver(players, layout, weights, shortcuts, forcedFallbackPeriod, byeAssigneeScore,
                singleDownfloaterIsByeAssignee);
    }

    /** Pairs every bracket; the opponent of each player by id (null: the PAB). */
    SwissPlayer[] pairBrackets() {
        while (playersByIndex.size() > 1 || next < n) {
            openBracket();
            chooseMovedDownPlayersToPair();
            chooseMovedDownOpponents();
            weighExchanges();
            chooseS1PlayersToExchange();
            chooseS2PlayersToExchange();
            fixExchanges();
            chooseS1Opponents();
            moveDownTheUnpaired();
        }
        return matchById;
    }

    int bracketsAlone() {
        return solver.bracketsAlone;
    }

    int bracketFallbacks() {
        return solver.fallbacks;
    }

    private int[] solve() {
        solver.solve();
        stable = solver.matching();
        return stable;
    }

    /** A vertex of the bracket's resident score group. */
    private boolean isResident(int vertex) {
        return vertex >= scoreGroupBeginVertex && vertex < nextScoreGroupBeginVertex;
    }

    /** Takes in the next score group, sets every pair's base weight and solves. */
    private void openBracket() {
        nextScoreGroupBegin = playersByIndex.size();
        nextScoreGroupBeginVertex = scoreGroupBeginVertex + (nextScoreGroupBegin - scoreGroupBegin);
        scoreGroupStart = next;
        while (next < n && players.sc(next) >= players.sc(scoreGroupStart)) {
            playersByIndex.add(players.sorted.get(next));
            vertexIndices.add(vertexIndices.get(vertexIndices.size() - 1) + 1);
            next++;
        }
        size = playersByIndex.size();
        solver.beginBracket(vertexIndices, next, scoreGroupBegin);
        base = new BracketWeights(size, layout.limbs);
        weights.putBaseWeights(base, playersByIndex, scoreGroupBegin, nextScoreGroupBegin, byeAssigneeScore,
                singleDownfloaterIsByeAssignee);
        for (int larger = scoreGroupBegin; larger < size; larger++) {
            int largerVertex = vertexIndices.get(larger);
            for (int smaller = 0; smaller < larger; smaller++) {
                solver.setBase(largerVertex, vertexIndices.get(smaller), base, larger, smaller);
            }
        }
        solve();
    }

    /**
     * C.04.3 C6, C7: as many moved-down players paired in the bracket as can be, the highest scores first; within a
     * score, the highest-ranked ones that can be.
     */
    private void chooseMovedDownPlayersToPair() {
        int[] stable = this.stable;
        int[] score = players.score;
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
                    if (isResident(stable[vertexIndices.get(mi)])) {
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
            if (!isResident(stable[pv])) {
                for (int oi = scoreGroupBegin; oi < nextScoreGroupBegin; oi++) {
                    if (base.id(oi, pi) != 0) {
                        solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, 1);
                    }
                }
                stable = solve();
            }
            if (isResident(stable[pv])) {
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
    }

    /** The opponents of the moved-down players chosen, highest first: each the lowest resident it can have. */
    private void chooseMovedDownOpponents() {
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
            int mv = solve()[pv];
            if (mv >= n) {
                throw new IllegalStateException("a decided opponent is outside the bracket");
            }
            matched[mv] = true;
            solver.finalizePair(pv, mv);
        }
    }

    /**
     * The exchange weight of a pair of the remainder: its base weight plus this (set through setBasePlus, which
     * remembers the matcher's id of each such weight instead of copying and interning one per pair); minimise the
     * number of exchanges, then the difference of the exchanged BSNs.
     */
    private long exchangeAddend(int smallerRemainderIndex) {
        return (((smallerRemainderIndex < remainderPairs ? 1L : 0L) << (2 * sgBits)) - smallerRemainderIndex) << 1;
    }

    /** The remainder (S1: its first remainderPairs players, S2 the rest) weighed for exchanges, and them counted. */
    private void weighExchanges() {
        remainder = new ArrayList<>();
        remainderPairs = 0;
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
        for (int a = 0; a < remainder.size(); a++) {
            int oi = remainder.get(a);
            int ov = vertexIndices.get(oi);
            for (int b = 0; b < remainder.size(); b++) {
                int pi = remainder.get(b);
                if (oi <= pi) {
                    break;
                }
                solver.setBasePlus(vertexIndices.get(pi), ov, base, oi, pi, exchangeAddend(b));
            }
        }
        exchangeCount = countExchanges(solve());
    }

    /** The S1 players the optimum pairs outside S2 (with S1, or lower): the number of exchanges to make. */
    private int countExchanges(int[] stable) {
        int count = 0;
        int firstS2 = remainderPairs < remainder.size() ? remainder.get(remainderPairs) : Integer.MAX_VALUE;
        for (int pi : remainder) {
            if (pi >= firstS2) {
                break;
            }
            int pv = vertexIndices.get(pi);
            if (stable[pv] <= pv || stable[pv] >= nextScoreGroupBeginVertex) {
                count++;
            }
        }
        return count;
    }

    /** Section 4: the S1 players to exchange, the lowest first where possible. */
    private void chooseS1PlayersToExchange() {
        int[] stable = this.stable;
        int exchangesRemaining = exchangeCount;
        int playerRemainderIndex = remainderPairs;
        for (int pos = remainderPairs; pos > 0 && exchangesRemaining > 0; ) {
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
                                exchangeAddend(playerRemainderIndex) - 1);
                    }
                }
                stable = solve();
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
                solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, exchangeAddend(playerRemainderIndex));
            }
        }
    }

    /** Section 4: the S2 players to exchange, the highest first where possible. */
    private void chooseS2PlayersToExchange() {
        int[] stable = this.stable;
        int exchangesRemaining = exchangeCount;
        int remainderIndex = remainderPairs;
        for (int pos = remainderPairs; pos < remainder.size() && exchangesRemaining > 1; pos++) {
            int pi = remainder.get(pos);
            int pv = vertexIndices.get(pi);
            boolean alreadyExchanged = stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex;
            if (!alreadyExchanged) {
                for (int o2 = pos + 1; o2 < remainder.size(); o2++) {
                    int oi = remainder.get(o2);
                    if (base.id(oi, pi) != 0) {
                        solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, exchangeAddend(remainderIndex) + 1);
                    }
                }
                stable = solve();
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
                    solver.setBasePlus(pv, vertexIndices.get(oi), base, oi, pi, exchangeAddend(remainderIndex));
                }
            }
            remainderIndex++;
        }
    }

    /** Fixes which players are exchanged (their pairs within S1 or within S2 dropped) and resets the exchange bits. */
    private void fixExchanges() {
        int[] stable = this.stable;
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
    }

    /**
     * The opponents of the S1 players (after the exchanges), highest first: each the lowest-ranked it can have
     * (section 4: transpositions). The weights were reset since the last solve, so the matching in hand may not be
     * optimal.
     */
    private void chooseS1Opponents() {
        int[] stable = this.stable;
        boolean stableIsOptimal = false;
        int[] opponents = new int[remainder.size()];
        long[] addends = new long[remainder.size()];
        int[] opponentIndices = new int[remainder.size()];
        for (int pi : remainder) {
            int pv = vertexIndices.get(pi);
            if (!(stable[pv] > pv && stable[pv] < nextScoreGroupBeginVertex)) {
                continue;
            }
            // the possible opponents, the lowest-ranked first, with addends rising from 0
            int count = 0;
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
            boolean decided = opponentInHand(pv, stable, stableIsOptimal, opponents, addends, count);
            for (int i = 0; i < count; i++) {
                solver.setBasePlus(pv, opponents[i], base, opponentIndices[i], pi, addends[i]);
            }
            if (!decided) {
                stable = solve();
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

    /**
     * Whether the optimum in hand already gives pv the opponent the addends would choose, so that no solve is needed.
     * An optimal matching that already gives pv its most preferred opponent stays optimal when pv's edges gain the
     * addends, and every optimum then gives pv that opponent (the addends are distinct and the preferred one is
     * positive); fixing the pair keeps it optimal too. Otherwise, with the shortcuts, the optimum's duals may prove the
     * opponent: the solver's matching is then swapped to it, and so is {@code stable} (the pairs decided since the
     * last solve are not matched in the solver until it runs again).
     */
    private boolean opponentInHand(int pv, int[] stable, boolean stableIsOptimal, int[] opponents, long[] addends,
                                   int count) {
        if (!stableIsOptimal) {
            return false;
        }
        int preferred = count > 0 ? opponents[count - 1] : -1;
        long preferredAddend = count > 0 ? addends[count - 1] : 0;
        if (preferredAddend > 0 && stable[pv] == preferred) {
            return true;
        }
        if (!shortcuts || solver.partnerByAddends(pv, opponents, addends, count) < 0) {
            return false;
        }
        int[] swapped = solver.matching();
        for (int v = 0; v < n; v++) {
            if (!matched[v]) {
                stable[v] = swapped[v];
            }
        }
        return true;
    }

    /** The pairs of the bracket recorded; its unpaired players (and the next score group) form the next bracket. */
    private void moveDownTheUnpaired() {
        List<SwissPlayer> newPlayers = new ArrayList<>();
        List<Integer> newVertices = new ArrayList<>();
        scoreGroupBegin = 0;
        singleDownfloaterIsByeAssignee = (n & 1) != 0 && scoreGroupStart < n
                && byeAssigneeScore >= players.sc(scoreGroupStart);
        for (int pi = 0; pi < size; pi++) {
            int pv = vertexIndices.get(pi);
            if (pi < nextScoreGroupBegin && matched[pv]) {
                matchById[playersByIndex.get(pi).id()] = players.sorted.get(stable[pv]);
                matchById[players.sorted.get(stable[pv]).id()] = playersByIndex.get(pi);
            } else {
                newPlayers.add(playersByIndex.get(pi));
                newVertices.add(pv);
                if (pi < nextScoreGroupBegin) {
                    scoreGroupBegin++;
                }
                if (singleDownfloaterIsByeAssignee
                        && (stable[pv] >= n || players.sc(stable[pv]) < players.sc(scoreGroupStart))) {
                    singleDownfloaterIsByeAssignee = false;
                }
            }
        }
        playersByIndex = newPlayers;
        vertexIndices = newVertices;
        scoreGroupBeginVertex = nextScoreGroupBeginVertex;
    }
}

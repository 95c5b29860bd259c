package org.torneo.rating.core.tiebreak;

import java.util.HashMap;
import java.util.Map;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * The cross table flattened into arrays (player index = start number - 1, round index 0-based) with
 * the per-player facts that several tie-breaks share. Built once per computation in O(n * rounds).
 */
public final class TieBreakContext {

    final Tournament tournament;
    final TieBreakRules rules;
    /** A round robin: unplayed games count as played (C.07 14.6 default) and byes add nothing. */
    final boolean roundRobin;
    final int n;
    final int rounds;
    final PointSystem pointSystem;
    final int winPoints;
    final int drawPoints;
    /** Opponent index, or -1 for byes and unpaired rounds. */
    final int[][] opponent;
    /** Points earned in the round, in hundredths. */
    final int[][] points;
    /** Score for rating purposes (1 / ½ / 0) in hundredths. */
    final int[][] ratingScore;
    /** A game over the board, or a pairing-allocated bye (the round counts as "played" for C.07 16.2). */
    final boolean[][] playedOrPab;
    /** Voluntary unplayed round, C.07 16.1.2: requested byes, forfeit losses, absences. */
    final boolean[][] vur;
    final boolean[][] black;
    final int[] rating;
    final long[] total;
    /** Last round (1-based) that was not a VUR; 0 if none (C.07 16.2). */
    final int[] lastNonVur;
    /** Last round (1-based) with an opponent, a played game or a PAB (for the fore variant). */
    final int[] lastPaired;
    /** The score each player contributes to the opponents' Buchholz (C.07 16.3, adjusted score). */
    final long[] adjustedForOpponents;

    private final Map<String, TieBreakColumn> cache = new HashMap<>();

    public TieBreakContext(Tournament tournament, TieBreakRules rules) {
        this(tournament, rules, false);
    }

    public TieBreakContext(Tournament tournament, TieBreakRules rules, boolean roundRobin) {
        this.tournament = tournament;
        this.rules = rules;
        this.roundRobin = roundRobin;
        this.n = tournament.size();
        this.rounds = tournament.rounds();
        this.pointSystem = tournament.pointSystem();
        this.winPoints = pointSystem.win();
        this.drawPoints = pointSystem.draw();
        opponent = new int[n][rounds];
        points = new int[n][rounds];
        ratingScore = new int[n][rounds];
        playedOrPab = new boolean[n][rounds];
        vur = new boolean[n][rounds];
        black = new boolean[n][rounds];
        rating = new int[n];
        total = new long[n];
        lastNonVur = new int[n];
        lastPaired = new int[n];
        adjustedForOpponents = new long[n];
        for (int p = 0; p < n; p++) {
            Player player = tournament.players().get(p);
            rating[p] = player.rating();
            for (int r = 0; r < rounds; r++) {
                RoundEntry e = player.round(r + 1);
                ResultKind kind = e.kind();
                opponent[p][r] = e.opponent() - 1;
                points[p][r] = e.points(pointSystem);
                ratingScore[p][r] = kind.ratingScoreCenti();
                boolean played = kind.overTheBoard() || kind == ResultKind.PAIRING_ALLOCATED_BYE;
                playedOrPab[p][r] = played;
                // C.07 16.1.2: a PAB, a full-point bye and a forfeit win are not voluntary
                vur[p][r] = !played && kind.outcome() != ResultKind.Outcome.WIN
                        && kind.outcome() != ResultKind.Outcome.FORFEIT_WIN
                        && kind.outcome() != ResultKind.Outcome.FULL_BYE;
                black[p][r] = e.colour() == Colour.BLACK;
                total[p] += points[p][r];
                if (!vur[p][r]) {
                    lastNonVur[p] = r + 1;
                }
                if (e.opponent() > 0 || played) {
                    lastPaired[p] = r + 1;
                }
            }
            if (player.arbiterScoreCenti() != null) {
                total[p] = player.arbiterScoreCenti();
            }
            long adjusted = 0;
            for (int r = 0; r < rounds; r++) {
                // C.07 16.3: a requested bye followed only by VURs (a withdrawal) counts as a draw
                // (in a round robin such a round adds nothing)
                boolean counts = r + 1 <= lastNonVur[p] || opponent[p][r] >= 0;
                adjusted += counts ? points[p][r] : roundRobin ? 0 : drawPoints;
            }
            adjustedForOpponents[p] = adjusted;
        }
    }

    public Tournament tournament() {
        return tournament;
    }

    public TieBreakRules rules() {
        return rules;
    }

    public boolean roundRobin() {
        return roundRobin;
    }

    TieBreakRules rulesFor(TieBreakSpec spec) {
        return spec.rules() != null ? spec.rules() : rules;
    }

    /** A column computed once per spec text and reused (AOB needs BH, APRO needs TPR). */
    TieBreakColumn cached(TieBreakSpec spec, java.util.function.Supplier<TieBreakColumn> compute) {
        String key = spec.code() + "|" + spec.cutLow() + "|" + spec.cutHigh() + "|" + spec.unplayedAsPlayed() + "|"
                + spec.fore() + "|" + spec.unratedRating() + "|" + rulesFor(spec);
        TieBreakColumn c = cache.get(key);
        if (c == null) {
            c = compute.get();
            cache.put(key, c);
        }
        return c;
    }
}

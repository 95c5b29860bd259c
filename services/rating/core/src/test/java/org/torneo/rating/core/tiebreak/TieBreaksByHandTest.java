package org.torneo.rating.core.tiebreak;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.rating.core.score.ResultKind.DRAW;
import static org.torneo.rating.core.score.ResultKind.FORFEIT_WIN;
import static org.torneo.rating.core.score.ResultKind.HALF_POINT_BYE;
import static org.torneo.rating.core.score.ResultKind.LOSS;
import static org.torneo.rating.core.score.ResultKind.PAIRING_ALLOCATED_BYE;
import static org.torneo.rating.core.score.ResultKind.WIN;
import static org.torneo.rating.core.score.ResultKind.ZERO_POINT_BYE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.rating.core.CrossTableBuilder;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;

/**
 * A 4-player, 4-round event with every kind of round (played games, half-point bye, PAB, forfeit,
 * absences), and the values of the tie-breaks the reference corpus does not exercise, worked out by
 * hand from C.07 (comments give the arithmetic).
 *
 * <pre>
 *        R1          R2         R3          R4        total
 *   1    W 2 (w)     W 3 (b)    + 4 (w)     Z         3.0
 *   2    L 1 (b)     H          L 3 (w)     W 4 (b)   1.5
 *   3    D 4 (w)     L 1 (w)    W 2 (b)     Z         1.5
 *   4    D 3 (b)     U (PAB)    - 1 (b)     L 2 (w)   1.5
 * </pre>
 * Scores the opponents see (C.07 16.3): 1 = 3.5 (the trailing absence counts as a draw), 2 = 1.5,
 * 3 = 2.0, 4 = 1.5.
 */
class TieBreaksByHandTest {

    static Tournament event(int ratingOf4) {
        var b = new CrossTableBuilder(4, 10);
        b.rating(1, 2000).rating(2, 1900).rating(3, 1800).rating(4, ratingOf4);
        b.game(1, 1, 2, WIN).game(1, 3, 4, DRAW);
        b.game(2, 3, 1, LOSS).bye(2, 2, HALF_POINT_BYE).bye(2, 4, PAIRING_ALLOCATED_BYE);
        b.game(3, 1, 4, FORFEIT_WIN).game(3, 2, 3, LOSS);
        b.game(4, 4, 2, LOSS).bye(4, 1, ZERO_POINT_BYE).bye(4, 3, ZERO_POINT_BYE);
        return b.build();
    }

    static long[] values(String code, TieBreakRules rules) {
        return values(event(1700), code, rules);
    }

    static long[] values(Tournament t, String code, TieBreakRules rules) {
        Standings s = StandingsCalculator.compute(t, rules, List.of(TieBreakSpec.parse("PTS"), TieBreakSpec.parse(code)));
        return s.columns().get(1).values();
    }

    @Test
    void countsOfWinsGamesAndColours() {
        assertArrayEquals(new long[] {3, 1, 1, 1}, values("WIN", TieBreakRules.C07_2024), "forfeit win and PAB count");
        assertArrayEquals(new long[] {2, 1, 1, 0}, values("WON", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {1, 2, 1, 1}, values("BPG", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {1, 1, 1, 0}, values("BWG", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {3, 3, 3, 3}, values("REP", TieBreakRules.C07_2024));
    }

    @Test
    void buchholzWithDummyOpponentsAndThe2026Caps() {
        // 2024: own unplayed rounds count the player's own score (16.4)
        assertArrayEquals(new long[] {950, 850, 800, 650}, values("BH", TieBreakRules.C07_2024));
        // 2026: forfeit -> min(own, opponent) (16.4.1); bye/absence -> min(own, 4 x 0.5) (16.4.2)
        assertArrayEquals(new long[] {700, 850, 800, 650}, values("BH", TieBreakRules.C07_2026));
        // 16.5: the voluntary unplayed round is cut before the lowest played contribution
        assertArrayEquals(new long[] {650, 700, 650, 500}, values("BH/C1", TieBreakRules.C07_2024));
        // /P: the forfeits count the real opponents (1 gets 1.5 instead of 3.0, 4 gets 3.5 instead of 1.5)
        assertArrayEquals(new long[] {800, 850, 800, 850}, values("BH/P", TieBreakRules.C07_2024));
    }

    @Test
    void foreBuchholzCountsTheLastRoundAsDrawn() {
        // 2 and 4 met in the last round: their scores become 1.0 and 2.0
        assertArrayEquals(new long[] {900, 850, 800, 700}, values("FB", TieBreakRules.C07_2024));
    }

    @Test
    void sonnebornBergerAndAverageOfOpponentsBuchholz() {
        assertArrayEquals(new long[] {65000, 22500, 22500, 25000}, values("SB", TieBreakRules.C07_2024));
        // AOB: 1 = (8.5 + 8.0) / 2; 3 = (6.5 + 9.5 + 8.5) / 3 = 8.1666 -> 8.17
        assertArrayEquals(new long[] {825, 800, 817, 825}, values("AOB", TieBreakRules.C07_2024));
    }

    @Test
    void progressiveScoreAndKoya() {
        assertArrayEquals(new long[] {900, 250, 400, 500}, values("PS", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {800, 250, 350, 450}, values("PS/C1", TieBreakRules.C07_2024));
        // limit 50 % of 4 = 2.0: only player 1 reaches it, and nobody scored against him
        assertArrayEquals(new long[] {0, 0, 0, 0}, values("KS", TieBreakRules.C07_2024));
        // limit lowered by one half-point to 1.5: every opponent counts
        assertArrayEquals(new long[] {300, 100, 150, 50}, values("KS/L-1", TieBreakRules.C07_2024));
    }

    @Test
    void ratingBasedTieBreaks() {
        assertArrayEquals(new long[] {1850, 1833, 1867, 1850}, values("ARO", TieBreakRules.C07_2024));
        // TPR = ARO + dp(p): 1.00 -> 800, .33 -> -125, .50 -> 0, .25 -> -193
        assertArrayEquals(new long[] {2650, 1708, 1867, 1657}, values("TPR", TieBreakRules.C07_2024));
        // PTP: the lowest R with expected score >= score (table 8.1.2)
        assertArrayEquals(new long[] {2636, 1697, 1868, 1655}, values("PTP", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {1788, 2058, 2005, 1788}, values("APRO", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {1783, 2053, 1996, 1783}, values("APPO", TieBreakRules.C07_2024));
    }

    @Test
    void ratingTieBreaksAreDroppedWithAnUnratedPlayerUnlessUGivesHimARating() {
        Tournament withUnrated = event(0);
        long na = TieBreakColumn.NA;
        assertArrayEquals(new long[] {na, na, na, na}, values(withUnrated, "ARO", TieBreakRules.C07_2024));
        assertArrayEquals(new long[] {1850, 1733, 1767, 1850}, values(withUnrated, "ARO/U1400", TieBreakRules.C07_2024));
    }

    @Test
    void directEncounterSplitsAGroupWhoseMembersAllMet() {
        // 2, 3 and 4 are tied on 1.5 and all met: 3 scored 1.5, 2 scored 1, 4 scored 0.5 among them
        assertArrayEquals(new long[] {0, 2, 1, 3}, values("DE", TieBreakRules.C07_2024));
        Standings s = StandingsCalculator.compute(event(1700), TieBreakRules.C07_2024,
                List.of(TieBreakSpec.parse("PTS"), TieBreakSpec.parse("DE")));
        assertEquals(List.of(1, 3, 2, 4), s.startNumbersByRank());
    }

    @Test
    void directEncounterDecidesNothingWhileAnUnmetPlayerCouldStillCatchUp() {
        // 1, 2, 3 on one point each: 1 beat 2; 3 met neither (6.2: 3 could still have scored 2 points)
        var b = new CrossTableBuilder(2, 10);
        b.game(1, 1, 2, WIN).game(1, 3, 10, WIN).game(2, 1, 11, LOSS).game(2, 2, 12, WIN).game(2, 3, 13, LOSS);
        Tournament t = b.build();
        long[] de = values(t, "DE", TieBreakRules.C07_2024);
        assertEquals(0, de[0]);
        assertEquals(0, de[1]);
        assertEquals(0, de[2]);
    }

    @Test
    void standingsRankByPointsFirstEvenWhenPtsIsNotListed() {
        Standings s = StandingsCalculator.compute(event(1700), TieBreakRules.C07_2024,
                List.of(TieBreakSpec.parse("SB"), TieBreakSpec.parse("BH")));
        assertEquals(2, s.columns().size(), "only the listed columns");
        assertArrayEquals(new long[] {65000, 22500, 22500, 25000}, s.columns().get(0).values());
        assertArrayEquals(new long[] {950, 850, 800, 650}, s.columns().get(1).values());
        // 1 (3.0) first; then 4 (SB 2.5), then 2 and 3 (SB 2.25) by BH 8.5 / 8.0
        assertEquals(List.of(1, 4, 2, 3), s.startNumbersByRank());
        assertArrayEquals(new int[] {1, 3, 4, 2}, s.rank());
    }

    @Test
    void playersEqualOnEveryCriterionShareTheRank() {
        Standings s = StandingsCalculator.compute(event(1700), TieBreakRules.C07_2024, List.of(TieBreakSpec.parse("WIN")));
        // 2, 3, 4 all have 1.5 points and one win
        assertArrayEquals(new int[] {1, 2, 2, 2}, s.rank());
    }

    @Test
    void unknownCodesAndBadModifiersAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> TieBreaks.byCode("XYZ"));
        assertTrue(e.getMessage().contains("XYZ"));
        var m = assertThrows(IllegalArgumentException.class, () -> TieBreakSpec.parse("BH/Cx"));
        assertTrue(m.getMessage().contains("BH/Cx"), m.getMessage());
        assertEquals(1, TieBreakSpec.parse("BH/M1").cutHigh());
        assertEquals(TieBreakRules.C07_2026, TieBreakSpec.parse("BH/V2026").rules());
    }
}

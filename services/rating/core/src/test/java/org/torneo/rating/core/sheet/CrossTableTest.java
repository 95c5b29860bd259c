package org.torneo.rating.core.sheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.Tournament;

/** How the streams' results, byes and scoring become the core's cross table. */
class CrossTableTest {

    /** 3-1-0 with a 1-point pairing bye and a ½-point requested bye (in the Score's half points). */
    private static final Scoring FOOTBALL = new Scoring(new Score(6), new Score(2), Score.ZERO, new Score(2), Score.HALF,
            Score.ZERO, new Score(6), Score.ZERO, Score.ZERO);

    private static RatingSheet sheet(Scoring scoring, int players, SheetFact... facts) {
        RatingSheet s = RatingSheet.EMPTY.apply(new SheetFact.SheetOpened("t", "T", 2, scoring, "2024", List.of("PTS"), null));
        for (int i = 1; i <= players; i++) {
            s = s.apply(new SheetFact.PlayerEntered("p" + i, "P" + i, 1500 + i));
        }
        for (SheetFact f : facts) {
            s = s.apply(f);
        }
        return s;
    }

    private static SheetFact.GameScored game(String id, String w, String b, int wh, int bh, boolean played, boolean arbiter) {
        return new SheetFact.GameScored(id, 1, w, b, wh, bh, played, !played && !arbiter, arbiter, "");
    }

    private static SheetFact.GameScored noMove(String id, String w, String b, int wh, int bh) {
        return new SheetFact.GameScored(id, 1, w, b, wh, bh, false, false, false, "");
    }

    @Test
    void footballScoringForWinsDrawsAndForfeits() {
        Tournament t = CrossTable.of(sheet(FOOTBALL, 6,
                new SheetFact.RoundScheduled(1, 3, List.of()),
                game("g1", "p1", "p2", 2, 0, true, false),
                game("g2", "p3", "p4", 1, 1, true, false),
                game("g3", "p5", "p6", 0, 2, false, false)), 1);
        assertEquals(List.of(300, 0, 100, 100, 0, 300), scores(t));
        assertEquals(ResultKind.FORFEIT_WIN, t.player(6).round(1).kind());
        assertEquals(ResultKind.FORFEIT_LOSS, t.player(5).round(1).kind());
    }

    @Test
    void doubleForfeitBothLoseAndAGameOfNoMoveIsScoredButNotRated() {
        // Code 1970 art. XVII: both lose; TRF W/L: less than one move, counts for points only
        Tournament t = CrossTable.of(sheet(Scoring.classic(), 4,
                new SheetFact.RoundScheduled(1, 2, List.of()),
                game("g1", "p1", "p2", 0, 0, false, false),
                noMove("g2", "p3", "p4", 2, 0)), 1);
        assertEquals(List.of(0, 0, 100, 0), scores(t));
        assertEquals(ResultKind.FORFEIT_LOSS, t.player(1).round(1).kind());
        assertEquals(ResultKind.FORFEIT_LOSS, t.player(2).round(1).kind());
        assertEquals(ResultKind.UNRATED_WIN, t.player(3).round(1).kind());
        assertEquals(ResultKind.UNRATED_LOSS, t.player(4).round(1).kind());
    }

    @Test
    void arbiterScoresReplaceTheResultsPoints() {
        // FIDE 2018 12.9: e.g. ½-0 after an irregularity
        Tournament t = CrossTable.of(sheet(Scoring.classic(), 2,
                new SheetFact.RoundScheduled(1, 1, List.of()),
                game("g1", "p1", "p2", 1, 0, true, true)), 1);
        assertEquals(List.of(50, 0), scores(t));
        assertEquals(50, t.player(1).round(1).arbiterPointsCenti());
        assertEquals(ResultKind.WIN, t.player(1).round(1).kind());
    }

    @Test
    void byesScoreWhatThePairingAnnounced() {
        Tournament t = CrossTable.of(sheet(FOOTBALL, 4,
                new SheetFact.RoundScheduled(1, 0, List.of(
                        new SheetFact.ByeEntry("p1", ByeKind.PAIRING_BYE, 2),
                        new SheetFact.ByeEntry("p2", ByeKind.HALF_POINT, 1),
                        new SheetFact.ByeEntry("p3", ByeKind.LATE_ENTRY, 0),
                        new SheetFact.ByeEntry("p4", ByeKind.OPPONENT_WITHDRAWN, 6)))), 1);
        assertEquals(List.of(100, 50, 0, 300), scores(t));
        assertEquals(ResultKind.PAIRING_ALLOCATED_BYE, t.player(1).round(1).kind());
        assertNull(t.player(1).round(1).arbiterPointsCenti(), "the point system's own value");
        assertEquals(ResultKind.ZERO_POINT_BYE, t.player(3).round(1).kind());
        assertEquals(ResultKind.FULL_POINT_BYE, t.player(4).round(1).kind());
        assertEquals(300, t.player(4).round(1).arbiterPointsCenti(), "FOOTBALL's pairing bye is 1 point, this one 3");
    }

    @Test
    void pairingNumbersOrderThePlayersOnceTheyCoverTheField() {
        RatingSheet s = sheet(Scoring.classic(), 3, new SheetFact.NumbersFixed(java.util.Map.of("p1", 3, "p2", 1)));
        assertEquals(java.util.Map.of("p1", 1, "p2", 2, "p3", 3), s.startNumbers(), "incomplete: registration order");
        s = s.apply(new SheetFact.NumbersFixed(java.util.Map.of("p3", 2)));
        assertEquals(java.util.Map.of("p1", 3, "p2", 1, "p3", 2), s.startNumbers());
        assertEquals("P2", CrossTable.of(s, 1).player(1).name());
    }

    private static List<Integer> scores(Tournament t) {
        return java.util.stream.IntStream.rangeClosed(1, t.size()).map(t::scoreCenti).boxed().toList();
    }
}

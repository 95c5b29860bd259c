package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.rating.app.projection.RatingProjector;
import org.torneo.rating.app.projection.StandingRow;

/** The rows a publication becomes (the PostgreSQL writes themselves run in the integration test). */
class RatingProjectorTest {

    @Test
    void standingRowsCarryRankPointsAndTheTieBreakValuesInOrder() {
        List<StandingRow> rows = RatingProjector.standingRows(RatingEvent.StandingsComputed.example());
        assertEquals(2, rows.size());
        assertEquals("t-1/4", rows.get(0).id);
        assertEquals(1, rows.get(0).rank);
        assertEquals("3.0", rows.get(0).points);
        assertEquals("PTS,BH/C1,SB", rows.get(0).tieBreaks);
        assertEquals("3.0,4.5,5.25", rows.get(0).tieBreakValues);
    }

    @Test
    void ratingRowsKeepTheChangeInHundredths() {
        var rows = RatingProjector.ratingRows(RatingEvent.RatingChangesComputed.example());
        assertEquals(1240, rows.get(0).changeCenti);
        assertEquals(20, rows.get(0).kFactor);
        assertEquals(1902, rows.get(1).initialRating);
        assertEquals("t-1/2", rows.get(1).id);
    }
}

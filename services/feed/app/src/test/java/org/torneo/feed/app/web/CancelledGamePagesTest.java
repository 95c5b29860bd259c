package org.torneo.feed.app.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedModel;

/**
 * The pages of a round whose pairing the arbiter corrected after publishing it (C.04.2, C.04.3 of 2017 F.6-F.7): the
 * game the correction cancelled is listed apart, with the arbiter's reason and no result, not among the boards.
 */
class CancelledGamePagesTest {

    private static final String T = "open-2026";
    private static final String REASON = "p3 and p4 had asked for half-point byes";
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());
    private final Pages pages = Templates.fill(new Pages());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    @BeforeEach
    void givenARoundWhoseSecondBoardWasCancelled() {
        pages.model = model;
        given(T, Chain.created(T, "Open de Primavera", List.of(new Hall("A", 1, 2))));
        for (String p : List.of("p1", "p2", "p3", "p4")) {
            given(T, Chain.player(T, p, "Player " + p, 2000));
        }
        given(T, Chain.paired(T, 1, List.of(new Board(1, null, "p1", "p2"), new Board(2, null, "p3", "p4")),
                List.of()));
        given("g1", Chain.started(T, 1, 1, "p1", "p2", "A"));
        given("g2", Chain.started(T, 1, 2, "p3", "p4", "A"));
        given(T, new TournamentEvent.PairingCorrected(T, "c-fix", Chain.ARBITER, Chain.T0, 1,
                List.of(new Board(1, null, "p1", "p2")), List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF),
                new Bye("p4", ByeKind.HALF_POINT, Score.HALF)), REASON));
        given("g2", new MoveEvent.GameCancelled(REASON, "arbiter-1", UUID.randomUUID(), "C.04.2", Chain.T0));
    }

    @Test
    void theRoundPageListsTheCancelledGameApartWithTheReason() {
        String en = pages.round(T, "1", null, "en", null);
        assertTrue(en.contains("Cancelled by a pairing correction (not played, no result)"), en);
        assertTrue(en.contains("<li data-board=\"2\">Board 2: <a href=\"/games/g2?lang=en\">Player p3 – Player p4</a>"),
                en);
        assertTrue(en.contains(REASON), en);
        assertFalse(en.contains("<tr data-board=\"2\">"), "not a board of the round any more: " + en);
        String es = pages.round(T, "1", null, "es", null);
        assertTrue(es.contains("Canceladas por una corrección del emparejamiento"), es);
    }

    @Test
    void theGamePageShowsTheCancellationWhereTheResultWouldBe() {
        String page = pages.game("g2", "en", null);
        assertTrue(page.contains("<p class=\"result cancelled\" id=\"result\">Game cancelled by a pairing correction of the "
                + "arbiter: not played, no result: " + REASON + "</p>"), page);
        String live = pages.game("g1", "en", null);
        assertTrue(live.contains("<p class=\"result\" id=\"result\"></p>"), live);
    }
}

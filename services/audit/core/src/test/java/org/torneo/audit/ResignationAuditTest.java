package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * A resignation is re-decided by the game (FIDE 2018 5.1.2): who resigned, and whether the game was still on. Given
 * a genuine one, it is confirmed; given one written for the wrong player, or after the game had ended, it is reported.
 */
class ResignationAuditTest {

    private static final Ruleset FIDE_2018 = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD);

    @Test
    void a_players_own_resignation_while_the_game_is_on_is_confirmed() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-resign", FIDE_2018, null);
        log.move(g, "e2e4");
        log.game(g, log.playerOf(g, Side.BLACK), new GameCommand.Resign(Side.BLACK, log.at()));

        Decision d = only(new Audit().ofLines(log.lines));

        assertTrue(d.confirmed(), d::toString);
        assertEquals("FIDE 2018 5.1.2", d.article());
        assertTrue(d.finding().contains("1-0: black resigned"), d.finding());
    }

    @Test
    void a_resignation_written_for_the_opponent_by_the_other_player_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-wrong", FIDE_2018, null);
        log.move(g, "e2e4");
        // white's player p1 sends "black resigns": a faulty service records it
        log.appendUnchecked(g, log.playerOf(g, Side.WHITE), GameEnded.of(g, TournamentLogFixture.T, 1, 1, "p1", "p2",
                GameResult.WHITE_WINS, EndReason.RESIGNATION, "FIDE 2018 5.1.2", false, log.at()));

        Decision d = only(new Audit().ofLines(log.lines));

        assertFalse(d.confirmed(), d::toString);
        assertTrue(d.finding().contains("player p1 is not the black player (p2)"), d.finding());
        assertTrue(d.evidence().contains("by player p1"), d.evidence());
    }

    @Test
    void a_resignation_after_the_game_ended_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-late", FIDE_2018, null);
        for (String m : List.of("f2f3", "e7e5", "g2g4", "d8h4")) {
            log.move(g, m); // the fool's mate ends the game
        }
        log.appendUnchecked(g, log.playerOf(g, Side.BLACK), GameEnded.of(g, TournamentLogFixture.T, 1, 1, "p1", "p2",
                GameResult.WHITE_WINS, EndReason.RESIGNATION, "FIDE 2018 5.1.2", true, log.at()));

        Decision d = only(new Audit().ofLines(log.lines));

        assertFalse(d.confirmed(), d::toString);
        assertTrue(d.finding().contains("the game is over (0-1, CHECKMATE)"), d.finding());
    }

    private static Decision only(AuditReport report) {
        List<Decision> resignations = report.decisions().stream().filter(d -> d.kind().equals("resignation")).toList();
        assertEquals(1, resignations.size(), report.decisions()::toString);
        assertEquals(1, report.checked("resignation"));
        return resignations.get(0);
    }
}

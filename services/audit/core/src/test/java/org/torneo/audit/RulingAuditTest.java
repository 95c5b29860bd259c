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
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * An arbiter's ruling is re-decided by the game decider on the state before it, so the catalogue of sanctions of the
 * edition in force (FIDE 2018 12.9) is the game core's: a warning and a loss of the game are confirmed; a ruling the
 * game refuses (an adjudication, which FIDE 2018 does not have; a ruling by a player) and a sanction whose recorded
 * result is not the one it gives are reported.
 */
class RulingAuditTest {

    private static final Ruleset FIDE_2018 = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD);
    private static final Actor ARBITER = TournamentLogFixture.ARBITER;

    @Test
    void a_warning_and_a_loss_of_the_game_ruled_by_the_arbiter_are_confirmed() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-rule", FIDE_2018, null);
        log.move(g, "e2e4");
        log.game(g, ARBITER, ruling(RulingKind.WARNING, "FIDE 2018 12.9.1", Side.WHITE, null, log));
        log.move(g, "e7e5");
        log.game(g, ARBITER, ruling(RulingKind.LOSS_OF_GAME, "FIDE 2018 11.7", Side.BLACK, null, log));

        List<Decision> rulings = rulings(new Audit().ofLines(log.lines));

        assertEquals(2, rulings.size(), rulings::toString);
        assertTrue(rulings.stream().allMatch(Decision::confirmed), rulings::toString);
        assertEquals("arbiter ruling (warning)", rulings.get(0).kind());
        assertEquals("FIDE 2018 12.9.1; FIDE 2018 12.9", rulings.get(0).article());
        assertTrue(rulings.get(1).finding().contains("2 events as logged"), rulings.get(1).finding());
    }

    @Test
    void a_ruling_outside_the_editions_catalogue_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-adjudicate", FIDE_2018, null);
        log.move(g, "e2e4");
        // adjudication belongs to the Code 1970 (art. XVII-XVIII); a faulty service records it under FIDE 2018
        log.appendUnchecked(g, ARBITER, issued(RulingKind.ADJUDICATE, "Code 1970 art. XVIII", null,
                GameResult.WHITE_WINS, log), GameEnded.of(g, TournamentLogFixture.T, 1, 1, "p1", "p2",
                GameResult.WHITE_WINS, EndReason.ARBITER_DECISION, "Code 1970 art. XVIII", false, log.at()));

        Decision d = rulings(new Audit().ofLines(log.lines)).get(0);

        assertFalse(d.confirmed(), d::toString);
        assertEquals("arbiter ruling (adjudicate)", d.kind());
        assertTrue(d.finding().contains("adjudication is not part of this edition of the Laws"), d.finding());
        assertTrue(d.article().endsWith("FIDE 2018 12.9"), d.article());
    }

    @Test
    void a_ruling_by_a_player_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-player-rules", FIDE_2018, null);
        log.move(g, "e2e4");
        log.appendUnchecked(g, log.playerOf(g, Side.WHITE), issued(RulingKind.WARNING, "FIDE 2018 12.9.1", Side.BLACK,
                null, log));

        Decision d = rulings(new Audit().ofLines(log.lines)).get(0);

        assertFalse(d.confirmed(), d::toString);
        assertTrue(d.finding().contains("only an arbiter may rule"), d.finding());
    }

    @Test
    void a_loss_of_the_game_scored_for_the_wrong_side_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-wrong-side", FIDE_2018, null);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        // white loses the game by the ruling, but the result recorded with it gives white the win
        log.appendUnchecked(g, ARBITER, issued(RulingKind.LOSS_OF_GAME, "FIDE 2018 11.7", Side.WHITE, null, log),
                GameEnded.of(g, TournamentLogFixture.T, 1, 1, "p1", "p2", GameResult.WHITE_WINS,
                        EndReason.ARBITER_DECISION, "FIDE 2018 11.7", true, log.at()));

        Decision d = rulings(new Audit().ofLines(log.lines)).get(0);

        assertFalse(d.confirmed(), d::toString);
        assertTrue(d.finding().contains("result=WHITE_WINS") && d.finding().contains("result=BLACK_WINS"),
                d.finding());
    }

    private static GameCommand.ArbiterRuling ruling(RulingKind kind, String article, Side side, GameResult result,
                                                    TournamentLogFixture log) {
        return new GameCommand.ArbiterRuling(kind, article, "", side, result, -1, -1, -1, 0, log.at());
    }

    private static RulingIssued issued(RulingKind kind, String article, Side side, GameResult result,
                                       TournamentLogFixture log) {
        return new RulingIssued(kind, article, "", side, result, -1, -1, -1, 0, log.at());
    }

    private static List<Decision> rulings(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().startsWith("arbiter ruling")).toList();
    }
}

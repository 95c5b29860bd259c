package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.audit.LogSurgery.Seal.WHOLE_CHAIN;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand;

/** Given a draw agreed after a move each (FIDE 2018 9.1), the audit confirms it; scored as a win, it is caught. */
class AgreementTest {

    @Test
    void an_agreed_draw_is_confirmed_and_one_rescored_as_a_win_is_discrepant() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-agree", new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD), null);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        log.game(g, new Actor(Actor.Role.PLAYER, "p1"), new GameCommand.OfferDraw(Side.WHITE, Instant.parse("2026-05-01T16:00:00Z")));
        log.game(g, new Actor(Actor.Role.PLAYER, "p2"), new GameCommand.AcceptDraw(Side.BLACK, Instant.parse("2026-05-01T16:00:05Z")));

        List<Decision> confirmed = agreements(new Audit().ofLines(log.lines));
        assertEquals(1, confirmed.size());
        assertTrue(confirmed.get(0).confirmed(), confirmed.get(0)::toString);
        assertTrue(confirmed.get(0).evidence().contains("moves made: White 1, Black 1"), confirmed.get(0).evidence());

        int end = LogSurgery.find(log.lines, LogSurgery.type("results.GameEnded"));
        List<String> forged = LogSurgery.edit(log.lines, end, env -> ((ObjectNode) env.get("payload"))
                .put("result", "WHITE_WINS").put("whiteHalfPoints", 2).put("blackHalfPoints", 0), WHOLE_CHAIN);
        Decision wrong = agreements(new Audit().ofLines(forged)).get(0);
        assertEquals(false, wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(end)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("an agreed draw scores ½-½, logged 1-0"), wrong.finding());
    }

    private static List<Decision> agreements(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().equals("draw by agreement")).toList();
    }
}

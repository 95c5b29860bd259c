package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.audit.LogSurgery.Seal.WHOLE_CHAIN;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;

/**
 * Illegal-move counts and penalties under two editions, played through the real game decider: FIDE 2001 7.4 (+2 min,
 * +2 min, the third loses) and FIDE 2018 7.5.5 (+2 min, the second loses, drawn when the opponent cannot mate).
 */
class IllegalMoveEditionsTest {

    private static final Ruleset FIDE_2001 = new Ruleset(Ruleset.Edition.FIDE_2001, Ruleset.Category.STANDARD);
    private static final Ruleset FIDE_2018 = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD);

    @Test
    void fide_2001_two_penalties_then_the_third_illegal_move_loses_and_a_forged_second_count_is_caught() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        // the bishop on e2 is pinned by the rook on e8: moving it is illegal (exposes the king)
        String g = log.startAlone("g-2001", FIDE_2001, "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1");
        log.illegal(g, "e2d3");
        log.illegal(g, "e2f3");
        List<EventMessage> third = log.illegal(g, "e2d3");
        ResultEvent.GameEnded ended = assertInstanceOf(ResultEvent.GameEnded.class, third.get(third.size() - 1));
        assertEquals(GameResult.BLACK_WINS, ended.result());

        AuditReport clean = new Audit().ofLines(log.lines);
        List<Decision> penalties = penalties(clean);
        assertEquals(3, penalties.size());
        assertTrue(penalties.stream().allMatch(Decision::confirmed), penalties::toString);
        assertTrue(penalties.get(1).finding().contains("illegal move 2: opponent +120 s"), penalties.get(1).finding());
        assertTrue(penalties.get(2).finding().contains("illegal move 3: game lost"), penalties.get(2).finding());

        int second = LogSurgery.find(log.lines, LogSurgery.event(g, 3));
        List<String> forged = LogSurgery.edit(log.lines, second, env -> {
            ObjectNode p = (ObjectNode) env.get("payload");
            p.put("countForPlayer", 1);
        }, WHOLE_CHAIN);
        Decision wrong = penalties(new Audit().ofLines(forged)).get(1);
        assertEquals(false, wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(second)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("counted as number 1, it is number 2"), wrong.finding());
    }

    @Test
    void fide_2018_the_second_illegal_move_draws_when_the_opponent_cannot_mate_and_a_forged_loss_is_caught() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        // a king may not step next to the other king
        String g = log.startAlone("g-2018", FIDE_2018, "8/8/8/8/8/4k3/8/4K2R w - - 0 1");
        log.illegal(g, "e1e2");
        List<EventMessage> second = log.illegal(g, "e1d2");
        ResultEvent.GameEnded ended = assertInstanceOf(ResultEvent.GameEnded.class, second.get(second.size() - 1));
        assertEquals(GameResult.DRAW, ended.result());
        assertTrue(penalties(new Audit().ofLines(log.lines)).stream().allMatch(Decision::confirmed));

        int end = LogSurgery.find(log.lines, LogSurgery.type("results.GameEnded"));
        List<String> forged = LogSurgery.edit(log.lines, end, env -> ((ObjectNode) env.get("payload"))
                .put("result", "BLACK_WINS").put("whiteHalfPoints", 0).put("blackHalfPoints", 2), WHOLE_CHAIN);
        AuditReport report = new Audit().ofLines(forged);

        Decision wrong = penalties(report).get(1);
        assertEquals(false, wrong.confirmed());
        assertTrue(wrong.finding().contains("illegal move 2 ends the game ½-½, logged 0-1"), wrong.finding());
        assertTrue(wrong.evidence().contains("8/8/8/8/8/4k3/8/4K2R w - - 0 1"), wrong.evidence());
    }

    private static List<Decision> penalties(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().equals("illegal-move penalty")).toList();
    }
}

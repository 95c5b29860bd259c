package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.game.core.game.GameLimits;

/**
 * Issue 17: the audit judges a game under the limit of plies its GameStarted records (the limit of the service that
 * started it), not under its own default; a log written before the limit was recorded is judged as before.
 */
class PlyLimitAuditTest {

    private static final String AFTER_BC4 = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    private static final Actor WHITE = new Actor(Actor.Role.PLAYER, "p1");

    @Test
    void aMoveRecordedPastTheLimitTheGameStartedUnderIsReportedWithTheEventThatFails() {
        // given a game started by a service configured with torneo.game.max-plies=4, its four plies played
        TournamentLogFixture log = TournamentLogFixture.empty(new GameLimits(4));
        String g = log.startAlone("g-limit", TournamentLogFixture.RULESET, null);
        for (String uci : List.of("e2e4", "e7e5", "g1f3", "b8c6")) {
            log.move(g, uci);
        }
        assertTrue(log.lines.get(0).contains("\"maxPlies\":4"), log.lines.get(0));
        // the game keeps its limit: the fifth ply is refused (and the refusal logged)
        List<EventMessage> refused = log.gameMayRefuse(g, WHITE, new GameCommand.SubmitMove("f1c4", Notation.UCI,
                MoveSource.EBOARD, null, log.at()));
        assertInstanceOf(ClaimEvent.CommandRejected.class, refused.get(0));
        AuditReport within = new Audit().ofLines(log.lines);
        assertEquals(List.of(), plyLimit(within));
        assertEquals(0, within.discrepant(), () -> within.decisions().toString());

        // when a faulty writer records the fifth ply anyway
        UUID forged = log.nextEventIdOf(g);
        log.appendUnchecked(g, WHITE, new MoveEvent.MovePlayed(5, Side.WHITE, "Bc4", "f1c4", AFTER_BC4,
                MoveSource.EBOARD, null, log.at()));
        AuditReport report = new Audit().ofLines(log.lines);

        // then the audit, whose own default is 20,000 plies, reports it under the game's limit
        List<Decision> found = plyLimit(report);
        assertEquals(1, found.size(), found::toString);
        Decision decision = found.get(0);
        assertFalse(decision.confirmed());
        assertEquals(forged, decision.eventId());
        assertEquals("MovePlayed recorded at ply 4, but the game started under a limit of 4 plies "
                + "(torneo.game.max-plies): the game refuses it", decision.finding());
        assertEquals(1, report.discrepant());
    }

    @Test
    void aGameOfALogWrittenBeforeTheLimitWasRecordedIsJudgedAsBefore() {
        // given a game whose GameStarted records no limit (as every log written before issue 17's note)
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.appendUnchecked("g-old", TournamentLogFixture.SYSTEM, new MoveEvent.GameStarted(TournamentLogFixture.T, 1,
                1, "p1", "p2", TournamentLogFixture.RULESET,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", log.at()));
        for (String uci : List.of("e2e4", "e7e5", "g1f3", "b8c6", "f1c4")) {
            log.move("g-old", uci);
        }
        assertFalse(log.lines.get(0).contains("maxPlies"), "an absent limit is not written: " + log.lines.get(0));

        AuditReport report = new Audit().ofLines(log.lines);

        assertTrue(report.chainIntact(), () -> report.chainFindings().toString());
        assertEquals(List.of(), plyLimit(report));
        assertEquals(0, report.discrepant(), () -> report.decisions().toString());
        assertTrue(report.unchecked().stream().noneMatch(u -> u.startsWith("ply limit")), report.unchecked()::toString);
    }

    private static List<Decision> plyLimit(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().equals("ply limit")).toList();
    }
}

package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;

/**
 * A corrected pairing reaches a game only before it began (C.04.3 of 2017 F.7, C.04.2): the audit confirms the game
 * service's correction and finds one made after the first move, or by someone who is not the arbiter.
 */
class PairingCorrectionAuditTest {

    private static List<Decision> corrections(TournamentLogFixture log) {
        return new Audit().ofLines(log.lines).decisions().stream().filter(d -> d.kind().equals("pairing correction"))
                .toList();
    }

    @Test
    void aCorrectionBeforeTheFirstMoveIsConfirmed() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.startAlone("g-ok", TournamentLogFixture.RULESET, null);
        log.game("g-ok", TournamentLogFixture.SYSTEM, new GameCommand.CorrectPlayers("p1", "p3", "p2 and p3 swapped",
                "arb-1", UUID.randomUUID(), log.at()));
        List<Decision> found = corrections(log);
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).confirmed(), found::toString);
        assertTrue(found.get(0).finding().contains("p1 - p3"), found.get(0).finding());
    }

    @Test
    void aCorrectionAfterTheFirstMoveOrByAPlayerIsFound() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.startAlone("g-late", TournamentLogFixture.RULESET, null);
        log.move("g-late", "e2e4");
        // a faulty service changed the players of a game already begun
        log.appendUnchecked("g-late", TournamentLogFixture.ARBITER, new PlayersCorrected("p1", "p3", "p1", "p2",
                "late", "arb-1", null, "C.04.2", log.at()));
        log.startAlone("g-player", TournamentLogFixture.RULESET, null);
        log.appendUnchecked("g-player", new Actor(Actor.Role.PLAYER, "p3"), new PlayersCorrected("p1", "p3", "p1",
                "p2", "I should play", "p3", null, "C.04.2", log.at()));
        List<Decision> found = corrections(log);
        assertEquals(2, found.size(), found::toString);
        assertFalse(found.get(0).confirmed() || found.get(1).confirmed(), found::toString);
        String findings = found.get(0).finding() + " | " + found.get(1).finding();
        assertTrue(findings.contains("the game had begun: 1 ply played"), findings);
        assertTrue(findings.contains("changed by a player, not by the arbiter"), findings);
    }
}

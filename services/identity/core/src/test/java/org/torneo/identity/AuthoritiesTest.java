package org.torneo.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;

/** The registry an app feeds from the tournament topic: one state per tournament, each folded in order. */
class AuthoritiesTest {

    @Test
    void feedsEachTournamentItsOwnEventsFromEnvelopes() {
        Authorities authorities = new Authorities();
        long sequence = 1;
        for (TournamentEvent event : TournamentAuthorityTest.history()) {
            assertTrue(authorities.apply(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "t-1", sequence++,
                    event.actor(), event.at(), (org.torneo.contracts.EventMessage) event)));
        }
        // a command on the same topic is not a fact: left alone
        assertFalse(authorities.apply(Envelope.command(UUID.randomUUID(), "t-1", TournamentAuthorityTest.ORGANISER,
                Instant.EPOCH, new TournamentCommand.CloseRound("t-1", "c", TournamentAuthorityTest.ORGANISER,
                        Instant.EPOCH, 1))));
        assertEquals(1, authorities.size());
        assertTrue(authorities.may(TournamentAuthorityTest.ARBITER_A, Permission.RULE, TournamentAuthorityTest.BOARD_3)
                .allowed());
        assertEquals("no tournament t-9", authorities.may(TournamentAuthorityTest.ARBITER_A, Permission.RULE,
                Scope.game("t-9", "A", 3, "a", "b")).reason());
        assertEquals(Set.of("chief-1", "arbiter-a", "arbiter-b"),
                authorities.of("t-1").orElseThrow().arbiters().keySet());
    }

    @Test
    void accountsComeFromTokenClaimsAndRecordedActors() {
        Account account = Account.fromClaims("anna", List.of("player", "offline_access", "ARBITER"));
        assertEquals(Set.of(AccountRole.PLAYER, AccountRole.ARBITER), account.roles());
        assertEquals(Set.of(AccountRole.DEVICE), Account.actingAs(new Actor(Actor.Role.EBOARD, "e-1")).roles());
        assertEquals(Set.of(), Account.actingAs(new Actor(Actor.Role.BOARD, "A board 1")).roles(),
                "the unauthenticated board entry of old logs holds no role");
        assertEquals(new Actor(Actor.Role.SYSTEM, "clock"),
                Account.of("service-account-clock", AccountRole.SERVICE).actorAs(AccountRole.SERVICE));
    }

    @Test
    void everyPermissionHasARuleAndAtLeastOneGrant() {
        for (Permission permission : Permission.values()) {
            assertFalse(permission.grants().isEmpty(), permission.name());
            assertFalse(permission.rule().isBlank(), permission.name());
        }
    }
}

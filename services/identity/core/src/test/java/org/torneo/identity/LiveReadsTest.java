package org.torneo.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.BroadcastDelaySet;

/**
 * Given a tournament's offices and the broadcast delay its organiser set, when someone reads a game's live state at an
 * instant, then only the game's insiders read it before the delay releases the whole game.
 */
class LiveReadsTest {

    static final Instant AT = TournamentAuthorityTest.AT;
    static final Scope BOARD_3 = TournamentAuthorityTest.BOARD_3;
    static final Account SPECTATOR = Account.of("someone", AccountRole.PLAYER);

    static TournamentAuthority withDelay(BroadcastDelayMode mode, int seconds) {
        List<TournamentEvent> events = new ArrayList<>(TournamentAuthorityTest.history());
        events.add(new BroadcastDelaySet("t-1", "c9", TournamentAuthorityTest.ORGANISER, AT, mode, seconds));
        return TournamentAuthorityTest.given(events);
    }

    static LiveReads.Decision read(TournamentAuthority authority, Account account, Instant endedAt, Instant now) {
        return LiveReads.decide(authority, account, BOARD_3, endedAt, now, "/api/games/g-3");
    }

    @Test
    void without_a_delay_everyone_reads_live() {
        TournamentAuthority none = TournamentAuthorityTest.given(TournamentAuthorityTest.history());
        assertEquals(BroadcastDelay.NONE, none.broadcastDelay());
        assertTrue(read(none, null, null, AT).allowed());
        assertTrue(read(null, null, null, AT).allowed(), "an unknown tournament has no delay to honour");
        assertTrue(read(withDelay(BroadcastDelayMode.NONE, 0), null, null, AT).allowed(), "a delay set back to none");
    }

    @Test
    void with_a_fifteen_minute_delay_a_spectator_is_refused_and_sent_to_the_feed() {
        TournamentAuthority fixed = withDelay(BroadcastDelayMode.FIXED, 900);
        assertEquals(new BroadcastDelay(BroadcastDelayMode.FIXED, 900), fixed.broadcastDelay());

        LiveReads.Decision anonymous = read(fixed, null, null, AT.plusSeconds(3600));
        assertTrue(anonymous.refused());
        assertTrue(anonymous.reason().contains("a 15-minute delay"), anonymous.reason());
        assertTrue(anonymous.reason().contains("/api/games/g-3"), anonymous.reason());
        assertTrue(anonymous.reason().contains("no token"), anonymous.reason());

        LiveReads.Decision other = read(fixed, SPECTATOR, null, AT);
        assertTrue(other.refused());
        assertTrue(other.reason().contains("someone is none of them"), other.reason());
        assertTrue(read(fixed, TournamentAuthorityTest.OTHER_ORG, null, AT).refused(), "another tournament's organiser");
        assertTrue(read(fixed, TournamentAuthorityTest.ARBITER_B, null, AT).refused(), "an arbiter of another hall");
        assertTrue(read(fixed, TournamentAuthorityTest.TERMINAL_B, null, AT).refused(), "a device of another hall");
    }

    @Test
    void the_games_insiders_keep_their_live_reads() {
        TournamentAuthority fixed = withDelay(BroadcastDelayMode.FIXED, 900);
        for (Account insider : List.of(TournamentAuthorityTest.ANNA, TournamentAuthorityTest.BORIS,
                TournamentAuthorityTest.EBOARD, TournamentAuthorityTest.ARBITER_A, TournamentAuthorityTest.CHIEF,
                TournamentAuthorityTest.ORG, Account.of("service-account-feed", AccountRole.SERVICE))) {
            assertTrue(read(fixed, insider, null, AT).allowed(), insider.id());
        }
    }

    @Test
    void a_fixed_delay_releases_the_whole_game_once_its_end_is_that_old() {
        TournamentAuthority fixed = withDelay(BroadcastDelayMode.FIXED, 900);
        Instant ended = AT.plusSeconds(7200);
        assertTrue(read(fixed, null, null, ended.plusSeconds(100_000)).refused(), "a game still on is never whole");
        assertTrue(read(fixed, null, ended, ended.plusSeconds(899)).refused(), "ended 14:59 ago");
        assertTrue(read(fixed, null, ended, ended.plusSeconds(900)).allowed(), "ended 15:00 ago");
        assertTrue(fixed.broadcastDelay().isPublic(AT, null, AT.plusSeconds(900)));
        assertFalse(fixed.broadcastDelay().isPublic(AT, null, AT.plusSeconds(899)));
    }

    @Test
    void after_the_game_releases_it_at_its_end() {
        TournamentAuthority after = withDelay(BroadcastDelayMode.AFTER_GAME, 0);
        assertTrue(read(after, null, null, AT.plusSeconds(100_000)).refused());
        assertTrue(read(after, null, AT.plusSeconds(10), AT.plusSeconds(10)).allowed());
        assertTrue(read(after, null, null, AT).reason().contains("its moves only after the game"));
    }

    @Test
    void a_later_delay_replaces_the_earlier_one_and_the_offices_stay() {
        TournamentAuthority fixed = withDelay(BroadcastDelayMode.FIXED, 900);
        TournamentAuthority changed = fixed.evolve(new BroadcastDelaySet("t-1", "c10",
                new Actor(Actor.Role.ORGANISER, "org-1"), AT, BroadcastDelayMode.FIXED, 90));
        assertEquals("a delay of 1m30s", changed.broadcastDelay().describe());
        assertEquals(fixed.arbiters(), changed.arbiters());
        assertEquals(fixed.devices(), changed.devices());
        assertThrows(IllegalArgumentException.class, () -> new BroadcastDelay(BroadcastDelayMode.FIXED, 0));
    }
}

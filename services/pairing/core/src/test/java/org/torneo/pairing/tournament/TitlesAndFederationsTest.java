package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;
import org.torneo.trf.TrfWriter;

/** A player's FIDE title and federation are kept from his registration to the tournament's TRF. */
class TitlesAndFederationsTest {

    private static final String ID = "open-2026";
    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");

    private final TournamentDecider decider = TournamentDecider.withBuiltInSystems();
    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;

    private List<TournamentEvent> when(TournamentCommand command) {
        List<TournamentEvent> events = decider.decide(command, TournamentDecider.replay(log));
        log.addAll(events);
        return events;
    }

    private RegisterPlayer register(String id, String title, String federation) {
        return new RegisterPlayer(ID, "c-" + (++commands), ORGANISER, AT, id, "Name " + id, 2000, 1, title, federation);
    }

    private void givenAnOpen() {
        when(new CreateTournament(ID, "c-0", ORGANISER, AT, "Spring Open", PairingSystemKind.HARKNESS, 5,
                Scoring.classic(), "fide-2018-standard", List.of(new Hall("Main", 1, 50))));
    }

    @Test
    void givenAnOpen_whenPlayersRegisterWithTitleAndFederation_thenTheEventsAndTheStateKeepThem() {
        givenAnOpen();

        PlayerRegistered gm = (PlayerRegistered) when(register("p1", "GM", "ESP")).get(0);
        PlayerRegistered shortCode = (PlayerRegistered) when(register("p2", "wg", "ARG")).get(0);
        PlayerRegistered none = (PlayerRegistered) when(register("p3", "", "")).get(0);
        when(new WithdrawPlayer(ID, "c-w", ORGANISER, AT, "p1", "ill"));

        assertEquals("GM", gm.title());
        assertEquals("ESP", gm.federation());
        assertEquals("WGM", shortCode.title(), "an older TRF's short code is kept as FIDE writes the title");
        assertEquals("", none.title());
        assertEquals("", none.federation());
        TournamentState state = TournamentDecider.replay(log);
        assertEquals("GM", state.players().get("p1").title(), "a withdrawal keeps the title");
        assertEquals("ESP", state.players().get("p1").federation());
        assertTrue(state.players().get("p1").withdrawn());
        assertEquals("ARG", state.players().get("p2").federation());
    }

    @Test
    void givenAnOpen_whenATitleOrFederationIsNotFides_thenTheRegistrationIsRefusedNamingTheField() {
        givenAnOpen();

        CommandRejected title = refusalIn(decider.decide(register("p1", "NM", "ESP"), TournamentDecider.replay(log)));
        CommandRejected federation = refusalIn(decider.decide(register("p1", "IM", "es"), TournamentDecider.replay(log)));

        assertEquals(RefusalReason.INVALID.name(), title.reason());
        assertEquals("title of 'p1' is 'NM', not a FIDE title (CM, FM, GM, IM, WCM, WFM, WGM, WIM)", title.message());
        assertEquals(RefusalReason.INVALID.name(), federation.reason());
        assertEquals("federation of 'p1' is 'es', not a federation's three capital letters (e.g. ESP)",
                federation.message());
        assertTrue(TournamentDecider.replay(log).players().isEmpty());
    }

    @Test
    void givenTitledPlayers_whenTheTournamentIsExported_thenLine001HasTheTitleAndFederationColumns() {
        givenAnOpen();
        when(register("p1", "WIM", "ESP"));
        when(register("p2", "", "FRA"));

        String trf = TrfWriter.write(TournamentTrf.export(TournamentDecider.replay(log)));

        String line = trf.lines().filter(l -> l.startsWith("001") && l.contains("Name p1")).findFirst().orElseThrow();
        assertEquals("WIM", line.substring(10, 13), "TRF-16 001 columns 11-13: " + line);
        assertEquals("ESP", line.substring(53, 56), "TRF-16 001 columns 54-56: " + line);
        List<TrfPlayer> read = TrfReader.read(trf).players();
        assertEquals(List.of("WIM", ""), read.stream().map(TrfPlayer::title).toList());
        assertEquals(List.of("ESP", "FRA"), read.stream().map(TrfPlayer::federation).toList());
    }
}

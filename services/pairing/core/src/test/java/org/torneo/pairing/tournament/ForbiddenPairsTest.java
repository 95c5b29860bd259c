package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.AllowPairing;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.ForbidPairing;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.PairingAllowed;
import org.torneo.contracts.tournament.TournamentEvent.PairingForbidden;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.trf.TrfReader;

/**
 * Forbidden pairs (C.04.1.b: the event's regulations may forbid two players to meet) through the tournament aggregate
 * with the FIDE Dutch engine: given events, when a command, then events or a refusal naming the rule.
 */
class ForbiddenPairsTest {

    private static final String ID = "club-open";
    private static final Instant AT = Instant.parse("2026-04-01T10:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");

    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;

    private TournamentState state() {
        return TournamentDecider.replay(log);
    }

    private List<TournamentEvent> when(TournamentCommand command) {
        TournamentState state = state();
        List<TournamentEvent> events = TournamentDecider.withAllSystems(state).decide(command, state);
        log.addAll(events);
        return events;
    }

    private CommandRejected refused(RefusalReason reason, TournamentCommand command) {
        TournamentState state = state();
        CommandRejected refusal = refusalIn(TournamentDecider.withAllSystems(state).decide(command, state));
        assertEquals(reason.name(), refusal.reason(), refusal.message());
        return refusal;
    }

    private String id() {
        return "c" + (++commands);
    }

    /** A Dutch Swiss of six players p1..p6, rated 2400, 2350, ... (pairing numbers 1..6 in that order). */
    private void givenSixPlayers(PairingSystemKind system) {
        when(new CreateTournament(ID, id(), ORGANISER, AT, "Club open", system, system.isRoundRobin() ? 0 : 5, Scoring.classic(),
                "fide-2018-standard", List.of()));
        for (int i = 1; i <= 6; i++) {
            when(new RegisterPlayer(ID, id(), ORGANISER, AT, "p" + i, "Player " + i, 2450 - 50 * i, 1));
        }
    }

    private ForbidPairing forbid(String first, String second) {
        return new ForbidPairing(ID, id(), CHIEF, AT, first, second, "same club");
    }

    private AllowPairing allow(String first, String second) {
        return new AllowPairing(ID, id(), CHIEF, AT, first, second, "declared by mistake");
    }

    private RoundPaired pair() {
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 7));
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }

    /** The round's pairs as "a-b" with the lower player first, whatever the colours. */
    private static Set<String> pairs(RoundPaired round) {
        return round.boards().stream().map(ForbiddenPairsTest::pair).collect(Collectors.toSet());
    }

    private static String pair(Board b) {
        return b.white().compareTo(b.black()) < 0 ? b.white() + "-" + b.black() : b.black() + "-" + b.white();
    }

    @Test
    void aForbiddenPairIsPairedAsPlayersWhoAlreadyMet() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        // without the ban the Dutch system pairs S1 {1,2,3} against S2 {4,5,6} in order (C.04.3)
        assertEquals(Set.of("p1-p4", "p2-p5", "p3-p6"), pairs(pairOnACopy()));

        List<TournamentEvent> events = when(forbid("p4", "p1"));
        PairingForbidden forbidden = assertInstanceOf(PairingForbidden.class, events.get(0));
        assertEquals("p4", forbidden.firstPlayerId());
        assertEquals("same club", forbidden.reason());
        assertTrue(state().isForbidden("p1", "p4"));

        // C1 (absolute): 1-4 may not meet, so the first transposition of S2 that avoids it: 5, 4, 6 (C.04.3 D.1)
        assertEquals(Set.of("p1-p5", "p2-p4", "p3-p6"), pairs(pair()));
    }

    @Test
    void aLiftedPairMayMeetAgain() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(forbid("p1", "p4"));
        List<TournamentEvent> events = when(allow("p4", "p1"));
        PairingAllowed allowed = assertInstanceOf(PairingAllowed.class, events.get(0));
        assertEquals("declared by mistake", allowed.reason());
        assertTrue(state().forbidden().isEmpty());
        assertEquals(Set.of("p1-p4", "p2-p5", "p3-p6"), pairs(pair()));
    }

    @Test
    void refusalsNameWhatIsWrong() {
        givenSixPlayers(PairingSystemKind.DUTCH);
        refused(RefusalReason.UNKNOWN_PLAYER, forbid("p1", "ghost"));
        refused(RefusalReason.INVALID, forbid("p2", "p2"));
        refused(RefusalReason.NOT_FORBIDDEN, allow("p1", "p2"));
        when(forbid("p1", "p2"));
        CommandRejected twice = refused(RefusalReason.INVALID, forbid("p2", "p1"));
        assertTrue(twice.message().contains("already forbidden"), twice.message());
        // a command id decided once: the repeat gives no events
        ForbidPairing once = forbid("p3", "p5");
        assertEquals(1, when(once).size());
        assertEquals(0, when(once).size());
    }

    @Test
    void aRoundRobinHasNoForbiddenPairs() {
        givenSixPlayers(PairingSystemKind.ROUND_ROBIN);
        CommandRejected refusal = refused(RefusalReason.NOT_FOR_ROUND_ROBIN, forbid("p1", "p2"));
        assertTrue(refusal.message().contains("C.05"), refusal.message());
    }

    @Test
    void theExportWritesEveryForbiddenPairAsXxpAndReadsBack() throws Exception {
        givenSixPlayers(PairingSystemKind.DUTCH);
        when(forbid("p1", "p4"));
        when(forbid("p6", "p2"));
        when(forbid("p3", "p5"));
        when(allow("p5", "p3"));
        pair();
        String trf = org.torneo.trf.TrfWriter.write(TournamentTrf.export(state()));
        List<String> xxp = trf.lines().filter(l -> l.startsWith("XXP")).toList();
        assertEquals(List.of("XXP 1 4", "XXP 2 6"), xxp);
        var read = TrfReader.read(trf).forbiddenPairs();
        assertEquals(Set.of(List.of(1, 4), List.of(2, 6)), read.stream().map(f -> f.ids()).collect(Collectors.toSet()));
    }

    /** The round the engine would pair now, without recording it. */
    private RoundPaired pairOnACopy() {
        TournamentState state = state();
        List<TournamentEvent> events = TournamentDecider.withAllSystems(state)
                .decide(new PairNextRound(ID, "probe", CHIEF, AT, 7), state);
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }
}

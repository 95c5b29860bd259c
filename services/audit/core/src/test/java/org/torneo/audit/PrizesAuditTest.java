package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * Prizes are recomputed from the final standings and the fund announced with the tournament. A one-round event of four
 * players with 100 and 60 announced for first and second place, shared equally (Code 1970 rule IX): both winners, tied
 * on a point, share 160, 80 each. Published so, the prizes are confirmed; published 100 and 60 (the tie broken for
 * money), they are reported.
 */
class PrizesAuditTest {

    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void prizes_shared_equally_by_the_players_tied_on_points_are_confirmed_and_a_tie_broken_for_money_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        Actor organiser = TournamentLogFixture.ORGANISER;
        log.tournamentDoes(organiser, new TournamentCommand.CreateTournament(TournamentLogFixture.T, log.commandId(),
                organiser, log.at(), "Prize Open", PairingSystemKind.HARKNESS, 1, Scoring.classic(),
                "fide-2018-standard", List.of(new Hall("Main", 1, 10)), null, List.of(),
                new PrizeFund("EUR", List.of(10_000L, 6_000L), "EQUAL_SHARING")));
        log.tournamentDoes(organiser, new TournamentCommand.AppointArbiter(TournamentLogFixture.T, log.commandId(),
                organiser, log.at(), TournamentLogFixture.ARBITER.id(), true, List.of()));
        for (int i = 1; i <= 4; i++) {
            log.tournamentDoes(organiser, new TournamentCommand.RegisterPlayer(TournamentLogFixture.T, log.commandId(),
                    organiser, log.at(), "p" + i, "Player " + i, 2500 - 50 * i, 1));
        }
        RoundPaired round = log.pairRound(7);
        List<String> winners = new ArrayList<>();
        String first = log.startBoard(round, round.boards().get(0));
        for (String m : List.of("f2f3", "e7e5", "g2g4", "d8h4")) {
            log.move(first, m); // the fool's mate: black wins
        }
        winners.add(round.boards().get(0).black());
        String second = log.startBoard(round, round.boards().get(1));
        log.move(second, "e2e4");
        log.game(second, log.playerOf(second, Side.BLACK), new GameCommand.Resign(Side.BLACK, log.at()));
        winners.add(round.boards().get(1).white());
        log.recordAsReaction(first, TournamentLogFixture.SYSTEM);
        log.recordAsReaction(second, TournamentLogFixture.SYSTEM);

        // start numbers: registration order p1..p4 (or the pairing numbers, when assigned to the whole field)
        java.util.Map<String, Integer> sn = startNumbers(log.lines);
        List<RatingEvent.PrizeAward> shared = winners.stream().sorted(Comparator.comparingInt(sn::get))
                .map(w -> new RatingEvent.PrizeAward(sn.get(w), w, 8_000)).toList();
        List<String> fair = new ArrayList<>(log.lines);
        fair.add(prizes(shared));
        Decision confirmed = prizes(new Audit().ofLines(fair));
        assertTrue(confirmed.confirmed(), confirmed::toString);
        assertTrue(confirmed.article().contains("Code 1970 rule IX"), confirmed.article());

        List<RatingEvent.PrizeAward> broken = List.of(
                new RatingEvent.PrizeAward(shared.get(0).startNumber(), shared.get(0).playerId(), 10_000),
                new RatingEvent.PrizeAward(shared.get(1).startNumber(), shared.get(1).playerId(), 6_000));
        List<String> unfair = new ArrayList<>(log.lines);
        unfair.add(prizes(broken));
        Decision reported = prizes(new Audit().ofLines(unfair));
        assertFalse(reported.confirmed(), reported::toString);
        assertTrue(reported.finding().contains("10000c") && reported.finding().contains("8000c"), reported.finding());
    }

    /** Each player's start number. */
    private java.util.Map<String, Integer> startNumbers(List<String> lines) {
        java.util.Map<String, Integer> registration = new java.util.LinkedHashMap<>();
        java.util.Map<String, Integer> numbers = new java.util.HashMap<>();
        for (var e : EventLog.read(codec, lines).events()) {
            switch (e.envelope().payload()) {
                case org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered p ->
                        registration.putIfAbsent(p.playerId(), registration.size() + 1);
                case org.torneo.contracts.tournament.TournamentEvent.PairingNumbersAssigned a ->
                        numbers.putAll(a.numbers());
                default -> {
                }
            }
        }
        return numbers.keySet().equals(registration.keySet()) ? numbers : registration;
    }

    private String prizes(List<RatingEvent.PrizeAward> awards) {
        Envelope sealed = codec.seal(Envelope.event(UUID.nameUUIDFromBytes("prizes".getBytes()),
                UUID.nameUUIDFromBytes("prizes-cause".getBytes()), null, TournamentLogFixture.T, 1,
                Actor.system("rating"), Instant.parse("2026-05-01T18:00:00Z"),
                new RatingEvent.PrizesDistributed(TournamentLogFixture.T, "EQUAL_SHARING", "EUR", awards,
                        Instant.parse("2026-05-01T18:00:00Z"))), Envelope.GENESIS_HASH);
        return EventLog.line(codec, "torneo.ratings", sealed);
    }

    private static Decision prizes(AuditReport report) {
        List<Decision> found = report.decisions().stream().filter(d -> d.kind().equals("prizes")).toList();
        assertEquals(1, found.size(), report.decisions()::toString);
        return found.get(0);
    }
}

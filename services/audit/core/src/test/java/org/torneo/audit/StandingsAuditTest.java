package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * Published standings and prizes are recomputed from the results in the log (FIDE C.07 tie-breaks, the scoring
 * announced). The fixture's event (4 players, 2 rounds: draws, a resignation corrected to a draw, a fool's mate) is
 * scored here by hand, from its results, into standings by points then Buchholz, and published: they are confirmed.
 * The same standings with one player's points raised by half a point, the chain re-sealed, are reported; so is a
 * prize list published for an event that announced no prize fund.
 */
class StandingsAuditTest {

    private static final Instant AFTER_THE_LAST_ROUND = Instant.parse("2026-05-01T18:00:00Z");
    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void standings_as_the_results_give_them_are_confirmed_and_half_a_point_added_is_reported() {
        TournamentLogFixture log = TournamentLogFixture.build();
        List<String> lines = new ArrayList<>(log.lines);
        RatingEvent.StandingsComputed published = byHand(lines);
        lines.add(rating(1, published));

        Decision honest = standings(new Audit().ofLines(lines));
        assertTrue(honest.confirmed(), honest::toString);
        assertTrue(honest.article().startsWith("FIDE C.07 (2026) tie-breaks [PTS, BH]"), honest.article());

        int at = lines.size() - 1;
        List<String> forged = LogSurgery.edit(lines, at, envelope -> {
            ArrayNode values = (ArrayNode) envelope.get("payload").get("rows").get(1).get("values");
            values.set(0, values.textNode(new BigDecimal(values.get(0).asText()).add(new BigDecimal("0.5"))
                    .toPlainString()));
        }, LogSurgery.Seal.WHOLE_CHAIN);
        AuditReport report = new Audit().ofLines(forged);
        Decision edited = standings(report);

        assertTrue(report.chainIntact(), report.chainFindings()::toString);
        assertFalse(edited.confirmed(), edited::toString);
        assertTrue(edited.finding().startsWith("line 2 published rank"), edited.finding());
        assertEquals(1, report.discrepant(), report.decisions().stream().filter(d -> !d.confirmed()).toList()::toString);
        assertTrue(report.recheckedLine().endsWith("1 standings, 0 prize lists"), report.recheckedLine());
    }

    /**
     * The rating service reads the tournament and results topics as they arrive: a round closed (tournament topic)
     * may be read before the round's last result (results topic), and the standings it publishes then lack that game.
     * Caused by the RoundClosed, such standings are confirmed as one reading of the log; the same standings caused by
     * the last result (when the service had read every result up to it) are not.
     */
    @Test
    void standings_published_before_the_last_result_was_read_are_confirmed_as_the_service_read_the_log() {
        TournamentLogFixture log = TournamentLogFixture.build();
        List<String> lines = new ArrayList<>(log.lines);
        List<LoggedEvent> events = EventLog.read(codec, lines).events();
        String lastGame = events.stream().map(e -> e.envelope().payload()).filter(p -> p instanceof ResultEvent.GameEnded)
                .map(p -> ((ResultEvent.GameEnded) p).gameId()).reduce((a, b) -> b).orElseThrow();
        UUID roundClosed = events.stream().filter(e -> e.envelope().payload() instanceof TournamentEvent.RoundClosed c
                && c.round() == 2).findFirst().orElseThrow().envelope().eventId();
        UUID lastResult = events.stream().filter(e -> e.envelope().payload() instanceof ResultEvent.GameEnded g
                && g.gameId().equals(lastGame)).findFirst().orElseThrow().envelope().eventId();
        RatingEvent.StandingsComputed withoutTheLastGame = byHand(lines, java.util.Set.of(lastGame), false);

        List<String> causedByTheClose = new ArrayList<>(lines);
        causedByTheClose.add(rating(1, withoutTheLastGame, roundClosed));
        List<String> causedByTheResult = new ArrayList<>(lines);
        causedByTheResult.add(rating(1, withoutTheLastGame, lastResult));

        assertTrue(standings(new Audit().ofLines(causedByTheClose)).confirmed());
        assertFalse(standings(new Audit().ofLines(causedByTheResult)).confirmed());
    }

    /**
     * A game's instants are its own (the players' commands say when they happened), not the order its result was
     * written in: the result that completed round 2 for the rating service may say it occurred before another result
     * of the round it had already read. Standings of complete rounds hold every result of those rounds.
     */
    @Test
    void standings_of_a_complete_round_hold_every_result_of_it_whatever_instant_the_completing_result_carries() {
        TournamentLogFixture log = TournamentLogFixture.build();
        List<String> lines = new ArrayList<>(log.lines);
        List<LoggedEvent> events = EventLog.read(codec, lines).events();
        UUID earlierResultOfRound2 = events.stream().filter(e -> e.envelope().payload() instanceof ResultEvent.GameEnded g
                && g.round() == 2).findFirst().orElseThrow().envelope().eventId();
        lines.add(rating(1, byHand(lines), earlierResultOfRound2));

        assertTrue(standings(new Audit().ofLines(lines)).confirmed());
    }

    @Test
    void prizes_published_for_an_event_without_a_prize_fund_are_reported() {
        TournamentLogFixture log = TournamentLogFixture.build();
        List<String> lines = new ArrayList<>(log.lines);
        lines.add(rating(1, new RatingEvent.PrizesDistributed(TournamentLogFixture.T, "EQUAL_SHARING", "EUR",
                List.of(new RatingEvent.PrizeAward(1, "p1", 10_000)), AFTER_THE_LAST_ROUND)));

        AuditReport report = new Audit().ofLines(lines);
        Decision prizes = report.decisions().stream().filter(d -> d.kind().equals("prizes")).findFirst().orElseThrow();

        assertFalse(prizes.confirmed(), prizes::toString);
        assertTrue(prizes.finding().contains("no prize fund was announced"), prizes.finding());
    }

    @Test
    void standings_of_a_tournament_the_log_does_not_create_are_listed_as_not_recomputed() {
        List<String> lines = List.of(rating(1, RatingEvent.StandingsComputed.example()));

        AuditReport report = new Audit().ofLines(lines);

        assertEquals(0, report.checked("standings"));
        assertTrue(report.unchecked().stream().anyMatch(u -> u.contains("tournament t-1") && u.contains("not recomputed")),
                report.unchecked()::toString);
    }

    /**
     * The standings by points, then Buchholz (the sum of the opponents' points; every game of the fixture was played),
     * from the latest result of each game; start numbers in registration order unless pairing numbers cover the field.
     */
    private RatingEvent.StandingsComputed byHand(List<String> lines) {
        return byHand(lines, java.util.Set.of(), true);
    }

    /**
     * As {@link #byHand(List)}, without the results of {@code unread} (games the service had not read yet); without
     * Buchholz when {@code withBuchholz} is false (C.07 adjusts Buchholz for unplayed rounds, not worked out here).
     */
    private RatingEvent.StandingsComputed byHand(List<String> lines, java.util.Set<String> unread,
                                                 boolean withBuchholz) {
        Map<String, Integer> registration = new LinkedHashMap<>();
        Map<String, Integer> numbers = new HashMap<>();
        Map<String, ResultEvent.GameEnded> games = new LinkedHashMap<>();
        Map<String, int[]> halves = new HashMap<>(); // game id -> white, black half points (latest)
        for (LoggedEvent e : EventLog.read(codec, lines).events()) {
            switch (e.envelope().payload()) {
                case TournamentEvent.PlayerRegistered p -> registration.putIfAbsent(p.playerId(), registration.size() + 1);
                case TournamentEvent.PairingNumbersAssigned a -> numbers.putAll(a.numbers());
                case ResultEvent.GameEnded g when unread.contains(g.gameId()) -> {
                }
                case ResultEvent.ResultCorrected c when unread.contains(c.gameId()) -> {
                }
                case ResultEvent.GameEnded g -> {
                    games.put(g.gameId(), g);
                    halves.put(g.gameId(), new int[] {g.whiteHalfPoints(), g.blackHalfPoints()});
                }
                case ResultEvent.ResultCorrected c -> halves.put(c.gameId(),
                        new int[] {c.whiteHalfPoints(), c.blackHalfPoints()});
                default -> {
                }
            }
        }
        Map<String, Integer> sn = numbers.keySet().equals(registration.keySet()) ? numbers : registration;
        Map<String, Integer> points = new HashMap<>();
        Map<String, List<String>> opponents = new HashMap<>();
        sn.keySet().forEach(p -> {
            points.put(p, 0);
            opponents.put(p, new ArrayList<>());
        });
        games.forEach((id, g) -> {
            points.merge(g.whitePlayerId(), halves.get(id)[0], Integer::sum);
            points.merge(g.blackPlayerId(), halves.get(id)[1], Integer::sum);
            opponents.get(g.whitePlayerId()).add(g.blackPlayerId());
            opponents.get(g.blackPlayerId()).add(g.whitePlayerId());
        });
        Map<String, Integer> buchholz = new HashMap<>();
        sn.keySet().forEach(p -> buchholz.put(p, opponents.get(p).stream().mapToInt(points::get).sum()));
        Comparator<String> byScore = Comparator.<String>comparingInt(points::get).reversed()
                .thenComparing(Comparator.<String>comparingInt(p -> withBuchholz ? buchholz.get(p) : 0).reversed());
        List<String> order = new ArrayList<>(sn.keySet());
        order.sort(byScore.thenComparingInt(sn::get));
        List<RatingEvent.StandingRow> rows = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            String p = order.get(i);
            int rank = i > 0 && byScore.compare(order.get(i - 1), p) == 0 ? rows.get(i - 1).rank() : i + 1;
            rows.add(new RatingEvent.StandingRow(sn.get(p), p, rank, withBuchholz
                    ? List.of(half(points.get(p)), half(buchholz.get(p))) : List.of(half(points.get(p)))));
        }
        return new RatingEvent.StandingsComputed(TournamentLogFixture.T, 2, "2026",
                withBuchholz ? List.of("PTS", "BH") : List.of("PTS"), rows, AFTER_THE_LAST_ROUND);
    }

    private static String half(int halves) {
        return halves / 2 + (halves % 2 == 0 ? ".0" : ".5");
    }

    private String rating(long sequence, EventMessage event) {
        return rating(sequence, event, UUID.nameUUIDFromBytes(("cause#" + sequence).getBytes()));
    }

    private String rating(long sequence, EventMessage event, UUID cause) {
        Envelope sealed = codec.seal(Envelope.event(UUID.nameUUIDFromBytes(("rating#" + sequence).getBytes()),
                cause, null, TournamentLogFixture.T, sequence,
                Actor.system("rating"), AFTER_THE_LAST_ROUND, event), Envelope.GENESIS_HASH);
        return EventLog.line(codec, "torneo.ratings", sealed);
    }

    private static Decision standings(AuditReport report) {
        List<Decision> found = report.decisions().stream().filter(d -> d.kind().equals("standings")).toList();
        assertEquals(1, found.size(), report.decisions()::toString);
        return found.get(0);
    }
}

package org.torneo.rating.app;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.core.bench.GeneratedField;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * The rating core's generated Swiss field (seeded) written as the tournament and results streams
 * would carry it: creation, registrations, pairing numbers, then per round the pairing and each
 * board's GameEnded.
 */
final class BenchField {

    private BenchField() {
    }

    static List<EventMessage> events(String t, int players, int rounds, long seed) {
        Tournament field = GeneratedField.generate(players, rounds, seed);
        Instant at = Instant.parse("2026-05-01T09:00:00Z");
        List<EventMessage> events = new ArrayList<>();
        events.add(new TournamentEvent.TournamentCreated(t, "c", Fixtures.PAIRING, at, "Bench " + players + "x" + rounds,
                PairingSystemKind.DUTCH, rounds, Scoring.classic(), "fide-2018-standard", List.of()));
        Map<String, Integer> numbers = new HashMap<>();
        for (int sn = 1; sn <= players; sn++) {
            events.add(new TournamentEvent.PlayerRegistered(t, "r" + sn, Fixtures.PAIRING, at, "p" + sn, "Player " + sn,
                    field.player(sn).rating(), 1));
            numbers.put("p" + sn, sn);
        }
        events.add(new TournamentEvent.PairingNumbersAssigned(t, "n", Fixtures.PAIRING, at, numbers));
        for (int r = 1; r <= rounds; r++) {
            List<Board> boards = new ArrayList<>();
            List<Bye> byes = new ArrayList<>();
            List<EventMessage> results = new ArrayList<>();
            Instant roundAt = at.plusSeconds(3600L * r);
            for (int sn = 1; sn <= players; sn++) {
                RoundEntry e = field.player(sn).round(r);
                if (e.hasOpponent() && e.colour() == Colour.WHITE) {
                    int board = boards.size() + 1;
                    boards.add(new Board(board, "A", "p" + sn, "p" + e.opponent()));
                    results.add(ResultEvent.GameEnded.of(t + "-r" + r + "-b" + board, t, r, board, "p" + sn,
                            "p" + e.opponent(), result(e.kind()), EndReason.RESIGNATION, "FIDE 2018 5.1.2",
                            e.kind().overTheBoard(), roundAt.plusSeconds(board)));
                } else if (!e.hasOpponent() && e.kind() != ResultKind.NOT_PAIRED) {
                    byes.add(switch (e.kind()) {
                        case PAIRING_ALLOCATED_BYE -> new Bye("p" + sn, ByeKind.PAIRING_BYE, Score.ONE);
                        case HALF_POINT_BYE -> new Bye("p" + sn, ByeKind.HALF_POINT, Score.HALF);
                        default -> new Bye("p" + sn, ByeKind.ZERO_POINT, Score.ZERO);
                    });
                }
            }
            events.add(new TournamentEvent.RoundPaired(t, "pair" + r, Fixtures.PAIRING, roundAt, r,
                    PairingSystemKind.DUTCH, seed, boards, byes));
            events.addAll(results);
        }
        return events;
    }

    private static GameResult result(ResultKind white) {
        return switch (white) {
            case WIN, UNRATED_WIN -> GameResult.WHITE_WINS;
            case LOSS, UNRATED_LOSS -> GameResult.BLACK_WINS;
            case DRAW, UNRATED_DRAW -> GameResult.DRAW;
            case FORFEIT_WIN -> GameResult.WHITE_WINS_BY_FORFEIT;
            case FORFEIT_LOSS -> GameResult.BLACK_WINS_BY_FORFEIT;
            default -> throw new IllegalArgumentException("not a game result: " + white);
        };
    }
}

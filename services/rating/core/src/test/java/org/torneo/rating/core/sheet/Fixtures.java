package org.torneo.rating.core.sheet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * A small Swiss as the pairing and game services would write it: four players, two rounds.
 * Round 1: p1-p3 1-0, p2-p4 ½-½. Round 2: p1-p2 ½-½, p3-p4 1-0. After it p1 1½, p2 1, p3 1, p4 ½;
 * p2 and p3 have Buchholz 2 each and are parted by Sonneborn-Berger (p2 1.0, p3 0.5).
 */
final class Fixtures {

    static final Actor PAIRING = new Actor(Actor.Role.SYSTEM, "pairing");
    static final Actor GAME = new Actor(Actor.Role.SYSTEM, "game");
    static final Instant CREATED = Instant.parse("2026-05-01T09:00:00Z");

    private Fixtures() {
    }

    static TournamentEvent.TournamentCreated created(String t) {
        return new TournamentEvent.TournamentCreated(t, "c-" + t, PAIRING, CREATED, "Open " + t, PairingSystemKind.DUTCH,
                2, Scoring.classic(), "fide-2018-standard", List.of());
    }

    static List<EventMessage> registrations(String t) {
        List<EventMessage> list = new ArrayList<>();
        int[] ratings = {2000, 1900, 1800, 1700};
        for (int i = 1; i <= 4; i++) {
            list.add(new TournamentEvent.PlayerRegistered(t, "c-reg-" + i, PAIRING, CREATED, "p" + i, "Player " + i,
                    ratings[i - 1], 1));
        }
        list.add(new TournamentEvent.PairingNumbersAssigned(t, "c-num", PAIRING, CREATED,
                Map.of("p1", 1, "p2", 2, "p3", 3, "p4", 4)));
        return list;
    }

    static TournamentEvent.RoundPaired paired(String t, int round, List<Board> boards, List<Bye> byes) {
        return new TournamentEvent.RoundPaired(t, "c-pair-" + round, PAIRING, CREATED.plusSeconds(3600L * round), round,
                PairingSystemKind.DUTCH, 1L, boards, byes);
    }

    static TournamentEvent.RoundPaired round1(String t) {
        return paired(t, 1, List.of(new Board(1, "A", "p1", "p3"), new Board(2, "A", "p2", "p4")), List.of());
    }

    static TournamentEvent.RoundPaired round2(String t) {
        return paired(t, 2, List.of(new Board(1, "A", "p1", "p2"), new Board(2, "A", "p3", "p4")), List.of());
    }

    static ResultEvent.GameEnded ended(String t, String game, int round, int board, String white, String black,
                                       GameResult result) {
        return ResultEvent.GameEnded.of(game, t, round, board, white, black, result,
                result == GameResult.DRAW ? EndReason.AGREEMENT : EndReason.CHECKMATE, "FIDE 2018 5.1.1",
                true, CREATED.plusSeconds(3600L * round + 1800));
    }

    static List<ResultEvent.GameEnded> round1Results(String t) {
        return List.of(ended(t, t + "-g1", 1, 1, "p1", "p3", GameResult.WHITE_WINS),
                ended(t, t + "-g2", 1, 2, "p2", "p4", GameResult.DRAW));
    }

    static List<ResultEvent.GameEnded> round2Results(String t) {
        return List.of(ended(t, t + "-g3", 2, 1, "p1", "p2", GameResult.DRAW),
                ended(t, t + "-g4", 2, 2, "p3", "p4", GameResult.WHITE_WINS));
    }

    static TournamentEvent.RoundClosed closed(String t, int round) {
        return new TournamentEvent.RoundClosed(t, "c-close-" + round, PAIRING, CREATED.plusSeconds(3600L * round + 3000),
                round);
    }

    static Instant at(EventMessage event) {
        if (event instanceof TournamentEvent te) {
            return te.at();
        }
        if (event instanceof ResultEvent.GameEnded g) {
            return g.endedAt();
        }
        return CREATED;
    }
}
